"""Computer players go on the same after a save and a resume as they would have without one.

Their random choices (the easy player's slips) are seeded per decision from the game's seed, the
seat and the number of actions so far, never from a random source that lived in the old process.
"""

from __future__ import annotations

from pathlib import Path

from ui_driver import Harness, keys_for_decision

from access_game.saves import SaveStore
from access_game.session import bot_seed
from access_game.settings import Settings
from engine.actions import action_to_data

SETTINGS = Settings(speech="silent", cues=False)


def play(h: Harness, decisions: int) -> None:
    app = h._app
    for _ in range(decisions):
        if app.session.over:
            return
        for key in keys_for_decision(app):
            h.press(key)


def test_a_resumed_game_goes_on_exactly_as_the_uninterrupted_one(tmp_path: Path) -> None:
    first = Harness(seed=12, level="easy", settings=SETTINGS, save_dir=tmp_path / "first")
    first.start()
    play(first, 20)
    saved = SaveStore(tmp_path / "first").load().session
    assert saved is not None and saved.level == "easy"
    at_save = len(first.session.game.actions)

    again = Harness(game=saved.game, level=saved.level, settings=SETTINGS, save_dir=tmp_path / "again")
    again.start(resumed=True)
    play(first, 40)
    play(again, 40)
    original = [action_to_data(a) for a in first.session.game.actions]
    resumed = [action_to_data(a) for a in again.session.game.actions]
    bot_moves = [a for a in original[at_save:] if a["seat"] != 0]
    assert len(bot_moves) >= 30, "the computer players had plenty of decisions after the save"
    assert resumed == original


def test_each_decision_has_its_own_seed() -> None:
    seeds = {bot_seed(12, seat, n) for seat in range(1, 4) for n in range(200)}
    assert len(seeds) == 600
    assert bot_seed(12, 1, 30) == bot_seed(12, 1, 30) != bot_seed(13, 1, 30)
