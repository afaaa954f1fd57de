"""Each language reaches the player through the outputs its description names: espeak-ng's voice for
the game's own speech (real espeak-ng: its phonemes show which language's rules read a line), and
liblouis's table for the braille words of the sheets (real liblouis, real BRF written by the chart).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from braille.cells import Cell, cells_to_unicode
from braille.chart import CHART
from braille.decks import build_deck
from braille.louis_text import louis_cells
from braille.text import letter_cells, lone_symbol, text_cells
from engine.notation import parse_card
from speech.backends.base import VoiceStyle
from speech.backends.espeak_ng import EspeakBackend
from speech.i18n import in_language
from speech.languages import LANGUAGES, Language, all_languages, describe
from speech.phrases import the_card
from speech.utterance import utter

SPOKEN = [lang for lang in all_languages() if lang.espeak_voice]
LOUIS = [lang for lang in all_languages() if lang.braille_grade1]

#: A real language the game does not speak (one with no description in speech/languages/).
UNSPOKEN = next(code for code in ("nl", "it", "pt", "pl", "sv") if code not in LANGUAGES)


def phonemes(command: list[str], text: str) -> str:
    return subprocess.run([*command, "-q", "-x", "--", text], capture_output=True, check=True, timeout=10,
                          text=True).stdout


@pytest.mark.parametrize("lang", SPOKEN, ids=lambda lang: lang.code)
def test_the_game_s_own_voice_speaks_each_language_by_its_own_rules(lang: Language) -> None:
    assert shutil.which("espeak-ng"), "espeak-ng is installed by .ci/run"
    with in_language(lang.code):
        backend = EspeakBackend(player=None)
        try:
            assert backend.voice == lang.espeak_voice
            assert backend.command()[-2:] == ["-v", lang.espeak_voice]
            line = utter("", *the_card(parse_card("qh"))).text()
            heard = phonemes(backend.command(), line)
            english = phonemes([backend.command()[0]], line)
        finally:
            backend.close()
    assert heard and heard != english, (lang.code, heard)
    assert "(en)" not in heard, (lang.code, heard)


def test_the_spanish_voice_says_the_card_in_spanish() -> None:
    with in_language("es"):
        backend = EspeakBackend(player=None)
        try:
            heard = phonemes(backend.command(), utter("", *the_card(parse_card("qh"))).text())
        finally:
            backend.close()
    assert "'eIna" in heard and "k,o" in heard and "T'ones" in heard, heard  # "la reina de corazones"


@pytest.mark.parametrize("lang", LOUIS, ids=lambda lang: lang.code)
def test_braille_words_are_the_language_s_liblouis_table(lang: Language) -> None:
    assert lang.braille_grade1 is not None
    assert Path("/usr/share/liblouis/tables", lang.braille_grade1).exists()
    if lang.braille_grade2:
        assert Path("/usr/share/liblouis/tables", lang.braille_grade2).exists()
    word = {"fr": "étiquettes", "es": "señal"}.get(lang.code, "cards")
    with in_language(lang.code):
        assert text_cells(word) == louis_cells(lang.braille_grade1, word)
        letters = letter_cells()
        assert set(text_cells(lang.letters)) <= letters
        # The card code's lone j: bare, or after the grade 1 indicator where the braille has one (UEB).
        bare = (Cell.from_dots("245"),)
        assert lone_symbol(bare[0]) == ((Cell.from_dots("56"), *bare) if lang.letter_sign_alone else bare)


def test_spanish_sheets_are_in_spanish_braille() -> None:
    with in_language("es"):
        assert cells_to_unicode(text_cells("ñ")) == "⠻"  # ONCE's ñ, which English braille does not have
        title = text_cells("Código")
        spanish = CHART.brf(build_deck("five-crowns"), "Five Crowns")
    english = CHART.brf(build_deck("five-crowns"), "Five Crowns")
    assert title == louis_cells(describe("es").braille_grade1 or "", "Código")
    # The first line with words: the title page's title (the running head says the same, centred).
    head = next(line for line in spanish.splitlines() if line.strip())
    english_head = next(line for line in english.splitlines() if line.strip())
    assert head != english_head and b"C+DIGO" in head, head  # ó in Spanish braille, BRF '+'


def test_the_system_s_language_chooses_each_described_language() -> None:
    from speech.i18n import default_language

    for lang in all_languages():
        region = lang.code.upper() if lang.code != "en" else "GB"
        assert default_language({"LANG": f"{lang.code}_{region}.UTF-8"}) == lang.code
    assert default_language({"LANG": f"{UNSPOKEN}_{UNSPOKEN.upper()}.UTF-8"}) == "en"


def test_the_french_voice_says_joker_as_a_french_word_and_print_keeps_it() -> None:
    """espeak-ng's French voice reads "joker" by English rules ("(en)dʒˈəʊkə(fr)"): the line it is given
    respells it, and only the voice's line: what is printed and shown in braille keeps "joker"."""
    line = "Vous piochez un joker ; les jokers sont des jokers."
    with in_language("fr"):
        backend = EspeakBackend(player=None)
        try:
            given = backend.spoken_text(line)
            heard = phonemes(backend.command(), given)
            plain = phonemes(backend.command(), line)
        finally:
            backend.close()
        named = EspeakBackend(VoiceStyle(voice="en-us"), player=None)
        try:
            assert named.spoken_text(line) == line  # a voice the player chose gets the words as written
        finally:
            named.close()
    assert "(en)" in plain and "(en)" not in heard, (plain, heard)
    assert "joker" not in given and utter(line).text() == line


def test_the_languages_are_their_modules_english_first() -> None:
    import speech.languages as package
    from speech.i18n import LANGUAGES as SPOKEN_LANGUAGES

    modules = sorted(p.stem for p in Path(package.__file__).parent.glob("*.py") if p.stem != "__init__")
    assert sorted(lang.code for lang in all_languages()) == modules
    assert all_languages()[0].code == "en" and tuple(lang.code for lang in all_languages()) == SPOKEN_LANGUAGES
    with pytest.raises(KeyError):
        describe("xx")
    with pytest.raises(ValueError, match="a card's name"):
        describe("fr").gender("knight")
    for lang in all_languages():
        assert lang.number(-230) != "230" and lang.number(7) == "7"
        assert Path(lang.keys_doc).parent.as_posix() == lang.docs_dir
