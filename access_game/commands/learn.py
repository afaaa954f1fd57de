"""The `learn` subcommand: a guided first hand of a game (access_game.lesson), then a real game if wanted.

The lesson is a prepared deal at the real table: before each step a line says which key to press and
why, and the end explains the scoring. Nothing of it is saved, so it never touches a game in progress.
"""

from __future__ import annotations

import argparse
import sys

from access_game.commands._common import UsageError, add_command, add_output_options
from access_game.commands.summaries import summary
from access_game.settings import Settings, settings_with_flags
from speech.i18n import _

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from access_game.catalog import games
    from access_game.game_choice import DEFAULT_GAME

    names = [e.name for e in games() if e.lesson is not None]
    p = add_command(sub, "learn", run, summary("learn"))
    p.add_argument("--game", type=str.casefold, metavar="GAME", default=DEFAULT_GAME,
                   help=_("the game to learn: {games} (default: {default})").format(games=", ".join(names),
                                                                                     default=DEFAULT_GAME))
    add_output_options(p)


def run(args: argparse.Namespace) -> int:
    from access_game.catalog import UnknownGame, games
    from access_game.catalog import game as catalog_game

    try:
        entry = catalog_game(args.game)
    except UnknownGame:
        entry = None
    if entry is None or entry.lesson is None or entry.table is None:
        raise UsageError(_("--game: there is no guided hand of {name!r}; games: {games}").format(
            name=args.game, games=", ".join(e.name for e in games() if e.lesson is not None)))
    if not sys.stdin.isatty():
        print(_("access-game: learn needs a terminal: standard input is not one."), file=sys.stderr)
        return 2
    settings, settings_note = settings_with_flags(args)
    from access_game.lesson import run_lesson
    from access_game.ui.early_keys import hold_keys

    hold_keys()  # keys typed before the first prompt reach it as typed

    return run_lesson(entry.name, settings, lambda kept: _real_game(entry.name, kept), settings_note=settings_note)


def _real_game(name: str, settings: Settings) -> int:
    """A new game of ``name`` at the table remembered for it (else its usual table), in its own save slot,
    where a saved game is offered first, as ``play --game NAME`` would."""
    import random

    from access_game.catalog import game as catalog_game
    from access_game.game_choice import GameChoice
    from access_game.saves import SaveStore
    from access_game.terminal_game import play_in_terminal

    # No players named: the launcher seats the table remembered for the game (remembered_plan).
    choice = GameChoice(name, [], settings.level, random.randrange(2**31))
    return play_in_terminal(choice, settings, saves=SaveStore(slot=catalog_game(name).save_slot))
