"""Seats and the lobby of two ``serve`` processes while their Redis fails: ``python -m
access_game.bench.redis_faults``.

Two real ``access-game serve --redis`` processes (A and B) and a private ``redis-server``; B reaches
Redis through a relay of this bench's, which can cut B off alone (a network split: what B sends is
held, as a cut network holds it, and goes on when the split heals). Seated before the faults: Ann
and Ben at a table held by A, Ben having come through B (sent on); Eve and Fay at a table held by B,
Fay through A; a listener in each lobby (Cleo at A, Dan at B).

Each round is one fault, held for twice the processes' expiry (their keys in Redis expire meanwhile):
``stop`` (Redis SIGSTOP, then SIGCONT), ``kill`` (SIGKILL, then a new empty redis-server on the same
port) or ``split`` (B cut off). During it, with the real client (access_game.online.client, as
``access-game join`` uses it): Ben takes his seat back through B and Fay hers through A, the seats'
tokens kept in a real seats file; a public table is created at B and timed; Cleo and Dan each say
lines in the lobby. After it: the lines each heard from the other (lost = said - heard) and whether
both processes' table lists and who-is-online lists came whole again (each process's lists equal,
holding every public table made), and how soon.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from access_game.bench.server import start_server_process
from access_game.bench.shared import _free_port, _stop, start_redis_server
from access_game.net.scripted import ScriptedPlayer

__all__ = ["FAULTS", "Relay", "main", "run_faults"]

FAULTS = ("stop", "kill", "split")
#: Seconds after which a silent process's tables leave the lobby, for the bench's processes.
EXPIRY = 3.0
#: Seconds a rejoin, a create, or the lists coming whole again may take before counting as failed.
PATIENCE = 30.0
LINES = 3


class Relay:
    """A TCP relay from a local port to Redis's, which can be cut (a network split of whoever uses it):
    the connections open then are broken (as a split outlasting them breaks them), and new ones are
    taken but carry nothing until the split heals: what is sent on them is held, and goes on then."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self._open = asyncio.Event()
        self._open.set()
        self._server: asyncio.Server | None = None
        self._live: set[asyncio.StreamWriter] = set()

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        self.port = int(self._server.sockets[0].getsockname()[1])
        return self.port

    def cut(self) -> None:
        self._open.clear()
        for writer in list(self._live):
            writer.transport.abort()
        self._live.clear()

    def heal(self) -> None:
        self._open.set()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await self._open.wait()
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        if self._open.is_set():  # (one taken while cut is cut with the rest no more: it has waited)
            self._live.update((writer, up_writer))
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer),
                             return_exceptions=True)
        self._live.difference_update((writer, up_writer))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                await self._open.wait()
                writer.write(data)
                await writer.drain()
        finally:
            writer.close()


class Listener:
    """A person in the lobby of one process, every frame kept: the chat lines heard, and the answers to
    ``tables`` and ``who``."""

    def __init__(self, url: str, name: str) -> None:
        self.player = ScriptedPlayer(url, name)
        self.heard: list[tuple[str, str]] = []
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        await self.player.open()
        await self.player.send({"type": "tables", "watch": True})
        self._task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                message = await self.player.receive()
                if message["type"] == "said":
                    self.heard.append((str(message.get("name")), str(message.get("text"))))
                elif message["type"] in ("tables", "online"):
                    await self.answers.put(message)

    async def ask(self, request: dict[str, Any], kind: str) -> dict[str, Any]:
        while not self.answers.empty():
            self.answers.get_nowait()
        await self.player.send(request)
        async with asyncio.timeout(10):
            while True:
                answer = await self.answers.get()
                if answer["type"] == kind:
                    return answer

    async def lists(self) -> tuple[set[str], set[str]]:
        """The codes of the tables listed here, and the names online."""
        tables = await self.ask({"type": "tables", "watch": True}, "tables")
        online = await self.ask({"type": "who"}, "online")
        return {str(t["code"]) for t in tables["tables"]}, {str(n) for n in online["names"]}

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        await self.player.close()


def _in_thread(work: Callable[[], Any]) -> asyncio.Future[Any]:
    """``work`` in a daemon thread of its own (the client's blocking calls; one that never returns does
    not keep the bench from ending)."""
    done: Future[Any] = Future()

    def run() -> None:
        try:
            done.set_result(work())
        except BaseException as exc:  # handed to the waiting coroutine
            done.set_exception(exc)

    threading.Thread(target=run, daemon=True).start()
    return asyncio.wrap_future(done)


def _take_back(server: str, code: str, name: str, seats: Path) -> dict[str, Any]:
    """What ``access-game join --server SERVER CODE`` does with a seat kept in the seats file: rejoin with
    its token (the client asks again while the server is busy), forgetting the token only when the
    server says the seat is gone. Whether the seat was taken, how long it took, and whether the token
    is still kept."""
    from access_game.online.client import SEAT_GONE_ERRORS, Connection, NetError, TokenStore

    tokens = TokenStore(seats)
    kept = tokens.get(server, code)
    if kept is None:
        return {"seated": False, "seconds": 0.0, "token_kept": False, "busy": False, "error": "no token"}
    connection = Connection(server, name)
    busy: list[bool] = []
    connection.on_busy = lambda: busy.append(True)
    began = time.monotonic()
    error = None
    try:
        connection.open({"type": "rejoin", "code": kept.code, "token": kept.token, "seen": 0})
    except NetError as exc:
        error = exc.code or str(exc)
        if exc.code in SEAT_GONE_ERRORS:
            tokens.forget(server, code)
    finally:
        connection.close()
    return {"seated": error is None, "seconds": round(time.monotonic() - began, 2),
            "token_kept": tokens.get(server, code) is not None, "busy": bool(busy), "error": error}


async def _seated_pair(host_url: str, guest_url: str, host: str, guest: str, seats: Path) -> str:
    """A table created by ``host`` at one process and joined by ``guest`` through the other (sent on),
    the guest's token written to the seats file as the client writes it; the table's code."""
    from access_game.online.client import SeatToken, TokenStore

    first = ScriptedPlayer(host_url, host)
    await first.open()
    code = await first.create("five-crowns", 2)
    second = ScriptedPlayer(guest_url, guest)
    await second.open()
    await second.join(code)
    assert second.token is not None and second.seat is not None
    TokenStore(seats).put(SeatToken(guest_url, code, second.seat, second.token, guest))
    await first.close()
    await second.close()
    return code


async def _public_table(url: str, name: str) -> tuple[ScriptedPlayer, str, float]:
    """A public table for two opened at ``url`` (its host stays connected); the code and the seconds the
    create took."""
    host = ScriptedPlayer(url, name)
    await host.open()
    began = time.monotonic()
    await host.send({"type": "create", "game": "five-crowns", "seats": 2, "computers": 0, "level": "easy",
                     "options": {}, "public": True})
    await host.expect("seated")
    assert host.code is not None
    return host, host.code, time.monotonic() - began


class _Redis:
    """The bench's redis-server: stopped, killed and started again on its port."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = _free_port()
        self.proc = start_redis_server(folder, self.port)

    def signal(self, sig: int) -> None:
        os.kill(self.proc.pid, sig)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait()

    def start(self) -> None:
        self.proc = start_redis_server(self.folder, self.port)

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.proc.pid, signal.SIGCONT)
        _stop(self.proc)


async def _rounds(faults: list[str], folder: Path, redis: _Redis, expiry: float) -> dict[str, Any]:
    relay = Relay(redis.port)
    await relay.start()
    seats = folder / "network-seats.json"
    procs: list[subprocess.Popen[str]] = []
    people: list[Listener | ScriptedPlayer] = []
    try:
        common = ("--redis-expiry", str(expiry))
        a, url_a = await asyncio.to_thread(start_server_process, folder / "a",
                                           extra=("--redis", f"redis://127.0.0.1:{redis.port}/0", *common))
        procs.append(a)
        b, url_b = await asyncio.to_thread(start_server_process, folder / "b",
                                           extra=("--redis", f"redis://127.0.0.1:{relay.port}/0", *common))
        procs.append(b)
        ben_code = await _seated_pair(url_a, url_b, "Ann", "Ben", seats)
        fay_code = await _seated_pair(url_b, url_a, "Eve", "Fay", seats)
        cleo, dan = Listener(url_a, "Cleo"), Listener(url_b, "Dan")
        for listener in (cleo, dan):
            await listener.open()
            people.append(listener)
        public: set[str] = set()
        for url, name in ((url_a, "Gus"), (url_b, "Hal")):
            host, code, _took = await _public_table(url, name)
            people.append(host)
            public.add(code)
        await _whole(cleo, dan, public, PATIENCE)
        rounds = []
        for number, fault in enumerate(faults, 1):
            rounds.append(await _round(number, fault, redis, relay, expiry, url_a, url_b, ben_code, fay_code,
                                       seats, cleo, dan, public, people))
        alive = all(proc.poll() is None for proc in procs)
    finally:
        for person in people:
            with contextlib.suppress(Exception):
                await person.close()
        for proc in procs:
            await asyncio.to_thread(_stop, proc)
        relay.heal()
        await relay.close()
    return {"rounds": rounds, "servers_alive": alive}


async def _round(number: int, fault: str, redis: _Redis, relay: Relay, expiry: float, url_a: str, url_b: str,
                 ben_code: str, fay_code: str, seats: Path, cleo: Listener, dan: Listener, public: set[str],
                 people: list[Listener | ScriptedPlayer]) -> dict[str, Any]:
    heard_before = {id(cleo): len(cleo.heard), id(dan): len(dan.heard)}
    began = time.monotonic()
    if fault == "stop":
        redis.signal(signal.SIGSTOP)
    elif fault == "kill":
        redis.kill()
    else:
        relay.cut()
    await asyncio.sleep(0.5)
    # During the fault: the seats taken back across processes, a table made, lines said.
    seats_taken = [await _in_thread(lambda: _take_back(url_b, ben_code, "Ben", seats)),
                   await _in_thread(lambda: _take_back(url_a, fay_code, "Fay", seats))]
    host, code, create_s = await _public_table(url_b, f"Ivy {number}")
    people.append(host)
    public.add(code)
    said = {"Cleo": [f"round {number} ({fault}): Cleo's line {i}" for i in range(LINES)],
            "Dan": [f"round {number} ({fault}): Dan's line {i}" for i in range(LINES)]}
    for listener, name in ((cleo, "Cleo"), (dan, "Dan")):
        for text in said[name]:
            await listener.player.send({"type": "say", "text": text})
            await asyncio.sleep(0.2)  # (under the chat's allowance per address)
    held = max(0.0, 2 * expiry - (time.monotonic() - began))
    await asyncio.sleep(held)
    fault_s = time.monotonic() - began
    if fault == "stop":
        redis.signal(signal.SIGCONT)
    elif fault == "kill":
        await asyncio.to_thread(redis.start)
    else:
        relay.heal()
    healed = time.monotonic()
    whole_s = await _whole(cleo, dan, public, PATIENCE)
    # Every line said at one process heard at the other.
    deadline = time.monotonic() + PATIENCE
    lost = 0
    while True:
        dan_heard = {text for name, text in dan.heard[heard_before[id(dan)]:] if name == "Cleo"}
        cleo_heard = {text for name, text in cleo.heard[heard_before[id(cleo)]:] if name == "Dan"}
        lost = len(set(said["Cleo"]) - dan_heard) + len(set(said["Dan"]) - cleo_heard)
        if not lost or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.2)
    lines_s = time.monotonic() - healed
    return {"round": number, "fault": fault, "fault_s": round(fault_s, 1),
            "seats": seats_taken, "seats_kept": sum(s["seated"] and s["token_kept"] for s in seats_taken),
            "create_s": round(create_s, 3), "lines_said": 2 * LINES, "lines_lost": lost,
            "lines_s": round(lines_s, 1), "lists_whole": whole_s is not None,
            "whole_s": None if whole_s is None else round(whole_s, 1)}


async def _whole(cleo: Listener, dan: Listener, public: set[str], patience: float) -> float | None:
    """Seconds until both processes list every public table and the same names online (None: not within
    ``patience``)."""
    began = time.monotonic()
    while time.monotonic() - began < patience:
        with contextlib.suppress(TimeoutError):
            (tables_a, names_a), (tables_b, names_b) = await cleo.lists(), await dan.lists()
            if tables_a == tables_b == public and names_a == names_b and {"Cleo", "Dan"} <= names_a:
                return time.monotonic() - began
        await asyncio.sleep(0.3)
    return None


def run_faults(faults: list[str], expiry: float = EXPIRY) -> dict[str, Any]:
    """Every round of ``faults`` (each one of FAULTS) on two fresh server processes and a private Redis;
    the figures, per round and summed."""
    from access_game.net.serving import raise_open_file_limit

    raise_open_file_limit()
    with tempfile.TemporaryDirectory(prefix="access-game-faults-") as tmp:
        folder = Path(tmp)
        redis = _Redis(folder)
        try:
            found = asyncio.run(_rounds(faults, folder, redis, expiry))
        finally:
            redis.stop()
    rounds = found["rounds"]
    return {
        "faults": faults, "expiry_s": expiry, "servers_alive": found["servers_alive"],
        "seats_kept": sum(r["seats_kept"] for r in rounds), "seats_tried": sum(len(r["seats"]) for r in rounds),
        "lines_said": sum(r["lines_said"] for r in rounds), "lines_lost": sum(r["lines_lost"] for r in rounds),
        "lists_whole": sum(r["lists_whole"] for r in rounds), "rounds_run": len(rounds),
        "slowest_create_s": max((r["create_s"] for r in rounds), default=None),
        "slowest_rejoin_s": max((s["seconds"] for r in rounds for s in r["seats"]), default=None),
        "rounds": rounds}


def summary(result: dict[str, Any]) -> list[str]:
    """The figures in a few lines, per fault then in all."""
    lines = []
    for fault in dict.fromkeys(result["faults"]):
        rounds = [r for r in result["rounds"] if r["fault"] == fault]
        kept = sum(r["seats_kept"] for r in rounds)
        tried = sum(len(r["seats"]) for r in rounds)
        lines.append(f"{fault}: {len(rounds)} rounds; seats kept {kept}/{tried}; lobby lines lost "
                     f"{sum(r['lines_lost'] for r in rounds)}/{sum(r['lines_said'] for r in rounds)}; lists whole "
                     f"again {sum(r['lists_whole'] for r in rounds)}/{len(rounds)}; slowest create "
                     f"{max(r['create_s'] for r in rounds):.3f} s")
    lines.append(f"all: seats kept {result['seats_kept']}/{result['seats_tried']}; lobby lines lost "
                 f"{result['lines_lost']}/{result['lines_said']}; lists whole again "
                 f"{result['lists_whole']}/{result['rounds_run']}; slowest rejoin {result['slowest_rejoin_s']} s; "
                 f"servers alive: {result['servers_alive']}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.redis_faults", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="rounds of each fault (default 2)")
    parser.add_argument("--faults", default=",".join(FAULTS), help="which faults, in order (default stop,kill,split)")
    parser.add_argument("--expiry", type=float, default=EXPIRY, help="the processes' --redis-expiry (default 3)")
    parser.add_argument("--json", action="store_true", help="every round's figures as JSON too")
    args = parser.parse_args(argv)
    faults = [f.strip() for f in args.faults.split(",") if f.strip()]
    if args.rounds < 1 or not faults or any(f not in FAULTS for f in faults):
        parser.error(f"--rounds at least 1, --faults among {', '.join(FAULTS)}")
    result = run_faults([f for _ in range(args.rounds) for f in faults], args.expiry)
    for line in summary(result):
        print(line)
    if args.json:
        print(json.dumps(result, indent=1))
    clean = result["seats_kept"] == result["seats_tried"] and not result["lines_lost"] and \
        result["lists_whole"] == result["rounds_run"] and result["servers_alive"]
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
