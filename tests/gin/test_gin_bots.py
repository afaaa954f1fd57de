"""Gin Rummy's computer players: normal beats easy on a fixed sample of seat-rotated deals (the full
benchmark, hard against normal, is ``access-game simulate``: docs/bots.md), and hard reads only what its
seat saw of the opponent's pick-ups and throws."""

from __future__ import annotations

from access_game.simulate import run_simulation
from engine.actions import Discard, Draw
from engine.bots.gin_rummy import seen_cards
from engine.game import Game
from engine.rules.gin_rummy import PassUpcard


def test_normal_beats_easy_head_to_head() -> None:
    # Seen: normal 18 of 20, 362 points a game against 99.
    report = run_simulation("gin-rummy", ["normal", "easy"], games=20, seed=1)
    normal, easy = report.seats
    assert normal.win_share >= 0.75
    assert normal.mean_points > easy.mean_points + 100


def test_hard_remembers_what_the_opponent_took_and_refused_and_no_stock_card() -> None:
    g = Game.new("gin-rummy", ["You", "Anna"], seed=2, options={"first_dealer": 1})
    up = g.state.discard[-1]
    g.apply(PassUpcard(0))
    g.apply(Draw(1, "discard"))  # Anna takes the up card you passed
    taken = g.view(0)
    assert seen_cards(taken).picked == {up} and not seen_cards(taken).refused
    thrown = g.state.hands[1][0] if g.state.hands[1][0] != up else g.state.hands[1][1]
    g.apply(Discard(1, thrown))
    seen = seen_cards(g.view(0))
    assert seen.picked == {up} and seen.refused == {thrown} and seen.out == {thrown}
    g.apply(Draw(0, "stock"))
    # Anna's view knows you drew, not which card: nothing of it in what she remembers.
    assert seen_cards(g.view(1)).picked == set()
