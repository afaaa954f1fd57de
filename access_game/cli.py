"""The ``access-game`` command: one parser, one small module per subcommand.

Each module in :mod:`access_game.commands` exposes ``register(subparsers)``, which adds its parser
and sets ``func`` to a callable taking the parsed arguments and returning the exit status. Bad
arguments exit 2 with usage (argparse does it; commands raise :class:`UsageError` for checks argparse
cannot make), so a script or a player learns what was wrong and nothing is written.

A command line that names its command builds the parser of that command alone, so `access-game hand`
imports the hand checker and not the game tables, the rules of every game or the print libraries; a
player checking a real deck runs it many times (``python -m access_game.bench_startup``).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from access_game import __version__

COMMAND_MODULES = ("play", "solitaire", "hand", "braille_cmd", "labels", "chart", "practice", "kit", "simulate",
                   "keys", "serve", "bench_server", "host", "join")


class UsageError(Exception):
    """A bad argument found after parsing; reported with usage, exit status 2."""


def _module_of(command: str) -> str | None:
    """The module of a command named on the command line ('braille' is braille_cmd); None: no such command."""
    return {m.removesuffix("_cmd"): m for m in COMMAND_MODULES}.get(command)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or (``only``: a module of COMMAND_MODULES) the parser with that command alone."""
    parser = argparse.ArgumentParser(
        prog="access-game",
        description="Card games for blind players: spoken, in braille, by keyboard. "
        "With no command, resumes your saved game or starts Five Crowns.",
    )
    parser.add_argument("--version", action="version", version=f"access-game {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES if only is None else (only,):
        module = importlib.import_module(f"access_game.commands.{name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in ("-h", "--help", "--version")):
        args_list = ["play", *args_list]
    parser = build_parser(_module_of(args_list[0]))
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
        print(f"access-game: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
