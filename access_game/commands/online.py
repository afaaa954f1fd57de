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
    account = p.add_mutually_exclusive_group()
    account.add_argument("--sign-in", action="store_true",
                         help=_("sign in with the account of that name (the password is asked, not shown)"))
    account.add_argument("--register", action="store_true",
                         help=_("make an account of that name, so nobody else can take it (a password is asked)"))
    add_common(p)


def run(args: argparse.Namespace) -> int:
    check_server(args.server)
    name = check_name(args.name)
    settings = terminal_settings(args)
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

    from access_game.net.client import Connection, NetError, private_route
    from access_game.net.terminal import SeatRequest, play_at_table
    from access_game.ui.lobby_app import LobbyApp
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

                print(lobby_words.error_words(exc.code, str(exc)), file=sys.stderr, flush=True)
                password, register, ask = ask(name), False, None  # asked once
                if password is not None:
                    continue
                return 1
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
        name, session = connection.name, connection.session
        if outcome.seat is None:
            return outcome.status
        status = play_at_table(SeatRequest(server, name, outcome.seat, code=outcome.code, session=session), settings,
                               input=input, output=output)
        if status not in (0, 1):
            return status
