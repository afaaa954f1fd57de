"""Where dots go on paper, in millimetres, for true-size print (swell paper, label sheets).

The defaults are the NLS Specification 800 sizes: dot base 1.44 mm, 2.34 mm between dot centres in a
cell, 6.2 mm from a cell to the next, 10 mm from a line to the next. Printed at 100 % on swell paper,
the dots rise at these sizes and read like embossed braille; every size is settable because
teachers' references (ADA signage, Marburg Medium) differ a little.

Coordinates are millimetres from the top left of the page, y growing downwards (as in SVG).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from braille.cells import Cell

__all__ = ["MM_PER_INCH", "NLS", "PAPERS", "DotGeometry", "DotPosition", "Paper"]

MM_PER_INCH = 25.4


@dataclass(frozen=True, slots=True)
class Paper:
    name: str
    width: float
    height: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
}


@dataclass(frozen=True, slots=True)
class DotPosition:
    """One of a cell's dot places: its centre and whether the dot there is raised."""

    x: float
    y: float
    dot: int
    raised: bool


_COLUMN_ROW = {1: (0, 0), 2: (0, 1), 3: (0, 2), 4: (1, 0), 5: (1, 1), 6: (1, 2), 7: (0, 3), 8: (1, 3)}


@dataclass(frozen=True, slots=True)
class DotGeometry:
    """The four sizes of printed braille, in mm; checked so that dots and cells never run together."""

    dot_diameter: float = 1.44
    dot_spacing: float = 2.34
    cell_spacing: float = 6.2
    line_spacing: float = 10.0

    def __post_init__(self) -> None:
        for name in ("dot_diameter", "dot_spacing", "cell_spacing", "line_spacing"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"the {name.replace('_', ' ')} must be a positive number of mm, not {value}")
        if self.dot_diameter >= self.dot_spacing:
            raise ValueError(
                f"dots {self.dot_diameter} mm wide with centres {self.dot_spacing} mm apart would touch; "
                "make the dot spacing larger than the dot diameter"
            )
        if self.cell_spacing <= self.dot_spacing + self.dot_diameter:
            raise ValueError(
                f"cells {self.cell_spacing} mm apart would run into each other; the cell spacing must be more "
                f"than dot spacing + dot diameter ({self.dot_spacing + self.dot_diameter:g} mm)"
            )
        if self.line_spacing <= 2 * self.dot_spacing + self.dot_diameter:
            raise ValueError(
                f"lines {self.line_spacing} mm apart would run into each other; the line spacing must be more "
                f"than twice the dot spacing + dot diameter ({2 * self.dot_spacing + self.dot_diameter:g} mm)"
            )

    @property
    def radius(self) -> float:
        return self.dot_diameter / 2

    @property
    def cell_height(self) -> float:
        """Six-dot cell, dot edge to dot edge (about 6.1 mm at NLS sizes)."""
        return 2 * self.dot_spacing + self.dot_diameter

    def width(self, n_cells: int) -> float:
        """Width of ``n_cells`` cells, dot edge to dot edge (2 cells: about 10 mm at NLS sizes)."""
        if n_cells <= 0:
            return 0.0
        return (n_cells - 1) * self.cell_spacing + self.dot_spacing + self.dot_diameter

    def positions(self, cells: Sequence[Cell], x: float, y: float, *, mirror: bool = False) -> list[DotPosition]:
        """Every dot place of ``cells`` (six per cell, eight if a cell uses dot 7 or 8), with dot 1 of
        the first cell centred at (x, y).

        ``mirror`` reflects the whole row left to right about its middle: the cells come in reverse
        order and each cell's columns swap. That is the pattern a slate-and-stylus writer punches from
        the back of the paper, so that the front reads correctly.
        """
        places = 8 if any(not c.is_six_dot for c in cells) else 6
        right = x + (len(cells) - 1) * self.cell_spacing + self.dot_spacing
        out: list[DotPosition] = []
        for i, cell in enumerate(cells):
            for dot in range(1, places + 1):
                col, row = _COLUMN_ROW[dot]
                cx = x + i * self.cell_spacing + col * self.dot_spacing
                if mirror:
                    cx = x + right - cx
                out.append(DotPosition(cx, y + row * self.dot_spacing, dot, cell.has_dot(dot)))
        return out

    def raised(self, cells: Sequence[Cell], x: float, y: float, *, mirror: bool = False) -> list[tuple[float, float]]:
        """Centres of the raised dots only."""
        return [(p.x, p.y) for p in self.positions(cells, x, y, mirror=mirror) if p.raised]


NLS = DotGeometry()
"""NLS Specification 800 sizes, the default."""
