"""The language is a context: seats of several languages in one process (the web table) each speak
their own, while the terminal program's ``set_language`` still reaches every thread that chose none."""

from __future__ import annotations

import threading

from speech.i18n import _, in_language, language, set_language, use_language

QUESTION = "Quit the game?"
WORDS = {"en": QUESTION, "fr": "Quitter la partie ?", "es": "¿Salir de la partida?"}


def test_two_threads_speak_french_and_spanish_at_once() -> None:
    """Both threads choose, then wait for each other, then speak many times: each hears only its own."""
    both_chose = threading.Barrier(2)
    heard: dict[str, set[str]] = {}

    def seat(lang: str) -> None:
        use_language(lang)
        both_chose.wait(timeout=10)
        heard[lang] = {_(QUESTION) for _n in range(2000)}
        set_language(lang)  # a seat's own F2 change stays its own
        heard[lang] |= {_(QUESTION) for _n in range(10)}

    threads = [threading.Thread(target=seat, args=(lang,)) for lang in ("fr", "es")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert heard == {"fr": {WORDS["fr"]}, "es": {WORDS["es"]}}
    assert language() == "en" and _(QUESTION) == QUESTION  # the process's language never changed


def test_set_language_reaches_threads_that_chose_none() -> None:
    set_language("fr")
    heard: list[str] = []
    thread = threading.Thread(target=lambda: heard.append(_(QUESTION)))
    thread.start()
    thread.join(timeout=10)
    assert heard == [WORDS["fr"]]


def test_in_language_is_this_context_only_and_set_language_inside_it_stays_inside() -> None:
    set_language("es")
    seen_elsewhere: list[str] = []
    with in_language("fr"):
        assert _(QUESTION) == WORDS["fr"]
        other = threading.Thread(target=lambda: seen_elsewhere.append(_(QUESTION)))
        other.start()
        other.join(timeout=10)
        set_language("en")
        assert _(QUESTION) == QUESTION
    assert seen_elsewhere == [WORDS["es"]]
    assert language() == "es" and _(QUESTION) == WORDS["es"]
