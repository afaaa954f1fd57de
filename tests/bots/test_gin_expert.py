"""Gin Rummy's expert: legal, deterministic under its seed, blind to what its seat cannot see, and its
shipped learned value loads and gives the values recorded when it was trained."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from engine.actions import Discard, Draw
from engine.bots import explain, make_agent
from engine.bots.gin_rummy_expert import ExpertGin, deals, gin_value, play_move, view_masks
from engine.fast.gin import deadwood
from engine.game import Game
from engine.learned.gin_features import FEATURES
from engine.rules.gin_rummy import Knock, PassUpcard

ROWS = Path(__file__).resolve().parents[1] / "data" / "gin_value_rows.json"
#: The reasons a Gin Rummy hint may give (engine.bots.base.Choice).
REASONS = {"go_out", "best_prospects", "take_fewer_points", "stock_better", "up_card_no_help", "fewest_points"}


def test_the_shipped_value_loads_and_gives_the_recorded_values() -> None:
    recorded = json.loads(ROWS.read_text())
    model = gin_value()
    assert recorded["features"] == list(FEATURES) and model.n_features == len(FEATURES)
    values = model.predict(np.asarray(recorded["rows"]))
    assert values == pytest.approx(recorded["values"], abs=1e-6)
    assert len(set(np.round(values, 3))) > 1  # it tells positions apart


def _positions(seed: int, moves: int) -> Game:
    game = Game.new("gin-rummy", ["A", "B"], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.over:
            break
        seat = game.seats_to_act()[0]
        game.apply(rng.choice(game.legal_actions(seat)) if rng.random() < 0.3 else
                   make_agent("gin-rummy", "hard", 1).choose(game.view(seat), game.legal_actions(seat)))
    return game


@pytest.mark.parametrize("seed", range(6))
def test_the_expert_answers_legally_the_same_every_time_with_a_reason(seed: int) -> None:
    game = _positions(seed, 0)
    first = make_agent("gin-rummy", "expert", seed=3)
    asked = 0
    while not game.over and asked < 40:
        seat = game.seats_to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        choice = explain(first, view, legal)
        assert choice.action in legal and choice.reason in REASONS
        again = make_agent("gin-rummy", "expert", seed=3)
        assert again.choose(view, legal) == choice.action == first.choose(view, legal)
        game.apply(choice.action)
        asked += 1
    assert asked


def test_the_deals_keep_what_the_seat_saw() -> None:
    """The opponent's hand holds its known pick-ups and its size; no card the seat saw is dealt."""
    for seed in range(8):
        game = _positions(seed, 25)
        if game.over:
            continue
        seat = game.seats_to_act()[0]
        view = game.view(seat)
        hand, unseen, picked, _refused, stock, _totals = view_masks(view)
        for deal in deals(view, 10, random.Random(seed)):
            assert deal.opponent & picked == picked
            assert deal.opponent.bit_count() == view.hand_sizes[1 - seat]
            assert deal.opponent & ~unseen == 0 and not hand & deal.opponent
            assert len(deal.stock) == stock and not any(hand >> i & 1 or deal.opponent >> i & 1 for i in deal.stock)


def test_a_knock_is_scored_exactly_on_each_deal() -> None:
    """A knock's value on a deal is the showdown's: won by the deadwood gap, or lost to an undercut."""
    found = 0
    for seed in range(40):
        game = Game.new("gin-rummy", ["A", "B"], seed=seed)
        hard = make_agent("gin-rummy", "hard", 1)
        while not game.over:
            seat = game.seats_to_act()[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            knocks = [a for a in legal if isinstance(a, Knock) and a.card is not None]
            if knocks:
                for deal in deals(view, 4, random.Random(seed)):
                    value = play_move(view, deal, knocks[0])
                    assert value != 0 and abs(value) <= 25 + 10 * 11
                    if deadwood(deal.opponent) > 30:
                        assert value > 0 or value <= -25
                found += 1
                break
            game.apply(hard.choose(view, legal))
    assert found >= 10


def test_passing_and_drawing_are_searched_moves() -> None:
    game = Game.new("gin-rummy", ["A", "B"], seed=2)
    seat = game.seats_to_act()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    assert any(isinstance(a, PassUpcard) for a in legal) and any(isinstance(a, Draw) for a in legal)
    sample = deals(view, 6, random.Random(1))
    for move in legal:
        assert all(isinstance(play_move(view, d, move), int) for d in sample)
    expert = ExpertGin(1)
    assert isinstance(expert.choose(view, legal), PassUpcard | Draw | Discard)
