"""A refused action changes nothing, whatever it is made of, in every game.

The property test plays random legal games and, at random moments, offers each legal action with one
field made wrong (wrong type, or a number out of every range): each must be refused with the reason
and leave the saved game byte-identical. Before this, 71 of 221 such actions raised TypeError or
AttributeError, ``True`` was taken for seat 1, and contract rummy lost its up card on
``Draw(1.0, "discard")``.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from fuzzing import GAMES, Counts, check_wrongly_made, new_game, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Discard, Draw
from engine.cards import Card, Rank, Suit
from engine.errors import IllegalAction
from engine.game import Game

COUNTS = Counts()


def play_with_junk(name: str, seed: int, steps: int, junk_rate: float) -> Counts:
    counts = Counts(games=1)
    game = new_game(name, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        seat = game.seats_to_act()[0]
        legal = game.legal_actions(seat)
        if rng.random() < junk_rate:
            refused, typed = check_wrongly_made(game, legal, rng)
            counts.refused += refused
            counts.wrongly_typed += typed
        game.apply(rng.choice(legal))
        counts.actions += 1
    return counts


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=12)
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 300))
def test_wrongly_made_actions_are_refused_and_change_nothing(name: str, seed: int, steps: int) -> None:
    counts = play_with_junk(name, seed, steps, junk_rate=0.15)
    COUNTS.games += counts.games
    COUNTS.actions += counts.actions
    COUNTS.refused += counts.refused
    COUNTS.wrongly_typed += counts.wrongly_typed


def contract_game() -> Game:
    game = Game.new("contract-rummy", ["A", "B", "C"], seed=1)
    assert game.state.phase == "buy"  # the up card is on offer to the player to move
    return game


def test_a_float_seat_does_not_lose_the_up_card() -> None:
    game = contract_game()
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="seat must be a whole number"):
        game.apply(Draw(1.0, "discard"))  # type: ignore[arg-type]
    assert snapshot(game) == before
    assert len(game.ruleset.all_cards(game.state)) == 108


@pytest.mark.parametrize("name", sorted(GAMES))
def test_true_is_not_a_seat(name: str) -> None:
    game = new_game(name, 3)
    seat = game.seats_to_act()[0]
    for action in game.legal_actions(seat):
        with pytest.raises(IllegalAction, match="seat must be a whole number"):
            game.apply(dataclasses.replace(action, seat=True))


def test_a_card_must_be_a_card() -> None:
    game = new_game("five-crowns", 2)
    seat = game.seats_to_act()[0]
    game.apply(Draw(seat, "stock"))
    before = snapshot(game)
    for wrong in ("7h", None, 7, (Rank.SEVEN, Suit.HEARTS)):
        with pytest.raises(IllegalAction, match="card must be a card"):
            game.apply(Discard(seat, wrong))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="source must be the stock or the discard pile"):
        game.apply(Draw(seat, "pile"))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="not a move"):
        game.apply("discard")  # type: ignore[arg-type]
    assert snapshot(game) == before
    assert Discard(seat, Card(Rank.SEVEN, Suit.HEARTS))  # the real thing is still a move


class Boom(Exception):
    pass


def test_an_action_that_fails_half_way_leaves_the_state_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """Apply is transactional: a failure after the ruleset changed the state puts every field back."""
    game = new_game("five-crowns", 4)
    seat = game.seats_to_act()[0]
    before = snapshot(game)
    real = type(game.ruleset).apply

    def half_then_fail(self, state, action):  # type: ignore[no-untyped-def]
        state.stock.pop()
        state.hands[0].clear()
        state.scores[0].append(99)
        raise Boom

    monkeypatch.setattr(type(game.ruleset), "apply", half_then_fail)
    with pytest.raises(Boom):
        game.apply(Draw(seat, "stock"))
    monkeypatch.setattr(type(game.ruleset), "apply", real)
    assert snapshot(game) == before
    game.apply(Draw(seat, "stock"))  # and the game goes on


@pytest.fixture(scope="module", autouse=True)
def _report_counts():  # type: ignore[no-untyped-def]
    """With -s, say how much the fuzzing covered (the figures quoted for this module)."""
    yield
    print(f"\naction fuzzing: {COUNTS.games} games, {COUNTS.actions} legal actions, "
          f"{COUNTS.refused} wrongly made actions refused ({COUNTS.wrongly_typed} of a wrong type)")
