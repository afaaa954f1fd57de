"""The `practice` subcommand: the learner's practice sheet of confusable cells, in braille (BRF) or in
print with true-size dots (PDF, SVG), the answers on a page of their own. It takes the same deck,
format, page and dot options as `chart`."""

from __future__ import annotations

import argparse

from access_game.cli import UsageError
from access_game.commands._common import add_command
from access_game.commands.labels import (
    add_output_options,
    deck_cards,
    output_format,
    page_format,
    print_preset,
    print_setup,
    render,
    write_output,
)
from braille.practice import make_drills, practice_brf, practice_sheet


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = add_command(
        sub,
        "practice",
        run,
        "Make a braille practice sheet: drills on the cells of the code that feel alike, answers on their own page.",
    )
    add_output_options(parser, mirror=False)


def run(args: argparse.Namespace) -> int:
    fmt, path = output_format(args)
    title, cards = deck_cards(args)
    try:
        if fmt == "brf":
            data = practice_brf(cards, title, page_format(args), ten_as_x=args.ten_as_x)
            pages = data.count(b"\f") + 1
        else:
            geometry, paper = print_setup(args)
            sheet = practice_sheet(
                cards,
                title,
                geometry=geometry,
                paper=paper,
                ten_as_x=args.ten_as_x,
                empty_dots=args.empty_dots,
                only_dots_rise=print_preset(args).only_dots_rise,
            )
            data = render(fmt, sheet)
            pages = len(sheet.pages)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    write_output(path, data)
    drills = len(make_drills(cards, ten_as_x=args.ten_as_x))
    print(f"Wrote the {title} practice sheet ({drills} drills) on {pages} page{'s' if pages != 1 else ''} to {path}.")
    return 0
