"""Whole seeded games typed through prompt_toolkit pipe input, against golden transcripts.

A change in what the player hears shows up as a readable diff of the transcript. If the change is
meant, regenerate with scripts/regen_golden.py and review the diff before committing.
"""

from __future__ import annotations

import difflib

import pytest
from ui_driver import GOLDEN_GAMES, GoldenGame, golden_keys, golden_path, replay_golden


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=lambda g: g.name)
def test_whole_game_matches_golden_transcript(game: GoldenGame) -> None:
    expected = golden_path(game).read_text(encoding="utf-8").splitlines()
    keys = golden_keys(expected)
    assert keys[-1] == "n", "a golden game ends by declining to play again"
    actual = replay_golden(game, keys)
    if actual != expected:
        diff = "\n".join(difflib.unified_diff(expected, actual, "golden", "now", lineterm="", n=2))
        pytest.fail(
            f"the transcript of {game.name} changed; if that is meant, run scripts/regen_golden.py.\n{diff[:6000]}"
        )


def test_golden_games_reach_the_end_and_say_the_results() -> None:
    for game in GOLDEN_GAMES:
        text = golden_path(game).read_text(encoding="utf-8")
        assert "Hand 11 of 11" in text
        assert "Game over." in text
        assert "Play again? Y or N; A for another game." in text
        # Nobody's hidden card is ever said: other players' stock draws stay unnamed.
        for line in text.splitlines():
            if line.startswith(("Anna", "Ben", "Carla")) and "drew" in line:
                assert line.split("drew", 1)[1].startswith((" from the stock", ",", " and")), line
