"""Every game ends: the limits this project chose where the printed rules let play go on for ever.

Five Crowns: a hand's stock is rebuilt at most MAX_RESHUFFLES times; the next time it runs out the
hand ends and is scored. Upcard rummy: after ``max_hands`` hands the game ends and the highest total
wins. Random play that never goes out reached 50,000 actions in hand 1 of Five Crowns, and hand 54 of
upcard rummy with totals near -10,000, before these limits.
"""

from __future__ import annotations

import random

import pytest

from engine.actions import GoOut
from engine.events import GameEnded, HandEnded, StockReshuffled
from engine.game import Game
from engine.rules.five_crowns import MAX_RESHUFFLES
from engine.rules.upcard_rummy import DEFAULT_MAX_HANDS


@pytest.mark.parametrize("players", [2, 5])
def test_a_five_crowns_hand_that_nobody_goes_out_of_ends_and_is_scored(players: int) -> None:
    game = Game.new("five-crowns", [f"P{i}" for i in range(players)], seed=players)
    rng = random.Random(players)
    events = []
    actions = 0
    while game.state.hand_number == 1:
        legal = [a for a in game.legal_actions(game.seats_to_act()[0]) if not isinstance(a, GoOut)]
        events += game.apply(rng.choice(legal))
        actions += 1
        assert actions < 5000, "hand 1 never ended"
    assert sum(isinstance(e, StockReshuffled) for e in events) == MAX_RESHUFFLES
    ended = [e for e in events if isinstance(e, HandEnded)]
    assert len(ended) == 1 and ended[0].went_out is None
    assert [len(s) for s in game.state.scores] == [1] * players  # every player was scored for hand 1
    assert sum(r.points for r in ended[0].results) == sum(s[0] for s in game.state.scores)


def test_upcard_rummy_ends_at_its_hand_limit_and_the_highest_total_wins() -> None:
    game = Game.new("upcard-rummy", ["A", "B", "C"], seed=8, options={"max_hands": 3})
    rng = random.Random(8)
    while not game.over:
        game.apply(rng.choice(game.legal_actions(game.seats_to_act()[0])))
    assert game.state.hand_number == 3
    totals = game.state.totals()
    assert max(totals) < game.state.options.target  # the limit, not the target, ended it
    ended = game.log[-1]
    assert isinstance(ended, GameEnded)
    assert list(ended.winners) == [s for s, t in enumerate(totals) if t == max(totals)]


def test_upcard_rummy_random_play_ends_by_the_default_limit() -> None:
    game = Game.new("upcard-rummy", ["A", "B"], seed=3)
    rng = random.Random(3)
    while not game.over:
        game.apply(rng.choice(game.legal_actions(game.seats_to_act()[0])))
    assert game.state.hand_number <= DEFAULT_MAX_HANDS


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "10"])
def test_the_hand_limit_is_a_whole_number(bad: object) -> None:
    with pytest.raises(ValueError, match="max_hands"):
        Game.new("upcard-rummy", ["A", "B"], seed=1, options={"max_hands": bad})
