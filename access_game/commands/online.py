"""The ``online`` subcommand: the lobby of a server, where tables are found, opened, joined and watched.

``access-game online --server ws://HOST:PORT --name Ann`` opens a list to step through by keys: join by
a code, a new table of each game, and the server's open public tables (docs/keys.md, "The lobby").
Taking a seat opens the table exactly as ``host`` and ``join`` do; leaving it comes back to the list.
An administrator of the server whose name the server's file gives with a key passes it in the
environment variable ACCESS_GAME_ADMIN_KEY (never on the command line, where others could read it).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any

from access_game.commands._common import add_command
from access_game.commands.net_args import add_common, check_name, check_server, terminal_settings
from access_game.commands.summaries import summary
from access_game.settings import Settings
from speech.i18n import _

__all__ = ["register", "run"]

#: The environment variable holding an administrator's key.
ADMIN_KEY_VARIABLE = "ACCESS_GAME_ADMIN_KEY"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = add_command(sub, "online", run, summary("online"))
    p.add_argument("--server", required=True, metavar="URL", help=_("the table server: ws://HOST:PORT or wss://HOST"))
    p.add_argument("--name", required=True, help=_("your name on the server"))
    add_common(p)


def run(args: argparse.Namespace) -> int:
    check_server(args.server)
    name = check_name(args.name)
    settings = terminal_settings(args)
    if not sys.stdin.isatty():
        print(_("access-game: online needs a terminal: standard input is not one."), file=sys.stderr)
        return 2
    return lobby_loop(args.server, name, settings, admin_key=os.environ.get(ADMIN_KEY_VARIABLE) or None)


def lobby_loop(server: str, name: str, settings: Settings, *, admin_key: str | None = None, input: Any = None,
               output: Any = None, on_app: Callable[[Any], None] | None = None) -> int:
    """The lobby, then each table taken from it, then the lobby again, until the player leaves it."""
    import asyncio

    from access_game.net.client import Connection, NetError, private_route
    from access_game.net.terminal import SeatRequest, play_at_table
    from access_game.ui.lobby_app import LobbyApp
    from access_game.ui.terminal_output import TerminalOutput
    from speech import net_words as nw

    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
    if not private_route(server):
        print(nw.server_not_private(server), flush=True)
    while True:
        connection = Connection(server, name)
        try:
            connection.open_lobby(admin_key)
        except NetError as exc:
            connection.close()
            if exc.code is None:
                print(nw.no_server(server, str(exc)), file=sys.stderr)
            else:
                from speech import lobby_words

                print(lobby_words.error_words(exc.code, str(exc)), file=sys.stderr)
            return 1
        outputs = TerminalOutput(settings, output=output)
        try:
            outputs.say_notes()
            app = LobbyApp(connection, outputs, server, input=input, output=outputs.out)
            if on_app is not None:  # (tests: a hook on the keys)
                on_app(app)
            try:
                outcome = asyncio.run(app.run_async())
            except KeyboardInterrupt:
                return 0
        finally:
            connection.close()
            outputs.close()
        if outcome.seat is None:
            return outcome.status
        status = play_at_table(SeatRequest(server, name, outcome.seat, code=outcome.code), settings,
                               input=input, output=output)
        if status not in (0, 1):
            return status
