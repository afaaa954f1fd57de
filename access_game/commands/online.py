"""The ``online`` subcommand: the lobby of a server, where tables are found, opened, joined and watched.

``access-game online --server ws://HOST:PORT --name Ann`` opens a list to step through by keys: join by
a code, a new table of each game, and the server's open public tables (docs/keys.md, "The lobby").
Taking a seat opens the table exactly as ``host`` and ``join`` do; leaving it comes back to the list.
An administrator of the server whose name the server's file gives with a key passes it in the
environment variable ACCESS_GAME_ADMIN_KEY (never on the command line, where others could read it).

``--sign-in`` signs in with the account of that name, ``--register`` makes it: the password is asked on
one line without being shown or spoken (prompt_toolkit's password entry), sent once, and forgotten; the
session the server gives signs in the table's connections and the lobby's next ones.
"""

from __future__ import annotations

import argparse
import os
import sys

from access_game.commands import net_args
from access_game.commands._common import add_command
from access_game.commands.summaries import summary
from access_game.online.lobby_terminal import ADMIN_KEY_VARIABLE, ask_password, lobby_loop
from speech.i18n import _

__all__ = ["lobby_loop", "register", "run"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = add_command(sub, "online", run, summary("online"))
    net_args.add_server(p)
    p.add_argument("--name", required=True, help=_("your name on the server"))
    account = p.add_mutually_exclusive_group()
    net_args.add_sign_in(account)
    account.add_argument("--register", action="store_true",
                         help=_("make an account of that name, so nobody else can take it (a password is asked)"))
    net_args.add_common(p)


def run(args: argparse.Namespace) -> int:
    net_args.check_server(args.server)
    name = net_args.check_name(args.name)
    settings = net_args.terminal_settings(args)
    if not sys.stdin.isatty():
        print(_("access-game: online needs a terminal: standard input is not one."), file=sys.stderr)
        return 2
    password = None
    if args.sign_in or args.register:
        password = ask_password(name, new=args.register)
        if password is None:
            return 1
    return lobby_loop(args.server, name, settings, admin_key=os.environ.get(ADMIN_KEY_VARIABLE) or None,
                      password=password, register=args.register, ask=lambda who: ask_password(who, new=False))
