"""The `play` subcommand (also what `access-game` runs with no command): a game at the terminal.

With a saved game it asks first whether to resume; otherwise it starts Five Crowns against three
computer players (or the game --game names: each game has its own save slot). A saved game is never
lost: declining to resume keeps it aside under a new name, and a damaged one is reported and kept aside
the same way. When a game ends the player may pick another game, which starts in the same terminal.
The game chosen is made by access_game.game_choice and played by access_game.terminal_game.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from access_game.catalog import GameOption
from access_game.commands._common import add_command, add_output_options, choice
from access_game.commands.summaries import summary
from access_game.game_choice import DEFAULT_GAME, choose_game, option_dest, option_metavar, remembered_choice
from access_game.settings import LEVELS, settings_with_flags
from access_game.table_plan import COMPUTER_NAMES
from speech.i18n import _, pgettext

__all__ = ["first_start", "nothing_of_the_table", "register", "run"]


class _Later:
    """A help text part made when the help is printed (argparse puts it in through ``%(name)s``)."""

    def __init__(self, make: Callable[[], str]) -> None:
        self._make = make

    def __str__(self) -> str:
        return self._make()


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from access_game.catalog import games  # the catalog is cheap to import: it names tables, not loads them

    entries = games()
    others = [e.name for e in entries if e.name != DEFAULT_GAME]
    p = add_command(sub, "play", run, summary("play"))
    p.add_argument("--game", type=str.casefold, metavar="GAME",
                   help=_("the game: {default} (the default), {games} or {last}").format(
                       default=DEFAULT_GAME, games=", ".join(others[:-1]), last=others[-1]))
    players = p.add_argument("--players", type=int,
                             help=_("number of players, you included (default 4; {ranges})").format(
                                 ranges="%(ranges)s"))
    # Each game's player count is its rules': said only when the help is printed, so a command line
    # that plays does not load the rules of every game first.
    players.ranges = _Later(lambda: pgettext("between the games' player counts", "; ").join(  # type: ignore[attr-defined]
        f"{e.spoken_title} {_span(e.player_range)}" for e in entries))
    p.add_argument("--names", nargs="+", metavar="NAME",
                   help=_("names: the computer players', or everyone's with yours first"))
    p.add_argument("--level", **choice(LEVELS),
                   help=_("computer players' level (default from settings: normal)"))
    p.add_argument("--seed", type=int, help=_("seed for the shuffles (the same seed deals the same game)"))
    add_output_options(p)
    p.add_argument("--audio-player", metavar="CMD",
                   help=_("a program that plays WAV audio from its standard input, for the game's own voice "
                   "(for example 'aplay -q -D plughw:1')"))
    p.add_argument("--new", action="store_true",
                   help=_("start a new game even if one is saved (the saved one is kept)"))
    rules = p.add_argument_group(_("rule options (each for the games named)"))
    flags: dict[str, list[tuple[str, GameOption]]] = {}
    for entry in entries:
        for opt in entry.options:
            if opt.flag is not None:
                flags.setdefault(opt.flag, []).append((entry.spoken_title, opt))
    for flag, uses in flags.items():
        opt = uses[0][1]
        rules.add_argument(flag, dest=option_dest(flag), metavar=option_metavar(opt),
                           help=_("{names}: {help}").format(names=", ".join(title for title, _opt in uses),
                                                            help=_(opt.help)))


def _span(players: tuple[int, int]) -> str:
    low, high = players
    if low == high == 1:
        return _("1 player")
    return _("{low} to {high}").format(low=low, high=min(high, len(COMPUTER_NAMES) + 1))


def run(args: argparse.Namespace) -> int:
    settings, settings_note = settings_with_flags(args)
    set_up = first_start(args)
    # With nothing of the table on the command line there is nothing to check first: the table is the
    # one remembered (or set up by keys at the first start), and the games' rules are loaded after the
    # first line is out.
    choice = (remembered_choice(settings) if nothing_of_the_table(args) else None) or choose_game(args, settings)
    if not sys.stdin.isatty():
        print(_("access-game: play needs a terminal: standard input is not one."), file=sys.stderr)
        return 2
    from access_game.ui.early_keys import hold_keys

    hold_keys()  # keys typed before the first prompt reach it as typed (the first line comes before it)
    from access_game.catalog import game as catalog_game
    from access_game.saves import SaveStore
    from access_game.terminal_game import play_in_terminal

    # With no game named, a game saved in another game's slot is offered too: 'access-game' is
    # what every "your game is saved" message tells the player to run.
    return play_in_terminal(choice, settings, settings_note=settings_note, force_new=args.new,
                            saves=SaveStore(slot=catalog_game(choice.game).save_slot), any_saved=args.game is None,
                            set_up=set_up)


def nothing_of_the_table(args: argparse.Namespace) -> bool:
    """Whether nothing of the table is given on the command line (a game, players, names, a level, a seed
    or a rule option): the table is the one remembered, and there is nothing to check before it."""
    if any(getattr(args, name, None) is not None for name in ("game", "players", "names", "level", "seed")):
        return False
    return not any(value is not None for name, value in vars(args).items() if name.startswith("option_"))


def first_start(args: argparse.Namespace) -> bool:
    """Whether the table is set up by keys before the first game: no settings file yet, and nothing of
    the table given on the command line."""
    from access_game.settings import settings_path

    return nothing_of_the_table(args) and not settings_path().exists() and not os.path.lexists(settings_path())
