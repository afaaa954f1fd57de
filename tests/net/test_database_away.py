"""PostgreSQL stopped in the middle of a game, with the real ``access-game serve`` and real clients: the
table plays on, a guest still says hello (and a guest still may not take an account's name), a player
whose connection dropped signs in again with their session key and gets back to their seat, the game
ends and its result is told at once, kept meanwhile in the server's outbox; PostgreSQL comes back, and
the game is in the record, its account holders rated and told: no record lost.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import psycopg
from accounts_support import PASSWORD, play_out, short_table, signed
from postgres_server import Postgres, own_postgres
from server_harness import ServerProcess, run, step
from websockets.asyncio.client import connect

from access_game.net import protocol as p
from access_game.net.scripted import ScriptedPlayer


def _recorded(pg: Postgres) -> list[tuple[Any, ...]]:
    with psycopg.connect(pg.url, autocommit=True) as db:
        return list(db.execute("SELECT g.table_code, r.name, r.rating FROM games g JOIN results r ON r.game = g.id "
                               "ORDER BY g.table_code, r.seat").fetchall())


def test_games_finished_while_postgresql_is_stopped_are_recorded_once_it_is_back(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    outbox = data / "outbox"
    with own_postgres() as pg:
        server = ServerProcess(data, "--database", pg.url)
        url = server.start()

        async def first_outage() -> list[str]:
            ann, registered = await signed(url, "register", "Ann", 1, password=PASSWORD)
            ben, _ = await signed(url, "register", "Ben", 2, password=PASSWORD)
            dan, _ = await signed(url, "register", "Dan", 3, password=PASSWORD)
            first = await short_table(url, ann, ben)
            for _ in range(4):
                await step(first)
            await asyncio.to_thread(pg.stop)  # PostgreSQL goes away in the middle of the game

            cleo = ScriptedPlayer(url, "Cleo", seed=4)
            await asyncio.wait_for(cleo.open(), 20)  # a guest still comes in
            impostor = ScriptedPlayer(url, "ann")
            impostor.ws = await connect(url, compression=None, proxy=None)
            await impostor.send({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "ann"})
            refused = json.loads(await asyncio.wait_for(impostor.ws.recv(), 20))
            assert refused["type"] == "error" and refused["code"] == "name_taken"  # but not as an account's name
            second = await short_table(url, dan, cleo)  # a table made meanwhile, an account holder and a guest

            # Ann's connection drops; she signs in with her session key and takes her seat back.
            await ann.close()
            back, answer = await signed(url, "sign_in", "Ann", 1, session=registered["session"])
            assert [s["code"] for s in answer["seats"]] == [ann.code]
            back.code, back.token, back.log = ann.code, ann.token, list(ann.log)
            await back.rejoin()
            await back.expect("update")
            first = [back, ben]
            await asyncio.gather(play_out(first), play_out(second))
            assert len(list(outbox.glob("*.json"))) == 2  # told their results: on disk, waiting

            await asyncio.to_thread(pg.start)
            for holder in (back, ben, dan):  # rated once their game is stored, and told
                rated = await asyncio.wait_for(holder.expect("rated"), 60)
                assert rated["game"] == "upcard-rummy" and rated["games"] == 1
            assert not list(outbox.glob("*.json"))
            codes = [str(back.code), str(dan.code)]
            for pl in [*first, *second, impostor]:
                await pl.close()
            return codes

        async def second_outage() -> str:
            fay, _ = await signed(url, "register", "Fay", 5, password=PASSWORD)
            gus, _ = await signed(url, "register", "Gus", 6, password=PASSWORD)
            third = await short_table(url, fay, gus)
            await asyncio.to_thread(pg.stop)
            await play_out(third)
            assert len(list(outbox.glob("*.json"))) == 1
            return str(fay.code)

        try:
            codes = run(first_outage(), timeout=240)
            codes.append(run(second_outage(), timeout=240))
            # The server is killed while the last game waits in the outbox; PostgreSQL comes back, then
            # the server: the game is written from its file.
            server.kill()
            pg.start()
            server.start()
            deadline = time.monotonic() + 60
            while list(outbox.glob("*.json")) and time.monotonic() < deadline:
                time.sleep(0.2)
        finally:
            server.stop()
        rows = _recorded(pg)
        expected = sorted([(codes[0], "Ann"), (codes[0], "Ben"), (codes[1], "Dan"), (codes[1], "Cleo"),
                           (codes[2], "Fay"), (codes[2], "Gus")])
        assert sorted((c, n) for c, n, _ in rows) == expected
        assert sorted(n for _, n, rating in rows if rating is not None) == ["Ann", "Ben", "Dan", "Fay", "Gus"]
        stored = {c for c, _, _ in rows}
        print(f"records lost with PostgreSQL stopped: {len(set(codes) - stored)} of {len(codes)}")
        assert "Traceback" not in server.errors, server.errors
