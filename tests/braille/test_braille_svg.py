"""SVG sheets: parse the written SVG and measure the dots (to 0.01 mm)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest
from braille_testing import ALL_DECKS, run_cli

from braille.cards import card_cells
from braille.geometry import PAPERS, DotGeometry
from braille.labels import PAD, labels_sheet, make_labels
from braille.page_layout import SheetLayoutError
from braille.sheet import Group, SheetOptions
from braille.svg import render_svg
from engine.notation import parse_card

NS = "{http://www.w3.org/2000/svg}"
TOL = 0.01

NLS = DotGeometry()
MARBURG_LIKE = DotGeometry(dot_diameter=1.6, dot_spacing=2.5, cell_spacing=6.0, line_spacing=10.0)
WIDE = DotGeometry(dot_diameter=1.5, dot_spacing=2.4, cell_spacing=7.0, line_spacing=12.0)


def _write_labels(tmp_path: Path, geometry: DotGeometry, *extra: str) -> ET.Element:
    out = tmp_path / "labels.svg"
    args = ["labels", "--deck", "five-crowns", "--format", "svg", "-o", str(out)]
    args += ["--dot-diameter", str(geometry.dot_diameter), "--dot-spacing", str(geometry.dot_spacing)]
    args += ["--cell-spacing", str(geometry.cell_spacing), "--line-spacing", str(geometry.line_spacing)]
    assert run_cli([*args, *extra]) == 0
    return ET.parse(out).getroot()


def _labels(root: ET.Element) -> list[tuple[ET.Element, float]]:
    """Every label group with the y offset of its page (pages are stacked one paper height apart;
    a label's data-x and data-y are its cut box's corner on its own page)."""
    height = float(root.get("viewBox", "").split()[3]) / int(root.get("data-pages", ""))
    out = []
    for page in root.iter(f"{NS}g"):
        if page.get("class") == "page":
            offset = (int(page.get("data-page", "")) - 1) * height
            out += [(g, offset) for g in page.iter(f"{NS}g") if g.get("class") == "label"]
    return out


def _label(root: ET.Element, card: str, copy: int = 1) -> tuple[ET.Element, float]:
    for g, offset in _labels(root):
        if g.get("data-card") == card and g.get("data-copy") == str(copy):
            return g, offset
    raise AssertionError(f"no label for {card} copy {copy}")


def _circles(g: ET.Element) -> list[tuple[float, float, float]]:
    return [(float(c.get("cx", "")), float(c.get("cy", "")), float(c.get("r", ""))) for c in g.iter(f"{NS}circle")]


def _expected_offsets(code: str, g: DotGeometry, mirror: bool = False) -> list[tuple[float, float]]:
    """Raised dot centres relative to dot 1 of the first cell, worked out from the dot numbers."""
    cells = card_cells(parse_card(code))
    col = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 1}
    row = {1: 0, 2: 1, 3: 2, 4: 0, 5: 1, 6: 2}
    width = (len(cells) - 1) * g.cell_spacing + g.dot_spacing
    out = []
    for i, cell in enumerate(cells):
        for dot in cell.dots:
            x = i * g.cell_spacing + col[dot] * g.dot_spacing
            out.append((width - x if mirror else x, row[dot] * g.dot_spacing))
    return sorted(out)


def _close(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    return len(a) == len(b) and all(
        abs(p - q) <= TOL for pa, pb in zip(a, b, strict=True) for p, q in zip(pa, pb, strict=True)
    )


@pytest.mark.parametrize("geometry", [NLS, MARBURG_LIKE, WIDE], ids=["nls", "marburg", "wide"])
@pytest.mark.parametrize("mirror", [False, True])
@pytest.mark.parametrize("code", ["10h", "7st", "qs", "jo", "3c", "kd"])
def test_dot_centres_at_configured_distances(tmp_path: Path, geometry: DotGeometry, mirror: bool, code: str) -> None:
    root = _write_labels(tmp_path, geometry, *(["--mirror"] if mirror else []))
    g, page_y = _label(root, code)
    circles = _circles(g)
    assert all(abs(r - geometry.dot_diameter / 2) <= TOL for _, _, r in circles)
    # The label's cut box is at (data-x, data-y); dot 1 of the first cell sits PAD + radius inside it.
    x0 = float(g.get("data-x", "")) + PAD + geometry.dot_diameter / 2
    y0 = page_y + float(g.get("data-y", "")) + PAD + geometry.dot_diameter / 2
    found = sorted((cx - x0, cy - y0) for cx, cy, _ in circles)
    assert _close(found, _expected_offsets(code, geometry, mirror))


def test_ten_of_hearts_in_numbers(tmp_path: Path) -> None:
    """The same check written out for ⠂⠴⠓ at NLS sizes, pairwise, with no helper doing the sums."""
    circles = _circles(_label(_write_labels(tmp_path, NLS), "10h")[0])
    xs = sorted({round(cx, 3) for cx, _, _ in circles})
    ys = sorted({round(cy, 3) for _, cy, _ in circles})
    # columns: cell 1 left (dot 2), cell 2 left + right, cell 3 left + right
    gaps = [round(b - a, 2) for a, b in pairwise(xs)]
    assert gaps == [6.2, 2.34, 3.86, 2.34]
    assert [round(b - a, 2) for a, b in pairwise(ys)] == [2.34, 2.34]
    assert len(circles) == 7


def test_svg_is_true_size_and_counts_labels(tmp_path: Path) -> None:
    root = _write_labels(tmp_path, NLS)
    pages = int(root.get("data-pages", ""))
    assert root.get("width") == "210mm"
    assert root.get("height") == f"{297 * pages}mm"
    assert root.get("viewBox") == f"0 0 210 {297 * pages}"
    with_offsets = _labels(root)
    labels = [g for g, _ in with_offsets]
    assert len(labels) == 232
    counts = Counter((g.get("data-card"), g.get("data-copy")) for g in labels)
    assert counts[("3st", "1")] == 2 and counts[("jo", "2")] == 6
    texts = {t.text for g in labels for t in g.iter(f"{NS}text")}
    assert {"10 of hearts", "7 of stars", "joker"} <= texts
    # each label's dots lie inside the page they are drawn on and inside their own cut box
    for g, page_y in with_offsets:
        x, y = float(g.get("data-x", "")), page_y + float(g.get("data-y", ""))
        for cx, cy, r in _circles(g):
            assert x + r < cx and y + r < cy
            assert cx < 210 and page_y < cy < page_y + 297


def test_labels_never_overlap() -> None:
    for paper in PAPERS.values():
        sheet = labels_sheet(make_labels(ALL_DECKS["standard"], title="Standard"), SheetOptions(paper=paper))
        for page in sheet.pages:
            boxes = [
                (float(dict(g.data)["x"]), float(dict(g.data)["y"]))
                for g in page.items
                if isinstance(g, Group) and g.kind == "label"
            ]
            assert len(set(boxes)) == len(boxes)


def test_page_too_small_for_one_label() -> None:
    huge = DotGeometry(dot_diameter=10, dot_spacing=40, cell_spacing=100, line_spacing=200)
    with pytest.raises(SheetLayoutError, match="cannot hold one label"):
        labels_sheet(make_labels(ALL_DECKS["five-crowns"], title="x"), SheetOptions(paper=PAPERS["a4"], geometry=huge))


def test_chart_svg_rows(tmp_path: Path) -> None:
    out = tmp_path / "chart.svg"
    assert run_cli(["chart", "--deck", "standard", "-o", str(out)]) == 0
    root = ET.parse(out).getroot()
    rows = [g for g in root.iter(f"{NS}g") if g.get("class") == "chart-row"]
    assert [r.get("data-brf") for r in rows] == [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "H", "C", "S", "D", "JO",
    ]  # fmt: skip
    for row in rows:
        assert all(abs(r - 0.72) <= TOL for _, _, r in _circles(row))
        # the symbol's dots and the example card's dots are both drawn
        n_symbol = sum(len(c.dots) for c in card_cells(parse_card(row.get("data-example", ""))))
        assert len(_circles(row)) >= n_symbol


def test_render_svg_escapes_text() -> None:
    from braille.sheet import Page, Sheet, Text

    svg = render_svg(Sheet(PAPERS["letter"], "a < b & c", (Page((Text(1, 2, "<&>", 3),)),)))
    root = ET.fromstring(svg)
    assert root.get("width") == "215.9mm"
    assert [t.text for t in root.iter(f"{NS}text")] == ["<&>"]
