"""The table directory as its owner meets it: one server at a time, its files its owner's only, and
tables nobody comes back to moved aside into ``archive/``, from where they can be brought back.

Real ``access-game serve`` processes where a user would meet them (a second server started by
mistake, the permissions it leaves), the server in the test's own loop where the test moves the clock
on (``TableServer.housekeeping(now)``).
"""

from __future__ import annotations

import asyncio
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

from server_harness import ROOT, ServerProcess, in_process, run, seated, settle, step

from access_game.net.limits import Limits
from access_game.net.scripted import ScriptedPlayer
from access_game.net.server import TableServer
from access_game.net.table_store import TableStore
from access_game.net.tables import Table

HOUR = 3600.0


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _old_table(data: Path, code: str) -> str:
    """A table left by an earlier server: dealt, with a snapshot and a journal; Ann's token."""
    store = TableStore(data)
    table = Table.create(code, "five-crowns", seats=2, computers=1, level="easy", options={})
    token = table.take(0, "Ann")
    table.start()
    store.record(table)
    store.save(table)
    game = table.game
    assert game is not None
    game.apply(game.legal_actions(game.seats_to_act()[0])[0])
    store.record(table)
    return token


async def _rejoin(url: str, code: str, token: str) -> dict[str, object]:
    """What a rejoin with ``token`` is answered."""
    pl = ScriptedPlayer(url, "Ann")
    await pl.open()
    await pl.send({"type": "rejoin", "code": code, "token": token, "seen": 0})
    answer = await pl.receive()
    await pl.close()
    return answer


def test_a_second_server_on_a_directory_in_use_exits_at_once_and_the_first_serves_on(tmp_path: Path) -> None:
    first = ServerProcess(tmp_path / "tables")
    url = first.start()
    try:
        began = time.monotonic()
        second = subprocess.run([sys.executable, "-m", "access_game", "serve", "--port", "0", "--data",
                                 str(first.data)], capture_output=True, text=True, timeout=30, cwd=ROOT,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert second.returncode == 1, second
        assert "being served by another access-game serve" in second.stderr and str(first.data) in second.stderr
        assert "Serving on" not in second.stdout
        assert time.monotonic() - began < 10

        async def plays() -> None:
            players = await seated(url, "five-crowns", 2)
            for _ in range(3):
                await step(players)
            for pl in players:
                await pl.close()

        run(plays())
    finally:
        first.stop()
    # Once the first has stopped, the directory is free again.
    again = ServerProcess(tmp_path / "tables")
    again.start()
    again.stop()


def test_a_directory_that_cannot_be_made_is_said_so_not_taken_for_the_port(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    data = tmp_path / "a-file" / "tables"
    result = subprocess.run([sys.executable, "-m", "access_game", "serve", "--port", "0", "--data", str(data)],
                            capture_output=True, text=True, timeout=30, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 1
    assert f"the tables cannot be kept in {data}" in result.stderr and "listen" not in result.stderr


def test_the_directory_and_every_file_in_it_are_the_owners_only_old_ones_too(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    token = _old_table(data, "ACDEFGHJK")
    # As an earlier version left them: readable by everyone.
    os.chmod(data, 0o755)
    for path in data.iterdir():
        os.chmod(path, 0o644)
    assert {path.name for path in data.iterdir()} == {"ACDEFGHJK.json", "ACDEFGHJK.1.log"}
    server = ServerProcess(data)
    mask = os.umask(0)  # the server's own modes hold whatever umask it is started with
    try:
        url = server.start()
    finally:
        os.umask(mask)
    try:
        assert _mode(data) == 0o700
        assert {path.name: _mode(path) for path in data.iterdir()} == {
            "ACDEFGHJK.json": 0o600, "ACDEFGHJK.1.log": 0o600, ".lock": 0o600,
            # the accounts' database beside the tables (SQLite in WAL mode: its log and shared memory too)
            "accounts.sqlite3": 0o600, "accounts.sqlite3-wal": 0o600, "accounts.sqlite3-shm": 0o600,
            "session-secret": 0o600}  # (what signs session keys: access_game.net.session_keys)

        async def play() -> None:
            answer = await _rejoin(url, "ACDEFGHJK", token)
            assert answer["type"] == "seated", answer
            players = await seated(url, "five-crowns", 2)  # a new table: new files
            for _ in range(60):  # past a snapshot: a new snapshot and journal
                await step(players)
            for pl in players:
                await pl.close()

        run(play())
    finally:
        server.stop()  # (which waits for the snapshots being written)
    files = {path.name: _mode(path) for path in data.iterdir()}
    assert len(files) >= 4 and any(name.endswith(".json") and not name.startswith("ACD") for name in files)
    assert set(files.values()) == {0o600}, files
    assert _mode(data) == 0o700


def test_a_table_nobody_comes_to_is_archived_and_can_be_brought_back(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    limits = Limits(idle_seconds=HOUR)

    async def away() -> tuple[str, list[ScriptedPlayer]]:
        async with in_process(TableServer(TableStore(data), limits)) as (tables, url):
            players = await seated(url, "five-crowns", 2)
            busy = await seated(url, "five-crowns", 2)  # a table whose people stay
            code = players[0].code or ""
            for _ in range(3):
                await step(players)
            for pl in players:
                await pl.close()
            while tables.seated.get(code):  # the server has seen them go
                await asyncio.sleep(0.01)
            # Not yet: an hour has not passed.
            assert tables.housekeeping(time.time() + HOUR - 60) == []
            # An hour on: the table nobody is at goes into archive/, the other stays.
            assert tables.housekeeping(time.time() + HOUR + 60) == [code]
            assert code not in tables.tables and busy[0].code in tables.tables
            archive = data / "archive"
            assert sorted(path.name for path in archive.iterdir()) == [f"{code}.0.log"]
            assert _mode(archive) == 0o700 and _mode(archive / f"{code}.0.log") == 0o600
            assert not list(data.glob(f"{code}*"))
            # No longer served: rejoin is answered as a wrong token is.
            answer = await _rejoin(url, code, players[0].token or "")
            wrong = await _rejoin(url, busy[0].code or "", "x" * 32)
            assert answer["type"] == "error" and answer["code"] == "bad_token" and answer == wrong
            # Busy tables play on.
            await step(busy)
            for pl in busy:
                await pl.close()
            return code, players

    code, players = run(away())
    # The files moved back, a server started on the directory serves the table again, as it was.
    for path in (data / "archive").iterdir():
        os.rename(path, data / path.name)

    async def back() -> None:
        tables = TableServer(TableStore(data), limits)
        assert tables.load() == []
        async with in_process(tables) as (_, url):
            ann = ScriptedPlayer(url, "Ann")
            await ann.open()
            ann.code, ann.token, ann.log = code, players[0].token, list(players[0].log)
            await ann.rejoin()
            update = await ann.expect("update")
            assert update["seq"] == len(players[0].log) and update["events"] == []
            await ann.close()

    run(back())


def test_tables_long_idle_are_archived_when_the_server_starts(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    token = _old_table(data, "ACDEFGHJK")
    long_ago = time.time() - 25 * HOUR
    for path in data.iterdir():
        os.utime(path, (long_ago, long_ago))
    # Told never to archive, the server serves it.
    server = ServerProcess(data, "--idle-hours", "0")
    url = server.start()
    try:
        assert run(_rejoin(url, "ACDEFGHJK", token))["type"] == "seated"
    finally:
        server.stop()
    for path in data.iterdir():
        os.utime(path, (long_ago, long_ago))
    # With the default of a day, it goes into archive/ as the server starts.
    server = ServerProcess(data)
    url = server.start()
    try:
        assert run(_rejoin(url, "ACDEFGHJK", token))["code"] == "bad_token"
        assert sorted(path.name for path in (data / "archive").iterdir()) == ["ACDEFGHJK.1.log", "ACDEFGHJK.json"]
    finally:
        server.stop()


def test_a_long_game_keeps_its_journal_short_and_comes_back_whole(tmp_path: Path) -> None:
    """Moves alone (no one joining or leaving) bring a new snapshot every so many lines, so that a
    restart replays a few lines, not the whole game."""
    data = tmp_path / "tables"
    every = 10

    async def go() -> Table:
        tables = TableServer(TableStore(data, snapshot_every=every))
        async with in_process(tables) as (_, url):
            players = await seated(url, "five-crowns", 2, 1)
            computers = frozenset({2})
            await settle(players, computers, fresh=False)
            for _ in range(40):
                await step(players, computers)
            await tables.flush()
            (table,) = tables.tables.values()
            assert table.game is not None and len(table.game.actions) >= 40  # a move a step or more
            journals = list(data.glob(f"{table.code}.*.log"))
            assert (data / f"{table.code}.json").exists() and len(journals) <= 2
            assert sum(len(path.read_text().splitlines()) for path in journals) <= every + 5
            for pl in players:
                await pl.close()
            return table

    table = run(go())
    (back,) = TableStore(data).load_all().tables
    assert back.to_data() == table.to_data()
