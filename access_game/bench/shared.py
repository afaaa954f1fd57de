"""The bench of two server processes behind one Redis, against one process alone, in the same run.

First one ``access-game serve`` alone plays N tables; then two ``access-game serve --redis`` processes
sharing one Redis play N tables again: each table is created at one process (in turn) and its other
players join through the other process, so every one of them is sent on (``redirect``) and follows,
as a person's client does. Each phase plays for the same seconds with the same scripted players as
``bench-server`` (access_game.bench.server), and reports the tables each process held (read from Redis),
the redirects followed, and the time from an action sent to its update received (the seat's line),
median and p99. Without ``--redis URL`` the bench starts a private ``redis-server`` of its own.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from access_game.bench.server import (
    OPENING,
    BenchResult,
    _Counts,
    _open,
    _percentile,
    _Player,
    start_server_process,
)
from speech.i18n import _

__all__ = ["BenchUnavailable", "run_shared_bench"]

#: Seconds after which a silent process's tables leave the lobby, for the bench's processes.
EXPIRY = "5"


class BenchUnavailable(Exception):
    """What the bench needs is missing (redis-server), said in the message."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _private_redis(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A redis-server of the bench's own, on a free loopback port, keeping nothing on disk."""
    port = _free_port()
    return start_redis_server(folder, port), f"redis://127.0.0.1:{port}/0"


def start_redis_server(folder: Path, port: int) -> subprocess.Popen[bytes]:
    """A redis-server on loopback ``port`` with ``folder`` as its own, keeping nothing on disk, once it
    answers (within 10 s); BenchUnavailable, with what to do, when it is not installed or does not start.
    The tests of several server processes start theirs here too."""
    import redis

    binary = shutil.which("redis-server")
    if binary is None:
        raise BenchUnavailable(_("redis-server is not installed (apt-get install redis-server); or give --redis URL"))
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--dir", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = redis.Redis(port=port)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            break
        except redis.ConnectionError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise BenchUnavailable(_("redis-server did not start")) from None
            time.sleep(0.05)
    client.close()
    return proc


async def _follow(player: _Player, code: str, name: str, rng: random.Random, counts: _Counts,
                  think: float) -> tuple[_Player, bool]:
    """Join ``code``; when sent to another process, join there (a new connection). The player seated,
    and whether it was sent on."""
    await player.send({"type": "join", "code": code})
    while True:
        message = await player.read()
        if message["type"] == "seated":
            return player, False
        if message["type"] == "error":
            raise RuntimeError(message["message"])
        if message["type"] == "redirect":
            break
    await player.ws.close()
    there = await _open(message["url"], name, rng, counts, think)
    await there.send({"type": "join", "code": code})
    await there.until("seated")
    return there, True


async def _tables(urls: list[str], game: str, seats: int, tables: int, seconds: float,
                  think: float) -> dict[str, Any]:
    """``tables`` tables, table i created at ``urls[i % len(urls)]`` and joined through the next URL;
    played for ``seconds``."""
    counts = _Counts()
    opening = asyncio.Semaphore(OPENING)
    ready: list[list[_Player]] = []
    redirects = 0

    async def table(index: int) -> None:
        nonlocal redirects
        here, there = urls[index % len(urls)], urls[(index + 1) % len(urls)]
        rng = random.Random(f"bench/{index}")
        async with opening:
            host = await _open(here, f"Host {index}", rng, counts, think)
            await host.send({"type": "create", "game": game, "seats": seats, "computers": 0, "level": "easy",
                             "options": {}})
            await host.until("seated")
            assert host.code is not None
            players = [host]
            for i in range(1, seats):
                name = f"Guest {index}.{i}"
                guest_rng = random.Random(f"bench/{index}/{i}")
                guest = await _open(there, name, guest_rng, counts, think)
                guest, sent_on = await _follow(guest, host.code, name, guest_rng, counts, think)
                redirects += sent_on
                players.append(guest)
        ready.append(players)

    started = time.monotonic()
    setups = await asyncio.gather(*(table(i) for i in range(tables)), return_exceptions=True)
    for outcome in setups:
        if isinstance(outcome, BaseException):
            counts.errors += 1
            counts.problems.append(f"setup: {outcome!r}")
    setup_s = time.monotonic() - started
    players = [pl for t in ready for pl in t]
    deadline = time.monotonic() + seconds
    outcomes = await asyncio.gather(*(pl.play(deadline) for pl in players), return_exceptions=True)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            counts.errors += 1
            counts.problems.append(f"play: {outcome!r}")
    await asyncio.gather(*(pl.ws.close() for pl in players), return_exceptions=True)
    latencies = counts.latencies
    result: dict[str, Any] = {
        "tables": len(ready), "clients": len(players), "redirects": redirects, "actions": counts.actions,
        "p50_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p99_ms": _percentile(latencies, 0.99), "max_ms": round(max(latencies), 2) if latencies else None,
        "errors": counts.errors, "setup_s": round(setup_s, 2)}
    if counts.problems:
        result["problems"] = counts.problems[:5]
    return result


def _held(redis_url: str) -> list[int]:
    """The tables each server process holds, as it told Redis (largest first)."""
    import redis

    from access_game.net.redis_bus import PREFIX

    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        ids: set[str] = client.smembers(PREFIX + "processes")  # type: ignore[assignment]
        return sorted((int(client.hlen(PREFIX + "held:" + pid)) for pid in ids), reverse=True)
    finally:
        client.close()


def _stop(proc: subprocess.Popen[Any]) -> None:
    proc.terminate()
    try:
        proc.wait(60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def run_shared_bench(*, tables: int, seconds: float, seats: int = 4, game: str = "five-crowns",
                     think: float = 2.0, redis_url: str | None = None) -> BenchResult:
    """One process alone, then two behind one Redis, each playing ``tables`` tables for ``seconds``."""
    from access_game.net.serving import raise_open_file_limit

    raise_open_file_limit()
    with tempfile.TemporaryDirectory(prefix="access-game-bench-") as tmp:
        folder = Path(tmp)
        private = None
        if redis_url is None:
            private, redis_url = _private_redis(folder)
        try:
            server, url = start_server_process(folder / "alone")
            try:
                alone = asyncio.run(_tables([url], game, seats, tables, seconds, think))
                alone["held"] = [alone["tables"]]
            finally:
                _stop(server)
            sharing = ("--redis", redis_url, "--redis-expiry", EXPIRY)
            first, first_url = start_server_process(folder / "one", extra=sharing)
            try:
                second, second_url = start_server_process(folder / "two", extra=sharing)
                try:
                    held: list[int] = []

                    async def play() -> dict[str, Any]:
                        task = asyncio.ensure_future(_tables([first_url, second_url], game, seats, tables,
                                                             seconds, think))
                        # The tables each process holds, read from Redis while they play.
                        while not task.done():
                            await asyncio.sleep(min(1.0, seconds / 2))
                            now = await asyncio.to_thread(_held, redis_url)
                            if sum(now) >= sum(held):
                                held[:] = now
                        return await task

                    shared = asyncio.run(play())
                    shared["held"] = held
                    alive = first.poll() is None and second.poll() is None
                finally:
                    _stop(second)
            finally:
                _stop(first)
        finally:
            if private is not None:
                _stop(private)
    if not alive:
        shared["errors"] += 1
    data = {"one_process": alone, "two_processes": shared, "seconds": seconds, "think_s": think, "game": game,
            "seats": seats, "redis": "private" if private is not None else "given"}
    return BenchResult(data)
