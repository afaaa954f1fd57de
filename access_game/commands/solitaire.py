"""The `solitaire` subcommand: Five Crowns solitaire at the terminal, by ear and by braille.

It runs through the same launcher as ``play`` (settings, speech, autosave, resume), with a save slot
of its own, so a solitaire deal in progress never replaces a Five Crowns game in progress. The same
``--seed`` deals the same piles and stock, which is how a deal from ``simulate --game solitaire``
(game i of seed S is deal S+i) is replayed by hand.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from access_game.catalog import game as catalog_game
from access_game.commands._common import UsageError, add_command, add_output_options
from access_game.commands.summaries import summary
from access_game.game_choice import given_options, option_dest, option_metavar
from access_game.table_plan import YOU
from speech.i18n import _

__all__ = ["SAVE_SLOT", "check_args", "play_solitaire", "register", "run"]

#: Where a solitaire deal in progress is kept: the catalog's slot for the game.
SAVE_SLOT = catalog_game("solitaire").save_slot
MAX_SEED = 2**63 - 1


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "solitaire", run,
                    summary("solitaire"))
    p.add_argument("--seed", type=int, help=_("the deal's number (the same seed deals the same game)"))
    # No name given is the player's own record (table_plan.YOU, which is no word to show in the help).
    p.add_argument("--name", help=_("whose record the result counts in (default: your own)"))
    add_output_options(p, braille=False)
    p.add_argument("--new", action="store_true", help=_("deal a new game even if one is saved (the saved one is kept)"))
    for opt in catalog_game("solitaire").options:  # the rule options, as `play --game solitaire` takes them
        if opt.flag is not None:
            p.add_argument(opt.flag, dest=option_dest(opt.flag), metavar=option_metavar(opt), help=_(opt.help))


def check_args(args: argparse.Namespace) -> tuple[int, str]:
    """The seed and the player's name; UsageError says what is wrong with them."""
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise UsageError(_("--seed is a whole number from 0 to {MAX_SEED}").format(MAX_SEED=MAX_SEED))
    name = YOU if args.name is None else str(args.name).strip()
    if not name:
        raise UsageError(_("--name cannot be empty"))
    given_options(catalog_game("solitaire"), args)  # a bad rule option is refused before anything starts
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    return seed, name


def run(args: argparse.Namespace) -> int:
    seed, name = check_args(args)
    if not sys.stdin.isatty():
        print(_("access-game: solitaire needs a terminal: standard input is not one."), file=sys.stderr)
        return 2
    return play_solitaire(args, seed, name)


def play_solitaire(args: argparse.Namespace, seed: int, name: str, *, saves: Any = None, **terminal: Any) -> int:
    """The game at the terminal; tests pass pipe input, their own output, backend and save store."""
    from access_game.game_choice import GameChoice, table_options
    from access_game.saves import SaveStore
    from access_game.settings import settings_with_flags
    from access_game.terminal_game import play_in_terminal

    settings, settings_note = settings_with_flags(args)
    entry = catalog_game("solitaire")
    options = table_options(entry, [name], seed, settings, given_options(entry, args))
    choice = GameChoice("solitaire", [name], settings.level, seed, options)
    return play_in_terminal(
        choice,
        settings,
        settings_note=settings_note,
        force_new=args.new,
        saves=saves if saves is not None else SaveStore(slot=SAVE_SLOT),
        **terminal,
    )
