"""The sheets' words in grade 1 or grade 2 (`--grade`), in English and French, checked against
liblouis; and swell-paper sheets whose words are raised dots, read back from the rendered PDF."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from braille_testing import ALL_DECKS, read_braille_lines, render_gray, run_cli

from access_game.catalog import game
from braille.brf import PageFormat
from braille.cells import BLANK, Cells, cells_to_brf
from braille.chart import CHART, chart_brf_pages, chart_heading
from braille.contracted import Grade, translate
from braille.geometry import PAPERS, SWELL
from braille.labels import labels_brf_pages, make_labels
from braille.pdf import render_pdf
from braille.practice import PRACTICE, practice_brf_pages
from braille.sheet import SheetOptions
from braille.swell import swell_format
from braille.text import braille_grade, text_cells, words_cells
from speech.i18n import set_language


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    try:
        yield request.param
    finally:
        set_language("en")


def _strip(line: Cells) -> Cells:
    start = 0
    while start < len(line) and line[start] == BLANK:
        start += 1
    return line[start:]


def _grade2(text: str, language: str) -> Cells:
    return translate(text, language, Grade.CONTRACTED).cells


def test_grade_2_words_are_liblouis_contracted_braille(language: str) -> None:
    cards = ALL_DECKS["five-crowns"]
    with braille_grade(2):
        assert text_cells("Five Crowns braille card code") == _grade2("Five Crowns braille card code", language)
        # The words are the whole text as liblouis writes it, cut at its blanks (a contraction that
        # spans words is kept); and grade 2 is shorter than grade 1.
        text = "Each drill mixes two cells that feel alike, and the answers are on their own page."
        whole = _grade2(text, language)
        assert [c for w in words_cells(text) for c in (*w, BLANK)][:-1] == list(whole)
    with braille_grade(1):
        assert len(text_cells(text)) > len(whole)
    for fmt in (PageFormat(), PageFormat(32, 27)):
        g1 = chart_brf_pages(cards, "Five Crowns", fmt, grade=1)
        g2 = chart_brf_pages(cards, "Five Crowns", fmt, grade=2)
        head = chart_heading("Five Crowns")
        assert _strip(g2[1][0]) == _grade2(head, language)  # the running head, contracted
        assert g2[1][0] != g1[1][0]
        assert _strip(g2[0][2]) == _grade2(head, language)  # the title page
        for page in g2:
            assert len(page) == fmt.lines_per_page and all(len(line) <= fmt.cells_per_line for line in page)
        # The card code is the same in both grades: every example card of grade 1 is in grade 2.
        cards_g1 = {w for p in g1 for line in p for w in cells_to_brf(line).split() if w[:-1] in ("10", "7", "Q")}
        cards_g2 = {w for p in g2 for line in p for w in cells_to_brf(line).split()}
        assert cards_g1 <= cards_g2


def test_practice_and_labels_take_the_grade(language: str) -> None:
    cards = ALL_DECKS["standard"]
    g1 = practice_brf_pages(cards, "Standard", grade=1)
    g2 = practice_brf_pages(cards, "Standard", grade=2)
    assert g1 != g2 and len(g2) <= len(g1)
    drill = "Drill 1" if language == "en" else "Exercice 1"
    lines2 = [cells_to_brf(line) for page in g2 for line in page]
    assert any(line.startswith(cells_to_brf(_grade2(drill, language)) + " ") for line in lines2)
    labels = make_labels(cards, title="Standard")
    l1, l2 = labels_brf_pages(labels, grade=1), labels_brf_pages(labels, grade=2)
    assert _strip(l2[0][0]) == _grade2(labels.heading, language)
    rows = lambda pages: [cells_to_brf(line) for page in pages for line in page[4:-1] if line]  # noqa: E731
    assert rows(l1)[-8:] == rows(l2)[-8:]  # the labels themselves: the card code, whatever the grade


def test_a_bad_grade_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="grade"), braille_grade(3):
        pass
    out = tmp_path / "chart.brf"
    assert run_cli(["chart", "--grade", "3", "-o", str(out)]) == 2
    assert "--grade" in capsys.readouterr().err and not out.exists()


# --- swell paper: words as raised dots -------------------------------------------------------------

DPI = 150


@pytest.mark.parametrize(
    ("sheet", "paper", "grade"), [("chart", "a4", 2), ("practice", "letter", 2), ("chart", "letter", 1)]
)
def test_swell_words_are_raised_dots_read_back_from_the_pdf(
    tmp_path: Path, sheet: str, paper: str, grade: int
) -> None:
    cards = ALL_DECKS["five-crowns"]
    fmt = swell_format(PAPERS[paper], SWELL)
    kind = CHART if sheet == "chart" else PRACTICE
    pages = kind.braille_pages(cards, "Five Crowns", fmt, grade=grade)
    swell = SheetOptions(paper=PAPERS[paper], geometry=SWELL, only_dots_rise=True, grade=grade)
    made = kind.sheet(cards, "Five Crowns", swell)
    assert len(made.pages) == len(pages)
    pdf = tmp_path / f"{sheet}.pdf"
    pdf.write_bytes(render_pdf(made))
    for number in (2, len(pages)):  # a page of words, and the last page
        read = read_braille_lines(render_gray(pdf, DPI, number), SWELL, fmt, DPI)
        expected = [_rstrip(line) for line in pages[number - 1]]
        assert read == [*expected, *[()] * (fmt.lines_per_page - len(expected))]
        words = [w for line in read for w in cells_to_brf(line).split()]
        assert len(words) > 20  # words, not only symbol cells


def _rstrip(line: Cells) -> Cells:
    end = len(line)
    while end and line[end - 1] == BLANK:
        end -= 1
    return line[:end]


def test_the_kit_takes_the_grade(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    assert run_cli(["kit", "--game", "contract-rummy", "--grade", "2", "-o", str(out)]) == 0
    chart = (out / "contract-rummy-chart.brf").read_bytes().split(b"\f")[1].split(b"\r\n")
    assert chart[0].strip() == cells_to_brf(_grade2(f"{game('contract-rummy').title} braille card code", "en")).encode()
    pef = (out / "contract-rummy-chart.pef").read_text(encoding="utf-8")
    assert "".join(c.unicode for c in _grade2(f"{game('contract-rummy').title} braille card code", "en")) in pef
