"""The `practice` subcommand: the learner's practice sheet of confusable cells, in braille (BRF) or in
print with true-size dots (PDF, SVG), the answers on a page of their own. It takes the same deck,
format, page and dot options as `chart`."""

from __future__ import annotations

import argparse

from access_game.commands.sheet_options import add_deck_sheet_command, write_deck_sheet
from speech.i18n import N_


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_deck_sheet_command(sub, "practice", run)


def run(args: argparse.Namespace) -> int:
    from braille.practice import PRACTICE  # the print libraries, for this command only

    return write_deck_sheet(args, PRACTICE, N_("Wrote the {title} practice sheet ({count} drills) {written}."))
