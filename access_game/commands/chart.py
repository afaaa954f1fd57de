"""The `chart` subcommand: the sheet a learner keeps next to the deck, in braille (BRF) or in print
with true-size dots (PDF, SVG). It takes the same deck, format, page and dot options as `labels`."""

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
from braille.chart import chart_brf, chart_entries, chart_sheet


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = add_command(
        sub,
        "chart",
        run,
        "Make the braille chart of a deck: every symbol with its dots, its meaning and an example card.",
    )
    add_output_options(parser, mirror=False)


def run(args: argparse.Namespace) -> int:
    fmt, path = output_format(args)
    title, cards = deck_cards(args)
    try:
        if fmt == "brf":
            data = chart_brf(cards, title, page_format(args), ten_as_x=args.ten_as_x)
            pages = data.count(b"\f") + 1
        else:
            geometry, paper = print_setup(args)
            sheet = chart_sheet(
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
    symbols = len(chart_entries(cards, ten_as_x=args.ten_as_x))
    print(f"Wrote the {title} chart ({symbols} symbols) on {pages} page{'s' if pages != 1 else ''} to {path}.")
    return 0
