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
from braille.chart import chart_brf_pages, chart_heading, chart_sheet
from braille.decks import GAME_DECKS, GameDeck, build_deck
from braille.geometry import NLS, SWELL, DotGeometry, Paper
from braille.keysheet import key_sheet
from braille.labels import labels_brf_pages, labels_sheet, make_labels
from braille.pdf import render_pdf
from braille.pef import render_pef
from braille.practice import practice_brf_pages, practice_heading, practice_sheet
from braille.rule_words import RuleBook
from braille.rulebook import rule_book_pages
from braille.sheet import Group, Sheet
from braille.swell import braille_pages_sheet, swell_format
from speech.i18n import _, language

__all__ = ["KitFile", "game_deck", "make_kit"]


@dataclass(frozen=True, slots=True)
class KitFile:
    """One file of the kit: its name, what it is for, its page count and its bytes."""

    name: str
    what: str
    pages: int
    data: bytes


def game_deck(game: str) -> GameDeck:
    """The game by name, in any case; ValueError naming the games."""
    found = GAME_DECKS.get(game.strip().lower())
    if found is None:
        raise ValueError(f"unknown game '{game}': the games are {', '.join(GAME_DECKS)}")
    return found


def make_kit(
    game: str,
    *,
    paper: Paper,
    geometry: DotGeometry = NLS,
    fmt: PageFormat = BRAILLE_PAGE,
    ten_as_x: bool = False,
    empty_dots: bool = False,
    only_dots_rise: bool = False,
    grade: int = 1,
    rule_book: RuleBook | None = None,
    rules_grade: int = 2,
) -> list[KitFile]:
    """Every file of the game's kit, in the order a teacher uses them; the braille words of every
    sheet (BRF, PEF, and the swell-paper PDFs) in ``grade``, the rule book's in ``rules_grade``.

    The rule book's PDF is always for swell paper, its braille pages drawn as raised dots: at the
    given dot sizes when the kit is for swell paper, else at the swell preset's."""
    which = game_deck(game)
    cards = build_deck(which.deck, which.sets)
    title = which.title
    labels = make_labels(cards, ten_as_x=ten_as_x, title=title)
    label_print = labels_sheet(
        labels, geometry=geometry, paper=paper, empty_dots=empty_dots, only_dots_rise=only_dots_rise
    )
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
    sheets = (
        # On swell paper a sheet is its braille pages in raised dots, not the print table.
        ("chart", _("the card code, to emboss"),
         _("the card code in raised braille, for swell paper") if only_dots_rise else _("the card code in print"),
         chart_brf_pages, chart_sheet, chart_heading(title)),
        (
            "practice",
            _("drills on cells that feel alike, to emboss"),
            _("the drills in raised braille, for swell paper, answers after them") if only_dots_rise
            else _("the drills in print, answers on their own page"),
            practice_brf_pages,
            practice_sheet,
            practice_heading(title),
        ),
    )
    for suffix, brf_what, print_what, make_brf, make_sheet, heading in sheets:
        add_brf(suffix, brf_what, partial(make_brf, cards, title, fmt, ten_as_x=ten_as_x, grade=grade), heading)
        made = make_sheet(
            cards,
            title,
            geometry=geometry,
            paper=paper,
            ten_as_x=ten_as_x,
            empty_dots=empty_dots,
            only_dots_rise=only_dots_rise,
            grade=grade,
        )
        add_pdf(suffix, print_what, made)
    if rule_book is not None:
        book = rule_book
        add_brf("rules", _("the rules, scoring and hand-by-hand table, to emboss"),
                lambda: rule_book_pages(book, fmt, grade=rules_grade), book.title)
        dots = geometry if only_dots_rise else SWELL
        raised = rule_book_pages(book, swell_format(paper, dots), grade=rules_grade)
        swell_sheet = braille_pages_sheet(raised, title=book.title, info=_("The rule book in braille, to raise on "
                                          "swell paper."), geometry=dots, paper=paper)
        add_pdf("rules", _("the rule book for swell paper"), swell_sheet)
    return files
