"""Computer players deciding in worker processes, as a person at their table meets them: a whole game
against them through the server's pool, a worker that dies on the way, and ``leave`` answered with
whether the seat is kept, before the deal, during the game and after it.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from server_harness import ServerProcess, in_process, run, seated, settle, step

from access_game.net.computers import ComputerPlayers
from access_game.net.scripted import ScriptedPlayer
from access_game.net.server import TableServer
from access_game.net.table_store import TableStore

#: One hand of upcard rummy: a whole game in a few dozen moves.
ONE_HAND = {"max_hands": 1}


@asynccontextmanager
async def _server(data: Path, workers: int = 2) -> AsyncIterator[tuple[TableServer, str, ComputerPlayers]]:
    """A server with a pool of its own (the test looks at its worker processes)."""
    pool = ComputerPlayers(workers)
    try:
        async with in_process(TableServer(TableStore(data), computers=pool)) as (tables, url):
            yield tables, url, pool
    finally:
        pool.close()


async def _leave(player: ScriptedPlayer) -> bool:
    await player.send({"type": "leave"})
    kept: bool = (await player.expect("left"))["kept"]
    return kept


def test_a_person_plays_a_whole_game_against_computer_players_in_worker_processes(tmp_path: Path) -> None:
    async def go() -> None:
        async with _server(tmp_path / "tables") as (tables, url, _pool):
            before = set(multiprocessing.active_children())
            ann = ScriptedPlayer(url, "Ann")
            await ann.open()
            code = await ann.create("upcard-rummy", 4, 3, "hard", ONE_HAND)
            computers = frozenset({1, 2, 3})
            await settle([ann], computers, fresh=False)
            workers = set(multiprocessing.active_children()) - before
            assert workers and all(w.pid != os.getpid() for w in workers), "decided in worker processes"
            while not ann.over:
                await step([ann], computers)
            game = tables.tables[code].game
            assert game is not None and game.over
            assert {a.seat for a in game.actions} == {0, 1, 2, 3}
            # The game is over: leaving gives the seat up, and the table (nobody left at it) is closed.
            assert await _leave(ann) is False
            assert code not in tables.tables and not list((tmp_path / "tables").glob(f"{code}*"))

    run(go())


def test_leave_keeps_the_seat_only_while_the_game_is_played(tmp_path: Path) -> None:
    async def go() -> None:
        async with _server(tmp_path / "tables") as (tables, url, _pool):
            # Before the deal: the seat is given up, and a table nobody holds a seat at is closed.
            ann = ScriptedPlayer(url, "Ann")
            await ann.open()
            code = await ann.create("five-crowns", 3, 1)
            assert await _leave(ann) is False
            assert code not in tables.tables
            # During the game: kept, and the token takes it back.
            ann = ScriptedPlayer(url, "Ann")
            await ann.open()
            code = await ann.create("five-crowns", 2, 1)
            await settle([ann], frozenset({1}), fresh=False)
            await step([ann], frozenset({1}))
            assert await _leave(ann) is True
            assert ann.ws is not None
            await ann.ws.wait_closed()
            assert ann.ws.close_code == 1000
            back = ScriptedPlayer(url, "Ann")
            await back.open()
            back.code, back.token, back.log = code, ann.token, list(ann.log)
            await back.rejoin()
            assert (await back.expect("update"))["events"] == []
            await back.close()

    run(go())


def test_a_worker_process_that_dies_costs_the_table_nothing(tmp_path: Path) -> None:
    async def go() -> None:
        async with _server(tmp_path / "tables", workers=1) as (_tables, url, _pool):
            before = set(multiprocessing.active_children())
            ann = ScriptedPlayer(url, "Ann")
            await ann.open()
            await ann.create("five-crowns", 3, 2, "easy")
            computers = frozenset({1, 2})
            await settle([ann], computers, fresh=False)
            for _ in range(2):
                await step([ann], computers)
            # The worker is killed (the system ran short of memory, say): the next decisions are made
            # by a new one, and Ann's table plays on.
            for worker in set(multiprocessing.active_children()) - before:
                assert worker.pid is not None
                os.kill(worker.pid, signal.SIGKILL)
                worker.join(10)
            for _ in range(6):
                await step([ann], computers)
            assert ann.my_turn()
            await ann.close()

    run(go())


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _workers_after_play(server: ServerProcess) -> set[int]:
    """The worker processes of ``server`` (started) once its two hard computer players have played
    against a person until the table waits for her."""
    async def play() -> None:
        (ann,) = await seated(server.url, "five-crowns", 1, 2, level="hard")
        await settle([ann], frozenset({1, 2}), fresh=False)
        await ann.close()

    run(play())
    return _children(server.pid)


def test_the_workers_of_a_killed_server_end_by_themselves(tmp_path: Path) -> None:
    """A server killed (SIGKILL) cannot end its pool: its workers must not go on running for nobody."""
    import time

    server = ServerProcess(tmp_path / "tables")
    server.start()
    try:
        workers = _workers_after_play(server)
        assert workers, "the computer players decided in worker processes"
        server.kill()
        deadline = time.monotonic() + 15
        while any(Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid) for pid in workers):
            assert time.monotonic() < deadline, f"workers {workers} outlived their server"
            time.sleep(0.2)
    finally:
        server.stop()


def _state(pid: int) -> str:
    try:
        fields = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return "zombie"
    return next((line for line in fields.splitlines() if line.startswith("State:")), "")


def test_a_server_stops_even_with_a_worker_stuck() -> None:
    """SIGTERM ends the server within seconds though a worker is stopped (SIGSTOP): a stopping server
    does not wait on a computer player."""
    import tempfile
    import time

    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp) / "tables")
        server.start()
        workers: set[int] = set()
        try:
            workers = _workers_after_play(server)
            assert workers
            for pid in workers:
                os.kill(pid, signal.SIGSTOP)
            assert server.proc is not None
            began = time.monotonic()
            server.proc.terminate()
            server.proc.wait(20)
            assert time.monotonic() - began < 10
        finally:
            for pid in workers:  # whatever is left of them, stopped: gone for good
                if Path(f"/proc/{pid}").exists():
                    os.kill(pid, signal.SIGKILL)
            server.stop()
