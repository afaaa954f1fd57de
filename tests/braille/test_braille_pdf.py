"""PDF sheets, rendered back to pixels with pdftoppm: dots are where and as big as they should be."""

from __future__ import annotations

from pathlib import Path

import pytest
from braille_testing import ALL_DECKS, darkness_at, render_gray, run_cli

from braille.cards import card_cells
from braille.cells import cells_from_brf
from braille.chart import CHART
from braille.geometry import PAPERS, DotGeometry
from braille.labels import PAD, labels_sheet, make_labels
from braille.sheet import Dot, Group, Sheet, SheetOptions
from engine.notation import parse_card

DPI = 300
DARK = 90  # mean grey at a dot centre is below this (0 is black)
LIGHT = 200  # and above this where there is no dot


def _groups(sheet: Sheet, page: int, kind: str) -> list[Group]:
    return [g for g in sheet.pages[page - 1].items if isinstance(g, Group) and g.kind == kind]


def _label(sheet: Sheet, card: str, copy: int = 1) -> tuple[int, Group]:
    for n in range(1, len(sheet.pages) + 1):
        for g in _groups(sheet, n, "label"):
            data = dict(g.data)
            if data["card"] == card and data["copy"] == str(copy):
                return n, g
    raise AssertionError(card)


@pytest.mark.parametrize("mirror", [False, True])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_label_dots_in_rendered_pdf(tmp_path: Path, mirror: bool, paper: str) -> None:
    out = tmp_path / "labels.pdf"
    args = ["labels", "--deck", "five-crowns", "--format", "pdf", "--paper", paper, "-o", str(out)]
    assert run_cli(args + (["--mirror"] if mirror else [])) == 0
    # The same layout the command drew, to know where each label is.
    geometry = DotGeometry()
    sheet = labels_sheet(make_labels(ALL_DECKS["five-crowns"], title="Five Crowns"), SheetOptions(paper=PAPERS[paper]),
                         mirror=mirror)
    image = render_gray(out, DPI, page=1)
    width, height, _ = image
    # true size: the page is the paper's size in pixels (pdftoppm rounds up a part pixel)
    assert abs(width - PAPERS[paper].width / 25.4 * DPI) < 1
    assert abs(height - PAPERS[paper].height / 25.4 * DPI) < 1
    checked = 0
    for card in ("3st", "10h", "qh"):
        page, group = _label(sheet, card)
        assert page == 1
        data = dict(group.data)
        x0 = float(data["x"]) + PAD + geometry.radius
        y0 = float(data["y"]) + PAD + geometry.radius
        cells = card_cells(parse_card(card))
        for place in geometry.positions(cells, x0, y0, mirror=mirror):
            level = darkness_at(image, place.x, place.y, DPI)
            if place.raised:
                assert level < DARK, (card, place)
            else:
                assert level > LIGHT, (card, place)
            checked += 1
    assert checked == 6 * (2 + 3 + 2)


def test_dot_size_in_rendered_pdf(tmp_path: Path) -> None:
    """A dot of 1.44 mm: dark 0.5 mm from its centre, white 1.0 mm away (in the gap to the next dot)."""
    out = tmp_path / "labels.pdf"
    assert run_cli(["labels", "-o", str(out)]) == 0
    sheet = labels_sheet(make_labels(ALL_DECKS["five-crowns"], title="Five Crowns"), SheetOptions(paper=PAPERS["a4"]))
    _, group = _label(sheet, "qh")  # q = dots 12345: dot 1 has neighbours right and below only
    data = dict(group.data)
    x = float(data["x"]) + PAD + 0.72
    y = float(data["y"]) + PAD + 0.72
    image = render_gray(out, 600, page=1)
    assert darkness_at(image, x, y, 600, half=0) < DARK
    for dx, dy in ((0.5, 0), (-0.5, 0), (0, 0.5), (0, -0.5)):
        assert darkness_at(image, x + dx, y + dy, 600, half=0) < DARK
    for dx, dy in ((1.0, 0), (-1.0, 0), (0, 1.0), (0, -1.0)):
        assert darkness_at(image, x + dx, y + dy, 600, half=0) > LIGHT


def test_custom_sizes_in_rendered_pdf(tmp_path: Path) -> None:
    out = tmp_path / "labels.pdf"
    sizes = ["--dot-diameter", "1.6", "--dot-spacing", "2.5", "--cell-spacing", "6.0", "--line-spacing", "10"]
    assert run_cli(["labels", "--deck", "standard", "-o", str(out), *sizes]) == 0
    geometry = DotGeometry(1.6, 2.5, 6.0, 10.0)
    sheet = labels_sheet(make_labels(ALL_DECKS["standard"], title="Standard"),
                         SheetOptions(paper=PAPERS["a4"], geometry=geometry))
    page, group = _label(sheet, "ac")
    image = render_gray(out, DPI, page=page)
    data = dict(group.data)
    x0, y0 = float(data["x"]) + PAD + 0.8, float(data["y"]) + PAD + 0.8
    for place in geometry.positions(cells_from_brf("AC"), x0, y0):
        level = darkness_at(image, place.x, place.y, DPI)
        assert (level < DARK) if place.raised else (level > LIGHT)


def test_chart_pdf_renders_its_rows(tmp_path: Path) -> None:
    out = tmp_path / "chart.pdf"
    assert run_cli(["chart", "--deck", "five-crowns", "-o", str(out)]) == 0
    sheet = CHART.sheet(ALL_DECKS["five-crowns"], "Five Crowns", SheetOptions(paper=PAPERS["a4"]))
    image = render_gray(out, DPI)
    rows = _groups(sheet, 1, "chart-row")
    assert len(rows) == 17
    for row in rows:
        dots = [item for item in row.items if isinstance(item, Dot)]
        assert dots
        for dot in dots:
            assert darkness_at(image, dot.x, dot.y, DPI) < DARK
