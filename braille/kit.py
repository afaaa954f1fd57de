"""A teacher's kit for one game: everything to make and learn its tactile deck, as files.

- ``GAME-labels.brf`` to emboss, and ``GAME-labels.pdf`` for swell paper or print;
- ``GAME-chart.brf`` and ``GAME-chart.pdf``, the card code of the deck;
- ``GAME-label-key.pdf``, which tells a sighted helper which embossed label is which;
- ``GAME-practice.brf`` and ``GAME-practice.pdf``, drills on the cells that feel alike.

- ``GAME-rules.brf``, ``GAME-rules.pef`` and ``GAME-rules.pdf`` (swell paper), the game's rule book,
  when the game has one (the catalog names it).

Every braille file comes twice: as BRF, which every embosser takes, and as PEF (``GAME-chart.pef``),
the same pages with every cell named in Unicode, for braille software and embossers that read it.

Everything is made in memory first, so a size that does not fit refuses the whole kit and no file
is half written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from braille.brf import BRAILLE_PAGE, PageFormat, render_pages
from braille.cells import Cells
from braille.chart import CHART
from braille.decks import GameDeck, build_deck
from braille.geometry import SWELL
from braille.keysheet import key_sheet
from braille.labels import labels_brf_pages, labels_sheet, make_labels
from braille.pdf import render_pdf
from braille.pef import render_pef
from braille.practice import PRACTICE
from braille.rule_words import RuleBook
from braille.rulebook import rule_book_pages
from braille.sheet import Group, Sheet, SheetOptions
from braille.swell import braille_pages_sheet, swell_format
from speech.i18n import _, language

__all__ = ["KitFile", "make_kit"]


@dataclass(frozen=True, slots=True)
class KitFile:
    """One file of the kit: its name, what it is for, its page count and its bytes."""

    name: str
    what: str
    pages: int
    data: bytes


def make_kit(
    which: GameDeck, options: SheetOptions, *, fmt: PageFormat = BRAILLE_PAGE, rule_book: RuleBook | None = None,
    rules_grade: int = 2,
) -> list[KitFile]:
    """Every file of the game's kit, in the order a teacher uses them (``which``: the game's deck, as
    the application's catalog gives it); every print sheet made with ``options``, the braille words of
    every sheet (BRF, PEF, and the swell-paper PDFs) in its grade, the rule book's in ``rules_grade``.

    The rule book's PDF is always for swell paper, its braille pages drawn as raised dots: at the
    given dot sizes when the kit is for swell paper, else at the swell preset's."""
    cards = build_deck(which.deck, which.sets)
    title = _(which.title)
    grade, paper = options.grade, options.paper
    labels = make_labels(cards, ten_as_x=options.ten_as_x, title=title)
    label_print = labels_sheet(labels, options)
    places = sorted(
        (int(d["number"]), (int(d["page"]), int(d["row"]), int(d["column"])))
        for page in label_print.pages
        for g in page.items
        if isinstance(g, Group) and g.kind == "label"
        for d in [dict(g.data)]
    )
    name = which.game
    files: list[KitFile] = []

    def add_brf(suffix: str, what: str, make: Callable[[], list[list[Cells]]], heading: str) -> None:
        """The BRF file and, after it, the PEF file of the same pages."""
        pages = make()
        files.append(KitFile(f"{name}-{suffix}.brf", what, len(pages), render_pages(pages, fmt)))
        pef = render_pef(pages, fmt, title=heading, identifier=f"access-game/{name}-{suffix}", language=language())
        files.append(KitFile(f"{name}-{suffix}.pef", _("{what}, as PEF").format(what=what), len(pages), pef))

    def add_pdf(suffix: str, what: str, sheet: Sheet) -> None:
        files.append(KitFile(f"{name}-{suffix}.pdf", what, len(sheet.pages), render_pdf(sheet)))

    add_brf(
        "labels",
        _("{count} labels to emboss").format(count=labels.count),
        lambda: labels_brf_pages(labels, fmt, grade=grade),
        labels.heading,
    )
    add_pdf("labels", _("{count} labels in true-size print").format(count=labels.count), label_print)
    add_pdf(
        "label-key",
        _("which embossed label is which, for a sighted helper"),
        key_sheet(
            labels,
            paper=paper,
            fmt=fmt,
            print_places=[p for _, p in places],
            brf_name=f"{name}-labels.brf",
            print_name=f"{name}-labels.pdf",
            grade=grade,
        ),
    )
    swell = options.only_dots_rise  # on swell paper a sheet is its braille pages in raised dots
    sheets = (
        (CHART, _("the card code, to emboss"),
         _("the card code in raised braille, for swell paper") if swell else _("the card code in print")),
        (PRACTICE, _("drills on cells that feel alike, to emboss"),
         _("the drills in raised braille, for swell paper, answers after them") if swell
         else _("the drills in print, answers on their own page")),
    )
    for kind, brf_what, print_what in sheets:
        add_brf(kind.name, brf_what, partial(kind.braille_pages, cards, title, fmt, ten_as_x=options.ten_as_x,
                                             grade=grade), kind.heading(title))
        add_pdf(kind.name, print_what, kind.sheet(cards, title, options))
    if rule_book is not None:
        book = rule_book
        add_brf("rules", _("the rule book, to emboss"),
                lambda: rule_book_pages(book, fmt, grade=rules_grade), book.title)
        raised_dots = SheetOptions(paper=paper, geometry=options.geometry if swell else SWELL)
        raised = rule_book_pages(book, swell_format(paper, raised_dots.geometry), grade=rules_grade)
        swell_sheet = braille_pages_sheet(raised, raised_dots, title=book.title,
                                          info=_("The rule book in braille, to raise on swell paper."))
        add_pdf("rules", _("the rule book for swell paper"), swell_sheet)
    return files
