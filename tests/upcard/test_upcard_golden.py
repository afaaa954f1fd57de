"""A whole seeded game by computer players, told in words, matches its golden transcript line by line."""

from __future__ import annotations

from collections import Counter

from upcard_golden import GOLDEN, golden_lines, play_golden
from upcard_tables import deck_intact, state_of

from engine.events import GameEnded
from engine.rules.upcard_rummy import UpcardHandEnded


def test_the_golden_game_is_told_as_recorded() -> None:
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    actual = golden_lines()
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"line {i + 1} differs (regenerate on purpose with tests/upcard/upcard_golden.py)"
    assert len(actual) == len(expected)


def test_the_golden_game_is_a_whole_game() -> None:
    game = play_golden()
    assert game.over and deck_intact(game)
    ends = [e for e in game.log if isinstance(e, UpcardHandEnded)]
    assert len(ends) >= 2
    assert isinstance(game.log[-1], GameEnded)
    assert list(game.log[-1].totals) == state_of(game).totals() == list(ends[-1].totals)
    kinds = Counter(type(e).__name__ for e in game.log)
    for kind in ("HandOpened", "Melded", "LaidOff", "PlayerWentOut", "TookDiscards"):
        assert kinds[kind], f"the golden game should show a {kind}"
