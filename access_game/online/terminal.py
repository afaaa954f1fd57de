"""A seat at a network table, at this terminal: what ``access-game host`` and ``access-game join`` run.

The same parts as a local game (printer, voice, braille display, settings, the game's table and the
one-line app); only the session differs: a :class:`RemoteSession` on a :class:`Connection`. Until every
seat is taken a lobby prompt offers the keys that need no cards (chat, the seats, the host's hand-over
of a free seat) and prints who joins; then the table opens exactly as in local play, and whatever the
server sends while the prompt waits is printed above it as it comes. When a game ends the host is
asked whether to deal again to the same seats; the table stays open for everyone until they leave.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from access_game.net.protocol import game_codec, show_code
from access_game.online.client import SEAT_GONE_ERRORS, Connection, NetError, TokenStore, private_route
from access_game.online.remote_session import RemoteSession
from access_game.settings import Settings
from speech import file_words
from speech import net_words as nw
from speech.i18n import N_, _

__all__ = ["SeatRequest", "play_at_table"]

@dataclass(frozen=True, slots=True)
class SeatRequest:
    """What to ask the server for: a new table ('create'), a seat at one ('join'), or a seat back."""

    server: str
    name: str
    first: dict[str, Any]
    #: The table's code, when joining (a seat kept from an earlier run is taken back instead).
    code: str | None = None
    #: Version 3, accounts: the session of the account signed in at the lobby (the table's connection
    #: signs in with it: the password is asked once), or the password asked by ``host``/``join
    #: --sign-in`` (sent to sign in, then the session the server gives is used).
    session: str | None = None
    password: str | None = field(default=None, repr=False)


def play_at_table(request: SeatRequest, settings: Settings, *, input: Any = None, output: Any = None,
                  backend: Any = None, tokens: TokenStore | None = None, cues: Any = "auto",
                  on_session: Callable[[RemoteSession], None] | None = None,
                  on_app: Callable[[Any], None] | None = None) -> int:
    """Everything from connecting to leaving; the exit status (1: the server could not be reached or
    refused the seat, said in one line)."""
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
    if not private_route(request.server):
        print(nw.server_not_private(request.server), flush=True)
    tokens = tokens if tokens is not None else TokenStore()
    first, resumed = request.first, False
    if request.code is not None:
        kept = tokens.get(request.server, request.code)
        if kept is not None:
            first, resumed = {"type": "rejoin", "code": kept.code, "token": kept.token, "seen": 0}, True
    _say_problem(tokens)
    connection = _connection(request)
    try:
        seated = connection.open(first)
    except NetError as exc:
        if resumed and request.code is not None and exc.code in SEAT_GONE_ERRORS:
            # a kept seat the server no longer knows: join afresh (a server out of reach, or one asking
            # to wait, keeps the token: the seat may well be there)
            tokens.forget(request.server, request.code)
            connection.close()
            connection = _connection(request)
            first, resumed = request.first, False
            try:
                seated = connection.open(first)
            except NetError as again:
                return _unreachable(connection, request.server, again)
        else:
            return _unreachable(connection, request.server, exc)
    assert connection.seat is not None
    token_kept = tokens.put(connection.seat)
    _say_problem(tokens)
    if not token_kept:
        print(file_words.seat_not_kept(tokens.path), flush=True)
    return _seated(connection, seated, request, settings, input=input, output=output, backend=backend,
                   tokens=tokens, cues=cues, resumed=resumed, on_session=on_session, on_app=on_app,
                   token_kept=token_kept)


def _connection(request: SeatRequest) -> Connection:
    connection = Connection(request.server, request.name)
    connection.session, connection.password = request.session, request.password
    # A server that cannot find the table just now is asked again until it can, the seat's token kept.
    connection.on_busy = lambda: print(_(nw.SERVER_BUSY), flush=True)
    return connection


def _say_problem(tokens: TokenStore) -> None:
    """The seats file could not be used: said once, in one line, before anything else happens."""
    if tokens.problem:
        print(tokens.problem, flush=True)
        tokens.problem = None


def _unreachable(connection: Connection, server: str, exc: NetError) -> int:
    """One line: the server could not be reached, or it refused the seat (said by the error's code)."""
    connection.close()
    if exc.code is None:
        print(nw.no_server(server, str(exc)), file=sys.stderr)
    else:
        print(nw.refused_seat(nw.error_words(exc.code, str(exc), exc.why, retry_after=exc.retry_after)),
              file=sys.stderr)
    return 1


def _seated(connection: Connection, seated: dict[str, Any], request: SeatRequest, settings: Settings, *,
            input: Any, output: Any, backend: Any, tokens: TokenStore, cues: Any, resumed: bool,
            on_session: Callable[[RemoteSession], None] | None,
            on_app: Callable[[Any], None] | None, token_kept: bool = True) -> int:
    from access_game.catalog import game as catalog_game
    from access_game.ui.app import GameApp
    from access_game.ui.speech_link import make_narrator
    from access_game.ui.terminal_output import TerminalOutput

    outputs = TerminalOutput(settings, output=output, backend=backend, cues=cues)
    printer, say = outputs.printer, outputs.say
    game_name = str(seated.get("game", ""))
    if game_codec(game_name) is None:  # a server of a newer version, seating this one at a game it lacks
        print(nw.refused_seat(nw.error_words("bad_game", f"unknown game {game_name!r}")), file=sys.stderr)
        return 1
    entry = catalog_game(game_name)

    session = RemoteSession(
        connection, seated, announcer=outputs.announcer, settings=settings, cues=outputs.cues,
        on_settings=outputs.on_settings, rejoined=resumed,
        narrator_factory=lambda seat, players: make_narrator(seat, players, outputs.settings, game=game_name))
    if on_session is not None:
        on_session(session)
    try:
        outputs.say_notes()
        code = str(seated["code"])
        if request.first.get("type") == "create" and not resumed:
            say(nw.table_code(show_code(code)))
            say(nw.join_hint(request.server, show_code(code)))
        say(nw.seated(str(seated.get("name") or request.name), int(seated["seat"]), entry.spoken_title,
                      show_code(code)))
        session.settle()
        if not session.started:
            status = _wait_for_players(session, outputs, input=input)
            if connection.closed_for_good:  # refused, not merely dropped (that is retried)
                if session.lost_because in SEAT_GONE_ERRORS:
                    tokens.forget(request.server, code)
                # Taken up at another terminal, or given to a computer player: no failure of this one, the
                # same exit as when it happens during the game.
                return 0 if session.lost_because in ("replaced", "handed_over") else 1
            if status is not None:
                say(nw.left_before_start())
                if connection.leave() is False:  # the server gave the seat up: nothing to take back
                    tokens.forget(request.server, code)
                return 0
        app = GameApp(session, printer, input=input, output=outputs.out,
                      welcome=_("{title}. {help}").format(title=entry.spoken_title, help=_(nw.HELP_LINE)))
        outputs.link(app)
        session.on_new_game = app.new_game_dealt
        if on_app is not None:
            on_app(app)

        try:
            status = _follow(session, app, lambda: app.run_async(resumed=resumed))
        except KeyboardInterrupt:
            app.quit_now(N_("Interrupted."))
            status = 0
        except Exception as exc:  # one line, not a traceback; the server keeps the table and the seat
            from access_game.crash_log import error_text, write_crash_log
            from access_game.std_streams import readers_gone

            if isinstance(exc, BrokenPipeError) and readers_gone():
                raise  # the reader of the table's lines has gone: the seat is kept, and the command ends quietly
            log = write_crash_log(exc)
            printer.flush()
            print(nw.crashed(error_text(exc), request.server, show_code(code), log), file=sys.stderr)
            return 1
        if session.seat_lost:
            # Forgotten only when the seat is nobody's here any more; a seat another terminal took up
            # with the same token ('replaced') is still this player's to take back.
            if session.lost_because in SEAT_GONE_ERRORS:
                tokens.forget(request.server, code)
            connection.close()
        elif session.over:
            if connection.leave() is False:  # given up for the next game, said by the server
                tokens.forget(request.server, code)
        else:
            if not app.hung_up and token_kept:  # never "kept" when the token could not be written
                say(nw.seat_kept(request.server, show_code(code)))
            connection.close()
        return int(status)
    finally:
        connection.close()
        outputs.close()


def _wait_for_players(session: RemoteSession, outputs: Any, *, input: Any) -> int | None:
    """The lobby: the prompt and the keys that need no cards, until every seat is taken. None once the
    game has begun; otherwise the player left (Ctrl+C, or the menu's quit) before it did."""
    from access_game.ui.app import GameApp
    from access_game.ui.waiting_table import WaitingTable

    lobby = GameApp(session, outputs.printer, input=input, output=outputs.out, table_factory=WaitingTable,
                    welcome=_(nw.LOBBY_LINE), until=lambda: session.started or session.connection.closed_for_good)
    outputs.link(lobby)
    try:
        status = _follow(session, lobby, lobby.wait_async)
    except KeyboardInterrupt:
        status = 0
    session.listeners.remove(lobby.table.on_events)
    return None if session.started and not lobby.quitting else status


def _follow(session: RemoteSession, app: Any, body: Callable[[], Awaitable[int]]) -> int:
    """Run ``body`` (the app's prompt) in an event loop that takes the server's frames as they come:
    news is printed above the prompt at once, and a seat taken away closes the app."""

    async def run() -> int:
        session.attach(asyncio.get_running_loop())
        session.on_news = app.print_news
        session.on_closed = lambda: app.quit_now("")
        try:
            return await body()
        finally:
            session.on_news = session.on_closed = None

    return asyncio.run(run())
