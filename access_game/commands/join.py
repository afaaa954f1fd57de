"""The ``join`` subcommand: take a seat at a table on a server, by its code.

``access-game join --server ws://HOST:PORT K7Q-AMX-3F9 --name Ben``. A seat taken earlier from this
computer (its token is kept under the user data directory) is taken back instead, with everything
missed while away: a closed terminal or a dropped connection loses nothing. Taking a kept seat back
needs no name (the seat has one), so the command a terminal prints when it leaves a game is the whole
command: ``access-game join --server ws://HOST:PORT K7Q-AMX-3F9``.
"""

from __future__ import annotations

import argparse
import sys

from access_game.commands import net_args
from access_game.commands._common import UsageError, add_command
from access_game.commands.summaries import summary
from speech.i18n import _

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(sub, "join", run, summary("join"))
    net_args.add_server(p)
    p.add_argument("code", metavar="CODE",
                   help=_("the table code the host was given (nine letters and digits, such as K7Q-AMX-3F9)"))
    p.add_argument("--name", help=_("your name at the table (not needed to take back a seat kept on this computer)"))
    net_args.add_sign_in(p)
    net_args.add_common(p)


def run(args: argparse.Namespace) -> int:
    net_args.check_server(args.server)
    from access_game.net.protocol import read_code

    code = read_code(args.code)
    if code is None:
        from speech.net_words import no_table_code

        raise UsageError(no_table_code(args.code))
    name = args.name if args.name is not None else _kept_name(args.server, code)
    if name is None:
        raise UsageError(_("--name: your name at the table is needed to take a seat (a seat kept on this computer "
                           "is taken back without it)"))
    net_args.check_name(name)
    settings = net_args.terminal_settings(args)
    if not sys.stdin.isatty():
        print(_("access-game: join needs a terminal: standard input is not one."), file=sys.stderr)
        return 2
    from access_game.online.terminal import SeatRequest, play_at_table

    go_on, password = net_args.signed_in_password(args, name)
    if not go_on:
        return 1
    return play_at_table(SeatRequest(args.server, name, {"type": "join", "code": code}, code=code,
                                     password=password), settings)


def _kept_name(server: str, code: str) -> str | None:
    """The name a seat kept on this computer for that table was taken with (None: no seat is kept)."""
    from access_game.online.client import TokenStore

    store = TokenStore()
    kept = store.get(server, code)
    if store.problem:  # the seats file could not be used: said here, where it was found and set aside
        print(store.problem, flush=True)
    return None if kept is None else kept.name
