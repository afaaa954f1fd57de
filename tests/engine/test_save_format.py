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
