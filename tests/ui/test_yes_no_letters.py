"""A yes/no question is answered by the letters of the player's language (O/N in French, S/N in
Spanish), given by each language's catalog, and by Y/N in every language; the prompt shows the
language's letters. Checked for every language of speech/languages, so a new one is checked too."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from harness import KeyHarness
from ui_driver import Harness, play_until

from access_game.online.lobby_app import YesNo
from access_game.settings import Settings
from access_game.ui.answers import answer, letters, yes_no_prompt
from engine.game import Game
from speech.i18n import LANGUAGES, LOCALE_DIR, in_language

OTHERS = LANGUAGES[1:]


def translations(lang: str) -> list[tuple[str, str]]:
    """(English, translation) of every sentence of ``lang``'s catalog (the singular of a plural)."""
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "access_game.po", "rb") as src:
        catalog = read_po(src, locale=lang)
    return [(m.id if isinstance(m.id, str) else m.id[0], m.string if isinstance(m.string, str) else m.string[0])
            for m in catalog if m.id and m.string]


@pytest.mark.parametrize("lang", OTHERS)
def test_each_language_has_its_own_letters_and_y_n_answer_too(lang: str) -> None:
    with in_language(lang):
        yes, no = letters()
        assert len(yes) == len(no) == 1 and yes != no
        assert answer(yes.lower()) is True and answer("y") is True
        assert answer(no.lower()) is False and answer("n") is False
        assert answer("N") is None and answer("x") is None  # Shift+N is the hint, never an answer
        assert yes_no_prompt() == f"{yes.lower()}/{no.lower()}"
    with in_language("en"):
        assert letters() == ("Y", "N") and yes_no_prompt() == "y/n"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_question_and_prompt_of_the_catalog_shows_the_languages_letters(lang: str) -> None:
    """Each translation of a sentence naming Y and N, or of a prompt ending in y/n, names the letters the
    language's catalog gives (not a hand list per language)."""
    with in_language(lang):
        yes, no = letters()
    wrong = []
    for english, translated in translations(lang):
        if english.endswith("y/n"):
            right = translated.endswith(f"{yes.lower()}/{no.lower()}")
        elif len(english) < 200 and re.search(r"\bY\b", english):  # a sentence naming the keys
            right = bool(re.search(rf"\b{yes}\b", translated)) and not (yes != "Y" and re.search(r"\bY\b", translated))
        else:
            continue
        if not right:
            wrong.append((english, translated))
    assert not wrong, wrong


@pytest.mark.parametrize("lang", OTHERS)
def test_quit_is_answered_by_the_languages_letter(lang: str) -> None:
    with in_language(lang):
        yes, no = letters()
        h = Harness(seed=4, settings=Settings(speech="silent", cues=False))
        app = play_until(h, lambda a: a.session.my_turn and a.session.view().phase == "draw")
        h.press("q")
        assert app.prompt_text().endswith(f"{yes_no_prompt()}> ")
        h.press(yes.upper())  # a capital asks again
        assert app.modes and not app.quitting
        h.press(no.lower())
        assert not app.modes and not app.quitting
        h.press("q")
        h.press(yes.lower())
        assert app.quitting


@pytest.mark.parametrize("lang", OTHERS)
def test_the_buy_question_takes_the_languages_letter(lang: str) -> None:
    """Contract rummy's buy question is the table's, not a menu's: the language's letter answers it there
    too, even where the letter is another command's key (S reads the scores)."""
    def answered_by(key: str) -> list[str]:
        h = KeyHarness(Game.new("contract-rummy", ["You", "Anna", "Ben"], seed=1),
                       settings=Settings(speech="silent", cues=False, hints=False))
        h.start()
        assert h.app_.prompt_text().endswith(f"{yes_no_prompt()}> ")
        return h.press(key)

    with in_language(lang):
        yes, _no = letters()
        bought = answered_by("y")
        assert len(bought) > 1  # the card is bought and the game goes on
        assert answered_by(yes.lower()) == bought


def test_the_lobby_question_takes_the_languages_letter() -> None:
    for lang in OTHERS:
        with in_language(lang):
            yes, no = letters()
            answers: list[bool] = []
            for key, expected in ((yes.lower(), True), (yes.upper(), True), (no.lower(), False), ("y", True)):
                question = YesNo("?", lambda line: None, answers.append)
                question.handle(key)
                assert question.closed and question.pending is not None
                question.pending()
                assert answers[-1] is expected
