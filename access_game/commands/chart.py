"""The `chart` subcommand: the sheet a learner keeps next to the deck, in braille (BRF) or in print
with true-size dots (PDF, SVG). It takes the same deck, format, page and dot options as `labels`."""

from __future__ import annotations

import argparse

from access_game.commands.sheet_options import add_deck_sheet_command, write_deck_sheet
from speech.i18n import N_


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_deck_sheet_command(sub, "chart", run)


def run(args: argparse.Namespace) -> int:
    from braille.chart import CHART  # the print libraries, for this command only

    return write_deck_sheet(args, CHART, N_("Wrote the {title} chart ({count} symbols) {written}."))
