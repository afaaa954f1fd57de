"""Slow connections beside an innocent table: ``python -m access_game.bench.slow_links [--slow 300]``.

A real server process (``access-game serve``). An innocent table of two light players plays Five Crowns;
each move's time is taken from the moment the mover sends it to the moment the update that tells it
reaches the other seat. First alone (the baseline), then while ``--slow`` slow connections are open,
each one of four kinds, held by another process:

- spectators of the innocent table that never read again (their socket buffers small, as on a slow
  link), coming back when dropped (``never-read``);
- spectators that read one frame every few seconds (``slow-read``);
- connections that send their frames a byte at a time (``trickle``);
- handshakes held open: the HTTP request sent a byte at a time, never finished (``handshake``).

``--kind`` opens only one kind (all ``--slow`` of them). Nobody at the innocent table did anything
wrong: its players should not notice. The figures printed:
the innocent table's p50 and p99 alone and with the slow connections, their ratio (the goal: at most
3), and how many slow connections the server dropped or refused meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import multiprocessing
import os
import random
import socket
import sys
import tempfile
import time
from multiprocessing.connection import Connection as Pipe
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.frames import Frame, Opcode

from access_game.bench.figures import percentile
from access_game.bench.server import start_server_process
from access_game.net import protocol as p

__all__ = ["run_slow_links"]

#: Bytes each end of a slow reader's socket holds (a slow link; loopback would hold megabytes).
SMALL_BUFFER = 4096
#: Seconds between a trickling connection's bytes, and a held handshake's.
TRICKLE_SECONDS = 0.2
#: The kinds of slow connections (see the module), opened in turn.
KINDS = ("never-read", "slow-read", "trickle", "handshake")
#: Seconds between a slow reader's frames.
SLOW_READ_SECONDS = 2.0


async def _hello(url: str, name: str, *, small: bool = False) -> ClientConnection:
    sock = None
    if small:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_BUFFER)
        host, port = url.removeprefix("ws://").rsplit(":", 1)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, (host, int(port)))
    ws = await connect(url, sock=sock, compression=None, open_timeout=60, max_size=2**22, ping_interval=None)
    await ws.send(p.encode({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": name}))
    while p.decode_server(await ws.recv())["type"] != "welcome":
        pass
    return ws


class _Seat:
    """One light player (JSON only): acts on its last update's legal moves after ``think`` seconds."""

    def __init__(self, ws: ClientConnection, rng: random.Random, think: float) -> None:
        self.ws, self.rng, self.think = ws, rng, think
        self.seat: int | None = None
        self.code: str | None = None
        self.update: dict[str, Any] | None = None
        self.ref = 0
        self.waiting = False

    async def read(self) -> dict[str, Any]:
        message = p.decode_server(await self.ws.recv())
        if message["type"] == "seated":
            self.seat, self.code = message["seat"], message["code"]
        elif message["type"] == "update":
            self.update = message
            if message.get("ref") == self.ref:
                self.waiting = False
        elif message["type"] in ("refused", "error"):
            self.waiting = False
        return message

    def my_turn(self) -> bool:
        u = self.update
        return u is not None and not u["over"] and self.seat in u["to_act"] and bool(u["legal"]) and not self.waiting

    async def act(self) -> None:
        assert self.update is not None
        self.ref += 1
        self.waiting = True
        await self.ws.send(p.encode({"type": "act", "ref": self.ref, "action": self.rng.choice(self.update["legal"])}))


async def _pair(url: str, label: str, *, public: bool = False) -> tuple[_Seat, _Seat]:
    """Two players seated at a new Five Crowns table, each with its first update."""
    host = _Seat(await _hello(url, f"{label} host"), random.Random(f"{label}/0"), 0)
    await host.ws.send(p.encode({"type": "create", "game": "five-crowns", "seats": 2, "computers": 0,
                                 "level": "easy", "options": {}, "public": public}))
    while host.code is None:
        await host.read()
    guest = _Seat(await _hello(url, f"{label} guest"), random.Random(f"{label}/1"), 0)
    await guest.ws.send(p.encode({"type": "join", "code": host.code}))
    for seat in (host, guest):
        while seat.update is None:
            await seat.read()
    return host, guest


async def _measure(a: _Seat, b: _Seat, seconds: float, think: float) -> list[float]:
    """Milliseconds from each move sent at the innocent table to its update at the other seat, for
    ``seconds`` (a game over is dealt again)."""
    samples: list[float] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        mover, other = (a, b) if a.my_turn() else (b, a) if b.my_turn() else (None, None)
        if mover is None or other is None:
            if a.update is not None and a.update["over"]:
                await a.ws.send(p.encode({"type": "again"}))
                a.update = b.update = None
                while a.update is None or b.update is None:
                    await asyncio.wait_for(asyncio.gather(a.read(), b.read()), 30)
                continue
            await asyncio.wait_for(a.read(), 30)  # (a refusal: read what comes)
            continue
        await asyncio.sleep(think)
        sent = time.perf_counter()
        await mover.act()
        while True:
            message = await asyncio.wait_for(other.read(), 30)
            if message["type"] == "update":
                samples.append((time.perf_counter() - sent) * 1000)
                break
        while mover.waiting:
            await asyncio.wait_for(mover.read(), 30)
    return samples


# --------------------------------------------------------------------------- the slow connections


async def _reader(url: str, index: int, code: str, pace: float | None, tally: dict[str, int]) -> None:
    """A spectator of the innocent table: never reading again (``pace`` None), or one frame every
    ``pace`` seconds. Comes back when dropped."""
    while True:
        try:
            ws = await _hello(url, f"Slow {index}", small=True)
            await ws.send(p.encode({"type": "watch", "code": code}))
            if pace is None:
                assert ws.transport is not None
                ws.transport.pause_reading()
                await ws.wait_closed()
            else:
                while True:
                    await ws.recv()
                    await asyncio.sleep(pace)
        except Exception:
            pass
        tally["dropped"] += 1
        await asyncio.sleep(1.0 + random.random() * 2)  # (not all at once)


async def _raw_websocket(url: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A WebSocket opened by hand: nothing on this side answers the server's pings or reads its frames,
    so what is written here reaches the server byte for byte as it is written."""
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    reader, writer = await asyncio.open_connection(host, int(port))
    key = base64.b64encode(os.urandom(16)).decode("ascii")
    writer.write((f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode("ascii"))
    answer = await reader.readuntil(b"\r\n\r\n")
    if not answer.startswith(b"HTTP/1.1 101"):
        raise ConnectionError(answer.split(b"\r\n", 1)[0].decode("ascii", "replace"))
    return reader, writer


def _frame(message: dict[str, Any]) -> bytes:
    return Frame(Opcode.TEXT, p.encode(message).encode()).serialize(mask=True, extensions=[])


async def _trickler(url: str, index: int, tally: dict[str, int]) -> None:
    """Says hello, then sends each frame a byte at a time (and reads nothing)."""
    while True:
        writer = None
        try:
            _reader, writer = await _raw_websocket(url)
            writer.write(_frame({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": f"Trickle {index}"}))
            while True:
                await _trickle(writer, _frame({"type": "who"}))
        except Exception:
            pass
        finally:
            if writer is not None:
                writer.close()
        tally["dropped"] += 1
        await asyncio.sleep(1.0 + random.random() * 2)


async def _trickle(writer: asyncio.StreamWriter, data: bytes, reader: asyncio.StreamReader | None = None) -> None:
    """``data`` sent a byte at a time, TRICKLE_SECONDS apart (until the server hangs up, when ``reader``)."""
    for byte in data:
        writer.write(bytes([byte]))
        await writer.drain()
        if reader is not None and reader.at_eof():
            return
        await asyncio.sleep(TRICKLE_SECONDS)


async def _held_handshake(url: str, tally: dict[str, int]) -> None:
    """Opens a connection and sends its HTTP request a byte at a time, never finishing it."""
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    request = (f"GET / HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               + "X-Slow: " + "x" * 4000).encode()
    while True:
        writer = None
        try:
            reader, writer = await asyncio.open_connection(host, int(port))
            await _trickle(writer, request, reader)
        except Exception:
            pass
        finally:
            if writer is not None:
                writer.close()
        tally["dropped"] += 1
        await asyncio.sleep(1.0 + random.random() * 2)  # (not all at once)


async def _slow_main(url: str, code: str, count: int, kinds: tuple[str, ...], pipe: Pipe) -> None:
    tally = {"dropped": 0}
    tasks = []
    for i in range(count):
        kind = kinds[i % len(kinds)]
        if kind == "never-read":
            tasks.append(_reader(url, i, code, None, tally))
        elif kind == "slow-read":
            tasks.append(_reader(url, i, code, SLOW_READ_SECONDS, tally))
        elif kind == "trickle":
            tasks.append(_trickler(url, i, tally))
        else:
            tasks.append(_held_handshake(url, tally))
    running: list[asyncio.Future[None]] = []
    for opening in tasks:  # opened over a couple of seconds, as people arrive, not in one burst
        running.append(asyncio.ensure_future(opening))
        await asyncio.sleep(2.0 / max(1, count))
    await asyncio.sleep(3.0)  # every one of them opened (or opening)
    pipe.send("ready")
    await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
    pipe.send(tally["dropped"])
    for future in running:
        future.cancel()


def _slow_process(url: str, code: str, count: int, kinds: tuple[str, ...], pipe: Pipe) -> None:
    from access_game.net.serving import raise_open_file_limit

    raise_open_file_limit()
    with contextlib.suppress(Exception):
        asyncio.run(_slow_main(url, code, count, kinds, pipe))


# --------------------------------------------------------------------------- the bench


def _figures(samples: list[float]) -> dict[str, Any]:
    return {"moves": len(samples), "p50_ms": round(percentile(samples, 0.5), 2) if samples else None,
            "p99_ms": round(percentile(samples, 0.99), 2) if samples else None}


async def _bench(url: str, slow: int, seconds: float, think: float, kinds: tuple[str, ...]) -> dict[str, Any]:
    a, b = await _pair(url, "innocent")
    assert a.code is not None
    alone = await _measure(a, b, seconds, think)
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    helper = context.Process(target=_slow_process, args=(url, a.code, slow, kinds, theirs))
    helper.start()
    loop = asyncio.get_running_loop()
    try:
        if not await loop.run_in_executor(None, ours.poll, 120):
            raise RuntimeError("the slow connections did not open")
        ours.recv()
        beside = await _measure(a, b, seconds, think)
        ours.send("stop")
        dropped = ours.recv() if await loop.run_in_executor(None, ours.poll, 30) else None
    finally:
        await loop.run_in_executor(None, helper.join, 30)
        if helper.is_alive():
            helper.kill()
    for seat in (a, b):
        await seat.ws.close()
    base, loaded = _figures(alone), _figures(beside)
    ratio = (round(loaded["p99_ms"] / base["p99_ms"], 2)
             if base["p99_ms"] and loaded["p99_ms"] is not None else None)
    return {"slow_connections": slow, "kinds": list(kinds), "seconds": seconds, "alone": base, "with_slow": loaded,
            "p99_ratio": ratio, "slow_dropped_or_refused": dropped}


def run_slow_links(*, slow: int = 300, seconds: float = 20.0, think: float = 0.05,
                   kinds: tuple[str, ...] = KINDS) -> dict[str, Any]:
    """The innocent table's figures alone, then beside ``slow`` slow connections of ``kinds`` in turn
    (see the module)."""
    with tempfile.TemporaryDirectory(prefix="access-game-slow-") as tmp:
        server, url = start_server_process(Path(tmp) / "tables")
        try:
            return asyncio.run(_bench(url, slow, seconds, think, kinds))
        finally:
            server.terminate()
            server.wait(60)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.slow_links", description=__doc__.split("\n")[0])
    parser.add_argument("--slow", type=int, default=300, help="slow connections (default 300)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds each measure lasts (default 20)")
    parser.add_argument("--kind", choices=KINDS, action="append",
                        help="only slow connections of this kind (may be given again; default: all four in turn)")
    args = parser.parse_args(argv)
    print(json.dumps(run_slow_links(slow=args.slow, seconds=args.seconds, kinds=tuple(args.kind or KINDS))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
