"""Where dots go on paper, in millimetres, for true-size print (swell paper, label sheets).

The defaults are the NLS Specification 800 sizes: dot base 1.44 mm, 2.34 mm between dot centres in a
cell, 6.2 mm from a cell to the next, 10 mm from a line to the next. The swell preset keeps that
spacing with dots of 1.5 mm, inside NLS's 1.44-1.6 mm base. Printed at 100 % on swell paper, the
dots rise at these sizes and read like embossed braille; every size is settable because teachers'
references (ADA signage, Marburg Medium) differ a little.

Coordinates are millimetres from the top left of the page, y growing downwards (as in SVG).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from braille.cells import Cell
from speech.i18n import _, with_numbers

__all__ = [
    "LETTER_REGIONS",
    "MM_PER_INCH",
    "NLS",
    "PAPERS",
    "PRESETS",
    "SWELL",
    "DotGeometry",
    "DotPosition",
    "Paper",
    "Preset",
    "locale_paper",
]

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


LETTER_REGIONS = frozenset({"US", "CA", "MX", "PH", "CL", "CO", "VE", "CR", "GT", "PR", "SV", "NI", "PA", "DO"})
"""Countries whose printers hold letter paper (the Americas that use it, and the Philippines), as glibc's
LC_PAPER says; everywhere else A4."""


def locale_paper(environ: Mapping[str, str]) -> Paper:
    """The paper the reader's printer most likely holds, from the locale: LC_ALL, then LC_PAPER, then
    LANG (as a C program's LC_PAPER category is chosen). en_US.UTF-8 or fr_CA gives letter; anything
    else, or no locale, gives A4. A wrong guess costs a teacher a sheet printed at the wrong size, so
    every command also takes ``--paper``."""
    for name in ("LC_ALL", "LC_PAPER", "LANG"):
        value = environ.get(name, "")
        if value:
            region = value.split(".")[0].split("@")[0].partition("_")[2].upper()
            return PAPERS["letter"] if region in LETTER_REGIONS else PAPERS["a4"]
    return PAPERS["a4"]


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
                raise ValueError(with_numbers(_("{option} must be a positive number of mm, not {value:g}"),
                                              option="--" + name.replace("_", "-"), value=value))
        if self.dot_diameter >= self.dot_spacing:
            raise ValueError(with_numbers(
                _("dots {diameter:g} mm wide with centres {spacing:g} mm apart would touch; make the dot spacing "
                  "larger than the dot diameter"), diameter=self.dot_diameter, spacing=self.dot_spacing))
        inner_gap = self.dot_spacing - self.dot_diameter
        cell_gap = self.cell_spacing - self.dot_spacing - self.dot_diameter
        needed = max(self.dot_diameter, 1.5 * inner_gap)
        if cell_gap < needed - 1e-9:
            raise ValueError(with_numbers(
                _("cells {spacing:g} mm apart would run into each other: the blank between two cells ({gap:.2f} mm) "
                  "must be at least one dot wide and half as wide again as the blank between the dots of a cell, "
                  "here {needed:.2f} mm; make the cell spacing at least {least:.2f} mm"),
                spacing=self.cell_spacing, gap=cell_gap, needed=needed,
                least=self.dot_spacing + self.dot_diameter + needed))
        if self.line_spacing < 4 * self.dot_spacing - 1e-9:
            raise ValueError(with_numbers(
                _("lines {spacing:g} mm apart would run into each other: the line spacing must be at least two cell "
                  "heights (4 x the dot spacing, {least:.2f} mm), so the blank between lines is as tall as a cell"),
                spacing=self.line_spacing, least=4 * self.dot_spacing))

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

SWELL = DotGeometry(dot_diameter=1.5)
"""Swell (capsule) paper: the NLS spacing with printed dots of 1.5 mm, the middle of NLS's base of
1.44-1.6 mm. A smaller print (1.2 mm was tried) measured 1.19 mm once rendered, under the standard
size a reader's finger expects; at 1.5 mm a rendered dot measures at least 1.44 mm, and it stays
0.84 mm clear of its neighbour in the cell, so the heater does not run two dots together."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of print sizes, and whether only the dots may rise (swell paper: every other mark
    is drawn so light that the heater leaves it flat)."""

    name: str
    geometry: DotGeometry
    only_dots_rise: bool
    use: str


PRESETS: dict[str, Preset] = {
    "standard": Preset("standard", NLS, False, "print to look at, to glue on, or to copy with a slate"),
    "swell": Preset("swell", SWELL, True, "swell (capsule) paper run through a heater"),
}
"""The dot-size presets by the names the command line uses (``--preset``)."""
