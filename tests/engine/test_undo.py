"""Undo in the engine: a move, the other players' moves after it, then the history without that move
gives back exactly the game as it stood before it, for every game in the catalog.

"Exactly" is what a player could notice and what a save holds: the state (as data, which the save
writes), every seat's view, the event log and each seat's redacted log. The stock is dealt again from
the seed, so a card drawn again after an undo is the same card: undo shows nothing new.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from access_game.catalog import games
from engine.events import event_to_data
from engine.game import Game
from engine.views_data import view_to_data

GAMES = [e.name for e in games()]
YOU = 0


def _players(game: str) -> list[str]:
    low, high = next(e.player_range for e in games() if e.name == game)
    return [f"P{i}" for i in range(max(low, min(3, high)))]


def _picture(g: Game) -> Any:
    """Everything undo must give back: the state as saved, each seat's view, the log and each seat's log."""
    return (g.ruleset.state_to_data(g.state),
            [view_to_data(g.view(seat)) for seat in range(len(g.players))],
            [event_to_data(e) for e in g.log],
            [[event_to_data(e) for e in g.seat_log(seat)] for seat in range(len(g.players))],
            len(g.actions))


def _play_until_you_act(g: Game, rng: random.Random, limit: int) -> None:
    """Others' random moves until seat 0 may act (or the game ends, or ``limit`` moves)."""
    for _ in range(limit):
        if g.over or YOU in g.seats_to_act():
            return
        seat = rng.choice(g.seats_to_act())
        g.apply(rng.choice(g.legal_actions(seat)))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=6)
@given(seed=st.integers(0, 2**31 - 1), moves=st.integers(0, 120))
def test_a_move_and_everything_after_it_taken_back_give_the_same_game(game: str, seed: int, moves: int) -> None:
    rng = random.Random(f"undo/{game}/{seed}/{moves}")
    g = Game.new(game, _players(game), seed=seed)
    for _ in range(moves):  # somewhere in the game, crossing hands now and then
        if g.over:
            return
        seat = rng.choice(g.seats_to_act())
        g.apply(rng.choice(g.legal_actions(seat)))
    _play_until_you_act(g, rng, 400)
    if g.over or YOU not in g.seats_to_act():
        return
    before = _picture(g)
    at = len(g.actions)
    g.apply(rng.choice(g.legal_actions(YOU)))
    _play_until_you_act(g, rng, 400)  # the computer players' moves after yours
    assert g.last_move_of(YOU) == at
    undone = g.before(at)
    assert _picture(undone) == before
    # The game goes on from there as any game does, and a save of it loads back to it.
    assert _picture(Game.from_data(undone.to_data())) == before


def test_nothing_to_take_back_before_your_first_move() -> None:
    g = Game.new("five-crowns", ["You", "Anna"], seed=7)
    assert g.last_move_of(YOU) is None
    with pytest.raises(ValueError):
        g.before(1)
