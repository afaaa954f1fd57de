"""A disk that refuses to write, met as a player meets it: real servers, real sockets, real full disks.

A journal replaced by a link to /dev/full (every write fails with ENOSPC), and a server process whose
file size limit is lowered under it (RLIMIT_FSIZE: a write across the limit is cut short, the next one
fails with EFBIG, as on a disk that fills up in the middle of a line). Whatever the disk refuses is
not made and not told to anyone but the one who asked (``not_saved``); once the disk is back, play goes
on, and a server killed and started again brings back exactly what the players were told.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest
from client_support import wait_until
from server_harness import (
    ServerProcess,
    ann_and_ben,
    barrier,
    come_back,
    exactly_as_told,
    in_process,
    newest_journal,
    run,
    seated,
    settle,
    step,
    until_table,
)

from access_game.net.scripted import ScriptedPlayer
from access_game.net.server import TableServer
from access_game.net.table_store import TableStore
from engine.actions import action_to_data

#: What the server's log says when the disk refuses a change.
NOT_WRITTEN = "could not be written"


def _acts(journal: Path) -> int:
    """How many moves the journal holds (it starts before the table's first move)."""
    acts = [json.loads(line)["act"] for line in journal.read_text().splitlines() if '"act"' in line]
    return max(acts) + 1 if acts else 0


def _line(number: int, action: object) -> bytes:
    """A move's journal line, as the server writes it."""
    return (json.dumps({"act": number, "action": action}, separators=(",", ":")) + "\n").encode()


@pytest.mark.parametrize("disk", ["dev_full", "file_size_limit"])
def test_a_move_the_disk_refuses_is_neither_made_nor_told_and_play_goes_on(tmp_path: Path, disk: str) -> None:
    server = ServerProcess(tmp_path / "tables")
    url = server.start()
    try:
        async def play() -> list[ScriptedPlayer]:
            players = await seated(url, "five-crowns", 2)
            for _ in range(5):
                await step(players)
            mover = next(pl for pl in players if pl.my_turn())
            other = next(pl for pl in players if pl is not mover)
            assert mover.code is not None and mover.update is not None
            journal = newest_journal(server.data, mover.code)
            written, moves = journal.read_bytes(), _acts(journal)
            aside = journal.with_name("journal.aside")
            if disk == "dev_full":
                os.rename(journal, aside)
                os.symlink("/dev/full", journal)
            else:  # room for a few bytes of the line: the write is cut short, then refused
                server.limit_file_size(len(written) + 7)
            seen, before = len(mover.log), mover.update.view
            action = mover.choose()
            ref = await mover.act(action)
            answer = await mover.receive()
            assert answer["type"] == "error" and answer["code"] == "not_saved" and answer["ref"] == ref, answer
            # Nothing was made and nobody else was told anything.
            await barrier(mover, [other])
            assert len(mover.log) == seen and mover.update.view == before
            wait_until(lambda: NOT_WRITTEN in server.errors)
            # (A journal that became a link is never written through: refused as a link, not as a full disk.)
            assert any(why in server.errors for why in ("No space left", "too large", "symbolic links")), server.errors
            # The disk is back: the same move is made, as the next one.
            if disk == "dev_full":
                os.unlink(journal)
                os.rename(aside, journal)
            else:
                assert journal.read_bytes() == written, "the part of the line written was taken back off"
                server.limit_file_size(None)
            mover._sent_at.clear()
            ref = await mover.act(action)
            update = await mover.expect("update")
            assert update["ref"] == ref and update["seq"] == seen
            await settle([other])
            assert _acts(journal) == moves + 1, "the move is in the journal, once"
            for _ in range(4):
                await step(players)
            return players

        players = run(play())
        server.kill()
        url = server.start()

        async def back() -> None:
            again = await exactly_as_told(url, players)
            for _ in range(2):
                await step(again)
            for pl in again:
                await pl.close()

        run(back())
    finally:
        server.stop()


def test_a_computer_players_move_the_disk_refuses_is_made_once_the_disk_is_back(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "tables")
    url = server.start()
    try:
        async def play() -> list[ScriptedPlayer]:
            (ann,) = players = await seated(url, "five-crowns", 1, 1)
            computers = frozenset({1})
            await settle(players, computers, fresh=False)  # the computer player may open the game
            assert ann.code is not None
            while True:  # until Ann's move is one the computer player answers (not a draw, nor the hand's end)
                if ann.choose().kind == "draw":
                    await step(players, computers)
                    continue
                journal = newest_journal(server.data, ann.code)
                action = ann.choose()
                line = _line(_acts(journal), action_to_data(action))
                # Room for Ann's move and a few bytes more: the computer player's answer does not fit.
                server.limit_file_size(journal.stat().st_size + len(line) + 3)
                ref = await ann.act(action)
                update = await ann.expect("update")
                assert update["ref"] == ref
                ann._sent_at.clear()
                if update["to_act"] == [1]:
                    break
                server.limit_file_size(None)
            wait_until(lambda: NOT_WRITTEN in server.errors)
            assert journal.read_bytes().endswith(line), "the computer player's move is not in the journal"
            # The table waits, unchanged; once the disk takes the move again, it is made and told,
            # without anyone asking.
            server.limit_file_size(None)
            await settle(players, computers)
            assert ann.my_turn()
            for _ in range(4):
                await step(players, computers)
            return players

        players = run(play())
        server.kill()
        url = server.start()

        async def back() -> None:
            for pl in await exactly_as_told(url, players):
                await pl.close()

        run(back())
    finally:
        server.stop()


def test_a_full_disk_refuses_a_new_table_and_keeps_nothing_of_it(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "tables")
    url = server.start()
    try:
        server.limit_file_size(0)

        async def go() -> None:
            ann = ScriptedPlayer(url, "Ann")
            await ann.open()
            await ann.send({"type": "create", "game": "five-crowns", "seats": 2, "computers": 1, "level": "easy"})
            answer = await ann.receive()
            assert answer["type"] == "error" and answer["code"] == "not_saved", answer
            assert ann.code is None
            kept = sorted(p.name for p in server.data.iterdir()
                          if not p.name.startswith(("accounts.sqlite3", "session-secret")))
            assert kept == [".lock"]  # (beside the accounts' database and key, made when the server started)
            server.limit_file_size(None)
            code = await ann.create("five-crowns", 2, 1)
            assert (server.data / f"{code}.0.log").exists()
            await ann.close()

        run(go())
    finally:
        server.stop()


def test_seat_changes_the_disk_refuses_are_undone_and_told_to_nobody(tmp_path: Path,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    data = tmp_path / "tables"

    async def go() -> None:
        async with in_process(TableServer(TableStore(data))) as (tables, url):
            ann, ben, code = await ann_and_ben(url)
            for pl in (ann, ben):
                while pl.table is None or pl.table["connected"] != [0, 1]:
                    await pl.receive()
            table = tables.tables[code]
            journal = newest_journal(data, code)
            aside = journal.with_name("journal.aside")
            os.rename(journal, aside)
            os.symlink("/dev/full", journal)
            before = table.to_data()
            # Cleo's join would deal: refused, the seat stays free and nothing is dealt.
            cleo = ScriptedPlayer(url, "Cleo")
            await cleo.open()
            await cleo.send({"type": "join", "code": code})
            answer = await cleo.receive()
            assert answer["type"] == "error" and answer["code"] == "not_saved", answer
            # The host's hand-over of the free seat: refused alike.
            await ann.send({"type": "hand_over", "seat": 2, "level": "easy"})
            answer = await ann.receive()
            assert answer["type"] == "error" and answer["code"] == "not_saved", answer
            assert table.to_data() == before and cleo.code is None
            await barrier(ann, [ben])
            assert any(NOT_WRITTEN in r.getMessage() for r in caplog.records)
            # The disk is back: Cleo joins and the game is dealt.
            os.unlink(journal)
            os.rename(aside, journal)
            await cleo.join(code)
            players = [ann, ben, cleo]
            for pl in players:
                while pl.update is None:
                    await pl.receive()
            # Ben goes away; Ann and Cleo vote a computer player in for him while the disk is full.
            await ben.close()
            for pl in (ann, cleo):
                while pl.table is None or 1 in pl.table["connected"]:
                    await pl.receive()
            os.rename(journal, aside)
            os.symlink("/dev/full", journal)
            await ann.send({"type": "stand_in", "seat": 1, "level": "easy"})
            for pl in (ann, cleo):
                while pl.table is None or pl.table["votes"] != [[1, 1, 2]]:
                    await pl.receive()
            mid = table.to_data()
            await cleo.send({"type": "stand_in", "seat": 1, "level": "easy"})
            answer = await cleo.receive()
            assert answer["type"] == "error" and answer["code"] == "not_saved", answer
            assert table.to_data() == mid and table.stand_ins() == []
            await barrier(cleo, [ann])
            # Cleo's vote did not count; asked again with the disk back, it carries.
            os.unlink(journal)
            os.rename(aside, journal)
            await cleo.send({"type": "stand_in", "seat": 1, "level": "easy"})
            while cleo.table is None or cleo.table["stand_ins"] != [1]:
                message = await cleo.receive()
                assert message["type"] != "error", message
            assert table.stand_ins() == [1]
            # Ben comes back while the disk is full again: he is never kept from his seat for it. The
            # stand-in stops, and that is written with the table's next change.
            os.rename(journal, aside)
            os.symlink("/dev/full", journal)
            ben, _update = await come_back(url, ben)
            for pl in (ann, ben, cleo):
                assert (await until_table(pl, lambda t: t["connected"] == [0, 1, 2]))["stand_ins"] == []
            os.unlink(journal)
            os.rename(aside, journal)
            players = [ann, ben, cleo]
            await settle(players, fresh=False)
            await step(players)  # the next change: a move
            seat_lines = [entry for line in journal.read_text().splitlines()
                          if "seat" in (entry := json.loads(line)) and entry["seat"] == 1]
            assert seat_lines[-1]["stand_in"] is None
            for pl in players:
                await pl.close()

    with caplog.at_level(logging.ERROR, logger="access_game.net.server"):
        run(go())
    # What was told is what a restart brings back.
    (back,) = TableStore(data).load_all().tables
    assert back.stand_ins() == [] and [s.name for s in back.seats] == ["Ann", "Ben", "Cleo"]


def test_a_new_game_the_disk_refuses_is_not_dealt(tmp_path: Path) -> None:
    data = tmp_path / "tables"

    async def go() -> None:
        async with in_process(TableServer(TableStore(data))) as (tables, url):
            ann = ScriptedPlayer(url, "Ann")
            await ann.open()
            code = await ann.create("upcard-rummy", 3, 2, "easy", {"max_hands": 1})
            computers = frozenset({1, 2})
            await settle([ann], computers, fresh=False)
            while not ann.over:
                await step([ann], computers)
            table = tables.tables[code]
            before = table.to_data()
            journal = newest_journal(data, code)
            aside = journal.with_name("journal.aside")
            os.rename(journal, aside)
            os.symlink("/dev/full", journal)
            await ann.send({"type": "again"})
            answer = await ann.receive()
            assert answer["type"] == "error" and answer["code"] == "not_saved", answer
            await barrier(ann, [])
            assert table.to_data() == before and table.over and table.game_number == 1
            os.unlink(journal)
            os.rename(aside, journal)
            ann.log.clear()  # the new game's log starts again
            await ann.send({"type": "again"})
            update = await ann.expect("update")
            assert update["game_number"] == 2 and update["seq"] == 0
            await ann.close()
        (back,) = TableStore(data).load_all().tables
        assert back.game_number == 2 and back.seed == table.seed != before["seed"]

    run(go())


def test_the_host_role_passes_once_the_disk_takes_it(tmp_path: Path) -> None:
    data = tmp_path / "tables"

    async def go() -> None:
        async with in_process(TableServer(TableStore(data))) as (tables, url):
            ann, ben, cleo = await seated(url, "five-crowns", 3)
            code = ann.code or ""
            journal = newest_journal(data, code)
            aside = journal.with_name("journal.aside")
            os.rename(journal, aside)
            os.symlink("/dev/full", journal)
            await ann.close()
            # Not written, so not passed: the others are told Ann is gone, and that she is still host.
            for pl in (ben, cleo):
                assert (await until_table(pl, lambda t: t["connected"] == [1, 2]))["host"] == 0
            assert tables.tables[code].host == 0
            os.unlink(journal)
            os.rename(aside, journal)
            # The table's next change writes it.
            await step([ben, cleo])
            for pl in (ben, cleo):
                assert (await until_table(pl, lambda t: t["host"] == 1))["connected"] == [1, 2]
            assert '{"host":1}' in journal.read_text()
            for pl in (ben, cleo):
                await pl.close()

    run(go())
