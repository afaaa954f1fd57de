"""A process that knows a game only from the catalog reads that game's frames.

A ``join`` process imports no rules module of its own accord, and a test run inside pytest has
imported them all, which once hid a client that could not read contract rummy's events. Here the
frames of every catalog game are made in this process and read in a fresh Python that imports only
the protocol module.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from access_game.catalog import GameEntry, games
from access_game.net import protocol as p
from engine.bots import make_agent
from engine.game import Game

ROOT = Path(__file__).resolve().parents[2]

READER = """
import json, sys
from access_game.net import protocol as p
frames = json.load(sys.stdin)
for game, frame in frames:
    codec = p.game_codec(game)
    update = p.update_from_data(frame, codec)
    print(game, len(update.events), type(update.view).__name__, len(update.legal))
"""


def _frames(game: str, seats: int) -> list[dict[str, object]]:
    """Every seat's first update and one a few dozen moves later, as the server sends them."""
    g = Game.new(game, [f"p{i}" for i in range(seats)], seed=5)
    moves = 0
    while not g.over and moves < 40:
        seat = g.seats_to_act()[0]
        g.apply(make_agent(game, "easy", seed=moves).choose(g.view(seat), g.legal_actions(seat)))
        moves += 1
    out = []
    for seat in range(seats):
        log = g.seat_log(seat)
        out.append(p.update_message(seq=0, events=log, view=g.view(seat), to_act=g.seats_to_act(), over=g.over,
                                    why_not={}, legal=g.legal_actions(seat)))
    return json.loads(json.dumps(out))  # type: ignore[no-any-return]


@pytest.mark.parametrize("entry", games(), ids=lambda e: e.name)
def test_a_fresh_process_reads_every_frame_of_the_game(entry: GameEntry) -> None:
    name = entry.name
    low, high = entry.player_range
    seats = min(high, max(low, 3))
    frames = [[name, f] for f in _frames(name, seats)]
    done = subprocess.run([sys.executable, "-c", READER], input=json.dumps(frames), capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == seats
    for line in lines:
        game, events, view, _legal = line.split()
        assert game == name and int(events) > 0 and view.endswith("View")
