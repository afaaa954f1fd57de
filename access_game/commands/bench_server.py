"""The ``bench-server`` subcommand: the table server under load on loopback, measured.

The work is in :mod:`access_game.bench.server`; this module reads and bounds the arguments, so a typing
slip (--tables 1000000) is refused instead of opening a million connections.
"""

from __future__ import annotations

import argparse
import json
import sys

from access_game.commands._common import UsageError, add_command
from access_game.commands.summaries import summary
from speech.i18n import N_, _

#: A number option out of its range (the same sentence as serve's, so translated once).
RANGE = N_("{option} is {low} to {high}, not {value}")

def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from access_game.catalog import network_games

    parser = add_command(sub, "bench-server", run, summary("bench-server"))
    parser.add_argument("--tables", type=int, default=100, help=_("tables to play at once (default 100)"))
    parser.add_argument("--seconds", type=float,
                        help=_("how long to play, after seating (default 20; 5 with --attack)"))
    parser.add_argument("--seats", type=int, default=4, help=_("people at each table (default 4)"))
    parser.add_argument("--game", default="five-crowns", type=str.casefold, choices=network_games(),
                        help=_("game the tables play (default five-crowns)"))
    parser.add_argument("--think", type=float, default=2.0,
                        help=_("a player's mean seconds before each move (default 2; 0.5 to 1.5 times it)"))
    parser.add_argument("--workers", type=int, default=1, help=_("client processes to spread the players over"))
    parser.add_argument("--nice", type=int, default=0, help=_("run the server under nice -n N (default 0)"))
    parser.add_argument("--restart", action="store_true", help=_("after playing, kill the server (SIGKILL), start "
                        "it again on its table directory and time every player's rejoin (one client process)"))
    parser.add_argument("--busy-tables", type=int, default=0, metavar="K",
                        help=_("K more tables of one scripted person, acting at once, and --busy-computers hard "
                        "computer players, playing all along beside the measured tables (default 0)"))
    parser.add_argument("--busy-computers", type=int, default=13, metavar="N",
                        help=_("computer players at each busy table (default 13: Five Crowns' largest table)"))
    parser.add_argument("--computer-workers", type=int, metavar="N",
                        help=_("the server's processes for computer players' decisions (default: one per core; "
                        "0: on its event loop, for comparison)"))
    parser.add_argument("--attack", action="store_true",
                        help=_("instead: one address asking as much as it can of a server with the default limits "
                        "for --seconds (default 5 with --attack): tables created, table codes tried"))
    parser.add_argument("--lobby", type=int, metavar="N",
                        help=_("instead: N open public tables, and the lobby (access-game online) in a terminal: "
                        "the time from a key to its line, median and p99"))
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1,
                        help=_("2: instead, the tables played by one server process alone, then by two sharing one "
                        "lobby through Redis (each table's other players join through the other process): "
                        "tables held and the time from a move to its line, median and p99, for each"))
    parser.add_argument("--redis", metavar="URL", help=_("with --processes 2: the Redis to share (default: a "
                        "private redis-server started for the run)"))
    parser.add_argument("--json", action="store_true", help=_("print the figures as one JSON object"))


def run(args: argparse.Namespace) -> int:
    from access_game.bench.server import MAX_SECONDS, MAX_TABLES, Busy, run_attack, run_bench

    if args.lobby is not None:
        from access_game.bench.lobby import MAX_LOBBY_TABLES, run_lobby_bench

        if not 1 <= args.lobby <= MAX_LOBBY_TABLES:
            raise UsageError(_(RANGE).format(option="--lobby", low=1, high=MAX_LOBBY_TABLES, value=args.lobby))
        _print(run_lobby_bench(args.lobby), args.json)
        return 0
    if args.redis is not None and args.processes != 2:
        raise UsageError(_("--redis goes with --processes 2"))
    if args.processes == 2:
        return _run_shared(args)
    if args.attack:
        seconds = 5.0 if args.seconds is None else args.seconds
        if not 0 < seconds <= 60:
            raise UsageError(_("--seconds with --attack is more than 0 and at most {high}, not {value:g}").format(
                high=60, value=seconds))
        _print(run_attack(seconds).data, args.json)
        return 0
    if args.seconds is None:
        args.seconds = 20.0
    if not 0 <= args.busy_tables <= 8:
        raise UsageError(_(RANGE).format(option="--busy-tables", low=0, high=8, value=args.busy_tables))
    if not 1 <= args.busy_computers <= 13:
        raise UsageError(_(RANGE).format(option="--busy-computers", low=1, high=13, value=args.busy_computers))
    if args.computer_workers is not None and not 0 <= args.computer_workers <= 64:
        raise UsageError(_(RANGE).format(option="--computer-workers", low=0, high=64, value=args.computer_workers))

    if not 1 <= args.tables <= MAX_TABLES:
        raise UsageError(_(RANGE).format(option="--tables", low=1, high=MAX_TABLES, value=args.tables))
    if not 0 < args.seconds <= MAX_SECONDS:
        raise UsageError(_("{option} is more than 0 and at most {high}, not {value:g}").format(
            option="--seconds", high=MAX_SECONDS, value=args.seconds))
    if not 2 <= args.seats <= 8:
        raise UsageError(_(RANGE).format(option="--seats", low=2, high=8, value=args.seats))
    if not 0 <= args.think <= 60:
        raise UsageError(_("{option} is {low} to {high} seconds, not {value:g}").format(option="--think", low=0,
                                                                                         high=60, value=args.think))
    if not 1 <= args.workers <= 8:
        raise UsageError(_(RANGE).format(option="--workers", low=1, high=8, value=args.workers))
    if not 0 <= args.nice <= 19:
        raise UsageError(_(RANGE).format(option="--nice", low=0, high=19, value=args.nice))
    busy = Busy(args.busy_tables, args.busy_computers) if args.busy_tables else None
    result = run_bench(tables=args.tables, seconds=args.seconds, seats=args.seats, game=args.game,
                       think=args.think, workers=args.workers, nice=args.nice, restart=args.restart, busy=busy,
                       computer_workers=args.computer_workers).data
    _print(result, args.json)
    return 0 if result["errors"] == 0 else 1


def _run_shared(args: argparse.Namespace) -> int:
    from access_game.bench.server import MAX_SECONDS, MAX_TABLES
    from access_game.bench.shared import BenchUnavailable, run_shared_bench

    seconds = 20.0 if args.seconds is None else args.seconds
    if not 1 <= args.tables <= MAX_TABLES:
        raise UsageError(_(RANGE).format(option="--tables", low=1, high=MAX_TABLES, value=args.tables))
    if not 0 < seconds <= MAX_SECONDS:
        raise UsageError(_("{option} is more than 0 and at most {high}, not {value:g}").format(
            option="--seconds", high=MAX_SECONDS, value=seconds))
    if not 2 <= args.seats <= 8:
        raise UsageError(_(RANGE).format(option="--seats", low=2, high=8, value=args.seats))
    if not 0 <= args.think <= 60:
        raise UsageError(_("{option} is {low} to {high} seconds, not {value:g}").format(option="--think", low=0,
                                                                                         high=60, value=args.think))
    try:
        result = run_shared_bench(tables=args.tables, seconds=seconds, seats=args.seats, game=args.game,
                                  think=args.think, redis_url=args.redis).data
    except BenchUnavailable as exc:
        print(_("access-game bench-server: {reason}").format(reason=exc), file=sys.stderr)
        return 1
    _print(result, args.json)
    errors = result["one_process"]["errors"] + result["two_processes"]["errors"]
    return 0 if errors == 0 else 1


def _print(result: dict[str, object], as_json: bool) -> None:
    if as_json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
