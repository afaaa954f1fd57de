"""``serve`` started while its PostgreSQL is stopped, with the real ``access-game serve``, a real
PostgreSQL and real clients: it starts (saying so in one line), a guest plays, an account holder signs
in with the session key of an earlier run and plays, a password or a new account is answered with the
retryable ``server_error``, the finished game waits in the outbox; PostgreSQL is started, and without
restarting the server the game is recorded and rated, its account holder told, and accounts work.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import psycopg
from accounts_support import PASSWORD, answer_to, play_out, short_table, signed
from postgres_server import own_postgres
from server_harness import ServerProcess, run

from access_game.net import protocol as p
from access_game.net.scripted import ScriptedPlayer


def test_serve_starts_without_its_database_and_catches_up_when_it_answers(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    outbox = data / "outbox"
    with own_postgres() as pg:
        server = ServerProcess(data, "--database", pg.url)
        url = server.start()

        async def before() -> str:
            _ann, registered = await signed(url, "register", "Ann", 1, password=PASSWORD)
            await signed(url, "register", "Ben", 2, password=PASSWORD)
            return str(registered["session"])

        try:
            session = run(before(), timeout=60)
        finally:
            server.stop()
        pg.stop()

        server = ServerProcess(data, "--database", pg.url)
        url = server.start()  # it serves, PostgreSQL stopped
        said = [line for line in server.errors.splitlines() if "cannot be reached" in line]
        assert said and said[0].startswith("access-game serve: the accounts' database cannot be reached now"), \
            server.errors

        async def meanwhile() -> float:
            for kind, how in (("sign_in", {"password": PASSWORD}), ("register", {"password": PASSWORD + "!"})):
                name = "Ben" if kind == "sign_in" else "Dan"
                refused = await answer_to(url, {"type": kind, "protocol": p.PROTOCOL_VERSION, "name": name, **how})
                assert refused["type"] == "error" and refused["code"] == p.ErrorCode.SERVER, refused
                assert "try again later" in refused["message"]
            ann, answer = await signed(url, "sign_in", "Ann", 1, session=session)  # by the key's signature
            assert answer["name"] == "Ann"
            cleo = ScriptedPlayer(url, "Cleo", seed=4)
            await asyncio.wait_for(cleo.open(), 20)  # a guest
            players = await short_table(url, ann, cleo)
            await play_out(players)
            assert len(list(outbox.glob("*.json"))) == 1  # told the result; the record waits on disk
            await cleo.close()

            started = time.monotonic()
            await asyncio.to_thread(pg.start)  # no restart of the server
            rated = await asyncio.wait_for(ann.expect("rated"), 90)  # stored and rated: Ann is told
            caught_up = time.monotonic() - started
            assert rated["game"] == "upcard-rummy" and rated["games"] == 1
            assert not list(outbox.glob("*.json"))
            _dan, made = await signed(url, "register", "Dan", 5, password=PASSWORD)  # accounts are back
            assert made["new"] is True
            await ann.close()
            return caught_up

        try:
            caught_up = run(meanwhile(), timeout=240)
            print(f"caught up {caught_up:.1f} s after PostgreSQL started")
        finally:
            server.stop()
        with psycopg.connect(pg.url, autocommit=True) as db:
            rows = db.execute("SELECT r.name, r.rating IS NOT NULL FROM games g JOIN results r ON r.game = g.id "
                              "ORDER BY r.seat").fetchall()
        assert rows == [("Ann", True), ("Cleo", False)]
        assert "Traceback" not in server.errors, server.errors
