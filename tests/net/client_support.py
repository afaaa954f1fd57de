"""Test support for the client side of network play: the real table server on loopback, in a thread.

``LiveServer`` runs access_game.net.server (the same TableServer and table directory as ``access-game
serve``) on 127.0.0.1 with a free port, in a background thread with its own event loop; it can be
stopped and started again on the same port and directory, as a server restart would. ``remote_seat``
builds a RemoteSession with a recording backend: the real announcer, the game's real narrator.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from prompt_toolkit.output import DummyOutput

from access_game.net.server import TableServer
from access_game.net.serving import start_server
from access_game.net.table_store import TableStore
from access_game.online.client import Connection
from access_game.online.remote_session import RemoteSession
from access_game.settings import Settings
from access_game.ui.printer import LinePrinter
from access_game.ui.speech_link import make_announcer, make_narrator
from speech.backends.base import RecordingBackend

__all__ = ["LiveServer", "Seat", "free_port", "play_to_end", "remote_seat", "remote_session", "wait_until"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    def __init__(self, data: Path, port: int | None = None) -> None:
        self.data = data
        self.port = port or free_port()
        self.url = f"ws://127.0.0.1:{self.port}"
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: Any = None
        self.tables: TableServer | None = None

    def start(self) -> LiveServer:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._thread = threading.Thread(target=loop.run_forever, daemon=True)
        self._thread.start()

        async def up() -> None:
            self.tables = TableServer(TableStore(self.data))
            self.tables.load()
            self._server = await start_server(self.tables, "127.0.0.1", self.port)

        asyncio.run_coroutine_threadsafe(up(), loop).result(timeout=10)
        return self

    def stop(self) -> None:
        loop = self._loop
        if loop is None:
            return

        async def down() -> None:
            assert self.tables is not None
            self.tables.stopping = True
            self._server.close()
            for conn in list(getattr(self._server, "connections", ())):
                transport = getattr(conn, "transport", None)
                if transport is not None:
                    transport.abort()
            await self._server.wait_closed()

        asyncio.run_coroutine_threadsafe(down(), loop).result(timeout=10)
        loop.call_soon_threadsafe(loop.stop)
        assert self._thread is not None
        self._thread.join(timeout=5)
        loop.close()
        self._loop = None

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class Seat:
    """One seat's RemoteSession and what it said (a recording backend in place of a voice)."""

    def __init__(self, session: RemoteSession, backend: RecordingBackend, printer: LinePrinter) -> None:
        self.session = session
        self.backend = backend
        self.printer = printer

    @property
    def said(self) -> list[str]:
        return self.backend.texts

    def pump_until(self, done: Callable[[], bool], timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out; last said: {self.said[-8:]}")
            self.session.pump(timeout=0.05)

    def close(self) -> None:
        self.session.close()


def remote_session(url: str, name: str, first: dict[str, Any], announcer: Any, settings: Settings) -> RemoteSession:
    """A seat at a table on the server, speaking through ``announcer``."""
    connection = Connection(url, name)
    seated = connection.open(first)
    game = str(seated["game"])
    return RemoteSession(connection, seated, announcer=announcer, settings=settings,
                         narrator_factory=lambda seat, players: make_narrator(seat, players, settings, game=game))


def remote_seat(url: str, name: str, first: dict[str, Any], *, settings: Settings | None = None) -> Seat:
    settings = settings or Settings(speech="silent", cues=False)
    backend = RecordingBackend()
    printer = LinePrinter(DummyOutput())
    announcer = make_announcer(settings, printer, backend)
    return Seat(remote_session(url, name, first, announcer, settings), backend, printer)


#: A game that ends after one hand: upcard rummy for Ann, Ben and an easy computer player.
SHORT_UPCARD = {"type": "create", "game": "upcard-rummy", "seats": 3, "computers": 1, "level": "easy",
                "options": {"max_hands": 1}}


def two_seats(url: str, first: dict[str, Any]) -> tuple[Seat, Seat]:
    """Ann opens a table with ``first`` and Ben joins it; both are shown the table once it has begun."""
    ann = remote_seat(url, "Ann", first)
    ben = remote_seat(url, "Ben", {"type": "join", "code": ann.session.code})
    for seat in (ann, ben):
        seat.pump_until(lambda seat=seat: seat.session.started)  # type: ignore[misc]
        seat.session.start()
    return ann, ben


def wait_until(done: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.02)


def play_to_end(seats: list[Seat], *, level: str = "easy", limit: int = 2000, timeout: float = 30.0) -> int:
    """Each seat plays its own turns with a computer player choosing from the seat's own view and legal
    moves (what the hint uses), through RemoteSession.act; the number of moves made."""
    from engine.bots import make_agent

    moves = 0
    deadline = time.monotonic() + timeout
    while not all(s.session.over for s in seats):
        if time.monotonic() > deadline or moves > limit:
            raise AssertionError(f"the game did not end; {moves} moves; last said: {seats[0].said[-6:]}")
        acted = False
        for seat in seats:
            s = seat.session
            s.pump()
            if s.my_turn:
                action = make_agent(s.ruleset_name, level, seed=moves).choose(s.view(), s.legal_actions())
                assert s.act(action), seat.said[-3:]
                moves += 1
                acted = True
        if not acted:
            seats[0].session.pump(timeout=0.02)
    for seat in seats:
        seat.session.pump()
    return moves
