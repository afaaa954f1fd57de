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
import threading
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import IO, Any, TypeVar

from access_game.net.limits import RATE_BURST, RATE_PER_SECOND, TokenBucket
from access_game.net.scripted import ScriptedPlayer
from access_game.net.server import TableServer
from access_game.net.serving import start_server
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
        server_tables.stopping = True
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


async def ann_and_ben(url: str, seats: int = 3) -> tuple[ScriptedPlayer, ScriptedPlayer, str]:
    """Ann hosts a table of Five Crowns for ``seats`` people (none a computer player) and Ben joins it:
    with a seat still free the table waits, as the tests of seat changes before the deal want. The
    two players and the table's code."""
    ann = ScriptedPlayer(url, "Ann")
    await ann.open()
    code = await ann.create("five-crowns", seats, 0)
    ben = ScriptedPlayer(url, "Ben")
    await ben.open()
    await ben.join(code)
    return ann, ben, code


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
    """``access-game serve --port 0 --data DIR`` (and ``args``) as a process of its own; what it writes to
    stderr is kept (``errors``), read by a thread so that a chatty server never blocks on its pipe."""

    def __init__(self, data: Path, *args: str) -> None:
        self.data = data
        self.args = args
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""
        self._stderr: list[str] = []

    def start(self) -> str:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "access_game", "serve", "--port", "0", "--data",
                                      str(self.data), *self.args], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        threading.Thread(target=self._keep, args=(self.proc.stderr,), daemon=True).start()
        line = self.proc.stdout.readline()
        match = _SERVING.search(line)
        assert match, f"the server did not say where it serves: {line!r}; stderr: {self.errors}"
        self.url = match.group(1)
        return self.url

    def _keep(self, stream: IO[str]) -> None:
        for line in stream:
            self._stderr.append(line)

    @property
    def errors(self) -> str:
        """What the server has written to stderr so far (its log)."""
        return "".join(self._stderr)

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def limit_file_size(self, size: int | None) -> None:
        """Let the server write no file past ``size`` bytes (None: no limit), as a full disk would: a
        write past it fails with EFBIG (Python ignores SIGXFSZ), a write across it is cut short."""
        import resource

        _soft, hard = resource.prlimit(self.pid, resource.RLIMIT_FSIZE)
        resource.prlimit(self.pid, resource.RLIMIT_FSIZE, (hard if size is None else size, hard))

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


def waits_for_people(player: ScriptedPlayer, computers: frozenset[int] = frozenset()) -> bool:
    """The player's last update shows the table waiting for a person (no computer player to act), or over."""
    u = player.update
    return u is not None and (u.over or not set(u.to_act) & computers)


async def settle(players: list[ScriptedPlayer], computers: frozenset[int] = frozenset(), *,
                 fresh: bool = True) -> None:
    """Every player reads at least one update (``fresh``: one more than it has), then on until its table
    waits for a person again (the computer players' moves come in later updates); an error frame on the
    way fails the test."""
    for pl in players:
        updates = 0 if fresh else 1
        while updates == 0 or not waits_for_people(pl, computers):
            message = await pl.receive()
            assert message["type"] != "error", message
            updates += message["type"] == "update"


#: Each scripted player's own allowance, kept a little under the server's as a person's client keeps it.
_PACE: weakref.WeakKeyDictionary[ScriptedPlayer, TokenBucket] = weakref.WeakKeyDictionary()


async def step(players: list[ScriptedPlayer], computers: frozenset[int] = frozenset()) -> ScriptedPlayer:
    """The person whose turn it is makes one move (within its allowance), and everyone reads what
    followed; the mover."""
    mover = next(pl for pl in players if pl.my_turn())
    bucket = _PACE.setdefault(mover, TokenBucket(RATE_PER_SECOND * 0.9, RATE_BURST // 2))
    while not bucket.allow():
        await asyncio.sleep(1 / bucket.rate)
    await mover.act(mover.choose())
    await settle(players, computers)
    mover._sent_at.clear()
    return mover


async def barrier(sender: ScriptedPlayer, others: list[ScriptedPlayer], text: str = "-") -> None:
    """``sender`` chats and everyone reads up to that line, finding nothing before it: whatever the server
    did with what ``sender`` sent before was told by then (one connection's messages are handled in
    order, and each connection's frames leave in order)."""
    await sender.send({"type": "chat", "text": text})
    for pl in [sender, *others]:
        message = await pl.receive()
        assert message["type"] == "chat" and message["text"] == text, f"{pl.name} was told {message}"


def newest_journal(data: Path, code: str) -> Path:
    """The journal the server appends the table's changes to now (the highest generation)."""
    journals = [(int(path.name.split(".")[1]), path) for path in data.glob(f"{code}.*.log")]
    assert journals, f"no journal for {code} in {data}"
    return max(journals)[1]


async def come_back(url: str, player: ScriptedPlayer) -> tuple[ScriptedPlayer, dict[str, Any]]:
    """``player`` back on a new connection with its token and the log it has: the new player and the
    update the rejoin brought."""
    again = ScriptedPlayer(url, player.name, seed=player.seed)
    await again.open()
    again.code, again.token, again.log = player.code, player.token, list(player.log)
    await again.rejoin()
    return again, await again.expect("update")


async def exactly_as_told(url: str, players: list[ScriptedPlayer]) -> list[ScriptedPlayer]:
    """Everyone rejoins (after a restart): each is brought back at exactly the moment it was last told
    of, with nothing missed and nothing more; the players on their new connections."""
    back = []
    for pl in players:
        assert pl.update is not None
        again, update = await come_back(url, pl)
        assert update["seq"] == len(pl.log) and update["events"] == [], f"{pl.name}: {update['events']}"
        assert again.update is not None and again.update.view == pl.update.view
        assert again.update.to_act == pl.update.to_act
        back.append(again)
    return back


async def until_table(player: ScriptedPlayer, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Read until the player's last ``table`` message satisfies ``done``; an error on the way fails."""
    while player.table is None or not done(player.table):
        message = await player.receive()
        assert message["type"] != "error", message
    return player.table


async def error_to(player: ScriptedPlayer, message: dict[str, Any]) -> str:
    """Send ``message`` and read until the error it is answered with: its code."""
    await player.send(message)
    while True:
        answer = await player.receive()
        if answer["type"] == "error":
            return str(answer["code"])
