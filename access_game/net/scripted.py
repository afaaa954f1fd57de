"""A scripted network player: a real WebSocket client that plays its seat with a computer player.

It is what the load bench and the tests put at the tables: it speaks the protocol exactly as a
person's client does (hello, create or join, act, rejoin), rebuilds its seat's view from the
updates alone (``update_from_data``), and chooses with the engine's computer player from that view,
so every table it plays runs through the whole server path. It records every frame it receives, so a
test can check what the server sent to each seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from access_game.net import protocol as p
from engine.actions import Action, action_to_data
from engine.bots import make_agent
from engine.codec import GameCodec
from engine.events import Event

__all__ = ["ScriptedPlayer", "Timing"]


@dataclass(slots=True)
class Timing:
    """Milliseconds from an action sent to its update received, one entry per action."""

    latencies_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


class ScriptedPlayer:
    def __init__(self, url: str, name: str, *, level: str = "easy", seed: int = 0, record: bool = False,
                 timing: Timing | None = None, think: float = 0.0) -> None:
        self.url = url
        self.name = name
        self.level = level
        self.seed = seed
        self.record = record
        self.frames: list[str] = []
        self.timing = timing or Timing()
        self.think = think
        self.ws: ClientConnection | None = None
        #: The server process a redirect sent this player to (None: it plays where it connected).
        self.redirected_to: str | None = None
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.game: str | None = None
        self.codec: GameCodec | None = None
        self.log: list[Event] = []
        self.update: p.Update | None = None
        self.table: dict[str, Any] | None = None
        self.chats: list[dict[str, Any]] = []
        self.refusals: list[str] = []
        self.actions = 0
        self._ref = 0
        self._sent_at: dict[int, float] = {}
        self._slow_down = False
        #: Called with the seat's log length after each update (tests stop a player mid-game with it).
        self.on_update: Callable[[ScriptedPlayer], None] | None = None

    # ----------------------------------------------------------------- talking
    async def open(self) -> None:
        self.ws = await connect(self.url, compression=None, open_timeout=30, max_size=2**22)
        await self.send({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": self.name})
        welcome = await self.receive()
        if welcome.get("type") != "welcome":
            raise RuntimeError(f"no welcome: {welcome}")

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def leave_and_drain(self) -> None:
        """Leave the table and read every frame until the server closes the connection."""
        await self.send({"type": "leave"})
        with contextlib.suppress(ConnectionClosed):
            while True:
                await self.receive()

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(p.encode(message))

    async def receive(self) -> dict[str, Any]:
        """The next frame, handled (seat, table, update, chat), as its JSON object."""
        assert self.ws is not None
        frame = await self.ws.recv()
        if self.record:
            self.frames.append(frame if isinstance(frame, str) else frame.decode())
        message = p.decode_server(frame)
        self._handle(message)
        return message

    async def expect(self, kind: str) -> dict[str, Any]:
        """Read frames until one of ``kind``; an error frame on the way raises RuntimeError."""
        while True:
            message = await self.receive()
            if message["type"] == kind:
                return message
            if message["type"] == "error":
                raise RuntimeError(f"{message['code']}: {message['message']}")

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "seated":
            self.code, self.seat, self.token, self.game = (message["code"], message["seat"], message["token"],
                                                          message["game"])
            self.codec = p.game_codec(self.game)
        elif kind == "table":
            self.table = message
        elif kind == "update":
            if self.codec is None:
                raise RuntimeError(f"an update of a game this client lacks: {self.game!r}")
            update = p.update_from_data(message, self.codec, self.log)
            self.log.extend(update.events)
            self.update = update
            ref = message.get("ref")
            if isinstance(ref, int) and ref in self._sent_at:
                self.timing.latencies_ms.append((time.perf_counter() - self._sent_at.pop(ref)) * 1000)
            if self.on_update is not None:
                self.on_update(self)
        elif kind == "refused":
            self.refusals.append(message["reason"])
            self._sent_at.pop(message["ref"], None)
        elif kind == "chat":
            self.chats.append(message)
        elif kind == "error":
            self.timing.errors.append(message["code"])
            if message["code"] == p.ErrorCode.TOO_FAST:  # the action was dropped unread: send it again later
                self._sent_at.clear()
                self._slow_down = True

    # ----------------------------------------------------------------- seats
    async def create(self, game: str, seats: int, computers: int = 0, level: str = "easy",
                     options: dict[str, Any] | None = None) -> str:
        await self.send({"type": "create", "game": game, "seats": seats, "computers": computers, "level": level,
                         "options": options or {}})
        await self.expect("seated")
        assert self.code is not None
        return self.code

    async def join(self, code: str) -> None:
        await self.ask({"type": "join", "code": code})

    async def rejoin(self) -> None:
        """Back at the seat after a lost connection: the server sends what this seat missed."""
        await self.ask({"type": "rejoin", "code": self.code, "token": self.token, "seen": len(self.log)})

    async def ask(self, request: dict[str, Any]) -> None:
        """Send a join or rejoin and read on until seated, following a ``redirect`` to the server process
        holding the table (``serve --redis``) as a person's client does: a new connection there, hello,
        and the same request. :attr:`redirected_to` says where it was sent, if anywhere."""
        for _hop in range(3):
            await self.send(request)
            while True:
                message = await self.receive()
                if message["type"] == "seated":
                    return
                if message["type"] == "error":
                    raise RuntimeError(f"{message['code']}: {message['message']}")
                if message["type"] == "redirect":
                    break
            await self.close()
            self.url = self.redirected_to = message["url"]
            await self.open()
        raise RuntimeError("sent from process to process")

    # ----------------------------------------------------------------- playing
    @property
    def over(self) -> bool:
        return self.update is not None and self.update.over

    def my_turn(self) -> bool:
        u = self.update
        return u is not None and not u.over and self.seat in u.to_act and bool(u.legal)

    def choose(self) -> Action:
        assert self.update is not None and self.game is not None
        agent = make_agent(self.game, self.level, seed=self.seed + self.actions)
        return agent.choose(self.update.view, self.update.legal)

    async def act(self, action: Action) -> int:
        self._ref += 1
        self._sent_at[self._ref] = time.perf_counter()
        self.actions += 1
        await self.send({"type": "act", "ref": self._ref, "action": action_to_data(action)})
        return self._ref

    async def play(self, *, deadline: float | None = None, max_actions: int | None = None) -> None:
        """Play until the game is over, the deadline (time.monotonic) passes or ``max_actions`` are made.

        One action at a time: after acting, wait for its answer before looking at the turn again.
        """
        while not self.over:
            if deadline is not None and time.monotonic() >= deadline:
                return
            if max_actions is not None and self.actions >= max_actions:
                return
            if self.my_turn() and not self._sent_at:
                if self._slow_down:  # told it was too fast: keep to the allowance from now on
                    await asyncio.sleep(1 / p.RATE_PER_SECOND)
                if self.think:
                    await asyncio.sleep(self.think)
                await self.act(self.choose())
            timeout = None if deadline is None else max(0.01, deadline - time.monotonic())
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancellation that comes
            # while the frame it waits for has just arrived, and the player would play on to its deadline.
            try:
                async with asyncio.timeout(timeout):
                    await self.receive()
            except TimeoutError:
                return
