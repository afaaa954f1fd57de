"""A browser's seat at a table: the terminal's own table application, hosted headless in the server.

Exactly what ``access-game join`` runs (access_game.online.terminal): a :class:`RemoteSession` on a real
:class:`Connection` to this same server, over loopback, and the one-line :class:`GameApp` of the game's
table, started without a terminal (its input a DummyInput, its output a DummyOutput) and driven by key
names from the browser. Whatever it prints is sent to the browser as ``lines``; its prompt, the hand,
the commands that apply and the open question as ``prompt`` and ``state``.

Everything the hosted terminal does happens in one thread of its own (:class:`SeatThread`), which
speaks the player's language (speech.i18n.use_language): keys from the browser, and the frames that
arrive from other players' moves (said and sent at once, no key needed), are jobs run there one after
another, as a terminal's key presses and news are. A move waits for the server's answer in that
thread, never in the server's own loop.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import secrets
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from access_game.net.protocol import show_code
from access_game.net.seat_trust import HEADER, header_value
from access_game.online.client import Connection, NetError
from access_game.settings import Settings
from access_game.web import messages as m
from access_game.web.loading import load_the_terminal
from access_game.web.outputs import SeatOutputs, with_setup
from speech import net_words as nw
from speech import web_words as ww
from speech.i18n import _, use_language

__all__ = ["SeatThread", "WebSeat"]

log = logging.getLogger("access_game.web")

#: Sends one frame (already encoded) to the browser; callable from any thread.
Send = Callable[[str], None]
#: Seconds a seat waits at most for the one it follows to close (WebSeat.after).
AFTER_SECONDS = 5.0
#: Lines kept to give again to a browser that comes back (a closed tab, a locked phone, a second tab).
HISTORY_LINES = 1000


class SeatThread:
    """One thread running a web seat's jobs in order, in the player's language."""

    def __init__(self, lang: str, name: str, on_failure: Callable[[], None] = lambda: None) -> None:
        self.lang = lang
        self.on_failure = on_failure
        self._jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        #: Set when the thread has done its last job (its connections closed).
        self.done = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"web-seat {name}", daemon=True)
        self._thread.start()

    def post(self, job: Callable[[], None]) -> None:
        self._jobs.put(job)

    def stop(self) -> None:
        """Stop once the jobs posted so far are done."""
        self._jobs.put(None)

    def _run(self) -> None:
        use_language(self.lang)  # this thread's language: other seats of the process speak theirs
        try:
            load_the_terminal()  # (once, by one thread: see access_game.web.loading)
        except Exception:
            log.exception("the terminal's modules could not be loaded")
        while (job := self._jobs.get()) is not None:
            try:
                job()
            except Exception:  # a bug costs this seat a line in the log, never the server
                log.exception("web seat job failed")
                with contextlib.suppress(Exception):
                    self.on_failure()
        self.done.set()


class WebSeat:
    """One browser's hosted terminal (see the module's docstring). Every public method is called from
    the server's loop and only posts a job to the seat's thread."""

    def __init__(self, *, url: str, address: str, name: str, settings: Settings, send: Send,
                 connect_options: dict[str, Any] | None = None) -> None:
        self.url = url
        self.address = address
        self.name = name
        self.outputs = SeatOutputs(settings)
        self._send = send
        self._connect_options = dict(connect_options or {})
        self.thread = SeatThread(settings.language, name, self._failed)
        self.connection: Connection | None = None
        self.session: Any = None
        self.app: Any = None
        self.game = ""
        self.code = ""
        #: The table's app is the waiting one (seats not all taken yet).
        self.waiting = False
        #: The hosted terminal has left its table (or never reached one): a new table may be asked for.
        self.ended = True
        self._resumed = False
        self._begun: Any = None
        #: The lobby's app while the lobby is shown (access_game.online.lobby_app.LobbyApp), and whether the
        #: table was taken from it (leaving the table comes back to it, as ``access-game online`` does).
        self.lobby: Any = None
        self.from_lobby = False
        #: The account's session once signed in at the lobby: the table's connection signs in with it.
        self.account: str | None = None
        #: The server's address as the browser knows it (said by the lobby when it opens).
        self.shown_url = url
        self._prompt: str | None = None
        self._state: dict[str, Any] | None = None
        #: What ``resume`` takes back: the web token of the seat (None until seated), and the lines sent.
        self.token: str | None = None
        self.said: deque[str] = deque(maxlen=HISTORY_LINES)
        #: The browser went and the game connection with it (the seat is kept for ``resume``).
        self.parked = False
        #: The browser's channel holding this seat (access_game.web.gateway.WebChannel), told when seated.
        self.owner: Any = None
        #: The table is a local game of this seat alone (no connection: see :meth:`open_local`).
        self.local = False

    # ----------------------------------------------------------------- from the server's loop
    def open(self, first: dict[str, Any], *, resumed: bool) -> None:
        """Ask the server for a seat (``first``: create, join or rejoin) and open its table."""
        self.ended = False
        self.thread.post(lambda: self._open(first, resumed))

    def open_local(self, game: str) -> None:
        """A game for one at this seat alone (solitaire: not a network game), as ``access-game solitaire``."""
        self.ended = False
        self.thread.post(lambda: self._open_local(game))

    def open_lobby(self, *, watch: str | None = None, sign_in: m.SignIn | None = None) -> None:
        """The server's lobby (tables, chat, who is online), and with ``watch`` that table watched; with
        ``sign_in``, signed in to that account (or registering it) first."""
        self.ended = False
        self.thread.post(lambda: self._open_lobby(watch, sign_in))

    def key(self, key: str) -> None:
        self.thread.post(lambda: self._key(key))

    def command(self, name: str) -> None:
        self.thread.post(lambda: self._command(name))

    def text(self, text: str) -> None:
        self.thread.post(lambda: self._text(text))

    def change(self, setup: m.Setup) -> None:
        self.thread.post(lambda: self._change(setup))

    def stop(self) -> None:
        """Close everything and end the thread (a lobby left, a seat not taken back in time)."""
        self.thread.post(self._detach)
        self.thread.stop()

    def after(self, previous: WebSeat) -> None:
        """Begin once ``previous`` (this browser's seat before, being stopped) has closed its connections:
        a guest lobby that gives way to an account's is gone from the server before the account's comes,
        so the server never sees the same person twice under one name."""
        def wait() -> None:
            previous.thread.done.wait(timeout=AFTER_SECONDS)

        self.thread.post(wait)

    def park(self) -> None:
        """The browser went: the game connection goes too (the others hear the player is away), and
        the hosted terminal waits for ``resume``, its table and lines kept."""
        self.parked = True
        self.thread.post(self._park)

    def attach(self, send: Send, setup: m.Setup) -> None:
        """A browser takes this seat (back): a parked one's game connection comes back (the server
        sends what was missed, said as news), and the browser is given the lines said so far (as
        ``history``, not to be read out again), then the prompt and state, in ``setup``'s language."""
        reconnect, self.parked = self.parked, False
        self.thread.post(lambda: self._attach(send, setup, reconnect))

    # ----------------------------------------------------------------- in the seat's thread
    def _open(self, first: dict[str, Any], resumed: bool) -> None:
        from access_game.catalog import game as catalog_game
        from access_game.net.protocol import game_codec
        from access_game.online.remote_session import RemoteSession
        from access_game.ui.speech_link import make_narrator

        connection = self._connection()
        connection.session = self.account
        try:
            seated = connection.open(first)
        except NetError as exc:
            connection.close()
            self._refused(exc.code or "server_error", str(exc))
            return
        game_name = str(seated.get("game", ""))
        if game_codec(game_name) is None:  # cannot be: this server hosts only games this program has
            connection.close()
            self._refused("bad_game", game_name)
            return
        assert connection.seat is not None
        self.connection, self.game, self.code, self._resumed = connection, game_name, str(seated["code"]), resumed
        self.token = m.web_token(connection.seat.code, connection.seat.token)
        self._send(m.encode("seated", token=self.token, code=show_code(self.code)))
        owner = self.owner
        if owner is not None:  # the gateway learns who holds the seat, in its own loop
            owner.loop.call_soon_threadsafe(owner.seated, self)
        outputs = self.outputs
        session = RemoteSession(
            connection, seated, announcer=outputs.announcer, settings=outputs.settings, cues=outputs.cues,
            on_settings=outputs.on_settings, rejoined=resumed,
            narrator_factory=lambda seat, players: make_narrator(seat, players, outputs.settings, game=game_name))
        self.session = session
        # Frames from the others' moves are said at once, in this thread (no key needed).
        connection.on_frame = lambda: self.thread.post(self._news)
        entry = catalog_game(game_name)
        if first.get("type") == "create" and not resumed:
            outputs.say(nw.table_code(show_code(self.code)))
        outputs.say(nw.seated(str(seated.get("name") or self.name), int(seated["seat"]), entry.spoken_title,
                              show_code(self.code)))
        session.settle()
        if session.started:
            self._open_table()
        else:
            self._open_waiting()
        self._after()

    def _open_local(self, game_name: str) -> None:
        """The terminal's local game (access_game.terminal_game) in this thread: a :class:`Session` of a
        new deal, no save file and no records file on the server's disk (the seat keeps its deal while
        kept, and ``resume`` takes it back); its token a code of its own, never a server table's."""
        from access_game.catalog import game as catalog_game
        from access_game.net.tables import new_code
        from access_game.session import Session
        from access_game.ui.speech_link import make_narrator
        from engine.game import Game

        entry = catalog_game(game_name)
        seed = secrets.randbits(31)
        game = Game.new(entry.name, [self.name], seed=seed, options=entry.rule_options({}, 1, seed))
        outputs = self.outputs
        self.session = Session(game, human_seat=0, level="normal", announcer=outputs.announcer,
                               narrator=make_narrator(0, game.players, outputs.settings, game=entry.name),
                               settings=outputs.settings, saves=None, cues=outputs.cues,
                               on_settings=outputs.on_settings)
        self.local, self.connection, self.game, self.code, self._resumed = True, None, entry.name, "", False
        code = new_code(set())  # the page's link for a reload (/t/CODE): no server table has it
        self.token = m.web_token(code, secrets.token_urlsafe(18))
        self._send(m.encode("seated", token=self.token, code=show_code(code)))
        owner = self.owner
        if owner is not None:
            owner.loop.call_soon_threadsafe(owner.seated, self)
        self._open_table()
        self._after()

    def _connection(self) -> Connection:
        """A connection to this server for the browser: counted under the browser's own address."""
        connection = Connection(self.url, self.name)
        connection.connect_options = {**self._connect_options,
                                      "additional_headers": {HEADER: header_value(self.address)}}
        return connection

    def _open_lobby(self, watch: str | None, sign_in: m.SignIn | None = None) -> None:
        """The terminal lobby (access_game.online.lobby_app), on a connection of its own (lobby_loop). Signing
        in goes the terminal's way: the password on the connection's first frame, forgotten by the
        connection once signed in (and by this thread: nothing else holds it); the session kept here."""
        from prompt_toolkit.input import DummyInput

        from access_game.online.lobby_app import LobbyApp
        from speech import lobby_words

        connection = self._connection()
        connection.session = self.account
        if sign_in is not None:
            connection.name, connection.password, connection.register = sign_in.name, sign_in.password, sign_in.new
            connection.session = None
        try:
            connection.open_lobby()
        except NetError as exc:
            connection.close()
            connection.password = None
            line = nw.no_server(self.shown_url, str(exc)) if exc.code is None else \
                lobby_words.error_words(exc.code, str(exc), exc.why, retry_after=exc.retry_after)
            self.outputs.say(line)
            self.ended = True
            self._emit()
            self._send(m.encode("error", code=exc.code or "server_error", text=line))
            return
        self.name, self.account = connection.name, connection.session
        self.connection, self.session, self.app, self.code, self.game = connection, None, None, "", ""
        self.token = None  # a seat left for the lobby is not one to resume
        lobby = LobbyApp(connection, self.outputs, self.shown_url, input=DummyInput(), output=self.outputs.out)
        self.lobby, self._begun = lobby, lobby.outcome
        connection.on_frame = lambda: self.thread.post(self._news)
        for frame in ({"type": "games"}, {"type": "tables", "watch": True}, {"type": "history", "channel": "lobby"}):
            connection.send(frame)
        if watch is not None:
            lobby._watch(watch)
        self._after()

    def _lobby_ended(self) -> None:
        """The lobby's app ended: a seat asked for (the table opens, and comes back here after), or
        the player left the lobby."""
        lobby, connection = self.lobby, self.connection
        self.lobby = None
        outcome = lobby.outcome
        assert connection is not None
        self.account, self.name = connection.session, connection.name
        connection.close()
        if outcome.seat is None:
            self._end()
            return
        self.from_lobby = True
        self._open(dict(outcome.seat), False)

    def _refused(self, code: str, message: str) -> None:
        """The server refused the seat (or could not be reached): the terminal's line, and an error."""
        line = nw.refused_seat(nw.error_words(code, message))
        self.outputs.say(line)
        self.ended = True
        self._emit()
        self._send(m.encode("error", code=code, text=line))

    def _open_waiting(self) -> None:
        from prompt_toolkit.input import DummyInput

        from access_game.ui.app import GameApp
        from access_game.ui.waiting_table import WaitingTable
        from speech.utterance import Kind

        session, connection = self.session, self.connection
        assert connection is not None
        app = GameApp(session, self.outputs.printer, input=DummyInput(), output=self.outputs.out,
                      table_factory=WaitingTable, welcome=_(nw.LOBBY_LINE),
                      until=lambda: session.started or connection.closed_for_good)
        self._follow(app)
        self.waiting = True
        session.say(_(nw.LOBBY_LINE), kind=Kind.SYSTEM)
        self.outputs.printer.flush()

    def _open_table(self) -> None:
        from prompt_toolkit.input import DummyInput

        from access_game.catalog import game as catalog_game
        from access_game.ui.app import GameApp
        from access_game.ui.table import make_table

        entry = catalog_game(self.game)
        # A local game's first lines are the terminal's own (no chat to tell of).
        welcome = None if self.local else _("{title}. {help}").format(title=entry.spoken_title, help=_(nw.HELP_LINE))
        app = GameApp(self.session, self.outputs.printer, input=DummyInput(), output=self.outputs.out,
                      table_factory=_records_in_memory if self.local else make_table, welcome=welcome)
        if not self.local:
            self.session.on_new_game = app.new_game_dealt
        self._follow(app)
        self.waiting = False
        app.start(resumed=self._resumed)

    def _follow(self, app: Any) -> None:
        """The news of frames taken between keys is printed as the terminal prints it (terminal._follow)."""
        self.app = app
        session = self.session
        session.on_news = app.print_news
        session.on_closed = lambda: app.quit_now("")

    def _news(self) -> None:
        if self.ended:
            return
        if self.lobby is not None:
            self.lobby._take_frames()
        elif self.session is not None:
            self.session.pump()
        else:
            return
        self._after()

    def _key(self, key: str) -> None:
        if self.lobby is not None:
            self.lobby.key(key, key if len(key) == 1 else "")
            self._after()
            return
        if self._no_table():
            return
        self.app.dispatch(key)
        self._after()

    def _command(self, name: str) -> None:
        if self.lobby is not None:
            from access_game.ui.lobby_keys import LOBBY_KEYS

            keys = dict(LOBBY_KEYS).get(name)
            if keys is None or self.lobby.mode is not None:
                self._error(m.BAD_MESSAGE, _(ww.BAD_MESSAGE if keys is None else ww.ANSWER_FIRST))
                return
            self._key(keys[0])
            return
        if self._no_table():
            return
        app = self.app
        try:
            command = app.registry.get(name)
        except KeyError:
            command = None
        if command is None or not command.applies():
            self._error(m.BAD_MESSAGE, _(ww.BAD_MESSAGE))
            return
        if app.modes:
            self._error(m.BAD_MESSAGE, _(ww.ANSWER_FIRST))
            return
        # A button is its command's key: the same path as a key press (a new batch, then what follows
        # every key: the end of the game asked about, the news printed), with the command's own handler.
        app.session.announcer.new_batch()
        try:
            app.run_command(name)
            app._after_key()
        finally:
            app.printer.flush()
        self._after()

    def _text(self, text: str) -> None:
        if self.lobby is not None:
            entry = self.lobby.mode
            if entry is None or not hasattr(entry, "limit"):
                self._error(m.BAD_MESSAGE, _(ww.NO_TEXT_ASKED))
                return
            entry.text = text[: int(entry.limit)]
            self._key("enter")
            return
        if self._no_table():
            return
        mode = self.app.modes[-1] if self.app.modes else None
        if mode is None or not hasattr(mode, "typed"):
            self._error(m.BAD_MESSAGE, _(ww.NO_TEXT_ASKED))
            return
        if hasattr(mode, "limit") and hasattr(mode, "text"):  # a text entry: the line as if typed
            mode.text = text[: int(mode.limit)]
            self.app.dispatch("enter")
        else:  # a number asked: its digits, then Enter
            for char in text.strip():
                self.app.dispatch(char)
            self.app.dispatch("enter")
        self._after()

    def _change(self, setup: m.Setup) -> None:
        self._apply(setup)
        self._after()

    def _apply(self, setup: m.Setup) -> None:
        new = with_setup(self.outputs.settings, setup)
        if self.app is not None and not self.ended and self.lobby is None:
            self.app.change_settings(new)  # as F2 does: the language of this seat's thread only
        else:
            use_language(new.language)
            self.outputs.on_settings(new)

    def _park(self) -> None:
        self._send = _nobody
        if self.connection is not None:
            self.connection.close()

    def _attach(self, send: Send, setup: m.Setup, reconnect: bool) -> None:
        self._send = send
        self._apply(setup)
        session, old = self.session, self.connection
        if self.ended or session is None or self.token is None or not (self.local or (old and old.seat)):
            self._emit()
            return
        if reconnect and old is not None and old.seat is not None:
            connection = self._connection()
            connection.session = self.account
            first = {"type": "rejoin", "code": old.seat.code, "token": old.seat.token, "seen": len(session.log),
                     "game_number": session.game_number}
            try:
                connection.open(first)
            except NetError as exc:
                connection.close()
                self._end()
                self._refused(exc.code or "server_error", str(exc))
                return
            # The session follows the new connection as RemoteSession.__init__ set up the first.
            session.connection = self.connection = connection
            connection.seen = lambda: len(session.log)
            connection.game_number = lambda: session.game_number
            connection.on_frame = lambda: self.thread.post(self._news)
        self._send(m.encode("seated", token=self.token, code=show_code(self.token.partition(":")[0])))
        if self.said:
            self._send(m.encode("history", lines=list(self.said)))
        self._prompt = self._state = None
        if not self.local:  # a local game has no news from a server
            self._news()
        self._emit()

    def _detach(self) -> None:
        if self.connection is not None:
            self.connection.close()
        self.outputs.close()

    def _failed(self) -> None:
        """A job of this seat failed (a bug): the player is told, in one error, that the seat is kept."""
        self._emit()
        self._error("server_error", _(ww.SEAT_FAILED))

    def _no_table(self) -> bool:
        if self.app is None or self.ended:
            self._error("not_seated", _(ww.NO_TABLE_YET))
            return True
        return False

    def _error(self, code: str, text: str) -> None:
        self._send(m.encode("error", code=code, text=text))

    # ----------------------------------------------------------------- after every job
    def _after(self) -> None:
        """The table's app after a key or news: from the waiting app to the table once the game begins,
        and the end of the seat once the app has left; then whatever changed is sent."""
        if self.lobby is not None:
            if self.lobby.outcome is not self._begun:  # LobbyApp._end gave its outcome
                self._lobby_ended()
            self._emit()
            return
        app, session, connection = self.app, self.session, self.connection
        if app is not None and not self.ended and self.local and app.quitting:
            self._end()  # the local game left (Q, or no other deal): nothing to tell a server
        elif app is not None and not self.ended and connection is not None:
            if self.waiting and not app.modes and (session.started or connection.closed_for_good or app.quitting):
                session.listeners.remove(app.table.on_events)
                if session.started and not app.quitting:
                    self._open_table()
                elif not connection.closed_for_good:  # the player left before the deal
                    self.outputs.say(nw.left_before_start())
                    connection.leave()
                    self._end()
                else:
                    self._end()
            elif app.quitting:
                if session.seat_lost:
                    connection.close()
                elif session.over:
                    connection.leave()
                else:
                    connection.close()  # the seat is kept: resume takes it back
                self._end()
        self._emit()

    def _end(self) -> None:
        self.ended = True
        self.app = None
        if self.from_lobby and self.lobby is None:  # back to the lobby the table was taken from
            self.from_lobby = False
            self._emit()
            self.ended = False
            self._open_lobby(None)

    def _emit(self) -> None:
        lines = self.outputs.take_lines()
        if lines:
            self.said.extend(lines)
            self._send(m.encode("lines", lines=lines))
        cues = self.outputs.cues.take()
        if cues:
            self._send(m.encode("cues", cues=cues))
        prompt = self._prompt_now()
        if prompt != self._prompt:
            self._prompt = prompt
            self._send(m.encode("prompt", text=prompt))
        state = self._state_now()
        if state != self._state:
            self._state = state
            self._send(m.encode("state", **state))

    def _prompt_now(self) -> str:
        if self.lobby is not None:
            text = "".join(fragment[1] for fragment in self.lobby._prompt()).rstrip()
        elif self.app is None:
            return ""
        else:
            text = str(self.app.prompt_text()).rstrip()
        return text[:-1] if text.endswith(">") else text

    def _state_now(self) -> dict[str, Any]:
        from access_game.web.state import lobby_state, table_state

        if self.lobby is not None:
            return lobby_state(self.lobby)
        if self.app is None:
            return {"where": "left" if self.code or self.local else "none", "game": self.game,
                    "code": show_code(self.code) if self.code else None, "hand": [], "commands": [],
                    "question": None}
        return table_state(self.app, self.game, show_code(self.code))


def _records_in_memory(session: Any, host: Any) -> Any:
    """The game's table, whose record of deals won (solitaire's) is kept in memory, not in a file on
    the server's disk: the web seat's player has no folder there."""
    from access_game.records import RecordBook
    from access_game.ui.table import make_table

    table = make_table(session, host)
    if hasattr(table, "records"):
        table.records = RecordBook.in_memory()
    return table


def _nobody(text: str) -> None:
    """Where a parked seat's frames go: no browser has it now (it is given the lines on ``resume``)."""
