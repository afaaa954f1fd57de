"""The page every print sheet shares (all but the die-cut label stock, where everything printed lands
on a card): its margins, its frame (the title, the info line with the page number, the 50 mm scale
bar at the foot) and the body between them, where each sheet lays out its labels, table, drills or
braille lines.

Every sheet puts its body pages in the same frame through :func:`framed_sheet`, so a teacher finds
the title, the page count and the actual-size check at the same place on the labels, the chart, the
practice sheet, the label key and the swell-paper pages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from braille.geometry import Paper
from braille.sheet import Group, Item, Page, Rule, Sheet, Text
from speech.i18n import _

__all__ = ["BODY_TOP", "MARGIN", "SheetLayoutError", "body_bottom", "framed_sheet", "page_frame"]


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
