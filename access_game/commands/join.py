"""The ``join`` subcommand: take a seat at a table on a server, by its code.

``access-game join --server ws://HOST:PORT K7Q2MX --name Ben``. A seat taken earlier from this
computer (its token is kept under the user data directory) is taken back instead, with everything
missed while away: a closed terminal or a dropped connection loses nothing.
"""

from __future__ import annotations

import argparse
import sys

from access_game.cli import UsageError
from access_game.commands._common import add_command
from access_game.commands.net_args import add_common, check_name, check_server, terminal_settings
from speech.i18n import _

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = add_command(sub, "join", run, _("Take a seat at a table on a server, by the code its host was given."))
    p.add_argument("--server", required=True, metavar="URL", help=_("the table server: ws://HOST:PORT or wss://HOST"))
    p.add_argument("code", metavar="CODE",
                   help=_("the table code the host was given (nine letters and digits, such as K7Q-AMX-3F9)"))
    p.add_argument("--name", required=True, help=_("your name at the table"))
    add_common(p)


def run(args: argparse.Namespace) -> int:
    check_server(args.server)
    check_name(args.name)
    from access_game.net.protocol import CODE_LENGTH, read_code

    code = read_code(args.code)
    if code is None:
        raise UsageError(_("CODE: a table code is {length} letters and digits, such as K7Q-AMX-3F9").format(
            length=CODE_LENGTH))
    settings = terminal_settings(args)
    if not sys.stdin.isatty():
        print(_("access-game: join needs a terminal: standard input is not one."), file=sys.stderr)
        return 2
    from access_game.net.terminal import SeatRequest, play_at_table

    return play_at_table(SeatRequest(args.server, args.name, {"type": "join", "code": code}, code=code), settings)
