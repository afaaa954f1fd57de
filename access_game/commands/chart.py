"""The `chart` subcommand: the sheet a learner keeps next to the deck, in braille (BRF) or in print
with true-size dots (PDF, SVG). It takes the same deck, format, page and dot options as `labels`."""

from __future__ import annotations

import argparse

from access_game.commands.sheet_options import add_deck_sheet_command, write_deck_sheet
from speech.i18n import _


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_deck_sheet_command(sub, "chart", run)


def run(args: argparse.Namespace) -> int:
    from braille.chart import (  # the print libraries, for this command only
        chart_brf_pages,
        chart_entries,
        chart_heading,
        chart_sheet,
    )

    title, cards, written = write_deck_sheet(args, chart_brf_pages, chart_sheet, chart_heading)
    symbols = len(chart_entries(cards, ten_as_x=args.ten_as_x))
    print(_("Wrote the {title} chart ({symbols} symbols) {written}.").format(title=title, symbols=symbols,
                                                                             written=written))
    return 0
