"""The player's own move is out before any computer player moves: the line "You discarded ..." is
written to the terminal (and spoken) at once, however long the computer players then think. Checked
by the order of things in the program, and by the benchmark command in a real pseudo-terminal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness import KeyHarness

from engine.events import Discarded, Drew
from engine.game import Game

ROOT = Path(__file__).resolve().parents[2]


def test_the_movers_line_is_printed_before_the_first_computer_player_moves() -> None:
    game = Game.new("five-crowns", ["You", "Anna", "Ben", "Carla"], seed=3)
    h = KeyHarness(game)
    h.start()
    printed_when_others_moved: list[list[str]] = []

    def watch(events: Any) -> None:
        if any(isinstance(e, Drew | Discarded) and e.seat != 0 for e in events) and not printed_when_others_moved:
            printed_when_others_moved.append(list(h.printer.printed))

    while not (h.session.my_turn and h.view.phase == "draw"):
        h.press("space")
    h.session.listeners.append(watch)
    h.press("d")
    h.press("x")  # the computer players move after this discard
    assert printed_when_others_moved, "no computer player moved"
    assert any(line.startswith("You discarded ") for line in printed_when_others_moved[0][-3:]), \
        printed_when_others_moved[0][-3:]


def test_the_benchmark_command_times_a_key_to_the_movers_line() -> None:
    done = subprocess.run([sys.executable, "-m", "access_game.bench.own_move", "--players", "4", "--turns", "2"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.splitlines()[0])
    assert figures["players"] == 4 and figures["keys"] >= 2
    assert 0 < figures["own_line_ms"]["median"] <= figures["next_prompt_ms"]["median"]
