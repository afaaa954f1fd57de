"""docs/braille.md shows the notation the code uses: the table is checked cell by cell."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from access_game.catalog import game as catalog_game
from braille.cards import NOTATION, card_unicode
from braille.cells import Cell, cells_from_brf
from braille.doc_table import notation_markdown
from braille.geometry import PAPERS
from braille.kit import make_kit
from braille.sheet import SheetOptions
from engine.notation import parse_card

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _table() -> list[str]:
    text = (DOCS / "braille.md").read_text(encoding="utf-8")
    start = text.index("<!-- notation-table:start -->\n") + len("<!-- notation-table:start -->\n")
    end = text.index("<!-- notation-table:end -->")
    return text[start:end].splitlines()


def test_docs_table_is_the_generated_table() -> None:
    assert _table() == notation_markdown().splitlines()


def test_each_docs_row_is_consistent_in_itself() -> None:
    """Read every column of the markdown back and check each against the others and the code."""
    rows = [line.strip("|").split("|") for line in _table()[2:]]
    assert len(rows) == len(NOTATION)
    for (name, dots, uni, brf, meaning), symbol in zip(rows, NOTATION, strict=True):
        cells = tuple(Cell.from_dots(group) for group in dots.split())
        assert cells == symbol.cells
        assert name.strip() == symbol.name and meaning.strip() == symbol.meaning
        *points, chars = uni.split()
        assert [f"U+{ord(ch):04X}" for ch in chars] == points
        assert "".join(c.unicode for c in cells) == chars
        for ch, cell in zip(chars, cells, strict=True):
            name_u = unicodedata.name(ch)
            assert name_u.endswith(cell.dot_numbers) or name_u == "BRAILLE PATTERN BLANK"
        brf_text = " " if brf.strip() == "(space)" else brf.strip().strip("`")
        assert cells_from_brf(brf_text) == cells


def test_docs_examples_match_the_code() -> None:
    text = (DOCS / "braille.md").read_text(encoding="utf-8")
    for code, words in [("10h", "10 of hearts"), ("7st", "7 of stars"), ("qs", "queen of spades"),
                        ("3c", "3 of clubs"), ("ad", "ace of diamonds"), ("jo", "joker")]:  # fmt: skip
        assert f"{words} {card_unicode(parse_card(code))}" in text


def test_docs_exist_and_say_the_key_things() -> None:
    braille = (DOCS / "braille.md").read_text(encoding="utf-8")
    for phrase in ["number sign", "ten-as-x", "NVDA", "BRLTTY", "comma", "still", "jo"]:
        assert phrase in braille
    teachers = (DOCS / "teachers.md").read_text(encoding="utf-8")
    for phrase in ["100 %", "swell", "opposite corners", "6 mm", "116 x 2 = 232", "--mirror", "access-game labels",
                   "access-game kit", "--preset swell", "--empty-dots", "fans to the left", "label key",
                   "access-game practice", "Which deck goes with which game"]:  # fmt: skip
        assert phrase in teachers
    for phrase in ["Unicode braille", "comp6", "en-nabcc", "dots 2 3 5 6", "grade 1 indicator", "three blank"]:
        assert phrase in braille


def test_teachers_kit_page_counts_are_the_kits() -> None:
    """The page counts teachers.md gives for each game's kit are what the kit makes."""
    text = (DOCS / "teachers.md").read_text(encoding="utf-8")
    start = text.index("<!-- kit-pages:start -->\n") + len("<!-- kit-pages:start -->\n")
    rows = text[start : text.index("<!-- kit-pages:end -->")].splitlines()
    order = ("labels.brf", "labels.pdf", "label-key.pdf", "chart.brf", "chart.pdf", "practice.brf", "practice.pdf")
    for row in rows:
        games, *counts = (c.strip() for c in row.strip("|").split("|"))
        for game in games.split(", "):
            kit = make_kit(catalog_game(game).game_deck(), SheetOptions(paper=PAPERS["a4"]))
            files = {f.name.removeprefix(f"{game}-"): f.pages for f in kit}
            assert [int(c.split()[0]) for c in counts] == [files[name] for name in order], game
