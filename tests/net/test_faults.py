"""Faults, with real processes and sockets on loopback: a client killed mid-turn, the server killed
with SIGKILL and started again on its table directory, and clients that send garbage, frames too big
or floods, while another table plays on untouched."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from server_harness import ROOT, ServerProcess, in_process, play_until_one_stops, run, seated
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from access_game.net import protocol as p
from access_game.net.scripted import ScriptedPlayer
from engine.events import event_to_data

#: A client in a process of its own: joins, and on its first turn sends its draw, says so and waits
#: to be killed, without reading the answer.
_CLIENT = """
import asyncio, json, sys
from access_game.net.scripted import ScriptedPlayer

async def main():
    pl = ScriptedPlayer(sys.argv[1], "Ben")
    await pl.open()
    await pl.join(sys.argv[2])
    while not pl.my_turn():
        await pl.receive()
    seen = len(pl.log)
    await pl.act(pl.choose())
    print(json.dumps({"token": pl.token, "seen": seen}), flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


def test_a_client_killed_mid_turn_rejoins_with_its_seat_and_what_it_missed() -> None:
    async def go() -> None:
        async with in_process() as (tables, url):
            ann = ScriptedPlayer(url, "Ann")
            await ann.open()
            code = await ann.create("five-crowns", 2, 0)
            env = {**os.environ, "PYTHONPATH": str(ROOT)}
            ben = await asyncio.create_subprocess_exec(sys.executable, "-c", _CLIENT, url, code, env=env,
                                                       stdout=subprocess.PIPE, cwd=ROOT)
            # Ann plays her turns until Ben's process has sent his draw.
            assert ben.stdout is not None
            line_task = asyncio.ensure_future(ben.stdout.readline())
            while not line_task.done():
                if ann.my_turn():
                    await ann.act(ann.choose())
                with_timeout = asyncio.ensure_future(ann.receive())
                await asyncio.wait({line_task, with_timeout}, return_when=asyncio.FIRST_COMPLETED)
                if not with_timeout.done():
                    with_timeout.cancel()
            said = json.loads(line_task.result())
            table = tables.tables[code]
            assert table.game is not None
            while len(table.game.actions) == 0 or table.game.state.phase != "discard":  # the draw is applied
                await asyncio.sleep(0.01)
            ben.send_signal(signal.SIGKILL)
            await ben.wait()
            while ann.table is None or 1 in ann.table["connected"]:
                await ann.receive()
            assert ann.table["waiting_for"] == [1]
            # Ben comes back on a new connection with his token and what he had seen.
            again = ScriptedPlayer(url, "Ben")
            await again.open()
            again.code, again.token = code, said["token"]
            again.log = list(table.game.seat_log(1)[:said["seen"]])
            await again.rejoin()
            update = await again.expect("update")
            assert again.seat == 1
            missed = [event_to_data(e) for e in table.game.seat_log(1)[said["seen"]:]]
            assert update["seq"] == said["seen"] and update["events"] == missed
            assert any(e["kind"] == "drew" and e["card"] is not None for e in update["events"]), "his own draw"
            assert again.update is not None and list(again.update.view.hand) == table.game.state.hands[1]
            # Mid-turn: he has drawn and now discards, as if nothing had happened.
            assert again.update.why_not["discard"] is None and again.my_turn()
            await again.act(again.choose())
            await again.expect("update")
            assert table.game.state.to_move == 0
            while ann.table is None or 1 not in ann.table["connected"]:
                await ann.receive()
            for pl in (ann, again):
                await pl.close()

    run(go())


def test_the_server_killed_and_started_again_brings_every_table_back(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "tables")
    url = server.start()

    async def before() -> list[dict[str, Any]]:
        first = await seated(url, "five-crowns", 2, 1)
        second = await seated(url, "contract-rummy", 2, 1)
        await asyncio.gather(play_until_one_stops(first, 30), play_until_one_stops(second, 30))
        # What was in flight when they stopped (the last action's answer, computer moves) is read now.
        for pl in first + second:
            with contextlib.suppress(TimeoutError):
                while True:
                    await asyncio.wait_for(pl.receive(), 0.5)
        saved = []
        for pl in first + second:
            assert pl.update is not None
            saved.append({"code": pl.code, "token": pl.token, "log": list(pl.log), "view": pl.update.view,
                          "to_act": pl.update.to_act, "seat": pl.seat})
        return saved

    try:
        seats = run(before())
        server.kill()
        assert any(path.suffix == ".log" for path in server.data.iterdir())
        began = time.monotonic()
        url = server.start()

        async def after() -> float:
            players = []
            for seat in seats:
                pl = ScriptedPlayer(url, "again", seed=seat["seat"])
                await pl.open()
                pl.code, pl.token, pl.log = seat["code"], seat["token"], list(seat["log"])
                await pl.rejoin()
                update = await pl.expect("update")
                # Back at the last action: nothing missed, nothing gone, the same view and turn.
                assert update["seq"] == len(seat["log"]) and update["events"] == []
                assert pl.update is not None and pl.update.view == seat["view"]
                assert pl.update.to_act == seat["to_act"]
                players.append(pl)
            reconnected = time.monotonic() - began
            # And the tables play on.
            by_table: dict[str, list[ScriptedPlayer]] = {}
            for pl in players:
                by_table.setdefault(pl.code or "", []).append(pl)
            await asyncio.gather(*(play_until_one_stops(group, 5) for group in by_table.values()))
            assert sum(pl.actions for pl in players) >= 4
            for pl in players:
                await pl.close()
            return reconnected

        reconnected = run(after())
        print(f"reconnect after restart: {reconnected * 1000:.0f} ms (process start, load, 4 rejoins)")
    finally:
        server.stop()


async def _expect_error(ws: Any, code: str) -> None:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if message["type"] == "error":
            assert message["code"] == code, message
            return


def test_malformed_oversized_and_flooding_clients_leave_other_tables_untouched() -> None:
    async def go() -> None:
        async with in_process() as (tables, url):
            players = await seated(url, "five-crowns", 2, 0)
            code = players[0].code or ""
            table = tables.tables[code]

            # Each attacker from an address of its own (127.0.0.0/8 is all this machine's): the limits
            # are per address, and the players are at 127.0.0.1.
            async def attack() -> None:
                ws = await connect(url, compression=None, local_addr=("127.0.0.2", 0))
                await ws.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Mallory"}))
                await ws.recv()
                for frame, error in (("{", "bad_json"), (b"\x00\x01", "bad_message"),
                                     ('{"type":"act","ref":1,"action":{"kind":"draw","seat":0}}', "not_seated"),
                                     (json.dumps({"type": "join", "code": code}), "no_table"),
                                     (json.dumps({"type": "rejoin", "code": code, "token": "x" * 32}), "bad_token"),
                                     ("x" * (p.MAX_FRAME_BYTES + 10), "bad_json")):
                    await ws.send(frame)
                    await _expect_error(ws, "too_big" if len(frame) > p.MAX_FRAME_BYTES else error)
                # Far too big: the connection is closed without reading it.
                await ws.send("x" * (200 * 1024))
                with pytest.raises(ConnectionClosed):
                    while True:
                        await asyncio.wait_for(ws.recv(), 10)
                assert ws.close_code == p.CLOSE_TOO_BIG

            async def flood() -> None:
                ws = await connect(url, compression=None, local_addr=("127.0.0.3", 0))
                errors = 0
                with contextlib.suppress(ConnectionClosed):
                    for _ in range(500):
                        await ws.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Flood"}))
                with contextlib.suppress(ConnectionClosed):
                    while True:
                        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                        errors += message["type"] == "error" and message["code"] == "too_fast"
                assert errors >= 1 and ws.close_code == p.CLOSE_POLICY
                # The flooder's address is cut off for a while, whatever connection it comes back on.
                with pytest.raises(InvalidStatus) as refused:
                    await connect(url, compression=None, local_addr=("127.0.0.3", 0))
                assert refused.value.response.status_code == 429

            await asyncio.gather(play_until_one_stops(players, 25), attack(), flood())
            assert table.game is not None
            assert len(table.game.actions) == sum(pl.actions for pl in players)
            assert all(not pl.timing.errors and not pl.refusals for pl in players)
            assert set(tables.tables) == {code}
            # The server serves on.
            late = ScriptedPlayer(url, "Late")
            await late.open()
            await late.close()
            for pl in players:
                await pl.close()

    run(go())
