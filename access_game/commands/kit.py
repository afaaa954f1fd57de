"""The `kit` subcommand: a game's whole teacher's kit in one folder (labels, chart, label key,
practice sheet; BRF to emboss, PDF to print). It takes the page and print options of `labels`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from access_game.commands._common import UsageError, add_command
from access_game.commands.sheet_options import add_page_options, page_format, print_options, write_output
from access_game.commands.summaries import summary

if TYPE_CHECKING:
    from braille.rule_words import RuleBook
from speech.i18n import _, ngettext
from speech.refusal_words import error_text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from access_game.catalog import games

    parser = add_command(
        sub,
        "kit",
        run,
        summary("kit"),
    )
    parser.add_argument(
        "--game", default="five-crowns", metavar="GAME",
        help=_("{names} (default five-crowns)").format(names=", ".join(e.name for e in games()))
    )
    parser.add_argument("-o", "--output", metavar="DIR", help=_("the folder to write the kit in (made if missing)"))
    add_page_options(parser, mirror=False)


def _folder(text: str | None) -> Path:
    if not text:
        raise UsageError(_("name the folder to write the kit in with -o DIR"))
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise UsageError(_("'{path}' is a file; name a folder for the kit").format(path=path))
    if not path.exists() and not path.parent.is_dir():
        raise UsageError(_("there is no folder '{parent}' to make '{name}' in").format(parent=path.parent,
            name=path.name))
    return path


def _rule_book(name: str) -> RuleBook | None:
    """The game's rule book, as the catalog names it (None: the game has none)."""
    from access_game.catalog import game, resolve

    path = game(name).rule_book
    if path is None:
        return None
    book: RuleBook = resolve(path)()
    return book


def run(args: argparse.Namespace) -> int:
    from access_game.catalog import UnknownGame, game
    from braille.kit import make_kit  # the print libraries, for this command only

    folder = _folder(args.output)
    try:
        which = game(args.game).game_deck()
    except UnknownGame as exc:
        raise UsageError(str(exc)) from None
    options = print_options(args)
    fmt = page_format(args)
    try:
        files = make_kit(which, options, fmt=fmt, rule_book=_rule_book(which.game), rules_grade=args.grade or 2)
    except ValueError as exc:
        raise UsageError(error_text(exc)) from None
    try:
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise UsageError(_("cannot make the folder '{folder}': {value}").format(folder=folder,
            value=exc.strerror or exc)) from None
    for file in files:
        write_output(folder / file.name, file.data)
    print(_("Wrote the {title} kit ({note}) to {folder}:").format(title=_(which.title), note=_(which.note),
                                                                        folder=folder))
    for file in files:
        pages = ngettext("{n} page", "{n} pages", file.pages).format(n=file.pages)
        print(_("{file}: {what}, {pages}.").format(file=file.name, what=file.what, pages=pages))
    return 0
