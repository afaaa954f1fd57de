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
from postgres_server import Postgres, own_postgres
from server_harness import ServerProcess, run, step
from websockets.asyncio.client import connect

from access_game.net import protocol as p
from access_game.net.scripted import ScriptedPlayer

PASSWORD = "correct horse battery"


async def _signed(url: str, kind: str, name: str, seed: int, **how: str) -> tuple[ScriptedPlayer, dict[str, Any]]:
    """A scripted player whose connection registers or signs in first; the ``signed_in`` answer."""
    player = ScriptedPlayer(url, name, seed=seed)
    player.ws = await connect(url, compression=None, max_size=2**22, proxy=None)
    await player.send({"type": kind, "protocol": p.PROTOCOL_VERSION, "name": name, **how})
    return player, await asyncio.wait_for(player.expect("signed_in"), 20)


def _recorded(pg: Postgres) -> list[tuple[Any, ...]]:
    with psycopg.connect(pg.url, autocommit=True) as db:
        return list(db.execute("SELECT g.table_code, r.name, r.rating FROM games g JOIN results r ON r.game = g.id "
                               "ORDER BY r.seat").fetchall())


def test_a_game_finished_while_postgresql_is_stopped_is_recorded_once_it_is_back(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    with own_postgres() as pg:
        server = ServerProcess(data, "--database", pg.url)
        url = server.start()

        async def body() -> None:
            ann, registered = await _signed(url, "register", "Ann", 1, password=PASSWORD)
            ben, _ = await _signed(url, "register", "Ben", 2, password=PASSWORD)
            code = await ann.create("upcard-rummy", 2, 0, "easy", {"max_hands": 1})
            await ben.join(code)
            players = [ann, ben]
            for pl in players:
                while pl.update is None:
                    await pl.receive()
            for _ in range(4):
                await step(players)
            await asyncio.to_thread(pg.stop)  # PostgreSQL goes away in the middle of the game

            guest = ScriptedPlayer(url, "Cleo")
            await asyncio.wait_for(guest.open(), 20)  # a guest still comes in
            impostor = ScriptedPlayer(url, "ann")
            impostor.ws = await connect(url, compression=None, proxy=None)
            await impostor.send({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "ann"})
            refused = json.loads(await asyncio.wait_for(impostor.ws.recv(), 20))
            assert refused["type"] == "error" and refused["code"] == "name_taken"  # but not as an account's name

            # Ann's connection drops; she signs in with her session key and takes her seat back.
            await ann.close()
            back, signed = await _signed(url, "sign_in", "Ann", 1, session=registered["session"])
            assert [s["code"] for s in signed["seats"]] == [code]
            back.code, back.token, back.log = ann.code, ann.token, list(ann.log)
            await back.rejoin()
            await back.expect("update")
            players = [back, ben]
            deadline = time.monotonic() + 90
            await asyncio.gather(*(pl.play(deadline=deadline) for pl in players))
            assert all(pl.over for pl in players), "the game did not end while PostgreSQL was away"
            kept = list((data / "outbox").glob("*.json"))
            assert len(kept) == 1, kept  # told the result: the game is on disk, waiting for the database

            await asyncio.to_thread(pg.start)
            for holder in players:  # rated once the game is stored, and told
                rated = await asyncio.wait_for(holder.expect("rated"), 60)
                assert rated["game"] == "upcard-rummy" and rated["games"] == 1
            rows = await asyncio.to_thread(_recorded, pg)
            assert [(c, n) for c, n, _ in rows] == [(code, "Ann"), (code, "Ben")]
            assert all(rating is not None for _, _, rating in rows)
            assert not list((data / "outbox").glob("*.json"))
            print(f"records lost with PostgreSQL stopped: {1 - len({c for c, _, _ in rows})} of 1")
            for pl in [*players, guest]:
                await pl.close()

        try:
            run(body(), timeout=240)
        finally:
            server.stop()
        assert "Traceback" not in server.errors, server.errors
