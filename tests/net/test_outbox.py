"""The pieces that let accounts do without their database a while: signed session keys (checked by
their signature alone, for their own name, within a session's life, until signed out), the outbox of
finished games (on disk, read back by the next run, a damaged file set aside), and a game tried again
after a write that went through is kept once (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from access_game.net.account_desk import AccountDesk
from access_game.net.accounts import SESSION_SECONDS, SqlAccountStore
from access_game.net.database import open_database
from access_game.net.outbox import FinishedGame, GameOutbox
from access_game.net.ratings import Finisher
from access_game.net.session_keys import SECRET_FILE, SessionKeys


def test_a_signed_key_signs_in_its_own_name_only_for_a_sessions_life_and_until_signed_out(tmp_path: Path) -> None:
    keys = SessionKeys.in_folder(tmp_path, SESSION_SECONDS)
    key = keys.new(7, "Ann", now=1000.0)
    assert len(key) < 100  # (protocol.MAX_SESSION_CHARS)
    assert keys.check(key, "Ann", now=1001.0) == 7
    assert keys.check(key, "ann", now=1001.0) is None  # the name as the account spells it
    assert keys.check(key, "Ben", now=1001.0) is None
    assert keys.check(key, "Ann", now=1000.0 + SESSION_SECONDS + 1) is None
    forged = key.replace(".7.", ".8.", 1)
    assert keys.check(forged, "Ann", now=1001.0) is None
    assert keys.check("random-text-of-an-older-key", "Ann") is None
    # The secret is kept: the next run checks the same keys; another server's secret does not.
    assert SessionKeys.in_folder(tmp_path, SESSION_SECONDS).check(key, "Ann", now=1001.0) == 7
    assert (tmp_path / SECRET_FILE).stat().st_mode & 0o777 == 0o600
    assert SessionKeys.in_folder(tmp_path / "other", SESSION_SECONDS).check(key, "Ann", now=1001.0) is None
    keys.end(key)
    assert keys.check(key, "Ann", now=1001.0) is None


def _game() -> FinishedGame:
    return FinishedGame.new("five-crowns", "K7QAMX3F9", 1, ["Ann", "Cleo", "Anna"], ["Ann", None, None],
                            [None, None, "hard"], [0], [10, 40, 80])


def test_the_outbox_keeps_each_game_on_disk_until_done_and_sets_a_damaged_file_aside(tmp_path: Path) -> None:
    outbox = GameOutbox(tmp_path / "outbox")
    first, second = _game(), _game()
    outbox.put(first)
    outbox.put(second)
    (tmp_path / "outbox" / ("0" * 32 + ".json")).write_text("{not json", encoding="utf-8")
    later = GameOutbox(tmp_path / "outbox")  # the next run
    assert [g.key for g in later.pending()] == [first.key, second.key]
    assert later.pending()[0] == first  # read back as written
    assert [p.name for p in (tmp_path / "outbox").iterdir() if "damaged" in p.name]  # kept aside, unchanged
    later.done(first)
    assert [g.key for g in GameOutbox(tmp_path / "outbox").pending()] == [second.key]
    assert json.loads((tmp_path / "outbox" / f"{second.key}.json").read_text())["accounts"] == ["Ann", None, None]


def test_a_game_tried_again_after_a_write_that_went_through_is_kept_once(account_database: str) -> None:
    store = SqlAccountStore(open_database(account_database))
    try:
        ann = store.create("Ann", "h")
        assert ann is not None
        finishers = [Finisher(0, "Ann", 1, 10, True, account=ann.id), Finisher(1, "Cleo", 2, 40, False)]
        assert store.finish_game("five-crowns", "K7QAMX3F9", 1, finishers, finished=1234.5)
        assert store.finish_game("five-crowns", "K7QAMX3F9", 1, finishers, finished=1234.5, again=True) == {}
        record = store.record("Ann", 10)
        assert record is not None and len(record.games) == 1 and record.ratings[0][1].games == 1
    finally:
        store.close()


def test_the_desk_writes_what_an_earlier_run_left_in_the_outbox(tmp_path: Path) -> None:
    GameOutbox(tmp_path / "outbox").put(_game())  # a run that stopped before the database took it
    desk = AccountDesk(SqlAccountStore(open_database(tmp_path / "accounts.sqlite3")), folder=tmp_path)
    try:
        assert desk.store.create("Ann", "h") is not None
        told: list[dict[str, object]] = []

        async def body() -> None:
            desk.start_recording(lambda _game, rated: told.append(dict(rated)))
            for _ in range(200):
                if told:
                    break
                await asyncio.sleep(0.02)

        asyncio.run(body())
        assert list(told[0]) == ["Ann"]
        assert not list((tmp_path / "outbox").glob("*.json"))
        record = desk.store.record("Ann", 10)
        assert record is not None and len(record.games) == 1
    finally:
        desk.close()
