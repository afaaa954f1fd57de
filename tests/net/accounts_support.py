"""Account holders at real tables, for the tests of the accounts' database (tests/net is on sys.path
under pytest): a scripted player that registers or signs in first, a short game for two, played out.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from websockets.asyncio.client import connect

from access_game.net import protocol as p
from access_game.net.scripted import ScriptedPlayer

__all__ = ["PASSWORD", "answer_to", "play_out", "short_table", "signed"]

PASSWORD = "correct horse battery"


async def signed(url: str, kind: str, name: str, seed: int, **how: str) -> tuple[ScriptedPlayer, dict[str, Any]]:
    """A scripted player whose connection registers or signs in first; the ``signed_in`` answer."""
    player = ScriptedPlayer(url, name, seed=seed)
    player.ws = await connect(url, compression=None, max_size=2**22, proxy=None)
    await player.send({"type": kind, "protocol": p.PROTOCOL_VERSION, "name": name, **how})
    return player, await asyncio.wait_for(player.expect("signed_in"), 20)


async def answer_to(url: str, message: dict[str, Any]) -> dict[str, Any]:
    """The first frame a new connection is answered with when it opens with ``message``."""
    async with connect(url, compression=None, proxy=None) as ws:
        await ws.send(json.dumps(message))
        answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 20))
        return answer


async def short_table(url: str, host: ScriptedPlayer, guest: ScriptedPlayer) -> list[ScriptedPlayer]:
    """A short game (one hand of upcard rummy) for two, dealt: the players, each with its first update."""
    code = await host.create("upcard-rummy", 2, 0, "easy", {"max_hands": 1})
    await guest.join(code)
    for pl in (host, guest):
        while pl.update is None:
            await pl.receive()
    return [host, guest]


async def play_out(players: list[ScriptedPlayer]) -> None:
    deadline = time.monotonic() + 90
    await asyncio.gather(*(pl.play(deadline=deadline) for pl in players))
    assert all(pl.over for pl in players), "the game did not end"
