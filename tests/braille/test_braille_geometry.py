"""Dot geometry: NLS sizes by default, refused when dots or cells would run together."""

from __future__ import annotations

import pytest

from braille.cells import Cell, cells_from_brf
from braille.geometry import DotGeometry


def test_nls_defaults_and_label_sizes() -> None:
    g = DotGeometry()
    assert (g.dot_diameter, g.dot_spacing, g.cell_spacing, g.line_spacing) == (1.44, 2.34, 6.2, 10.0)
    assert g.width(2) == pytest.approx(9.98)  # "about 10.0 mm" for a two-cell label
    assert g.width(3) == pytest.approx(16.18)
    assert g.cell_height == pytest.approx(6.12)
    assert g.width(0) == 0


def test_positions_and_mirror() -> None:
    g = DotGeometry()
    full = g.positions(cells_from_brf("="), 10, 20)  # all six dots
    assert [(p.dot, round(p.x, 2), round(p.y, 2)) for p in full] == [
        (1, 10, 20), (2, 10, 22.34), (3, 10, 24.68), (4, 12.34, 20), (5, 12.34, 22.34), (6, 12.34, 24.68),
    ]  # fmt: skip
    assert all(p.raised for p in full)
    # Mirroring a label equals writing the reversed, mirrored cells.
    cells = cells_from_brf("10H")
    mirrored = sorted((round(x, 6), round(y, 6)) for x, y in g.raised(cells, 0, 0, mirror=True))
    reversed_cells = tuple(c.mirrored() for c in reversed(cells))
    assert mirrored == sorted((round(x, 6), round(y, 6)) for x, y in g.raised(reversed_cells, 0, 0))
    assert len(g.positions((Cell.from_dots("78"),), 0, 0)) == 8


@pytest.mark.parametrize(
    ("sizes", "message"),
    [
        ({"dot_diameter": 0}, "positive"),
        ({"line_spacing": float("nan")}, "positive"),
        ({"dot_diameter": 2.5}, "would touch"),
        ({"cell_spacing": 3.7}, "cells"),
        ({"line_spacing": 6.0}, "lines"),
    ],
)
def test_bad_geometry(sizes: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        DotGeometry(**sizes)
