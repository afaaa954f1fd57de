"""A kind of sheet a learner is given for a whole deck (the chart, the practice sheet), described once
as a value, so that the `chart` and `practice` commands and the kit make every kind the same way.

Each kind is made three ways: as braille pages (BRF to emboss, PEF, in the grade asked for), as a
print sheet with true-size dots (PDF, SVG) for a sighted helper, and on swell paper. On swell paper
print words stay flat and leave a blind reader only the symbol cells, so there the sheet is its own
braille pages drawn as raised dots (:mod:`braille.swell`), words and all. What differs between kinds
is only their layouts, their titles and what they count; :class:`DeckSheet` holds those, and says
the rest once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from braille.brf import BRAILLE_PAGE, PageFormat, render_pages
from braille.cells import Cells
from braille.sheet import Sheet, SheetOptions
from braille.swell import braille_pages_sheet, swell_format
from engine.cards import Card
from speech.i18n import _

__all__ = ["BraillePages", "DeckSheet"]


class BraillePages(Protocol):
    """Lays out a deck sheet as braille pages of ``fmt``, its words in ``grade``."""

    def __call__(
        self, cards: Sequence[Card], title: str, fmt: PageFormat = ..., *, ten_as_x: bool = ..., grade: int = ...
    ) -> list[list[Cells]]: ...


@dataclass(frozen=True, slots=True)
class DeckSheet:
    """One kind of deck sheet. ``name`` is the command's and the kit's file names' ("chart": the kit
    writes five-crowns-chart.brf); ``heading`` gives the braille document's title (running head,
    title page, PEF metadata) and ``print_title`` the print and swell sheet's, from the deck's title;
    ``print_layout`` is the print sheet with its words in print, and ``swell_info`` (marked with
    ``N_``) the info line of the swell sheet; ``count`` is what the command reports having written
    (the chart's symbols, the practice sheet's drills), given the cards and ten-as-x."""

    name: str
    heading: Callable[[str], str]
    print_title: Callable[[str], str]
    braille_pages: BraillePages
    print_layout: Callable[[Sequence[Card], str, SheetOptions], Sheet]
    count: Callable[[Sequence[Card], bool], int]
    swell_info: str

    def brf(
        self, cards: Sequence[Card], title: str, fmt: PageFormat = BRAILLE_PAGE, *, ten_as_x: bool = False,
        grade: int = 1,
    ) -> bytes:
        """Embosser-ready BRF of the sheet."""
        return render_pages(self.braille_pages(cards, title, fmt, ten_as_x=ten_as_x, grade=grade), fmt)

    def sheet(self, cards: Sequence[Card], title: str, options: SheetOptions) -> Sheet:
        """The sheet to print: its print layout, or on swell paper (``options.only_dots_rise``) its
        braille pages laid out for the paper, every cell raised."""
        if not options.only_dots_rise:
            return self.print_layout(cards, title, options)
        fmt = swell_format(options.paper, options.geometry)
        raised = self.braille_pages(cards, title, fmt, ten_as_x=options.ten_as_x, grade=options.grade)
        return braille_pages_sheet(raised, options, title=self.print_title(title), info=_(self.swell_info))

