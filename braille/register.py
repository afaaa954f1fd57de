"""Braille embossed in register: each card label's cells placed where a die-cut label is, or straight
on a playing card, for an embosser that puts cell ``c`` of line ``n`` at a known place on the paper.

A BRF or PEF file says only which cell goes in which column of which line; where that lands is the
embosser's: its left and top margins (where column 1 and line 1 are), its cell pitch (6.0 to 6.3 mm)
and its line pitch (10 mm). Given those (:class:`Embosser`, the ``--embosser-*`` options), this module
chooses, for each die-cut label of a stock (:mod:`braille.stock`), the lines and columns whose cells
lie wholly inside it, :data:`~braille.labels.STOCK_INSET` clear of its edge, and writes each card
label there, one blank cell between two card labels for the scissors. Every other cell of the page is
blank: nothing lands between the labels, so the file has no running head and no page number. A
calibration page embosses a full cell (⠿) at the first and last place of every label's zone and at the
corners of the page: embossed on plain paper and held against a sheet of labels to the light, it shows
whether the margins are right before a sheet of labels is spent.

A card template places one card's code straight on a card (poker 63 x 88 mm, bridge 57 x 89 mm) fed
to the embosser as its paper: at the top-left corner, a quarter inch in, and again at the
bottom-right (or the top-right, for a reader who fans the cards the other way), as teachers who
braille decks by hand do. :func:`cell_box` says where each cell's dots are, so the tests measure every
cell against its zone.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from braille.brf import PageFormat
from braille.cells import BLANK, Cell, Cells
from braille.geometry import NLS, DotGeometry, Paper
from braille.labels import STOCK_INSET, Label, LabelSet
from braille.page_layout import MARGIN
from braille.sheet import Group, Item, Page, Rule, Sheet, braille_dots
from braille.stock import CARDS, CORNERS, CardSize, LabelStock

__all__ = [
    "CALIBRATION_MARK",
    "CARDS",
    "CORNERS",
    "CORNER_INSET",
    "CardSize",
    "Embosser",
    "Zone",
    "card_pages",
    "card_sheet",
    "card_zones",
    "cell_box",
    "stock_pages",
    "stock_zones",
]

CALIBRATION_MARK = Cell.from_dots("123456")
"""⠿, the full cell the calibration page embosses at the corners of each label's zone."""

CORNER_INSET = 6.35
"""A quarter inch (mm): how far in from a card's corner its code starts, as hand-brailled decks put it."""


@dataclass(frozen=True, slots=True)
class Embosser:
    """Where an embosser puts its cells: ``left`` and ``top`` (mm from the paper's left and top edges
    to the first dot of column 1 and of line 1, its margins), the cell pitch ``cell`` (6.0-6.3 mm)
    and the line pitch ``line`` (10 mm by default). Dot sizes are NLS's."""

    left: float = 6.0
    top: float = 6.0
    cell: float = 6.2
    line: float = 10.0

    def __post_init__(self) -> None:
        if not 6.0 <= self.cell <= 6.3:
            raise ValueError(f"an embosser's cell pitch is 6.0 to 6.3 mm, not {self.cell:g}")
        if not 9.5 <= self.line <= 11.0:
            raise ValueError(f"an embosser's line pitch is 9.5 to 11 mm, not {self.line:g}")
        if not (0 <= self.left <= 50 and 0 <= self.top <= 50):
            raise ValueError("an embosser's margins are 0 to 50 mm")

    def format(self, width: float, height: float) -> PageFormat:
        """The cells a line and the lines a page of paper ``width`` x ``height`` mm hold."""
        cells = math.floor((width - self.left - _CELL_W) / self.cell) + 1
        lines = math.floor((height - self.top - _CELL_H) / self.line) + 1
        if cells < 1 or lines < 1:
            raise ValueError(f"paper of {width:g} x {height:g} mm holds no cell with these margins")
        return PageFormat(cells, lines)


_CELL_W = NLS.dot_spacing + NLS.dot_diameter
"""A cell's dots from the left edge of dot 1 to the right edge of dot 4 (mm)."""
_CELL_H = 2 * NLS.dot_spacing + NLS.dot_diameter
"""A cell's dots from the top edge of dot 1 to the bottom edge of dot 3 (mm)."""


@dataclass(frozen=True, slots=True)
class Zone:
    """A rectangle on the paper, in mm from its top left: a die-cut label inside its clear edge, or a
    corner of a card."""

    x0: float
    y0: float
    x1: float
    y1: float

    def holds(self, box: tuple[float, float, float, float]) -> bool:
        x0, y0, x1, y1 = box
        return self.x0 - 1e-9 <= x0 and x1 <= self.x1 + 1e-9 and self.y0 - 1e-9 <= y0 and y1 <= self.y1 + 1e-9


def cell_box(embosser: Embosser, column: int, line: int) -> tuple[float, float, float, float]:
    """Where the dots of the cell in ``column`` of ``line`` (0 based) fall on the paper: left, top,
    right, bottom in mm."""
    x = embosser.left + column * embosser.cell
    y = embosser.top + line * embosser.line
    return x, y, x + _CELL_W, y + _CELL_H


def stock_zones(stock: LabelStock) -> list[Zone]:
    """Each die-cut label of a sheet, inside its clear edge."""
    zones = []
    for index in range(stock.per_sheet):
        x, y = stock.place(index)
        zones.append(Zone(x + STOCK_INSET, y + STOCK_INSET, x + stock.label_width - STOCK_INSET,
                          y + stock.label_height - STOCK_INSET))
    return zones


def _slots(embosser: Embosser, zone: Zone, fmt: PageFormat) -> tuple[list[int], list[int]]:
    """The lines and the columns whose cells lie wholly inside ``zone``."""
    lines = [n for n in range(fmt.lines_per_page)
             if zone.y0 - 1e-9 <= cell_box(embosser, 0, n)[1] and cell_box(embosser, 0, n)[3] <= zone.y1 + 1e-9]
    columns = [c for c in range(fmt.cells_per_line)
               if zone.x0 - 1e-9 <= cell_box(embosser, c, 0)[0] and cell_box(embosser, c, 0)[2] <= zone.x1 + 1e-9]
    return lines, columns


def stock_pages(labels: LabelSet, stock: LabelStock, embosser: Embosser, *,
                calibration: bool = False) -> tuple[PageFormat, list[list[Cells]]]:
    """The BRF pages that emboss ``labels`` onto sheets of ``stock`` in register (one page a sheet),
    or with ``calibration`` the one calibration page. Raises ValueError when a label cannot hold one
    card label at these margins."""
    fmt = embosser.format(stock.paper.width, stock.paper.height)
    slots = [_slots(embosser, zone, fmt) for zone in stock_zones(stock)]
    if calibration:
        grid = [[BLANK] * fmt.cells_per_line for _ in range(fmt.lines_per_page)]
        for lines, columns in slots:
            if lines and columns:
                grid[lines[0]][columns[0]] = grid[lines[-1]][columns[-1]] = CALIBRATION_MARK
        for n in (0, fmt.lines_per_page - 1):
            for c in (0, fmt.cells_per_line - 1):
                grid[n][c] = CALIBRATION_MARK
        return fmt, [[tuple(line) for line in grid]]
    places: list[tuple[int, int, int]] = []  # (die-cut label, line, first column) for each card label
    for die, (lines, columns) in enumerate(slots):
        for n in lines:
            c = columns[0] if columns else 0
            while columns and c + labels.widest - 1 <= columns[-1]:
                places.append((die, n, c))
                c += labels.widest + 1
    if not places:
        raise ValueError(f"a {stock.name} label holds no card label at these embosser margins")
    pages: list[list[list[Cell]]] = []
    for k, label in enumerate(labels.labels):
        _die, n, c = places[k % len(places)]
        if k % len(places) == 0:
            pages.append([[BLANK] * fmt.cells_per_line for _ in range(fmt.lines_per_page)])
        pages[-1][n][c : c + len(label.cells)] = list(label.cells)
    return fmt, [[tuple(line) for line in page] for page in pages]


def card_zones(size: CardSize, corners: str) -> list[Zone]:
    """Where a card's code may go: from a quarter inch in at each of its two corners (``corners``:
    'top-left,bottom-right', the default, or 'top-left,top-right' for those who fan the other way)
    to the middle of the card, never nearer its edge than the quarter inch."""
    half_w, half_h = size.width / 2, size.height / 2
    zones = {
        "top-left": Zone(CORNER_INSET, CORNER_INSET, half_w, half_h),
        "top-right": Zone(half_w, CORNER_INSET, size.width - CORNER_INSET, half_h),
        "bottom-right": Zone(half_w, half_h, size.width - CORNER_INSET, size.height - CORNER_INSET),
    }
    return [zones[name] for name in corners.split(",")]


def card_pages(labels: Sequence[Label], size: CardSize, embosser: Embosser,
               corners: str = CORNERS[0]) -> tuple[PageFormat, list[list[Cells]]]:
    """One BRF page a card, the card fed as the embosser's paper: each card's code at the top-left
    corner, a quarter inch in, and again at the bottom-right (or top-right), in the cells nearest
    those corners that lie inside the card's corner zones. Raises ValueError when the card is too small
    for the code at these margins."""
    fmt = embosser.format(size.width, size.height)
    zones = card_zones(size, corners)
    pages = []
    for label in labels:
        grid = [[BLANK] * fmt.cells_per_line for _ in range(fmt.lines_per_page)]
        width = len(label.cells)
        for zone in zones:
            lines, columns = _slots(embosser, zone, fmt)
            fits = [c for c in columns if c + width - 1 in columns]
            if not lines or not fits:
                raise ValueError(f"a {size.name} card holds no {width}-cell code in its corner at these margins")
            right = zone.x1 >= size.width - CORNER_INSET - 1e-9
            bottom = zone.y1 >= size.height - CORNER_INSET - 1e-9
            n = lines[-1] if bottom else lines[0]
            c = fits[-1] if right else fits[0]
            grid[n][c : c + width] = list(label.cells)
        pages.append([tuple(line) for line in grid])
    return fmt, pages


CARD_GAP = 4.0
"""mm between two cards drawn on a slate template page."""


def card_sheet(labels: Sequence[Label], size: CardSize, paper: Paper, corners: str = CORNERS[0], *,
               geometry: DotGeometry = NLS, only_dots_rise: bool = False) -> Sheet:
    """The card template for a slate (or to look at): each card drawn true size, its outline a light
    cut guide, its code's dots where :func:`card_pages` places them on the embossed card (a quarter
    inch in from its corners, at the cell and line pitch of ``geometry``); as many cards a page as
    fit inside the print margins."""
    embosser = Embosser(left=CORNER_INSET, top=CORNER_INSET, cell=geometry.cell_spacing,
                        line=geometry.line_spacing)
    _fmt, pages = card_pages(labels, size, embosser, corners)
    across = int((paper.width - 2 * MARGIN + CARD_GAP) // (size.width + CARD_GAP))
    down = int((paper.height - 2 * MARGIN + CARD_GAP) // (size.height + CARD_GAP))
    if across < 1 or down < 1:
        raise ValueError(f"a {paper.name} page cannot hold one {size.name} card")
    per_page = across * down
    sheet_pages: list[Page] = []
    r = geometry.radius
    for k, (label, grid) in enumerate(zip(labels, pages, strict=True)):
        row, column = divmod(k % per_page, across)
        x0 = MARGIN + column * (size.width + CARD_GAP)
        y0 = MARGIN + row * (size.height + CARD_GAP)
        items: list[Item] = list(_outline(x0, y0, size.width, size.height))
        for n, line in enumerate(grid):
            if any(not cell.is_blank for cell in line):
                top = y0 + embosser.top + n * embosser.line + r
                items += braille_dots(geometry, line, x0 + embosser.left + r, top)
        group = Group("card", (("card", label.card.code), ("x", f"{x0:.4f}"), ("y", f"{y0:.4f}")), tuple(items))
        if k % per_page == 0:
            sheet_pages.append(Page(()))
        sheet_pages[-1] = Page((*sheet_pages[-1].items, group))
    return Sheet(paper, f"{size.name} card template", tuple(sheet_pages), only_dots_rise=only_dots_rise)


def _outline(x: float, y: float, w: float, h: float) -> tuple[Rule, ...]:
    """A card's edge, thin and light: where to cut, or where to set the card under the slate."""
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
    return tuple(Rule(a[0], a[1], b[0], b[1], width=0.15, grey=0.65) for a, b in itertools.pairwise(corners))
