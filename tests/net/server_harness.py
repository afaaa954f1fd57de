"""Servers and players for the server tests: real sockets on loopback, free ports, real processes.

(tests/net is on sys.path under pytest.) ``in_process`` runs a TableServer in the test's own event
loop, listening on a free port, so a test can look at the server's games while real WebSocket
clients play; ``ServerProcess`` runs ``access-game serve`` as its own process, for killing it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path
from typing import Any, TypeVar

from access_game.net.scripted import ScriptedPlayer
from access_game.net.server import TableServer, start_server
from access_game.net.table_store import TableStore

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[2]
_SERVING = re.compile(r"Serving on (ws://127\.0\.0\.1:\d+)")


def run(coro: Awaitable[T], timeout: float = 60) -> T:
    """Run a test's coroutine with a bound on its time (a hung socket fails the test, never the suite)."""

    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


@contextlib.asynccontextmanager
async def in_process(tables: TableServer | None = None,
                     data: Path | None = None) -> AsyncIterator[tuple[TableServer, str]]:
    server_tables = tables or TableServer(TableStore(data) if data is not None else None)
    server = await start_server(server_tables, "127.0.0.1", 0)
    port = next(iter(server.sockets)).getsockname()[1]
    try:
        yield server_tables, f"ws://127.0.0.1:{port}"
    finally:
        server.close()
        await server.wait_closed()


async def seated(url: str, game: str, people: int, computers: int = 0, *, record: bool = False,
                 level: str = "easy", options: dict[str, Any] | None = None) -> list[ScriptedPlayer]:
    """A table of ``people`` scripted players (the first its host) and ``computers`` computer players."""
    host = ScriptedPlayer(url, "Ann", record=record, seed=1)
    await host.open()
    code = await host.create(game, people + computers, computers, level, options)
    players = [host]
    for i in range(1, people):
        guest = ScriptedPlayer(url, ("Ben", "Cleo", "Dan", "Eve")[i - 1], record=record, seed=i * 101)
        await guest.open()
        await guest.join(code)
        players.append(guest)
    # Everyone has the deal once the last seat is taken.
    for pl in players:
        while pl.update is None:
            await pl.receive()
    return players


async def play_until_one_stops(players: list[ScriptedPlayer], actions: int, seconds: float = 20) -> None:
    """Everyone plays until one player has made ``actions`` moves (or the game ends), then all stop:
    a player stopping alone would leave the others waiting for its turn."""
    tasks = [asyncio.create_task(pl.play(deadline=time.monotonic() + seconds, max_actions=actions))
             for pl in players]
    await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


class ServerProcess:
    """``access-game serve --port 0 --data DIR`` as a process of its own."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> str:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-m", "access_game", "serve", "--port", "0", "--data",
                                      str(self.data)], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        match = _SERVING.search(line)
        assert match, f"the server did not say where it serves: {line!r}"
        self.url = match.group(1)
        return self.url

    def kill(self) -> None:
        """SIGKILL: no goodbye, no flush."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
