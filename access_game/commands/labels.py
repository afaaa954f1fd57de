"""The `labels` subcommand: braille labels for a physical deck, as BRF, PDF or SVG.

Every check is made before anything is written, so a bad option leaves no half-made file behind.
The label, sheet and print modules (reportlab, PIL) are imported only when a document is made, so
every other command starts without them. The deck, format, page and dot options are
access_game.commands.sheet_options, which `chart`, `practice` and `kit` take too.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from access_game.commands._common import UsageError, add_command
from access_game.commands.sheet_options import (
    MAX_PER_CARD,
    MAX_SETS,
    add_output_options,
    check_size,
    deck_cards,
    output_format,
    plural_pages,
    write_document,
    write_output,
)
from access_game.commands.summaries import summary
from braille.stock import CARDS, CORNERS, STOCKS
from speech.i18n import N_, _, language

if TYPE_CHECKING:
    from braille.labels import LabelSet
    from braille.register import Embosser
    from braille.sheet import Sheet, SheetOptions
    from braille.stock import LabelStock


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_command(
        sub,
        "labels",
        run,
        summary("labels"),
    )
    add_output_options(parser, mirror=True)
    parser.add_argument(
        "--sets",
        type=int,
        metavar="N",
        help=_("Five Crowns sets of 116 cards (default 1), or 52-card decks for standard and no-twos (default 2)"),
    )
    parser.add_argument(
        "--per-card", type=int, default=2, metavar="N", help=_("labels per card (default 2, for opposite corners)")
    )
    parser.add_argument(
        "--stock", metavar="STOCK", type=str.casefold,
        help=_("print or emboss onto sheets of die-cut labels: {names} (the stock sets the paper; in brf and pef "
               "each label is placed in register at the embosser's margins)").format(names=", ".join(STOCKS)),
    )
    parser.add_argument("--card", choices=list(CARDS), type=str.casefold,
                        help=_("brf and pef: a page for each card, the card fed as the paper, its code a quarter "
                               "inch in from two corners (poker 63 x 88 mm, bridge 57 x 89 mm)"))
    parser.add_argument("--corners", choices=CORNERS, type=str.casefold,
                        help=_("with --card: where the code goes (default top-left,bottom-right; top-left,top-right "
                               "for those who fan the cards the other way)"))
    parser.add_argument("--calibration", action="store_true",
                        help=_("with --stock in brf and pef: one page of full cells at the corners of each label "
                               "and of the page, to check the embosser's margins on plain paper"))
    embosser = parser.add_argument_group(_("Embosser, for --stock and --card in brf and pef (mm)"))
    for name, default, what in _EMBOSSER_OPTIONS:
        embosser.add_argument(f"--embosser-{name}", type=float, metavar="MM",
                              help=_(what).format(default=f"{default:g}"))


_EMBOSSER_OPTIONS = (
    ("left", 6.0, N_("the embosser's left margin: paper edge to the first dot of a line (default {default})")),
    ("top", 6.0, N_("the embosser's top margin: paper edge to the first dot of a page (default {default})")),
    ("cell", 6.2, N_("the embosser's cell pitch, 6.0 to 6.3 (default {default})")),
    ("line", 10.0, N_("the embosser's line pitch (default {default})")),
)
"""The embosser's settings (name, default in mm, help): where its cells land on the paper."""


def _embosser(args: argparse.Namespace, card: bool) -> Embosser:
    """The embosser the options describe; on a card the margins default to a quarter inch, where the
    code starts. A pitch out of range is a usage error."""
    from braille.register import CORNER_INSET, Embosser

    values = {name: getattr(args, f"embosser_{name}") for name, _default, _what in _EMBOSSER_OPTIONS}
    if card:
        values = {"left": CORNER_INSET, "top": CORNER_INSET} | {k: v for k, v in values.items() if v is not None}
    try:
        return Embosser(**{k: v for k, v in values.items() if v is not None})
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _in_register(args: argparse.Namespace, fmt: str, path: Path, labels: LabelSet,
                 stock: LabelStock | None) -> int:
    """Labels embossed in register (on die-cut stock, or straight on cards): their own page size, set
    by the paper and the embosser; the number of pages written."""
    from braille.brf import render_pages
    from braille.pef import render_pef
    from braille.register import card_pages, stock_pages

    if args.cells_per_line is not None or args.lines_per_page is not None:
        raise UsageError(_("--stock and --card set the page from the paper and the embosser; leave out "
                           "--cells-per-line and --lines-per-page"))
    embosser = _embosser(args, card=stock is None)
    try:
        if stock is not None:
            page, laid = stock_pages(labels, stock, embosser, calibration=args.calibration)
        else:
            # One page a card: its code goes at two corners of that one page, so one copy of each.
            once = [label for label in labels.labels if label.copy == 1]
            page, laid = card_pages(once, CARDS[args.card], embosser, args.corners or CORNERS[0])
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if fmt == "brf":
        data = render_pages(laid, page)
    else:
        data = render_pef(laid, page, title=labels.heading, identifier=f"access-game/{path.stem}",
                          language=language())
    write_output(path, data)
    return len(laid)


def run(args: argparse.Namespace) -> int:
    from braille.labels import labels_brf_pages, labels_sheet, make_labels, stock_sheet

    fmt, path = output_format(args)
    register_only = [f for f, v in (("--calibration", args.calibration),) if v]
    register_only += [f"--embosser-{name}" for name, _d, _w in _EMBOSSER_OPTIONS
                      if getattr(args, f"embosser_{name}") is not None]
    misplaced = fmt not in ("brf", "pef") or (args.card is None and args.stock is None)
    if args.corners and args.card is None:
        raise UsageError(_("{flags} apply to brf and pef with --stock or --card").format(flags="--corners"))
    if args.card is not None and args.mirror:
        raise UsageError(_("--card and --mirror do not go together: a card template is drawn as the card reads"))
    if register_only and (misplaced or (args.calibration and args.stock is None)):
        raise UsageError(_("{flags} apply to brf and pef with --stock or --card").format(
            flags=", ".join(register_only)))
    if args.card is not None and args.stock is not None:
        raise UsageError(_("--card and --stock are two ways to place labels: choose one"))
    stock = None
    if args.stock is not None:
        stock = STOCKS.get(args.stock)
        if stock is None:
            raise UsageError(_("unknown label stock '{stock}': the stocks are {names}").format(
                stock=args.stock, names=", ".join(STOCKS)))
        if args.paper is not None:
            raise UsageError(_("--stock {stock} sets the paper; leave out --paper").format(stock=stock.name))
    check_size("--sets", args.sets, MAX_SETS)
    check_size("--per-card", args.per_card, MAX_PER_CARD)
    title, cards = deck_cards(args, args.sets)
    if args.per_card < 1:
        raise UsageError(_("--per-card must be at least 1, not {per_card}").format(per_card=args.per_card))
    labels = make_labels(cards, per_card=args.per_card, ten_as_x=args.ten_as_x, title=title)
    if fmt in ("brf", "pef") and (stock is not None or args.card is not None):
        pages = _in_register(args, fmt, path, labels, stock)
        if args.calibration:
            print(_("Wrote the calibration page for {stock} labels to {path}.").format(stock=args.stock, path=path))
        elif stock is None:
            print(_("Wrote the code of {cards} cards, a page for each {size} card, to {path}.").format(
                cards=pages, size=args.card, path=path))
        else:
            print(_("Wrote {labels} labels ({cards} cards x {per_card}) on {pages} to {path}.").format(
                labels=labels.count, cards=len(cards), per_card=args.per_card, pages=plural_pages(pages), path=path))
        return 0
    sheet: Callable[[SheetOptions], Sheet] = partial(labels_sheet, labels, mirror=args.mirror)
    if args.card is not None:
        from braille.register import card_sheet

        size, corners = CARDS[args.card], args.corners or CORNERS[0]
        once = [label for label in labels.labels if label.copy == 1]

        def sheet(options: SheetOptions) -> Sheet:  # a slate's template: the cards true size
            return card_sheet(once, size, options.paper, corners, geometry=options.geometry,
                              only_dots_rise=options.only_dots_rise)
    if stock is not None:
        on_stock = stock

        def sheet(options: SheetOptions) -> Sheet:  # the stock sets the paper
            return stock_sheet(labels, on_stock, geometry=options.geometry, mirror=args.mirror,
                               empty_dots=options.empty_dots, only_dots_rise=options.only_dots_rise)

    pages = write_document(
        args, fmt, path, partial(labels_brf_pages, labels, grade=args.grade or 1), sheet, title=labels.heading,
    )
    if args.card is not None:
        print(_("Wrote the {size} card template of {cards} cards on {pages} to {path}.").format(
            size=args.card, cards=len(cards), pages=plural_pages(pages), path=path))
        return 0
    print(_("Wrote {labels} labels ({cards} cards x {per_card}) on {pages} to {path}.").format(
        labels=labels.count, cards=len(cards), per_card=args.per_card, pages=plural_pages(pages), path=path))
    return 0
