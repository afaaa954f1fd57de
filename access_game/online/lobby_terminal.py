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
from speech.i18n import _

__all__ = ["ADMIN_KEY_VARIABLE", "ask_password", "lobby_loop"]

#: The environment variable holding an administrator's key.
ADMIN_KEY_VARIABLE = "ACCESS_GAME_ADMIN_KEY"


def ask_password(name: str, *, new: bool) -> str | None:
    """The password, typed on one line that shows nothing (not even stars: a screen reader would read
    them); a new one twice. None, with the reason said, when it will not do (or Ctrl+C, Ctrl+D)."""
    from prompt_toolkit import prompt

    from access_game.net.passwords import MIN_PASSWORD_CHARS
    from speech import account_words as aw

    try:
        password = prompt(aw.password_question(name, new=new), is_password=True)
        if new:
            if len(password) < MIN_PASSWORD_CHARS:
                print(aw.password_too_short(MIN_PASSWORD_CHARS), file=sys.stderr)
                return None
            if prompt(_(aw.PASSWORD_AGAIN), is_password=True) != password:
                print(_(aw.PASSWORDS_DIFFER), file=sys.stderr)
                return None
    except (KeyboardInterrupt, EOFError):
        return None
    return password or None


def lobby_loop(server: str, name: str, settings: Settings, *, admin_key: str | None = None, input: Any = None,
               output: Any = None, on_app: Callable[[Any], None] | None = None, password: str | None = None,
               register: bool = False, ask: Callable[[str], str | None] | None = None) -> int:
    """The lobby, then each table taken from it, then the lobby again, until the player leaves it. A
    guest whose name an account holds is asked its password once (``ask``) and signed in with it."""
    import asyncio

    from access_game.online.client import Connection, NetError, private_route
    from access_game.online.lobby_app import LobbyApp
    from access_game.online.terminal import SeatRequest, play_at_table
    from access_game.ui.terminal_output import TerminalOutput
    from speech import net_words as nw

    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
    if not private_route(server):
        print(nw.server_not_private(server), flush=True)
    session: str | None = None
    while True:
        connection = Connection(server, name)
        connection.password, connection.register, connection.session = password, register, session
        guest = password is None and session is None
        password = None  # sent once: the session signs in from now on
        try:
            connection.open_lobby(admin_key)
        except NetError as exc:
            connection.close()
            if exc.code == "name_taken" and guest and ask is not None:
                from speech import lobby_words

                print(lobby_words.error_words(exc.code, str(exc), exc.why, retry_after=exc.retry_after),
                      file=sys.stderr, flush=True)
                password, register, ask = ask(name), False, None  # asked once
                if password is not None:
                    continue
                return 1
            if exc.code is None:
                print(nw.no_server(server, str(exc)), file=sys.stderr)
            else:
                from speech import lobby_words

                print(lobby_words.error_words(exc.code, str(exc), exc.why, retry_after=exc.retry_after),
                      file=sys.stderr)
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
        name, session = connection.name, connection.session
        if outcome.seat is None:
            return outcome.status
        status = play_at_table(SeatRequest(server, name, outcome.seat, code=outcome.code, session=session), settings,
                               input=input, output=output)
        if status not in (0, 1):
            return status
