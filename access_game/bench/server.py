"""The server load bench: a real server process, N tables of scripted network players on loopback.

The server runs in its own process (``access-game serve --port 0``), so its memory is measured alone
(its peak resident set, from /proc). The players run in one or more client processes; each table
gets its people (4 by default), the first creates the table and the others join it, then each plays
its seat whenever it is to act: after ``think`` seconds (people take seconds over a move) it sends one
of the legal moves of its last update, chosen with a seeded random source, and the time from that
action sent to its update received is one latency sample. Everything is bounded: the tables (at most
MAX_TABLES), the seconds, the connections opened at once.

These players read the frames as JSON only (no engine decoding), so a client process can hold
thousands of them; the tests' scripted players decode every update fully.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from access_game.bench.figures import percentile
from access_game.net import protocol as p

__all__ = ["MAX_SECONDS", "MAX_TABLES", "BenchResult", "Busy", "run_attack", "run_bench", "start_server_process"]

MAX_TABLES = 2000
MAX_SECONDS = 600
#: Connections being opened at once per client process: a bound on the burst at the start.
OPENING = 64
_SERVING = re.compile(r"Serving on (wss?://\S+)")


@dataclass(slots=True)
class _Counts:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    refused: int = 0
    problems: list[str] = field(default_factory=list)


class _Player:
    """One seat's light client: acts on its last update's legal moves, times each action."""

    def __init__(self, ws: ClientConnection, rng: random.Random, counts: _Counts, think: float) -> None:
        self.ws = ws
        self.rng = rng
        self.counts = counts
        self.think = think
        self.seat: int | None = None
        self.code: str | None = None
        self.update: dict[str, Any] | None = None
        self.sent_at: float | None = None
        self.ref = 0
        self.token: str | None = None
        #: Events of this seat's log received so far (what a rejoin says it has seen).
        self.seen = 0

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(p.encode(message))

    async def read(self) -> dict[str, Any]:
        message = p.decode_server(await self.ws.recv())
        kind = message["type"]
        if kind == "seated":
            self.seat, self.code, self.token = message["seat"], message["code"], message["token"]
        elif kind == "update":
            self.update = message
            self.seen = message["seq"] + len(message["events"])
            if message.get("ref") == self.ref and self.sent_at is not None:
                self.counts.latencies.append((time.perf_counter() - self.sent_at) * 1000)
                self.sent_at = None
        elif kind == "error":
            self.counts.errors += 1
            self.counts.problems.append(f"{message['code']}: {message['message']}")
        elif kind == "refused":
            self.counts.refused += 1
            self.sent_at = None
        return message

    async def until(self, kind: str) -> dict[str, Any]:
        while True:
            message = await self.read()
            if message["type"] == kind:
                return message
            if message["type"] == "error":
                raise RuntimeError(message["message"])

    def my_turn(self) -> bool:
        u = self.update
        return (u is not None and not u["over"] and self.seat in u["to_act"] and bool(u["legal"])
                and self.sent_at is None)

    async def play(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            if self.my_turn():
                assert self.update is not None
                await asyncio.sleep(self.think * (0.5 + self.rng.random()))
                if time.monotonic() >= deadline:
                    return
                self.ref += 1
                action = self.rng.choice(self.update["legal"])
                self.sent_at = time.perf_counter()
                self.counts.actions += 1
                await self.send({"type": "act", "ref": self.ref, "action": action})
            try:
                await asyncio.wait_for(self.read(), max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                return


async def _open(url: str, name: str, rng: random.Random, counts: _Counts, think: float) -> _Player:
    ws = await connect(url, compression=None, open_timeout=60, max_size=2**22, ping_interval=None)
    player = _Player(ws, rng, counts, think)
    await player.send({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": name})
    await player.until("welcome")
    return player


async def _table(url: str, game: str, seats: int, index: int, counts: _Counts, think: float,
                 opening: asyncio.Semaphore, ready: list[list[_Player]], computers: int = 0,
                 level: str = "easy") -> None:
    """A table of ``seats`` players, ``computers`` of them computer players of ``level`` on the server
    and the rest scripted people here (the first the host)."""
    rng = random.Random(f"bench/{index}")
    async with opening:
        host = await _open(url, f"Host {index}", rng, counts, think)
        await host.send({"type": "create", "game": game, "seats": seats, "computers": computers, "level": level,
                         "options": {}})
        await host.until("seated")
        players = [host]
        for i in range(1, seats - computers):
            guest = await _open(url, f"Guest {index}.{i}", random.Random(f"bench/{index}/{i}"), counts, think)
            await guest.send({"type": "join", "code": host.code})
            await guest.until("seated")
            players.append(guest)
    ready.append(players)


async def _rejoin_all(players: list[_Player], url: str, counts: _Counts) -> list[float]:
    """Every player back on a new connection to ``url`` with its token: each one's time (ms)."""
    opening = asyncio.Semaphore(OPENING)
    times: list[float] = []

    async def back(pl: _Player) -> None:
        async with opening:
            began = time.perf_counter()
            pl.ws = await connect(url, compression=None, open_timeout=60, max_size=2**22, ping_interval=None)
            await pl.send({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "again"})
            await pl.until("welcome")
            seen = pl.seen
            await pl.send({"type": "rejoin", "code": pl.code, "token": pl.token, "seen": seen})
            update = await pl.until("update")
            times.append((time.perf_counter() - began) * 1000)
            if update["seq"] != seen:  # the server came back with less than this seat was told
                counts.errors += 1
                counts.problems.append(f"rejoin: seat log {update['seq']} after {seen} seen")

    outcomes = await asyncio.gather(*(back(pl) for pl in players), return_exceptions=True)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            counts.errors += 1
            counts.problems.append(f"rejoin: {outcome!r}")
    return times


@dataclass(frozen=True, slots=True)
class Busy:
    """Tables beside the measured ones whose computer players think hard all the time: one scripted
    person at each, acting at once whenever it is their turn, and ``computers`` computer players of
    ``level`` (Five Crowns' largest table: 1 + 13). Their person's latencies are kept apart, so the
    measured tables' figures say how much the busy tables slow everyone else."""

    tables: int = 2
    computers: int = 13
    level: str = "hard"


async def _client_main(url: str, game: str, seats: int, first: int, tables: int, seconds: float,
                       think: float, restart: Callable[[], tuple[str, float]] | None = None,
                       server_pid: int | None = None, busy: Busy | None = None) -> dict[str, Any]:
    counts = _Counts()
    busy_counts = _Counts()
    opening = asyncio.Semaphore(OPENING)
    ready: list[list[_Player]] = []
    busy_ready: list[list[_Player]] = []
    started = time.monotonic()
    if busy is not None:
        await asyncio.gather(*(_table(url, "five-crowns", 1 + busy.computers, 10**6 + i, busy_counts, 0.0, opening,
                                      busy_ready, busy.computers, busy.level) for i in range(busy.tables)))
    setups = await asyncio.gather(*(_table(url, game, seats, first + i, counts, think, opening, ready)
                                    for i in range(tables)), return_exceptions=True)
    for outcome in setups:
        if isinstance(outcome, BaseException):
            counts.errors += 1
            counts.problems.append(f"setup: {outcome!r}")
    setup_s = time.monotonic() - started
    cpu_before = _cpu_seconds(server_pid) if server_pid is not None else None
    deadline = time.monotonic() + seconds
    players = [pl for table in ready for pl in table]
    busy_players = [pl for table in busy_ready for pl in table]
    lags: list[float] = []
    watch = asyncio.ensure_future(_watch_lag(lags, deadline))
    outcomes = await asyncio.gather(*(pl.play(deadline) for pl in players + busy_players), return_exceptions=True)
    watch.cancel()
    cpu_after = _cpu_seconds(server_pid) if server_pid is not None else None
    play_cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            counts.errors += 1
            counts.problems.append(f"play: {outcome!r}")
    restarted: dict[str, Any] | None = None
    if restart is not None:
        # Let the last answers arrive, then the server is killed and started again on its directory.
        await asyncio.sleep(1.0)
        for pl in players:
            with contextlib.suppress(Exception):
                while True:
                    await asyncio.wait_for(pl.read(), 0.001)
        began = time.monotonic()
        new_url, listen_s = await asyncio.to_thread(restart)
        times = await _rejoin_all(players, new_url, counts)
        restarted = {"listening_s": round(listen_s, 2), "all_back_s": round(time.monotonic() - began, 2),
                     "rejoined": len(times), "rejoin_p50_ms": _percentile(times, 0.5),
                     "rejoin_p99_ms": _percentile(times, 0.99)}
    await asyncio.gather(*(pl.ws.close() for pl in players + busy_players), return_exceptions=True)
    return {"latencies": counts.latencies, "actions": counts.actions, "errors": counts.errors + busy_counts.errors,
            "restart": restarted, "busy_latencies": busy_counts.latencies, "busy_actions": busy_counts.actions,
            "server_play_cpu_s": play_cpu,
            "cpu_s": time.process_time(), "lags": lags,
            "refused": counts.refused, "clients": len(players), "setup_s": setup_s,
            "problems": counts.problems[:5]}


async def _watch_lag(lags: list[float], deadline: float, every: float = 0.05) -> None:
    """How late this process's event loop wakes up (ms): the clients' own share of the latencies."""
    while time.monotonic() < deadline:
        asked = time.perf_counter()
        await asyncio.sleep(every)
        lags.append((time.perf_counter() - asked - every) * 1000)


def _client_process(args: tuple[str, str, int, int, int, float, float],
                    server_pid: int | None = None, busy: Busy | None = None) -> dict[str, Any]:
    from access_game.net.serving import raise_open_file_limit

    raise_open_file_limit()
    return asyncio.run(_client_main(*args, server_pid=server_pid, busy=busy))


#: The load generator is one machine opening thousands of tables: no limits per address for it.
UNLIMITED = ("--connections-per-address", "0", "--tables-per-minute", "0", "--joins-per-minute", "0",
             "--chats-per-minute", "0")


def start_server_process(data: Path, *, nice: int = 0, stats: Path | None = None, limited: bool = False,
                         computer_workers: int | None = None,
                         extra: Sequence[str] = ()) -> tuple[subprocess.Popen[str], str]:
    """``access-game serve`` on a free loopback port, with its URL once it listens; without limits per
    address unless ``limited``; ``computer_workers`` processes deciding computer players' moves (None:
    the server's own choice, one per core; 0: on the server's event loop, as a baseline); ``extra``
    more of serve's options (--redis)."""
    command = [sys.executable, "-m", "access_game", "serve", "--port", "0", "--data", str(data), *extra]
    if not limited:
        command += UNLIMITED
    if computer_workers is not None:
        command += ["--computer-workers", str(computer_workers)]
    if stats is not None:
        command += ["--stats", str(stats)]
    if nice and sys.platform != "win32":
        command = ["nice", "-n", str(nice), *command]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = _SERVING.search(line)
    if match is None:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, match.group(1)


def _peak_rss_mb(pid: int) -> float | None:
    """The process's peak resident memory (VmHWM), where /proc tells it."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    match = re.search(r"VmHWM:\s+(\d+) kB", text)
    return round(int(match.group(1)) / 1024, 1) if match else None


def _cpu_seconds(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return round((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), 2)


@dataclass(frozen=True, slots=True)
class BenchResult:
    data: dict[str, Any]


def _per_action(cpu_s: float | None, actions: int) -> float | None:
    return None if cpu_s is None or not actions else round(cpu_s * 1000 / actions, 2)


def _percentile(values: list[float], q: float) -> float | None:
    return round(percentile(values, q), 2) if values else None


def run_bench(*, tables: int, seconds: float, seats: int = 4, game: str = "five-crowns", think: float = 2.0,
              workers: int = 1, nice: int = 0, restart: bool = False, busy: Busy | None = None,
              computer_workers: int | None = None) -> BenchResult:
    """Start the server, play ``tables`` tables for ``seconds`` seconds, stop, and report; with
    ``restart``, then kill the server (SIGKILL), start it again on its directory and time every
    player's rejoin (one client process); with ``busy``, tables of hard computer players play beside
    the measured ones all along (one client process)."""
    if busy is not None:
        workers = 1  # the busy tables and the measured ones in one client process, one clock
    with tempfile.TemporaryDirectory(prefix="access-game-bench-") as tmp:
        stats_file = Path(tmp) / "stats.json"
        server, url = start_server_process(Path(tmp) / "tables", nice=nice, stats=stats_file,
                                           computer_workers=computer_workers)
        first_server: dict[str, Any] = {}

        def again() -> tuple[str, float]:
            nonlocal server
            first_server.update(rss=_peak_rss_mb(server.pid), cpu=_cpu_seconds(server.pid),
                                alive=server.poll() is None)
            server.kill()
            server.wait()
            began = time.monotonic()
            server, new_url = start_server_process(Path(tmp) / "tables", nice=nice, stats=stats_file,
                                                   computer_workers=computer_workers)
            return new_url, time.monotonic() - began

        try:
            shares = [tables // workers + (1 if i < tables % workers else 0) for i in range(workers)]
            firsts = [sum(shares[:i]) for i in range(workers)]
            jobs = [(url, game, seats, first, share, seconds, think)
                    for first, share in zip(firsts, shares, strict=True) if share]
            if restart:
                from access_game.net.serving import raise_open_file_limit

                raise_open_file_limit()
                results = [asyncio.run(_client_main(*jobs[0], restart=again, server_pid=server.pid))]
            elif len(jobs) == 1 or busy is not None:
                results = [_client_process(jobs[0], server.pid, busy)]
            else:
                with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
                    results = pool.map(_client_process, jobs)
            rss = first_server.get("rss", _peak_rss_mb(server.pid))
            cpu = first_server.get("cpu", _cpu_seconds(server.pid))
            alive = first_server.get("alive", server.poll() is None)
        finally:
            server.terminate()
            try:
                server.wait(60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        try:
            handling = json.loads(stats_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            handling = None
    latencies = [x for r in results for x in r["latencies"]]
    errors = sum(r["errors"] for r in results) + (0 if alive else 1)
    data: dict[str, Any] = {
        "tables": tables,
        "clients": sum(r["clients"] for r in results),
        "actions": sum(r["actions"] for r in results),
        "p50_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p99_ms": _percentile(latencies, 0.99),
        "max_ms": round(max(latencies), 2) if latencies else None,
        "errors": errors,
        "refused": sum(r["refused"] for r in results),
        "rss_mb": rss,
        "server_cpu_s": cpu,
        # The server's CPU while the tables played (not seating them), per action: what a core holds.
        "server_cpu_ms_per_action": _per_action(results[0].get("server_play_cpu_s") if len(results) == 1 else None,
                                                sum(r["actions"] for r in results)),
        "client_cpu_s": round(sum(r["cpu_s"] for r in results), 2),
        "client_lag_p50_ms": _percentile([x for r in results for x in r["lags"]], 0.5),
        "client_lag_p99_ms": _percentile([x for r in results for x in r["lags"]], 0.99),
        "server_p50_ms": None if handling is None else handling.get("p50_ms"),
        "server_p99_ms": None if handling is None else handling.get("p99_ms"),
        "server_lag_p50_ms": None if handling is None else handling.get("lag_p50_ms"),
        "server_lag_p99_ms": None if handling is None else handling.get("lag_p99_ms"),
        "frames_sent": None if handling is None else handling.get("frames_sent"),
        "seconds": seconds,
        "setup_s": round(max(r["setup_s"] for r in results), 2) if results else None,
        "think_s": think,
        "game": game,
        "seats": seats,
    }
    if busy is not None:
        busy_latencies = [x for r in results for x in r["busy_latencies"]]
        data["busy"] = {"tables": busy.tables, "computers": busy.computers, "level": busy.level,
                        "person_actions": sum(r["busy_actions"] for r in results),
                        "person_p50_ms": _percentile(busy_latencies, 0.5),
                        "person_p99_ms": _percentile(busy_latencies, 0.99),
                        "computer_workers": computer_workers}
        # The server's own time per action counts the busy tables' long runs of computer moves too:
        # the measured tables' latencies (p50_ms, p99_ms) are the figure.
        data["server_p50_ms"] = data["server_p99_ms"] = None
    if restart:
        # The stats file is the second server's: the rejoins only. The first was killed unasked.
        data["restart"] = {**results[0]["restart"], "frames_sent_after": data["frames_sent"]}
        data["server_p50_ms"] = data["server_p99_ms"] = data["frames_sent"] = None
        data["server_lag_p50_ms"] = data["server_lag_p99_ms"] = None
    problems = [x for r in results for x in r["problems"]]
    if problems:
        data["problems"] = problems[:5]
    return BenchResult(data)


# --------------------------------------------------------------------------- one address asking too much


@dataclass(slots=True)
class _Attack:
    created: int = 0
    creates_refused: int = 0
    guesses_answered: int = 0
    guesses_refused: int = 0
    hits: int = 0
    connections_refused: int = 0


async def _attack(url: str, seconds: float, creators: int, guessers: int) -> dict[str, Any]:
    """From this one address, for ``seconds``: ``creators`` connections creating tables as fast as they
    are answered (one table a connection, as the protocol allows), and ``guessers`` joining random
    codes at just under the per-connection rate."""
    from websockets.exceptions import InvalidStatus

    tally = _Attack()
    deadline = time.monotonic() + seconds
    rng = random.Random("guesser")

    async def hello() -> ClientConnection | None:
        try:
            ws = await connect(url, compression=None, open_timeout=10, ping_interval=None)
        except InvalidStatus:  # refused at the handshake: the address has its connections open
            tally.connections_refused += 1
            await asyncio.sleep(0.05)
            return None
        await ws.send(p.encode({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Mallory"}))
        await ws.recv()
        return ws

    async def answer(ws: ClientConnection) -> dict[str, Any]:
        while True:
            message = p.decode_server(await ws.recv())
            if message["type"] in ("seated", "error"):
                return message

    async def creator() -> None:
        while time.monotonic() < deadline:
            ws = await hello()
            if ws is None:
                continue
            await ws.send(p.encode({"type": "create", "game": "five-crowns", "seats": 2, "computers": 0,
                                    "level": "easy", "options": {}}))
            message = await answer(ws)
            if message["type"] == "seated":
                tally.created += 1
            else:
                tally.creates_refused += 1
            await ws.close()

    async def guesser() -> None:
        ws = await hello()
        while ws is not None and time.monotonic() < deadline:
            code = "".join(rng.choice(p.CODE_ALPHABET) for _ in range(p.CODE_LENGTH))
            await ws.send(p.encode({"type": "join", "code": code}))
            message = await answer(ws)
            if message["type"] == "seated":
                tally.hits += 1
                await ws.close()
                ws = await hello()
            elif message.get("code") == "too_many":
                tally.guesses_refused += 1
            else:
                tally.guesses_answered += 1
            await asyncio.sleep(1.0 / (p.RATE_PER_SECOND * 0.9))
        if ws is not None:
            await ws.close()

    await asyncio.gather(*(creator() for _ in range(creators)), *(guesser() for _ in range(guessers)))
    return {"seconds": seconds, "tables_created": tally.created, "creates_refused": tally.creates_refused,
            "codes_guessed": tally.guesses_answered, "guesses_refused": tally.guesses_refused,
            "codes_found": tally.hits, "connections_refused": tally.connections_refused,
            "creators": creators, "guessers": guessers}


def run_attack(seconds: float = 5.0, creators: int = 4, guessers: int = 16) -> BenchResult:
    """One address asking as much as it can of a server with the default limits per address: how many
    tables it creates and how many table codes it gets to try in ``seconds``."""
    with tempfile.TemporaryDirectory(prefix="access-game-bench-") as tmp:
        server, url = start_server_process(Path(tmp) / "tables", limited=True)
        try:
            data = asyncio.run(_attack(url, seconds, creators, guessers))
        finally:
            server.terminate()
            server.wait(60)
    return BenchResult(data)


if __name__ == "__main__":  # pragma: no cover - a manual run: python -m access_game.bench.server 10 5
    print(json.dumps(run_bench(tables=int(sys.argv[1]), seconds=float(sys.argv[2])).data))
