"""A finished game whose last move reached the table's journal but whose record had not reached the
outbox yet when the server was killed (kill -9) is recorded once the server is back, and only once.

The window is held open honestly: the outbox's folder is a file, so the real ``access-game serve``
fsyncs the last move, tells the players how the game ended, and then fails to put the game in its
outbox (said in its log); it is killed there, with nothing else written. Back with its outbox
usable, the server finds the game ended in the table's journal, not in the outbox, and writes it to
the database under the game's own key; restarted again, it finds the key there and writes nothing.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from accounts_support import PASSWORD, play_out, short_table, signed
from server_harness import ServerProcess, run

from access_game.net.database import DATABASE_FILE


def _games(data: Path) -> list[tuple[str, int, str, float | None]]:
    """Each result the record holds: the table, the game's number, the player, the rating after it."""
    db = sqlite3.connect(data / DATABASE_FILE)
    try:
        return [(str(c), int(n), str(name), rating) for c, n, name, rating in db.execute(
            "SELECT g.table_code, g.game_number, r.name, r.rating FROM games g JOIN results r ON r.game = g.id "
            "ORDER BY g.id, r.seat")]
    finally:
        db.close()


def _wait_for(done: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        time.sleep(0.2)


def test_a_game_ended_in_the_journal_but_killed_before_its_outbox_is_recorded_once(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    server = ServerProcess(data)
    url = server.start()
    outbox = data / "outbox"
    outbox.write_text("in the way\n", encoding="utf-8")  # the outbox write will fail: the window stays open

    async def game() -> str:
        ann, _ = await signed(url, "register", "Ann", 1, password=PASSWORD)
        ben, _ = await signed(url, "register", "Ben", 2, password=PASSWORD)
        players = await short_table(url, ann, ben)
        await play_out(players)  # told how it ended: the last move is fsynced in the journal
        for pl in players:  # both leave: a table whose game is not in the outbox is not closed for that
            await pl.close()
        return str(ann.code)

    try:
        code = run(game(), timeout=180)
        _wait_for(lambda: "could not be put in the outbox" in server.errors, 20)
        assert "could not be put in the outbox" in server.errors, server.errors
        time.sleep(1)  # (their leaving heard)
        assert list(data.glob(f"{code}.*")), "the table was closed with its game unrecorded"
        server.kill()  # in the window: the game is in the journal, not in the outbox, not in the database
        assert _games(data) == []
        outbox.unlink()

        server.start()
        _wait_for(lambda: bool(_games(data)))
        first = _games(data)
        assert [(c, n, name) for c, n, name, _ in first] == [(code, 1, "Ann"), (code, 1, "Ben")], server.errors
        assert all(rating is not None for *_, rating in first)  # both account holders rated
        server.stop()

        server.start()  # again: the game is found ended again, and its key in the database
        time.sleep(5)  # (its recorder starts at once: five seconds is many times what it takes)
        assert _games(data) == first
    finally:
        server.stop()
    assert "Traceback" not in server.errors, server.errors
    print(f"records after a kill in the window and two restarts: {len(first) // 2} game(s), {len(first)} results")
