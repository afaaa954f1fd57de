"""The ``access-game`` command: one parser, one small module per subcommand.

Each module in :mod:`access_game.commands` exposes ``register(subparsers)``, which adds its parser
and sets ``func`` to a callable taking the parsed arguments and returning the exit status. Bad
arguments exit 2 with usage (argparse does it; commands raise :class:`UsageError` for checks argparse
cannot make), so a script or a player learns what was wrong and nothing is written.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from access_game import __version__
from access_game.commands._common import LANG_OPTION, add_lang_option
from speech.i18n import LANGUAGES, _, set_language

COMMAND_MODULES = ("play", "solitaire", "hand", "braille_cmd", "labels", "chart", "practice", "kit", "simulate",
                   "keys")


class UsageError(Exception):
    """A bad argument found after parsing; reported with usage, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="access-game",
        description=_("Card games for blind players: spoken, in braille, by keyboard. "
                      "With no command, resumes your saved game or starts Five Crowns."),
    )
    parser.add_argument("--version", action="version", version=f"access-game {__version__}")
    add_lang_option(parser, default=None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        module = importlib.import_module(f"access_game.commands.{name}")
        module.register(sub)
    return parser


def _leading_lang(args: list[str]) -> tuple[list[str], list[str]]:
    """The ``--lang X`` options before the command, and the rest."""
    head: list[str] = []
    rest = list(args)
    while rest and (rest[0] == LANG_OPTION or rest[0].startswith(LANG_OPTION + "=")):
        take = 1 if "=" in rest[0] or len(rest) == 1 else 2
        head, rest = head + rest[:take], rest[take:]
    return head, rest


def asked_language(args: Sequence[str]) -> str | None:
    """The language the command line asks for (the last ``--lang``), before anything is parsed, so the
    help and every message are made in it; None when not asked or not one the game speaks."""
    asked = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == LANG_OPTION and i + 1 < len(args):
            asked = args[i + 1]
        elif arg.startswith(LANG_OPTION + "="):
            asked = arg.split("=", 1)[1]
    code = asked.strip().casefold() if asked is not None else None
    return code if code in LANGUAGES else None


def choose_language(args: Sequence[str]) -> str:
    """Set the language of this run before any sentence is made: ``--lang``, else the settings' choice,
    else the system's locale; English the fallback."""
    from access_game.settings import resolve_language, stored_language

    lang = asked_language(args) or resolve_language(stored_language())
    set_language(lang)
    return lang


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    choose_language(args_list)
    parser = build_parser()
    head, rest = _leading_lang(args_list)
    if not rest or (rest[0].startswith("-") and rest[0] not in ("-h", "--help", "--version")):
        args_list = [*head, "play", *rest]
    args = parser.parse_args(args_list)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return int(func(args) or 0)
    except UsageError as exc:
        sub_parser = getattr(args, "parser", parser)
        sub_parser.print_usage(sys.stderr)
        print(_("access-game: error: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
