"""The group commit (access_game.net.group_commit): the moves of many tables share one commit, and a
commit the disk refuses is said to every move waiting for it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from access_game.net.group_commit import GroupCommit
from access_game.net.table_store import TableStore
from access_game.net.tables import Table


def _dealt(code: str) -> Table:
    table = Table.create(code, "five-crowns", seats=2, computers=1, level="easy", options={})
    table.take(0, "Ann")
    table.start()
    return table


def _move(store: TableStore, table: Table) -> None:
    game = table.game
    assert game is not None
    move = game.legal_actions(game.seats_to_act()[0])[0]
    store.append_action(table, move)
    game.apply(move)


def test_the_moves_of_many_tables_share_one_commit_that_fsyncs_each_journal_once(tmp_path: Path) -> None:
    store = TableStore(tmp_path)
    tables = [_dealt(f"T{n}") for n in range(5)]
    for table in tables:
        store.record(table)

    async def play() -> GroupCommit:
        commits = GroupCommit(store.commit)
        await commits.durable()  # the tables' first lines, and the folder (their journals were made)
        assert (commits.commits, commits.fsyncs) == (1, 6)
        for table in tables:  # two moves at each table, then every table waits at once
            _move(store, table)
            _move(store, table)
        await asyncio.gather(*(commits.durable() for _ in tables))
        return commits

    commits = asyncio.run(play())
    assert (commits.commits, commits.fsyncs) == (2, 11)  # one commit more: each journal once, no folder
    assert store.commit() == 0, "nothing left unsynced"


def test_a_commit_the_disk_refuses_is_said_to_everyone_waiting_and_tried_again(tmp_path: Path) -> None:
    store = TableStore(tmp_path)
    table = _dealt("T1")
    store.record(table)
    refusals = [OSError(5, "Input/output error")]

    def commit() -> int:
        if refusals:
            store.commit()  # what a failing fsync leaves: the lines marked as not yet sure
            raise refusals.pop()
        return store.commit()

    async def play() -> None:
        commits = GroupCommit(commit)
        results = await asyncio.gather(*(commits.durable() for _ in range(3)), return_exceptions=True)
        assert [type(r) for r in results] == [OSError] * 3
        await commits.durable()
        assert commits.commits == 1

    asyncio.run(play())


def test_a_failed_fsync_leaves_the_journals_marked_unsynced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = TableStore(tmp_path)
    store.record(_dealt("T1"))

    def refuse(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr("access_game.net.table_store._fdatasync", refuse)
    with pytest.raises(OSError):
        store.commit()
    monkeypatch.undo()
    assert store.commit() == 2, "the journal and the folder, fsynced at the next commit"
