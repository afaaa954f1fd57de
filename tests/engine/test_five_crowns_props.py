"""Property tests: random legal play keeps every card, refusals change nothing, saves round-trip."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, Discard, Draw, GoOut
from engine.cards import five_crowns_deck
from engine.errors import IllegalAction
from engine.game import Game


def random_action(game: Game, rng: random.Random) -> Action:
    seat = game.seats_to_act()[0]
    legal = game.legal_actions(seat)
    outs = [a for a in legal if isinstance(a, GoOut)]
    # Random play, but going out when possible most of the time, so hands end.
    if outs and rng.random() < 0.8:
        return rng.choice(outs)
    return rng.choice(legal)


def assert_whole_deck(game: Game) -> None:
    if not game.over:
        expected = Counter(five_crowns_deck(game.state.sets))
        assert Counter(game.ruleset.all_cards(game.state)) == expected


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 9), steps=st.integers(1, 400))
def test_cards_are_conserved_at_every_step(seed: int, players: int, steps: int) -> None:
    game = Game.new("five-crowns", [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(random_action(game, rng))
        assert_whole_deck(game)
        hands = game.state.hands
        for seat in game.state.seats:
            held = len(hands[seat])
            dealt = game.state.cards_dealt
            assert held in (0, dealt, dealt + 1)


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 200), junk=st.integers(0, 10**6))
def test_illegal_actions_leave_the_state_unchanged(seed: int, steps: int, junk: int) -> None:
    game = Game.new("five-crowns", ["A", "B", "C"], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            return
        game.apply(random_action(game, rng))
    seat = game.seats_to_act()[0]
    legal = set(game.legal_actions(seat))
    jr = random.Random(junk)
    deck = sorted(set(five_crowns_deck()), key=lambda c: c.sort_key())
    candidates: list[Action] = []
    for s in range(3):
        candidates += [Draw(s, "stock"), Draw(s, "discard")]
        candidates += [Discard(s, c) for c in jr.sample(deck, 8)] + [GoOut(s, c) for c in jr.sample(deck, 8)]
    before = json.dumps(game.to_data(), sort_keys=True)
    for action in candidates:
        if action in legal:
            continue
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert json.dumps(game.to_data(), sort_keys=True) == before


@pytest.mark.parametrize("players", [2, 7, 14])
def test_complete_games_by_random_legal_play(players: int) -> None:
    game = Game.new("five-crowns", [f"P{i}" for i in range(players)], seed=players * 11)
    rng = random.Random(players)
    hands_seen = set()
    while not game.over:
        hands_seen.add(game.state.hand_number)
        game.apply(random_action(game, rng))
        assert_whole_deck(game)
    assert hands_seen == set(range(1, 12))
    totals = game.state.totals()
    assert all(len(s) == 11 for s in game.state.scores)
    assert list(game.state.winners) == [i for i, t in enumerate(totals) if t == min(totals)]
    assert game.log[-1].kind == "game_ended"
