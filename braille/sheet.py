"""A printed sheet as plain shapes in millimetres, drawn the same way to PDF and to SVG.

Labels and charts lay themselves out once, as dots, texts, rules and groups on pages (in the frame of
:mod:`braille.page_layout`); :mod:`braille.pdf` and :mod:`braille.svg` only draw those shapes. So both
outputs put every dot at the same place, and a test of one layout speaks for both.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from reportlab.pdfbase.pdfmetrics import stringWidth

from braille.cells import Cells
from braille.geometry import NLS, DotGeometry, Paper

__all__ = [
    "FAINT_GREY",
    "FAINT_SIZE",
    "FONT",
    "LIGHTEST_INK",
    "Dot",
    "Group",
    "Item",
    "Page",
    "Rule",
    "Sheet",
    "SheetOptions",
    "Text",
    "braille_dots",
    "flatten",
    "text_width",
    "wrap_print",
]

FONT = "Helvetica"
"""One of the PDF base fonts (no embedding needed); SVG asks for it with sans-serif fallbacks."""

Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True, slots=True)
class Dot:
    """A raised braille dot: a filled black circle. A ``faint`` dot is an empty dot place instead,
    drawn small and light grey so a sighted helper sees where the cell is (⠒ from ⠉) while a finger,
    or a swell-paper heater, finds nothing there."""

    x: float
    y: float
    diameter: float
    faint: bool = False


FAINT_GREY = 0.8
"""Grey of an empty dot place (0 black, 1 white)."""
FAINT_SIZE = 0.5
"""An empty dot place is drawn at this fraction of the dot diameter."""
LIGHTEST_INK = 0.8
"""On a sheet where only the dots may rise (swell paper), every other mark is at least this light:
swell paper rises where it is dark, and 20 % grey stays flat while a sighted helper can still read it."""


@dataclass(frozen=True, slots=True)
class Text:
    """Print text; (x, y) is the baseline point at ``anchor``; ``size`` is the font size in mm.
    ``grey`` is 0 for black, 1 for white."""

    x: float
    y: float
    text: str
    size: float
    anchor: Anchor = "start"
    grey: float = 0.0
    bold: bool = False


@dataclass(frozen=True, slots=True)
class Rule:
    """A straight line (cut guides, table rules, the scale bar)."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.15
    grey: float = 0.0
    dashed: bool = False


@dataclass(frozen=True, slots=True)
class Group:
    """Shapes that belong together (one label, one chart row). ``data`` becomes data-* attributes in
    SVG, so a program or a test can find a label by its card."""

    kind: str
    data: tuple[tuple[str, str], ...]
    items: tuple[Item, ...]


Item = Dot | Text | Rule | Group


@dataclass(frozen=True, slots=True)
class Page:
    items: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    """A whole document: paper, title (PDF metadata, SVG title) and pages."""

    paper: Paper
    title: str
    pages: tuple[Page, ...]
    only_dots_rise: bool = False

    def ink(self, grey: float) -> float:
        """The grey to draw a line or a word with: as asked, or light enough not to rise on swell paper."""
        return max(grey, LIGHTEST_INK) if self.only_dots_rise else grey


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetOptions:
    """How a print sheet is made, chosen once (from the command line, or for a whole kit) and handed
    to every sheet: the paper, the dot sizes, how the card code writes 10, whether empty dot places
    are drawn faintly, whether only the dots may rise (swell paper: every other mark light enough to
    stay flat) and the grade of the braille words. A sheet reads what concerns it: labels already
    hold their cells, so a label sheet reads neither ``ten_as_x`` nor ``grade``."""

    paper: Paper
    geometry: DotGeometry = NLS
    ten_as_x: bool = False
    empty_dots: bool = False
    only_dots_rise: bool = False
    grade: int = 1


def flatten(items: tuple[Item, ...]) -> Iterator[Dot | Text | Rule]:
    """Every shape, groups opened, in drawing order."""
    for item in items:
        if isinstance(item, Group):
            yield from flatten(item.items)
        else:
            yield item


def braille_dots(
    geometry: DotGeometry, cells: Cells, x: float, y: float, *, mirror: bool = False, empty: bool = False
) -> list[Dot]:
    """The dots of ``cells`` with dot 1 of the first cell centred at (x, y); with ``empty`` the empty
    dot places too, as faint dots, so the shape of each cell shows in print."""
    return [
        Dot(p.x, p.y, geometry.dot_diameter, faint=not p.raised)
        for p in geometry.positions(cells, x, y, mirror=mirror)
        if p.raised or empty
    ]


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """Width in mm of ``text`` set in :data:`FONT` at ``size`` mm (layout only; SVG viewers may
    substitute a similar font)."""
    return float(stringWidth(text, FONT + ("-Bold" if bold else ""), size))


def wrap_print(paragraphs: Sequence[str], width: float, size: float) -> list[str]:
    """Print paragraphs as lines no wider than ``width`` mm at ``size``, broken at spaces (a word wider
    than the line stands alone on its own); each paragraph starts a new line."""
    lines: list[str] = []
    for para in paragraphs:
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if line and text_width(trial, size) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
