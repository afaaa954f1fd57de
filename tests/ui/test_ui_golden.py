"""Whole seeded games typed through prompt_toolkit pipe input, against golden transcripts.

A change in what the player hears shows up as a readable diff of the transcript. If the change is
meant, regenerate with scripts/regen_golden.py and review the diff before committing.
"""

from __future__ import annotations

import pytest
from ui_driver import GOLDEN_GAMES, GoldenGame, check_golden, golden_path, replay_golden


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=lambda g: g.name)
def test_whole_game_matches_golden_transcript(game: GoldenGame) -> None:
    check_golden(golden_path(game), lambda keys: replay_golden(game, keys))


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
