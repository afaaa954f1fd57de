"""The lobby at the terminal: what `access-game online` runs, and what a game's "play online" opens
(access_game.terminal_game): the lobby, then each table taken from it, then the lobby again, until the
player leaves it. Apart from the command, so that a game can open the lobby without importing a command.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from access_game.settings import Settings

__all__ = ["ADMIN_KEY_VARIABLE", "lobby_loop"]

#: The environment variable holding an administrator's key.
ADMIN_KEY_VARIABLE = "ACCESS_GAME_ADMIN_KEY"


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
