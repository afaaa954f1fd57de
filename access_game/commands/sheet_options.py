"""What the commands that make sheets share (labels, chart, practice, kit): the deck, format, page and
dot options, their checks (every one made before anything is written, so a bad option leaves no
half-made file behind) and the writing of the document. A helper of those commands, not a command:
no command imports another.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from access_game.commands._common import UsageError, add_command, add_ten_as_x_option
from access_game.commands.summaries import summary
from braille.brf import BRAILLE_PAGE, PageFormat
from braille.decks import DECKS, build_deck
from braille.geometry import NLS, PAPERS, PRESETS, DotGeometry, Preset, locale_paper
from engine.cards import Card
from speech.i18n import N_, _, language, ngettext
from speech.phrases import join_words
from speech.refusal_words import error_text

if TYPE_CHECKING:
    from braille.cells import Cells
    from braille.deck_sheet import DeckSheet
    from braille.sheet import Sheet, SheetOptions

FORMATS = ("brf", "pef", "pdf", "svg")
#: The formats of braille pages (cells per line, lines per page), as against true-size print.
BRAILLE_FORMATS = ("brf", "pef")
#: Upper bounds on every size typed on the command line: far above any real use, low enough that a
#: typing slip (--sets 100000000) is refused at once instead of filling memory or running for ever.
MAX_SETS = 8
MAX_PER_CARD = 8
MAX_CELLS_PER_LINE = 200
MAX_LINES_PER_PAGE = 200
_GEOMETRY_OPTIONS = ("dot_diameter", "dot_spacing", "cell_spacing", "line_spacing")
_BRF_OPTIONS = ("cells_per_line", "lines_per_page")


def add_output_options(parser: argparse.ArgumentParser, *, mirror: bool) -> None:
    """Deck, format, output, BRF page and print options (labels and chart)."""
    parser.add_argument(
        "--deck", default="five-crowns", type=str.casefold, metavar="DECK",
        help=_("the deck, by game ({games}) or by kind ({kinds}); default five-crowns").format(
            games=", ".join(_game_decks()), kinds=", ".join(DECKS)),
    )
    parser.add_argument(
        "--format", dest="fmt", metavar="FORMAT",
        help=_("brf, pef, pdf or svg (default: from the output file's extension)")
    )
    parser.add_argument("-o", "--output", metavar="FILE", help=_("the file to write"))
    add_page_options(parser, mirror=mirror)


def add_page_options(parser: argparse.ArgumentParser, *, mirror: bool) -> None:
    """The BRF page and print options alone, for the kit, which names a game and a folder instead."""
    add_ten_as_x_option(parser)
    parser.add_argument("--notation", choices=("dropped", "hand"), type=str.casefold,
                        help=_("the card code, dropped|hand: the dropped digits (the default), or the "
                               "teachers' hand notation (a to i for ace to 9, x for 10, two cells a card)"))
    parser.add_argument("--grade", type=int, choices=(1, 2), default=None, metavar="1|2",
                        help=_("the braille of the words (titles, notes, meanings, drills): 1 uncontracted, "
                               "2 contracted (default 1; a kit's rule book 2); cards are the card code in both"))
    brf = parser.add_argument_group(_("BRF (embosser) page"))
    brf.add_argument("--cells-per-line", type=int, metavar="N",
                     help=_("default {n}").format(n=BRAILLE_PAGE.cells_per_line))
    brf.add_argument("--lines-per-page", type=int, metavar="N",
                     help=_("default {n}").format(n=BRAILLE_PAGE.lines_per_page))
    prt = parser.add_argument_group(_("PDF and SVG (true-size print; sizes in mm, NLS Specification 800 by default)"))
    prt.add_argument("--paper", metavar="PAPER",
                     help=_("a4 or letter (default: letter in the US and Canada, else a4, from the locale)"))
    prt.add_argument(
        "--preset",
        metavar="PRESET",
        help=_("dot sizes: standard (NLS, the default) or swell (NLS-size dots; lines and words too light to rise)"),
    )
    prt.add_argument(
        "--empty-dots", action="store_true", help=_("draw each cell's empty dot places faintly, for a sighted helper")
    )
    prt.add_argument("--dot-diameter", type=float, metavar="MM",
                     help=_("dot base diameter (default {mm})").format(mm=NLS.dot_diameter))
    prt.add_argument("--dot-spacing", type=float, metavar="MM",
                     help=_("dot to dot in a cell (default {mm})").format(mm=NLS.dot_spacing))
    prt.add_argument("--cell-spacing", type=float, metavar="MM",
                     help=_("cell to cell (default {mm})").format(mm=NLS.cell_spacing))
    prt.add_argument("--line-spacing", type=float, metavar="MM",
                     help=_("line to line (default {mm})").format(mm=NLS.line_spacing))
    if mirror:
        prt.add_argument(
            "--mirror", action="store_true", help=_("mirror each label's dots, for writing from the back with a slate")
        )


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def output_format(args: argparse.Namespace) -> tuple[str, Path]:
    """The format and the output path, checked; options that do not apply to the format are refused."""
    if not args.output:
        raise UsageError(_("name the file to write with -o FILE"))
    path = Path(args.output)
    if path.is_dir():
        raise UsageError(_("'{path}' is a folder; name a file to write").format(path=path))
    fmt = path.suffix.lower().lstrip(".") if args.fmt is None else args.fmt.lower()
    if fmt not in FORMATS:
        if args.fmt is not None:
            raise UsageError(_("unknown format '{fmt}': the formats are {names}").format(fmt=args.fmt,
                names=', '.join(FORMATS)))
        raise UsageError(_("say --format {formats} (the file name '{name}' does not tell)").format(
            formats=join_words(list(FORMATS), N_("or")), name=path.name))
    if fmt in BRAILLE_FORMATS:
        wrong = [n for n in (*_GEOMETRY_OPTIONS, "paper", "preset") if getattr(args, n, None) is not None]
        wrong += [n for n in ("mirror", "empty_dots") if getattr(args, n, False)]
        if wrong:
            raise UsageError(_("{flags} apply to pdf and svg, not {fmt}").format(
                flags=", ".join(_flag(n) for n in wrong), fmt=fmt))
    else:
        wrong = [n for n in _BRF_OPTIONS if getattr(args, n) is not None]
        if wrong:
            raise UsageError(_("{names} apply to brf and pef, not {fmt}").format(
                names=', '.join(_flag(n) for n in wrong), fmt=fmt))
    if not path.parent.is_dir():
        raise UsageError(_("there is no folder '{parent}' to write '{name}' in").format(parent=path.parent,
            name=path.name))
    return fmt, path


def _game_decks() -> dict[str, tuple[str, str]]:
    """Each game in the catalog whose deck is not named after the game itself: (deck, title) by game."""
    from access_game.catalog import games

    return {e.name: (e.decks[0], e.title) for e in games() if e.decks and e.name != e.decks[0]}


def deck_cards(args: argparse.Namespace, sets: int | None = None) -> tuple[str, list[Card]]:
    """The deck's title and cards (a game named gives its deck, titled by the game), or a UsageError
    naming the decks."""
    deck, title = _game_decks().get(args.deck, (args.deck, ""))
    if deck not in DECKS:
        names = [*_game_decks(), *DECKS]
        raise UsageError(_("unknown deck '{deck}': the decks are {names}").format(deck=args.deck,
            names=', '.join(dict.fromkeys(names))))
    try:
        cards = build_deck(deck, sets)
    except ValueError as exc:
        raise UsageError(error_text(exc)) from None
    return _(title or DECKS[deck].title), list(cards)  # the titles are the catalog's, said in the player's language


def check_size(flag: str, value: int | None, high: int) -> None:
    """Refuse a size above ``high`` (exit 2 with the flag and the bound); sizes too small have their own
    reasons, given where the size is used."""
    if value is not None and value > high:
        raise UsageError(_("{flag} must be at most {high}, not {value}").format(flag=flag, high=high, value=value))


def page_format(args: argparse.Namespace) -> PageFormat:
    check_size("--cells-per-line", args.cells_per_line, MAX_CELLS_PER_LINE)
    check_size("--lines-per-page", args.lines_per_page, MAX_LINES_PER_PAGE)
    try:
        return PageFormat(
            args.cells_per_line if args.cells_per_line is not None else BRAILLE_PAGE.cells_per_line,
            args.lines_per_page if args.lines_per_page is not None else BRAILLE_PAGE.lines_per_page,
        )
    except ValueError as exc:
        raise UsageError(error_text(exc)) from None


def print_preset(args: argparse.Namespace) -> Preset:
    """The --preset named (any case), standard by default."""
    name = (args.preset or "standard").lower()
    if name not in PRESETS:
        raise UsageError(_("unknown preset '{preset}': the presets are {names}").format(preset=args.preset,
            names=', '.join(PRESETS)))
    return PRESETS[name]


def print_options(args: argparse.Namespace) -> SheetOptions:
    """The print sheet's options: the paper, the dot sizes (the preset's, each size option overriding
    it), 10 as x or not, empty dot places, swell paper or not (the preset's), and the grade of the
    words (1 unless asked)."""
    from braille.sheet import SheetOptions

    paper_name = locale_paper(os.environ).name if args.paper is None else args.paper.lower()
    if paper_name not in PAPERS:
        raise UsageError(_("unknown paper '{paper}': the papers are {names}").format(paper=args.paper,
            names=', '.join(PAPERS)))
    preset = print_preset(args)
    sizes = {n: getattr(args, n) if getattr(args, n) is not None else getattr(preset.geometry, n)
             for n in _GEOMETRY_OPTIONS}
    try:
        geometry = DotGeometry(**sizes)
    except ValueError as exc:
        raise UsageError(error_text(exc)) from None
    return SheetOptions(paper=PAPERS[paper_name], geometry=geometry, ten_as_x=args.ten_as_x,
                        empty_dots=args.empty_dots, only_dots_rise=preset.only_dots_rise, grade=args.grade or 1)


def write_output(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise UsageError(_("cannot write '{path}': {value}").format(path=path, value=exc.strerror or exc)) from None


def render(fmt: str, sheet: Sheet) -> bytes:
    if fmt == "pdf":
        from braille.pdf import render_pdf

        return render_pdf(sheet)
    from braille.svg import render_svg

    return render_svg(sheet).encode("utf-8")


def write_document(
    args: argparse.Namespace,
    fmt: str,
    path: Path,
    braille_pages: Callable[[PageFormat], list[list[Cells]]],
    sheet: Callable[[SheetOptions], Sheet],
    *,
    title: str,
) -> int:
    """Make the document in the format asked and write it; the number of pages written.

    ``braille_pages`` is given the braille page and lays out the pages of cells, written as BRF or as
    PEF (titled ``title``, identified by the file's name); ``sheet`` is given the print options
    (:func:`print_options`). Labels, chart and practice sheets all go through here, so each takes the
    same page and print options and reports a bad size the same way."""
    try:
        if fmt in BRAILLE_FORMATS:
            from braille.brf import render_pages
            from braille.pef import render_pef

            page = page_format(args)
            laid = braille_pages(page)
            pages = len(laid)
            if fmt == "brf":
                data = render_pages(laid, page)
            else:
                data = render_pef(laid, page, title=title, identifier=f"access-game/{path.stem}",
                                  language=language())
        else:
            made = sheet(print_options(args))
            data = render(fmt, made)
            pages = len(made.pages)
    except ValueError as exc:
        raise UsageError(error_text(exc)) from None
    write_output(path, data)
    return pages


def plural_pages(pages: int) -> str:
    return ngettext("{n} page", "{n} pages", pages).format(n=pages)


def add_deck_sheet_command(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str,
                           run: Callable[[argparse.Namespace], int]) -> None:
    """A command that prints one sheet of the whole deck (`chart`, `practice`): its summary, and the deck,
    format, page and dot options (no mirroring: a sheet is read, not stuck on a card)."""
    add_output_options(add_command(sub, name, run, summary(name)), mirror=False)


def write_deck_sheet(args: argparse.Namespace, kind: DeckSheet, wrote: str) -> int:
    """Write a sheet of this kind made from the whole deck under its title (the chart, the practice
    sheet), then say so: ``wrote`` (marked with ``N_``) is the sentence, with the deck's ``{title}``,
    the ``{count}`` of what the kind counts, and ``{written}``, where the sheet went ("on 2 pages to
    chart.brf"). The command's status, 0."""
    fmt, path = output_format(args)
    title, cards = deck_cards(args)
    grade = args.grade or 1
    pages = write_document(
        args,
        fmt,
        path,
        partial(kind.braille_pages, cards, title, ten_as_x=args.ten_as_x, grade=grade),
        partial(kind.sheet, cards, title),
        title=kind.heading(title),
    )
    written = _("on {pages} to {path}").format(pages=plural_pages(pages), path=path)
    print(_(wrote).format(title=title, count=kind.count(cards, args.ten_as_x), written=written))
    return 0
