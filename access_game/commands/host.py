"""The ``host`` subcommand: open a table on a server and sit down at it.

``access-game host --server ws://HOST:PORT --game five-crowns --seats 4 --computers 2 --name Ann``
opens a table for four, two of them computer players, and says its code (``Table code: K7Q2MX``),
which the other players give to ``access-game join``. The game begins when every person's seat is
taken; the table is then the same as in a game at one terminal (docs/network-play.md).
"""

from __future__ import annotations

import argparse
import sys

from access_game.commands import net_args
from access_game.commands._common import UsageError, add_command, choice
from access_game.commands.summaries import summary
from speech.i18n import _, ngettext

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from access_game.catalog import network_games
    from access_game.settings import LEVELS

    p = add_command(sub, "host", run, summary("host"))
    net_args.add_server(p)
    p.add_argument("--game", required=True, type=str.casefold, metavar="GAME",
                   help=_("the game: {games}").format(games=", ".join(network_games())))
    p.add_argument("--seats", required=True, type=int, metavar="N",
                   help=_("seats at the table, computer players included"))
    p.add_argument("--computers", type=int, default=0, metavar="K",
                   help=_("how many seats computer players take (default 0)"))
    p.add_argument("--name", required=True, help=_("your name at the table"))
    p.add_argument("--level", **choice(LEVELS),
                   help=_("the computer players' level (default from settings)"))
    net_args.add_sign_in(p)
    net_args.add_common(p)


def run(args: argparse.Namespace) -> int:
    from access_game.catalog import UnknownGame, game, network_games

    net_args.check_server(args.server)
    net_args.check_name(args.name)
    names = network_games()
    try:
        entry = game(args.game)
    except UnknownGame:
        entry = None
    if entry is None or entry.name not in names:
        raise UsageError(_("--game: {game!r} cannot be played over the network; games: {games}").format(
            game=args.game, games=", ".join(names)))
    low, high = entry.player_range
    if not max(2, low) <= args.seats <= high:
        if max(2, low) == high:  # "2 to 2 players" is no range: the one number is said
            raise UsageError(ngettext("--seats: {title} is for {n} player", "--seats: {title} is for {n} players",
                                      high).format(title=_(entry.title), n=high))
        raise UsageError(_("--seats: {title} is for {low} to {high} players").format(
            title=_(entry.title), low=max(2, low), high=high))
    if not 0 <= args.computers < args.seats:
        raise UsageError(_("--computers: from 0 to one less than --seats (a seat is yours)"))
    settings = net_args.terminal_settings(args)
    from access_game.table_plan import offered_level

    level = args.level or offered_level(entry.name, settings.level)
    if args.computers and level not in entry.levels:
        raise UsageError(_("--level: {title} has computer players of level {levels}").format(
            title=_(entry.title), levels=", ".join(entry.levels)))
    if not sys.stdin.isatty():
        print(_("access-game: host needs a terminal: standard input is not one."), file=sys.stderr)
        return 2
    # The rule options are the host's settings (F2, or `play` flags remembered), as in a game at one
    # terminal; the first dealer is drawn here when the settings say 'random', so the host does not
    # always deal hand 1.
    import secrets

    from access_game.online.terminal import SeatRequest, play_at_table
    from engine.game import Game

    seed = secrets.randbits(31)
    options = entry.rule_options(settings.rule_options(entry.name), args.seats, seed)
    try:  # a remembered choice that does not fit this table (two decks for six): the rules' defaults
        Game.new(entry.ruleset, [f"p{i}" for i in range(args.seats)], seed=seed, options=options)
    except (ValueError, TypeError):
        options = entry.rule_options({}, args.seats, seed)
    first = {"type": "create", "game": entry.name, "seats": args.seats, "computers": args.computers,
             "level": level, "options": options}
    go_on, password = net_args.signed_in_password(args, args.name)
    if not go_on:
        return 1
    return play_at_table(SeatRequest(args.server, args.name, first, password=password), settings)
