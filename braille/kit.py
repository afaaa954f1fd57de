"""A teacher's kit for one game: everything to make and learn its tactile deck, as files.

- ``GAME-labels.brf`` to emboss, and ``GAME-labels.pdf`` for swell paper or print;
- ``GAME-chart.brf`` and ``GAME-chart.pdf``, the card code of the deck;
- ``GAME-label-key.pdf``, which tells a sighted helper which embossed label is which;
- ``GAME-practice.brf`` and ``GAME-practice.pdf``, drills on the cells that feel alike.

Everything is made in memory first, so a size that does not fit refuses the whole kit and no file
is half written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from braille.brf import BRAILLE_PAGE, PageFormat
from braille.chart import chart_brf, chart_sheet
from braille.decks import GAME_DECKS, GameDeck, build_deck
from braille.geometry import NLS, DotGeometry, Paper
from braille.keysheet import key_sheet
from braille.labels import labels_brf, labels_sheet, make_labels
from braille.pdf import render_pdf
from braille.practice import practice_brf, practice_sheet
from braille.sheet import Group, Sheet
from speech.i18n import _

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
        raise ValueError(_("unknown game {name}: the games are {games}").format(name=repr(game),
                                                                                games=", ".join(GAME_DECKS)))
    return found


def _brf_pages(data: bytes) -> int:
    return data.count(b"\f") + 1


def make_kit(
    game: str,
    *,
    paper: Paper,
    geometry: DotGeometry = NLS,
    fmt: PageFormat = BRAILLE_PAGE,
    ten_as_x: bool = False,
    empty_dots: bool = False,
    only_dots_rise: bool = False,
) -> list[KitFile]:
    """Every file of the game's kit, in the order a teacher uses them."""
    which = game_deck(game)
    cards = build_deck(which.deck, which.sets)
    title = _(which.title)
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

    def add_brf(suffix: str, what: str, make: Callable[[], bytes]) -> None:
        data = make()
        files.append(KitFile(f"{name}-{suffix}.brf", what, _brf_pages(data), data))

    def add_pdf(suffix: str, what: str, sheet: Sheet) -> None:
        files.append(KitFile(f"{name}-{suffix}.pdf", what, len(sheet.pages), render_pdf(sheet)))

    add_brf("labels", _("{count} labels to emboss").format(count=labels.count), lambda: labels_brf(labels, fmt))
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
        ),
    )
    sheets = (
        ("chart", _("the card code, to emboss"), _("the card code in print"), chart_brf, chart_sheet),
        (
            "practice",
            _("drills on cells that feel alike, to emboss"),
            _("the drills in print, answers on their own page"),
            practice_brf,
            practice_sheet,
        ),
    )
    for suffix, brf_what, print_what, make_brf, make_sheet in sheets:
        add_brf(suffix, brf_what, partial(make_brf, cards, title, fmt, ten_as_x=ten_as_x))
        made = make_sheet(
            cards,
            title,
            geometry=geometry,
            paper=paper,
            ten_as_x=ten_as_x,
            empty_dots=empty_dots,
            only_dots_rise=only_dots_rise,
        )
        add_pdf(suffix, print_what, made)
    return files
