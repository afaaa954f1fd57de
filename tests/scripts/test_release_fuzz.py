"""scripts/release_fuzz.py, the long fuzz run of the release checklist (docs/releasing.md): a run of
seconds with short games plays every game of the catalog with every check, and a broken promise stops
it with the game, its seed and the step."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from access_game.catalog import games

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from script_loader import SCRIPTS, load_script

SCRIPT = SCRIPTS / "release_fuzz.py"


def test_a_short_run_plays_every_game_and_keeps_every_promise(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    done = subprocess.run([sys.executable, str(SCRIPT), "--seconds", "1", "--seed", "3", "--most-steps", "40",
                           "--every", "10", "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("release fuzz: every promise kept: "), done.stdout
    figures = json.loads(out.read_text())
    assert figures["games"] >= len(games()) and figures["steps"] >= 40 * (len(games()) - 1)
    assert figures["refused_out_of_turn"] and figures["wrongly_made_refused"]
    assert figures["round_trips"] >= 2 * figures["games"] and figures["views_checked"]
    assert "hands_judged" in figures


def test_a_broken_promise_stops_the_run_with_the_game_and_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    fuzz = load_script("release_fuzz")

    def lose_a_card(game: object, first: object) -> None:
        raise AssertionError("a card was lost")

    monkeypatch.setattr(fuzz, "check_cards_conserved", lose_a_card)
    with pytest.raises(fuzz.Broken, match=r"five-crowns, \d+ players, seed \d+, options \{.*\}, step 0: "
                                        r"AssertionError: a card"):
        fuzz.run(0, 1, ["five-crowns"], every=10, most=5)
    with pytest.raises(SystemExit):
        fuzz.main(["--seconds", "0", "--games", "no-such-game"])
