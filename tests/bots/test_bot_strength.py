"""The levels are in order: easy < normal < hard, on a fixed set of seat-rotated deals.

A small, fixed sample (the full benchmark is ``access-game simulate``, see docs/bots.md): every level
plays every seat of the same deals, so the ordering is the players' and not the cards'. The margins
seen on these seeds are wide (see the comments), so the test fails on a real weakening, not on noise.
"""

from __future__ import annotations

from access_game.simulate import run_simulation


def test_three_levels_at_one_table_finish_in_order() -> None:
    # Seen: hard 7 wins, 74.5 points a game; normal 4, 99.1; easy 1, 181.5 (before normal played its last
    # turns by the points left: hard 10, 70; normal 2, 128; easy 0, 178).
    report = run_simulation("five-crowns", ["hard", "normal", "easy"], games=12, seed=1)
    hard, normal, easy = report.seats
    assert hard.mean_points + 20 < normal.mean_points and normal.mean_points + 20 < easy.mean_points
    assert hard.wins > normal.wins >= easy.wins
    assert hard.wins >= 6


def test_hard_beats_normal_head_to_head() -> None:
    # Seen: hard 12 of 16, 39 points a game against 85.
    report = run_simulation("five-crowns", ["hard", "normal"], games=16, seed=1)
    hard, normal = report.seats
    assert hard.win_share >= 0.6
    assert hard.mean_points + 10 < normal.mean_points


def test_normal_beats_easy_head_to_head() -> None:
    # Seen: normal 17 of 20, 49 points a game against 117.
    report = run_simulation("five-crowns", ["normal", "easy"], games=20, seed=1)
    normal, easy = report.seats
    assert normal.win_share >= 0.7
    assert normal.mean_points + 30 < easy.mean_points
