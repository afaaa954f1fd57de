"""French words on the braille sheets: real liblouis, real BRF bytes, the real PDF read back.

Two independent checks of every French line: liblouis's own translation of the same words into
BRF (its North American BRF display table, not our cell-to-ASCII mapping), and a few words whose
French braille was worked out by hand from the Code braille français uniformisé (é ⠿, œ ⠪, the
capital sign ⠨, numbers as ⠠ and the Antoine digits).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import braille.contracted as contracted
from braille.brf import foot_line
from braille.cards import card_cells
from braille.cells import cells_from_dots, cells_from_unicode, cells_to_brf, cells_to_unicode
from braille.chart import CHART, chart_brf_pages
from braille.decks import build_deck
from braille.french import FRENCH_TABLE, FrenchBrailleUnavailable, french_cells, load_louis
from braille.geometry import PAPERS
from braille.labels import labels_brf, labels_brf_pages, labels_sheet, make_labels
from braille.pdf import render_pdf
from braille.practice import PRACTICE
from braille.sheet import SheetOptions
from braille.text import lone_symbol, number_cells, text_cells
from engine.cards import Card, Rank, Suit
from speech.i18n import set_language


@pytest.fixture
def in_french() -> Iterator[None]:
    set_language("fr")
    try:
        yield
    finally:
        set_language("en")


def louis() -> ModuleType:
    module = load_louis()
    assert module is not None, "python3-louis is installed by .ci/run"
    return module


def louis_brf(text: str) -> str:
    """liblouis's own BRF for ``text`` with the French table (its en-us-brf display table)."""
    out: str = louis().translateString(["en-us-brf.dis", FRENCH_TABLE], text)
    return out


def brf_lines(data: bytes) -> list[list[str]]:
    """BRF bytes as pages of lines (trailing blanks were already dropped by the writer)."""
    return [page.split("\r\n")[:-1] for page in data.decode("ascii").split("\f")]


def test_liblouis_and_its_french_table_are_reached_from_the_virtual_environment() -> None:
    assert louis().version()
    assert Path("/usr/share/liblouis/tables", FRENCH_TABLE).exists()


# Worked out by hand: d a m e / d e / c œ u r; é is all six dots; numbers are dot 6 then Antoine digits.
HAND_CHECKED = {
    "dame de cœur": "145 1 134 15 0 145 15 0 14 246 136 1235",
    "étoile": "123456 2345 135 24 123 15",
    "Valet": "46 1236 1 123 15 2345",
    "10": "6 16 3456",
    "108": "6 16 3456 1256",
    "d'étoile": "145 3 123456 2345 135 24 123 15",
    "carreau": "14 1 1235 1235 15 1 136",
    "trèfle": "2345 1235 2346 124 123 15",
    "français": "124 1235 1 1345 12346 1 24 234",
}


@pytest.mark.parametrize(("text", "dots"), list(HAND_CHECKED.items()))
def test_french_words_are_the_french_braille_worked_out_by_hand(text: str, dots: str) -> None:
    assert french_cells(text) == cells_from_dots(dots)


def test_the_language_chooses_the_braille_of_the_words(in_french: None) -> None:
    assert text_cells("10") == cells_from_dots("6 16 3456")
    assert number_cells(12) == cells_from_dots("6 16 126")
    assert lone_symbol(card_cells(Card(Rank.JACK, Suit.SPADES))[0]) == cells_from_dots("245")  # no UEB ⠰
    set_language("en")
    assert text_cells("10") == cells_from_dots("3456 1 245")
    assert lone_symbol(cells_from_dots("245")[0]) == cells_from_dots("56 245")


def test_a_french_label_page_is_liblouis_french_around_the_unchanged_card_code(in_french: None) -> None:
    cards = build_deck("five-crowns")
    labels = make_labels(cards, title="Five Crowns")
    data = labels_brf(labels)
    pages = brf_lines(data)
    first = pages[0]
    assert first[0].strip() == louis_brf("Five Crowns, étiquettes des cartes")
    assert first[0] == "  .FIVE .CROWNS1 =TIQUETTES DES CARTES"
    assert f"{first[2]} {first[3]}" == louis_brf("232 étiquettes pour 116 cartes 2 chacune")
    assert first[-1].strip() == louis_brf("1")  # the page number, French style: ⠠⠡
    assert first[-1].strip() == ",*"
    # The labels themselves: the card code, the same bytes as in English.
    set_language("en")
    english = brf_lines(labels_brf(make_labels(cards, title="Five Crowns")))
    # Past the head and the info (two lines in French, one in English), every row of labels is the same.
    french_rows = [line for n, p in enumerate(pages) for line in p[(4 if n == 0 else 2) : -1] if line]
    english_rows = [line for n, p in enumerate(english) for line in p[(3 if n == 0 else 2) : -1] if line]
    assert french_rows == english_rows and len(french_rows) == 32  # 232 labels, 8 a row, suits apart
    assert english[0][0] != first[0]


def test_a_french_chart_page_is_liblouis_french_and_the_card_code(in_french: None) -> None:
    cards = build_deck("five-crowns")
    cover, page = brf_lines(CHART.brf(cards, "Five Crowns"))[:2]
    assert page[0].strip() == louis_brf("Five Crowns, code braille des cartes")  # the running head, centred
    assert cover[2].strip() == page[0].strip()  # the title page names the document too
    queen_of_hearts = cells_to_brf(card_cells(Card(Rank.QUEEN, Suit.HEARTS)))
    hearts = cells_to_brf(card_cells(Card(Rank.QUEEN, Suit.HEARTS))[1:])
    # The hearts entry: its symbol, "cœurs", an example card and its words, two blanks between.
    expected = f"{hearts}  {louis_brf('cœurs')}  {queen_of_hearts}  {louis_brf('dame de cœur')}"
    assert expected in "\n".join(line for p in brf_lines(CHART.brf(cards, "Five Crowns")) for line in p)
    assert louis_brf("cœurs") == "C[URS"
    # Every line but the card code's is French braille: no UEB capital or number sign in the notes.
    notes = chart_brf_pages(cards, "Five Crowns")[1][2:8]
    text = "".join(cells_to_unicode(line) for line in notes)
    assert "⠼⠁" not in text and "⠨⠥⠝⠑" in text  # "Une", with the French capital sign


def test_french_braille_note_and_symbols_have_no_english_grade_1_indicator(in_french: None) -> None:
    cards = build_deck("five-crowns")
    lines = [cells_to_unicode(line) for page in chart_brf_pages(cards, "Five Crowns") for line in page]
    jack_line = next(line for line in lines if line.startswith("⠚⠀"))
    assert jack_line.startswith("⠚⠀⠀" + cells_to_unicode(french_cells("valet")))
    assert not any(line.startswith("⠰⠚") for line in lines)


def test_the_practice_sheet_is_french_too(in_french: None) -> None:
    cards = build_deck("five-crowns")
    page = brf_lines(PRACTICE.brf(cards, "Five Crowns"))[1]
    assert page[0].strip() == louis_brf("Five Crowns, exercices de braille")
    assert louis_brf("Exercice 1") in "\n".join(page)  # with the French capital sign


def test_french_braille_without_liblouis_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(contracted, "_loaded", [None])
    with pytest.raises(FrenchBrailleUnavailable, match="python3-louis"):
        french_cells("dame")
    assert isinstance(FrenchBrailleUnavailable("x"), ValueError)  # the commands report it as bad input


def test_the_english_sheets_are_as_they_were() -> None:
    cards = build_deck("five-crowns")
    head = brf_lines(CHART.brf(cards, "Five Crowns"))[1][0].strip()
    assert head == ",FIVE ,CROWNS BRAILLE C>D CODE".replace(">", "AR")
    assert foot_line(1, 10) == cells_from_unicode("⠀⠀⠀⠀⠀⠀⠀⠀⠼⠁")


def pdf_text(data: bytes, tmp_path: Path, name: str) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True,
                          text=True).stdout


def test_the_french_print_chart_reads_back_in_french(in_french: None, tmp_path: Path) -> None:
    cards = build_deck("five-crowns")
    chart = CHART.sheet(cards, "Five Crowns", SheetOptions(paper=PAPERS["a4"]))
    text = pdf_text(render_pdf(chart), tmp_path, "chart.pdf")
    for words in ("Five Crowns : le code braille des cartes", "Sens", "Exemple", "dame de cœur", "roi d'étoiles",
                  "étoiles (le signe st)", "10 : 1 abaissé, 0 abaissé", "Page 1 sur", "Imprimez à 100 %",
                  "Un joker s'écrit j o."):
        assert words in text, words
    for english in ("Meaning", "of hearts", "Page 1 of", "Print at 100"):
        assert english not in text, english


def test_the_french_print_labels_read_back_in_french(in_french: None, tmp_path: Path) -> None:
    labels = make_labels(build_deck("five-crowns"), title="Five Crowns")
    text = pdf_text(render_pdf(labels_sheet(labels, SheetOptions(paper=PAPERS["a4"]))), tmp_path, "labels.pdf")
    assert "Five Crowns, étiquettes des cartes" in text
    assert "232 étiquettes, 2 par carte, pour 116 cartes. Découpez le long des traits gris." in text
    assert "10 d'étoiles" in text and "dame de cœur" in text and "joker" in text
    assert labels_brf_pages(labels)  # and the BRF of the same set builds


def test_the_commands_make_french_sheets_with_lang_fr(tmp_path: Path) -> None:
    chart = tmp_path / "tableau.brf"
    subprocess.run([sys.executable, "-m", "access_game", "chart", "--lang", "fr", "--deck", "five-crowns",
                    "--format", "brf", "-o", str(chart)], check=True, capture_output=True)
    set_language("fr")
    try:
        assert chart.read_bytes() == CHART.brf(build_deck("five-crowns"), "Five Crowns")
    finally:
        set_language("en")
    labels = tmp_path / "etiquettes.pdf"
    subprocess.run([sys.executable, "-m", "access_game", "--lang", "fr", "labels", "--deck", "upcard-rummy",
                    "--format", "pdf", "-o", str(labels)], check=True, capture_output=True)
    text = pdf_text(labels.read_bytes(), tmp_path, "read.pdf")
    assert ", étiquettes des cartes" in text and "192 étiquettes, 2 par carte, pour 96 cartes." in text
    assert "as de cœur" in text and "of hearts" not in text


def test_a_long_french_word_is_cut_between_its_letters_but_a_french_number_never(in_french: None) -> None:
    from braille.text import wrap_text

    word = french_cells("étiquettes")  # ⠿⠞⠊⠟⠥⠑⠞⠞⠑⠎: starts with an accented letter
    lines = wrap_text([word], 6)
    assert [cells_to_unicode(line) for line in lines] == ["⠿⠞⠊⠟⠥⠤", "⠑⠞⠞⠑⠎"]
    with pytest.raises(ValueError, match="on ne peut pas les couper"):
        wrap_text([french_cells("1234567")], 5)  # ⠠⠡⠣⠩⠹⠱⠫⠻: Antoine digits are â ê î ... cells
    # A chart on a narrow page still lays out in French, long words cut with a hyphen.
    from braille.brf import PageFormat

    pages = chart_brf_pages(build_deck("five-crowns"), "Five Crowns", PageFormat(10, 25))
    assert all(len(line) <= 10 for page in pages for line in page)
    assert any(cells_to_unicode(line).endswith("⠤") for page in pages for line in page)
