"""A client that stops reading, met by the others at its table: they play and chat on as if it were
not there, it is dropped once its queue of frames is full, and when it rejoins it gets everything it
missed. A spectator that never reads is dropped after a bounded number of frames, whatever the system
would buffer for it: each frame written into a socket costs the server's loop, and an unbounded socket
buffer (megabytes on loopback) made a never-reading spectator cost thousands of them.

The stalled client is a real WebSocket client whose reading is paused (its socket is never read
again). On loopback the system's buffers would hold megabytes before anything fills, so the test
gives both ends of that one connection small socket buffers, as a slow link would have; everything
else is the server as it runs.
"""

from __future__ import annotations

import asyncio
import socket
import time

import pytest
from server_harness import come_back, in_process, run, step, until_table
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from access_game.net import protocol as p
from access_game.net.limits import Limits
from access_game.net.scripted import ScriptedPlayer
from access_game.net.server import CLOSE_TOO_SLOW, TableServer
from engine.events import event_to_data

#: Frames the server queues for one connection before it counts as not reading (fewer than the 512 of
#: a real server, to be quick; enough for the readers, which read as they come).
QUEUE = 32
#: Bytes each end of the stalled connection's socket holds.
BUFFER = 4096
#: The longest chat line there is, in bytes: playing cards take four bytes each.
LINE = "\U0001F0A1" * p.MAX_CHAT_CHARS
#: Chat lines each reader sends at once: well within its allowance (a burst of RATE_BURST).
BURST = 35


async def _small_buffered_player(url: str, name: str) -> ScriptedPlayer:
    """A scripted player whose socket holds little (set before it connects, so the window is small)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, BUFFER)
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (host, int(port)))
    player = ScriptedPlayer(url, name)
    player.ws = await connect(url, sock=sock, compression=None)
    await player.send({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": name})
    await player.expect("welcome")
    return player


def test_a_client_that_stops_reading_holds_nobody_up_and_gets_all_it_missed_on_rejoining() -> None:
    async def go() -> None:
        # (chat is the bulk traffic here: its allowance per address, which all these share on loopback, is off)
        async with in_process(TableServer(None, Limits(send_queue=QUEUE, chats_per_minute=0))) as (tables, url):
            ann = ScriptedPlayer(url, "Ann")
            await ann.open()
            code = await ann.create("five-crowns", 5)
            ben = await _small_buffered_player(url, "Ben")
            await ben.join(code)
            readers = [ann]
            for i, name in enumerate(("Cleo", "Dan", "Eve")):
                pl = ScriptedPlayer(url, name, seed=7 * i)
                await pl.open()
                await pl.join(code)
                readers.append(pl)
            players = [ann, ben, *readers[1:]]
            for pl in players:
                while pl.update is None:
                    await pl.receive()
            for pl in readers:  # the table messages of the joins
                await until_table(pl, lambda t: t["connected"] == [0, 1, 2, 3, 4])
            while any(1 in (pl.update.to_act if pl.update else ()) for pl in players):  # past Ben's turn
                await step(players)
            # Ben stops reading: from now on his socket is not read.
            assert ben.ws is not None and ben.ws.transport is not None
            ben.ws.transport.pause_reading()
            stalled = tables.seated[code][1]
            stalled.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, BUFFER)
            # The others chat and play on; each hears every line and every move, whatever Ben does.
            began = time.monotonic()
            rounds = 0
            while not stalled.dropped:
                rounds += 1
                assert time.monotonic() - began < 20, "Ben was never dropped"
                for pl in readers:
                    for _ in range(BURST):
                        await pl.send({"type": "chat", "text": LINE})

                async def hear_all(pl: ScriptedPlayer) -> None:
                    heard = 0
                    while heard < BURST * len(readers):
                        heard += (await pl.expect("chat"))["text"] == LINE

                await asyncio.gather(*(hear_all(pl) for pl in readers))
                if any(pl.my_turn() for pl in readers):
                    await step(readers)
                if not stalled.dropped:
                    await asyncio.sleep(BURST / p.RATE_PER_SECOND)  # the chatters keep to their allowance
            dropped_after = time.monotonic() - began
            # Ben reads again (a laptop's lid opened): what was on its way, then the end of the
            # connection, and why.
            ben.ws.transport.resume_reading()
            with pytest.raises(ConnectionClosed):
                while True:
                    await ben.receive()
            assert ben.ws.close_code == CLOSE_TOO_SLOW
            for pl in readers:
                assert 1 not in (await until_table(pl, lambda t: 1 not in t["connected"]))["connected"]
            # The table plays on up to Ben's turn, and then waits for him, as for anyone away.
            while not any(1 in (pl.update.to_act if pl.update else ()) for pl in readers):
                await step(readers)
            assert ann.table is not None and ann.table["waiting_for"] == [1]
            # Ben comes back on a new connection: everything he did not get.
            game = tables.tables[code].game
            assert game is not None
            seen = len(ben.log)
            back, update = await come_back(url, ben)
            missed = [event_to_data(e) for e in game.seat_log(1)[seen:]]
            assert update["seq"] == seen and update["events"] == missed and missed
            assert back.my_turn()
            await step([ann, back, *readers[1:]])
            print(f"Ben dropped after {rounds} round(s), {dropped_after:.2f} s")
            for pl in [back, *readers]:
                await pl.close()

    run(go())


def test_a_spectator_that_never_reads_costs_a_bounded_number_of_frames_then_is_dropped() -> None:
    async def go() -> None:
        async with in_process(TableServer(None, Limits(send_queue=QUEUE, chats_per_minute=0))) as (tables, url):
            ann = ScriptedPlayer(url, "Ann")
            await ann.open()
            code = await ann.create("five-crowns", 2)
            # The spectator's own buffer is small (a slow link); the server's side is the server's own.
            never = await _small_buffered_player(url, "Never")
            await never.send({"type": "watch", "code": code})
            await never.expect("watching")
            assert never.ws is not None and never.ws.transport is not None
            never.ws.transport.pause_reading()
            stalled = next(c for c in tables.watchers[code] if c.name == "Never")
            talkers = [ann]
            for name in ("Cleo", "Dan", "Eve"):
                pl = ScriptedPlayer(url, name)
                await pl.open()
                await pl.send({"type": "watch", "code": code})
                await pl.expect("watching")
                talkers.append(pl)
            lines = 0
            while not stalled.dropped and lines < 400:
                for pl in talkers:
                    for _ in range(BURST // 2):
                        await pl.send({"type": "chat", "text": LINE})
                lines += BURST // 2 * len(talkers)

                async def hear_all(pl: ScriptedPlayer, count: int) -> None:
                    heard = 0
                    while heard < count:
                        heard += (await pl.expect("chat"))["text"] == LINE

                await asyncio.gather(*(hear_all(pl, BURST // 2 * len(talkers)) for pl in talkers))
                if not stalled.dropped:
                    await asyncio.sleep(BURST / 2 / p.RATE_PER_SECOND)
            # Dropped once its queue (QUEUE frames) and a few dozen frames' worth of buffers were full,
            # not after the megabytes of an unbounded socket buffer (thousands of these lines).
            assert stalled.dropped, f"never dropped after {lines} lines of {len(LINE.encode())} bytes"
            print(f"a never-reading spectator dropped after {lines} lines")
            for pl in talkers:
                await pl.close()

    run(go())
