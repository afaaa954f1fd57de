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
)
from access_game.commands.summaries import summary
from braille.stock import STOCKS
from speech.i18n import _

if TYPE_CHECKING:
    from braille.sheet import Sheet, SheetOptions


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
        help=_("print onto sheets of die-cut clear labels: {names} (pdf and svg; the stock sets the paper)").format(
            names=", ".join(STOCKS)),
    )


def run(args: argparse.Namespace) -> int:
    from braille.labels import labels_brf_pages, labels_sheet, make_labels, stock_sheet

    fmt, path = output_format(args)
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
    sheet: Callable[[SheetOptions], Sheet] = partial(labels_sheet, labels, mirror=args.mirror)
    if stock is not None:
        on_stock = stock

        def sheet(options: SheetOptions) -> Sheet:  # the stock sets the paper
            return stock_sheet(labels, on_stock, geometry=options.geometry, mirror=args.mirror,
                               empty_dots=options.empty_dots, only_dots_rise=options.only_dots_rise)

    pages = write_document(
        args, fmt, path, partial(labels_brf_pages, labels, grade=args.grade or 1), sheet, title=labels.heading,
    )
    print(_("Wrote {labels} labels ({cards} cards x {per_card}) on {pages} to {path}.").format(
        labels=labels.count, cards=len(cards), per_card=args.per_card, pages=plural_pages(pages), path=path))
    return 0
