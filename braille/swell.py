"""Braille pages drawn as raised dots, for swell (capsule) paper: a learner with a swell machine and no
embosser reads the chart's meanings, the drills and the rule book with the fingers.

On the print chart and practice sheet the words are print, grey enough to stay flat, for a sighted
helper. On swell paper that leaves a blind reader nothing but the symbol cells. So a swell sheet is
the braille document itself, the very pages the BRF and PEF files hold (same words, same grade, same
running head and page numbers), laid out for the paper: as many cells a line and lines a page as the
dot sizes allow inside the print margins, each cell drawn as true-size dots. The print title, the
info line and the 50 mm scale bar stay at the top and foot of the page, light enough not to rise.
"""

from __future__ import annotations

from collections.abc import Sequence

from braille.brf import PageFormat
from braille.cells import Cells, cells_to_unicode
from braille.geometry import DotGeometry, Paper
from braille.page_layout import BODY_TOP, MARGIN, SheetLayoutError, body_bottom, framed_sheet
from braille.sheet import Group, Item, Sheet, SheetOptions, braille_dots

__all__ = ["braille_pages_sheet", "swell_format"]


def swell_format(paper: Paper, geometry: DotGeometry) -> PageFormat:
    """The braille page that fits the paper's print area at these dot sizes (30 cells x 25 lines on A4
    at NLS sizes): whole cells from the left margin to the right one, whole lines from under the
    title to above the scale bar."""
    width = paper.width - 2 * MARGIN - (geometry.dot_spacing + geometry.dot_diameter)
    height = body_bottom(paper) - BODY_TOP - geometry.cell_height
    cells = int(width // geometry.cell_spacing) + 1 if width >= 0 else 0
    lines = int(height // geometry.line_spacing) + 1 if height >= 0 else 0
    if cells < 1 or lines < 1:
        raise SheetLayoutError(f"a {paper.name} page cannot hold one line of braille at these sizes")
    return PageFormat(cells, lines)


def braille_pages_sheet(pages: Sequence[Sequence[Cells]], options: SheetOptions, *, title: str, info: str) -> Sheet:
    """Each braille page (laid out for :func:`swell_format`) as one paper page of true-size dots, line
    ``i`` of the braille page ``i`` line spacings under the top of the print area, at the paper, dot
    sizes and empty dot places of ``options`` (the pages are made already: their grade and their 10
    are not read again). Every line is a group (``braille-line``, with its page, line and cells) so a
    program can read the sheet back."""
    geometry, paper = options.geometry, options.paper
    fmt = swell_format(paper, geometry)
    bodies: list[list[Item]] = []
    for p, page in enumerate(pages, start=1):
        if len(page) > fmt.lines_per_page or any(len(line) > fmt.cells_per_line for line in page):
            raise SheetLayoutError(f"braille page {p} is larger than the {fmt.cells_per_line} x "
                                   f"{fmt.lines_per_page} cells a {paper.name} page holds at these sizes")
        items: list[Item] = []
        for n, line in enumerate(page, start=1):
            if not any(not cell.is_blank for cell in line):
                continue
            x = MARGIN + geometry.radius
            y = BODY_TOP + geometry.radius + (n - 1) * geometry.line_spacing
            dots = braille_dots(geometry, line, x, y, empty=options.empty_dots)
            data = (("page", str(p)), ("line", str(n)), ("cells", cells_to_unicode(line)))
            items.append(Group("braille-line", data, tuple(dots)))
        bodies.append(items)
    return framed_sheet(paper, title, info, bodies, only_dots_rise=True)
