"""The braille rule book of every catalog game, as `kit` makes it: BRF and PEF in grade 2 (liblouis's
contracted braille), laid out as BANA lays out a short book, with the hand-by-hand table taken from
the rules; and the swell-paper PDF, whose dots are read back from the rendered page."""

from __future__ import annotations

from pathlib import Path

import pytest
from braille_testing import read_braille_lines, render_gray, run_cli

from access_game.catalog import game as catalog_game
from access_game.catalog import games, resolve
from braille.brf import BRAILLE_PAGE, PageFormat
from braille.cells import BLANK, Cells, cells_to_brf
from braille.contracted import Grade, translate
from braille.geometry import PAPERS, SWELL
from braille.kit import make_kit
from braille.rule_words import RuleBook, contract_rummy_book, five_crowns_book
from braille.rulebook import SEPARATION, rule_book_pages
from braille.sheet import SheetOptions
from braille.swell import swell_format
from engine.arrange_contract import CONTRACTS
from engine.rules.five_crowns import wild_rank_for_hand
from speech.i18n import set_language


def _g2(text: str, language: str = "en") -> str:
    return cells_to_brf(translate(text, language, Grade.CONTRACTED).cells)


def _lines(pages: list[list[Cells]]) -> list[str]:
    return [cells_to_brf(line) for page in pages for line in page]


@pytest.mark.parametrize("entry", games(), ids=lambda e: e.name)
def test_every_catalog_game_has_a_rule_book(entry: object) -> None:
    path = entry.rule_book
    assert path, f"{entry.name} has no rule book"
    book: RuleBook = resolve(path)()
    assert book.sections and book.table.rows
    for fmt in (BRAILLE_PAGE, PageFormat(32, 27)):
        pages = rule_book_pages(book, fmt)
        assert len(pages) >= 3  # title page, the rules, the table on a page of its own
        for n, page in enumerate(pages):
            assert len(page) == fmt.lines_per_page and all(len(line) <= fmt.cells_per_line for line in page)
            if n:  # the running head, centred, in grade 2
                assert cells_to_brf(page[0]).strip() == _g2(book.title)
        text = _lines(pages)
        for section in book.sections:  # each heading centred on its own line
            assert any(line.strip() == _g2(section.heading) and line.startswith(" ") for line in text)


def test_five_crowns_book_has_the_wild_rank_of_every_hand() -> None:
    pages = rule_book_pages(five_crowns_book())
    table = _lines(pages[-1:])
    plural = {3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines", 10: "tens",
              11: "jacks", 12: "queens", 13: "kings"}
    rows = [line for line in table if line.startswith("#")]
    assert len(rows) == 11
    for hand, row in enumerate(rows, start=1):
        wild = int(wild_rank_for_hand(hand))
        cells = row.split("  ")
        assert [c.strip() for c in cells if c.strip()] == [_g2(str(hand)), _g2(f"{hand + 2} cards"), _g2(plural[wild])]
    assert any(set(line.replace(" ", "")) == {cells_to_brf((SEPARATION,))} for line in table)  # the separation line


def test_contract_rummy_book_has_the_nine_contracts() -> None:
    rows = [line for line in _lines(rule_book_pages(contract_rummy_book())[-1:]) if line.startswith("#")]
    assert len(rows) == len(CONTRACTS) == 9
    assert rows[3].split("  ", 1)[1].strip() == _g2("1 set and 2 runs")  # hand 4
    assert rows[5].split("  ", 1)[1].strip() == _g2("3 sets")
    assert rows[8].split("  ", 1)[1].strip() == _g2("3 runs")


def test_a_narrow_page_takes_the_table_in_linear_form() -> None:
    pages = rule_book_pages(contract_rummy_book(), PageFormat(12, 25))
    start = next(i for i, page in enumerate(pages) if _g2("Hand by hand") in
                 [cells_to_brf(line).strip() for line in page[2:4]])  # under a head of one line or two
    table = _lines(pages[start:])  # the table starts a page: its heading wrapped and centred
    assert not any(cells_to_brf((SEPARATION,)) * 3 in line for line in table)  # no columns: no separation line
    assert sum(1 for line in table if line.startswith("#")) == 9


def test_the_french_book_is_french(tmp_path: Path) -> None:
    set_language("fr")
    try:
        pages = rule_book_pages(five_crowns_book())
        assert cells_to_brf(pages[1][0]).strip() == _g2("Règles de Five Crowns", "fr")
    finally:
        set_language("en")


def test_the_kit_makes_the_rule_book_and_its_swell_pdf_reads_back(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    assert run_cli(["kit", "--game", "contract-rummy", "--paper", "letter", "-o", str(out)]) == 0
    brf = (out / "contract-rummy-rules.brf").read_bytes()
    assert brf.split(b"\f")[1].split(b"\r\n")[0].strip() == _g2("Contract rummy rules").encode()
    book = contract_rummy_book()
    fmt = swell_format(PAPERS["letter"], SWELL)
    pages = rule_book_pages(book, fmt)
    pdf = out / "contract-rummy-rules.pdf"
    for number in (2, len(pages)):
        read = read_braille_lines(render_gray(pdf, 150, number), SWELL, fmt, 150)
        expected = [tuple(line[: len(line) - _trailing(line)]) for line in pages[number - 1]]
        assert read == expected
    kit = make_kit(catalog_game("contract-rummy").game_deck(), SheetOptions(paper=PAPERS["a4"]))
    assert not kit[-1].name.startswith("contract-rummy-rules")


def _trailing(line: Cells) -> int:
    n = 0
    while n < len(line) and line[len(line) - 1 - n] == BLANK:
        n += 1
    return n
