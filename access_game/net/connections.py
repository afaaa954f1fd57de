"""One client connection at the server: the seat it holds, its allowance, and its own queue of frames
to send, written out by a task of its own at the client's pace, so nothing ever waits on a socket
while holding a table's lock (access_game.net.server)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from access_game.net import protocol as p

__all__ = ["SEND_BUFFER", "Connection", "bound_send_buffer", "ref_of"]

#: Bytes the system holds for one connection on their way out. Left to itself it grows a socket's
#: buffer to megabytes, and every frame sent into it costs the server's loop as much as a frame that is
#: read: a client that never reads would cost thousands of frames' work before it counts as not reading.
#: Bounded, its frames wait in its own queue (cheap) and it is dropped when the queue is full. A table's
#: frames are a few kilobytes: a client that reads never waits on this bound.
SEND_BUFFER = 16 * 1024


def bound_send_buffer(ws: ServerConnection, size: int = SEND_BUFFER) -> None:
    """Hold the connection's socket to ``size`` bytes on their way out (see SEND_BUFFER)."""
    sock = ws.transport.get_extra_info("socket") if ws.transport is not None else None
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)


@dataclass(eq=False, slots=True)
class Connection:
    """One client connection and the seat it holds, if any."""

    ws: ServerConnection
    address: str = ""
    name: str | None = None
    code: str | None = None
    seat: int | None = None
    #: How many of the seat's log entries this connection has been sent.
    sent: int = 0
    bucket: p.TokenBucket = field(default_factory=p.TokenBucket)
    strikes: int = 0
    #: Frames waiting to be written (bounded: see Limits.send_queue) and the task writing them.
    outbox: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    writer: asyncio.Task[None] | None = None
    #: Dropped for not reading: nothing more is queued for it.
    dropped: bool = False
    #: Version 3: the table this connection watches as a spectator (never with a seat), whether it
    #: follows the lobby (the table list, who comes and goes, the server-wide chat), the names whose
    #: chat it does not want to hear, and whether it is a server administrator.
    watching: str | None = None
    listing: bool = False
    muted: set[str] = field(default_factory=set)
    admin: bool = False
    #: Version 3, accounts: the account this connection signed in as (its name is then ``name``), and
    #: the session key its client was given.
    account: str | None = None
    session: str | None = None

    def post(self, text: str) -> bool:
        """Queue a frame, never waiting; False when the queue is full: the client has stopped reading,
        and the connection is marked dropped (nothing more is queued for it)."""
        if self.dropped:
            return True
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped = True
            return False
        return True

    async def write_out(self, sent: Callable[[], None]) -> None:
        """The connection's writer: frames in the order they were queued, at the client's pace."""
        try:
            while True:
                text = await self.outbox.get()
                await self.ws.send(text)
                sent()
        except ConnectionClosed:
            pass

    async def flush(self, timeout: float = 2.0) -> None:
        """Wait (a little) until the queued frames are written: before the connection is closed."""
        deadline = time.monotonic() + timeout
        while not self.outbox.empty() and time.monotonic() < deadline and not self.dropped:
            await asyncio.sleep(0.005)

    async def close_after_sent(self, code: int, reason: str) -> None:
        await self.flush()
        with contextlib.suppress(Exception):
            await self.ws.close(code, reason)

    async def close_unread(self, code: int, reason: str) -> None:
        """Close, reading (and dropping) what the client still sends until its answer to the close comes:
        a flood queued behind it would otherwise hold the close up until it times out."""
        closing = asyncio.ensure_future(self.ws.close(code, reason))
        with contextlib.suppress(ConnectionClosed):
            async for _frame in self.ws:
                pass
        await closing


def ref_of(frame: str | bytes) -> int | None:
    """The ``ref`` of a message dropped for coming too fast, so its sender knows which move was lost."""
    if isinstance(frame, bytes) or len(frame) > p.MAX_FRAME_BYTES:
        return None
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    return ref if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref <= 2**53 else None
