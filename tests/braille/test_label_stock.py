"""Labels printed true size onto die-cut clear label sheets (letter and A4, 2 and 3 columns): every
card label inside a die-cut label, clear of its edge, none overlapping, every label once; and the
rendered PDF has its dots where the layout says, on the stock's paper."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from braille_testing import ALL_DECKS, darkness_at, render_gray, run_cli

from braille.geometry import NLS, SWELL, DotGeometry
from braille.labels import PAD, STOCK_INSET, make_labels, stock_sheet
from braille.sheet import Dot, Group, flatten
from braille.stock import STOCKS, LabelStock


def _labels(sheet_pages: object) -> list[tuple[int, Group]]:
    return [(p, g) for p, page in enumerate(sheet_pages, start=1)  # type: ignore[call-overload]
            for g in page.items if isinstance(g, Group) and g.kind == "label"]


@pytest.mark.parametrize("stock", list(STOCKS.values()), ids=lambda s: s.name)
@pytest.mark.parametrize(("deck", "ten_as_x", "geometry"), [("five-crowns", False, NLS), ("standard", True, SWELL)])
def test_every_label_sits_inside_a_die_cut_label(stock: LabelStock, deck: str, ten_as_x: bool,
                                                 geometry: DotGeometry) -> None:
    labels = make_labels(ALL_DECKS[deck], ten_as_x=ten_as_x, title="Deck")
    sheet = stock_sheet(labels, stock, geometry=geometry)
    assert sheet.paper == stock.paper
    placed = _labels(sheet.pages)
    assert Counter(dict(g.data)["card"] for _, g in placed) == Counter(label.card.code for label in labels.labels)
    boxes: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}
    for page, group in placed:
        die = int(dict(group.data)["die-cut"]) - 1
        assert 0 <= die < stock.per_sheet
        left, top = stock.place(die)
        dots = [item for item in flatten(group.items) if isinstance(item, Dot)]
        xs = [d.x for d in dots]
        ys = [d.y for d in dots]
        r = geometry.radius
        inset = STOCK_INSET + PAD + r - 1e-6  # the cut guide is PAD outside the dots, the inset inside the edge
        assert min(xs) >= left + inset and max(xs) <= left + stock.label_width - inset
        assert min(ys) >= top + inset and max(ys) <= top + stock.label_height - inset
        box = (min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r)
        for other in boxes.setdefault((page, die), []):
            assert box[2] <= other[0] or other[2] <= box[0] or box[3] <= other[1] or other[3] <= box[1]
        boxes[(page, die)].append(box)
    # Full sheets before the last: every die-cut label used.
    assert {die for (page, die) in boxes if page == 1} == set(range(stock.per_sheet)) or len(sheet.pages) == 1


def test_the_stocks_are_the_usual_layouts() -> None:
    assert {(s.paper.name, s.columns, s.rows) for s in STOCKS.values()} == {
        ("letter", 3, 10), ("letter", 2, 10), ("a4", 3, 7), ("a4", 2, 7)}
    for stock in STOCKS.values():  # the margins are the same on both sides, as the sheets are cut
        right = stock.paper.width - (stock.left + (stock.columns - 1) * stock.pitch_x + stock.label_width)
        assert right == pytest.approx(stock.left, abs=0.1)
    with pytest.raises(ValueError, match="run off"):
        LabelStock("bad", STOCKS["a4-3x7"].paper, 4, 7, 63.5, 38.1, 7.25, 15.15, 66.04, 38.1, "")


def test_labels_on_stock_render_true_size(tmp_path: Path) -> None:
    out = tmp_path / "stock.pdf"
    assert run_cli(["labels", "--deck", "five-crowns", "--stock", "letter-3x10", "-o", str(out)]) == 0
    data = out.read_bytes()
    box = re.search(rb"/MediaBox \[\s*0 0 ([0-9.]+) ([0-9.]+)\s*\]", data)
    assert box and (float(box.group(1)), float(box.group(2))) == pytest.approx((612, 792), abs=0.5)
    sheet = stock_sheet(make_labels(ALL_DECKS["five-crowns"], title="Five Crowns"), STOCKS["letter-3x10"])
    image = render_gray(out, 150)
    first = [g for p, g in _labels(sheet.pages) if p == 1]
    for group in first[:12]:
        for dot in (i for i in flatten(group.items) if isinstance(i, Dot)):
            assert darkness_at(image, dot.x, dot.y, 150) < 100  # a raised dot, printed where the layout says
    stock = STOCKS["letter-3x10"]
    gap_x = stock.left + stock.label_width + (stock.pitch_x - stock.label_width) / 2
    for row in range(stock.rows):  # nothing printed between die-cut labels
        assert darkness_at(image, gap_x, stock.top + (row + 0.5) * stock.pitch_y, 150) > 240


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--stock", "avery"], "unknown label stock 'avery'"),
        (["--stock", "a4-3x7", "--paper", "letter"], "sets the paper"),
        (["--stock", "a4-3x7", "--format", "brf", "--lines-per-page", "20"], "leave out --cells-per-line"),
    ],
)
def test_bad_stock_options_exit_2(tmp_path: Path, argv: list[str], reason: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.pdf"
    assert run_cli(["labels", *argv, "-o", str(out)]) == 2
    assert reason in capsys.readouterr().err and not out.exists()
