"""The `practice` subcommand: the learner's practice sheet of confusable cells, in braille (BRF) or in
print with true-size dots (PDF, SVG), the answers on a page of their own. It takes the same deck,
format, page and dot options as `chart`."""

from __future__ import annotations

import argparse

from access_game.commands.sheet_options import add_deck_sheet_command, write_deck_sheet
from speech.i18n import _


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_deck_sheet_command(sub, "practice", run)


def run(args: argparse.Namespace) -> int:
    from braille.practice import (  # the print libraries, for this command only
        make_drills,
        practice_brf_pages,
        practice_heading,
        practice_sheet,
    )

    title, cards, written = write_deck_sheet(args, practice_brf_pages, practice_sheet, practice_heading)
    drills = len(make_drills(cards, ten_as_x=args.ten_as_x))
    print(_("Wrote the {title} practice sheet ({drills} drills) {written}.").format(title=title, drills=drills,
                                                                                    written=written))
    return 0
