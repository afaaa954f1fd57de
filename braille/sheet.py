"""A printed sheet as plain shapes in millimetres, drawn the same way to PDF and to SVG.

Labels and charts lay themselves out once, as dots, texts, rules and groups on pages; :mod:`braille.pdf`
and :mod:`braille.svg` only draw those shapes. So both outputs put every dot at the same place, and a
test of one layout speaks for both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from reportlab.pdfbase.pdfmetrics import stringWidth

from braille.cells import Cells
from braille.geometry import NLS, DotGeometry, Paper
from speech.i18n import _

__all__ = [
    "BODY_TOP",
    "FAINT_GREY",
    "FAINT_SIZE",
    "FONT",
    "LIGHTEST_INK",
    "MARGIN",
    "Dot",
    "Group",
    "Item",
    "Page",
    "Rule",
    "Sheet",
    "SheetLayoutError",
    "SheetOptions",
    "Text",
    "body_bottom",
    "braille_dots",
    "flatten",
    "framed_sheet",
    "page_frame",
    "text_width",
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


class SheetLayoutError(ValueError):
    """The paper cannot hold what must go on it (one label, one chart row) at the sizes asked for."""


MARGIN = 12.0
"""Page margin in mm: inside what every printer can reach."""
TITLE_SIZE = 4.5
INFO_SIZE = 2.8
BODY_TOP = MARGIN + 16.0
"""Where the body (label grid, chart table) starts, under the title and the info line."""
FOOTER = 10.0
"""Height kept at the foot of the page for the scale bar."""
SCALE_BAR = 50.0


def page_frame(paper: Paper, title: str, info: str, page: int, pages: int) -> tuple[Item, ...]:
    """Title, info line with the page number, and a 50 mm scale bar at the foot.

    The bar is how a teacher checks that the sheet was printed at 100 %: if it does not measure 50 mm,
    neither do the dots, and swell-paper braille at the wrong size reads badly or not at all.
    """
    bar_y = paper.height - MARGIN - 1.0
    x0, x1 = MARGIN, MARGIN + SCALE_BAR
    return (
        Text(MARGIN, MARGIN + TITLE_SIZE, title, TITLE_SIZE, bold=True),
        Text(MARGIN, MARGIN + TITLE_SIZE + 5.5, _("{info} Page {page} of {pages}.").format(info=info, page=page,
                                                                                          pages=pages),
             INFO_SIZE, grey=0.2),
        Group(
            "scale-bar",
            (("length-mm", f"{SCALE_BAR:g}"),),
            (
                Rule(x0, bar_y, x1, bar_y, width=0.3),
                Rule(x0, bar_y - 1.5, x0, bar_y + 1.5, width=0.3),
                Rule(x1, bar_y - 1.5, x1, bar_y + 1.5, width=0.3),
                Text(
                    x1 + 3.0,
                    bar_y + 1.0,
                    _("Print at 100 % (actual size, not fit to page): this bar measures {length} mm.").format(
                        length=f"{SCALE_BAR:g}"
                    ),
                    INFO_SIZE,
                    grey=0.2,
                ),
            ),
        ),
    )


def body_bottom(paper: Paper) -> float:
    """The lowest y the body may reach, above the scale bar."""
    return paper.height - MARGIN - FOOTER


def framed_sheet(
    paper: Paper,
    title: str,
    info: str | Callable[[int], str],
    bodies: Sequence[Sequence[Item]],
    *,
    only_dots_rise: bool = False,
) -> Sheet:
    """The sheet whose pages are these bodies, each under the same frame (:func:`page_frame`: the
    title, the info line with "Page n of m", the scale bar). ``info`` is the info line of every page,
    or gives the one of page n (1 the first) where pages say different things."""
    pages = tuple(
        Page((*page_frame(paper, title, info if isinstance(info, str) else info(p), p, len(bodies)), *body))
        for p, body in enumerate(bodies, start=1)
    )
    return Sheet(paper, title, pages, only_dots_rise=only_dots_rise)
