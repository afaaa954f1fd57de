"""Saved games: versioned JSON data; damaged or newer saves are refused with a reason."""

from __future__ import annotations

import json

import pytest

from engine.errors import SaveFormatError
from engine.game import SAVE_VERSION, Game


def saved() -> dict:
    game = Game.new("five-crowns", ["Ann", "Bo"], seed=5)
    return json.loads(json.dumps(game.to_data()))


def test_round_trip() -> None:
    data = saved()
    assert data["version"] == SAVE_VERSION
    assert Game.from_data(data).to_data() == data


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda d: d.update(format="other"), "not an access-game save"),
        (lambda d: d.update(version=SAVE_VERSION + 1), "newer access-game"),
        (lambda d: d.pop("version"), "no version"),
        (lambda d: d["state"].pop("stock"), "damaged"),
        (lambda d: d["state"]["hands"][0].append("zz"), "damaged"),
        (lambda d: d["state"]["stock"].pop(), "do not add up"),
        (lambda d: d.update(game="chess"), "damaged"),
        (lambda d: d["log"].append({"kind": "nonsense"}), "damaged"),
    ],
)
def test_damaged_saves_are_refused(damage, reason) -> None:
    data = saved()
    damage(data)
    with pytest.raises(SaveFormatError, match=reason):
        Game.from_data(data)


@pytest.mark.parametrize("value", [None, [], "text", 3])
def test_not_a_save_at_all(value) -> None:
    with pytest.raises(SaveFormatError):
        Game.from_data(value)


@pytest.mark.parametrize("name", ["contract-rummy", "five-crowns"])
def test_a_save_whose_hand_started_events_carry_the_old_play_off_flag_still_loads(name: str) -> None:
    """Saves written before HandStarted became neutral hold ``playoff`` in every hand_started event:
    contract rummy's are read as the shared event (the flag is not its), Five Crowns' as its own."""
    game = Game.new(name, ["A", "B"], seed=3)
    for _ in range(12):
        seat = game.seats_to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    data = json.loads(json.dumps(game.to_data()))
    started = [e for e in data["log"] if e["kind"] == "hand_started"]
    assert started
    for event in started:
        event.setdefault("playoff", False)
    loaded = Game.from_data(data)
    assert loaded.log == game.log
    assert any(e["kind"] == "hand_started" and "playoff" not in e for e in game.to_data()["log"]) == (
        name == "contract-rummy")
