"""No computer player, at any level of any game, throws a wild while it holds a natural card it could throw.

Hands are made random by hypothesis and made rich in wilds on purpose: a game is dealt from a drawn seed,
played some random moves on, and at a seat about to throw, some of its cards are swapped with wilds
from the stock (the cards of the game stay the same ones), up to a hand of nothing but wilds. The
player of each level then chooses; a wild may go only from a hand of wilds, or to go out when no
natural card goes out. On a last turn (the hand is scored right after the move) any throw is sound: there
the fewest points left is the rule (tests/bots/test_last_turn.py). `access-game simulate` counts the same
throws over whole games.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from access_game.catalog import games
from access_game.simulate import run_simulation
from engine.actions import Action, GoOut
from engine.bots import LEVELS, agent_levels, make_agent
from engine.bots.wild_throws import is_wild_in, naturals_first, scored_after_move, thrown_card
from engine.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from five_crowns_hands import give_wilds

#: The games with a wild rank and other players to give a card to (solitaire has neither: its wilds
#: are by pile and nobody takes its discards).
DEALT = [e.name for e in games() if e.player_range[1] > 1]


def _players(game: str, n: int) -> list[str]:
    low, high = next(e.player_range for e in games() if e.name == game)
    return [f"P{i}" for i in range(max(low, min(n, high)))]


def _throwing_seat(g: Game, rng: random.Random, limit: int = 400) -> int | None:
    """Play random moves on until a seat may throw a card; that seat."""
    for _ in range(limit):
        if g.over:
            return None
        for seat in g.seats_to_act():
            if any(thrown_card(a) is not None for a in g.legal_actions(seat)):
                return seat
        seat = rng.choice(g.seats_to_act())
        g.apply(rng.choice(g.legal_actions(seat)))
    return None



def _sound(view: object, legal: list[Action], action: Action) -> bool:
    card = thrown_card(action)
    if card is None or not is_wild_in(view, card) or scored_after_move(view):
        return True
    hand = view.hand  # type: ignore[attr-defined]
    if all(is_wild_in(view, c) for c in hand):
        return True
    # Going out by a wild is sound only when no natural card goes out.
    return isinstance(action, GoOut) and not any(
        isinstance(a, GoOut) and not is_wild_in(view, a.discard) for a in legal
    )


def test_every_dealt_game_has_the_three_first_levels() -> None:
    # The expert comes game by game; easy, normal and hard every game has.
    for game in DEALT:
        assert set(LEVELS[:3]) <= set(agent_levels(game)), game


@pytest.mark.parametrize(("game", "level"), [(game, level) for game in DEALT for level in agent_levels(game)])
@settings(max_examples=30)
@given(seed=st.integers(0, 2**20), players=st.integers(2, 5), moves=st.integers(0, 80), wilds=st.integers(0, 14))
def test_a_wild_goes_only_from_a_hand_of_wilds(game: str, level: str, seed: int, players: int, moves: int,
                                               wilds: int) -> None:
    rng = random.Random(seed)
    g = Game.new(game, _players(game, players), seed=seed)
    for _ in range(moves):
        if g.over:
            return
        seat = rng.choice(g.seats_to_act())
        g.apply(rng.choice(g.legal_actions(seat)))
    seat = _throwing_seat(g, rng)
    if seat is None:
        return
    give_wilds(g, seat, wilds, rng)
    view, legal = g.view(seat), g.legal_actions(seat)
    agent = make_agent(game, level, seed=seed)
    action = agent.choose(view, legal)
    assert action in legal or g.can(action)
    assert _sound(view, legal, action), (view.hand, action)
    # The hint asks the same player, so it never advises the throw either.
    assert _sound(view, legal, make_agent(game, level, seed=seed).explain(view, legal).action)  # type: ignore[attr-defined]


def test_the_filter_keeps_every_move_that_throws_no_wild() -> None:
    """The rule takes away wild throws only, and only where a natural card could go the same way."""
    g = Game.new("five-crowns", ["A", "B"], seed=3)
    rng = random.Random(3)
    seat = _throwing_seat(g, rng)
    assert seat is not None
    give_wilds(g, seat, 2, rng)
    view, legal = g.view(seat), g.legal_actions(seat)
    kept = naturals_first(view, legal)
    assert [a for a in legal if not is_wild_in(view, thrown_card(a) or view.hand[0]) or thrown_card(a) is None] \
        == [a for a in kept if thrown_card(a) is None or not is_wild_in(view, thrown_card(a))]  # type: ignore[arg-type]
    assert any(thrown_card(a) is not None and is_wild_in(view, thrown_card(a)) for a in legal)  # type: ignore[arg-type]
    assert not any(thrown_card(a) is not None and is_wild_in(view, thrown_card(a)) for a in kept)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", DEALT)
def test_simulate_counts_wild_throws_and_finds_none_needless(game: str) -> None:
    levels = ("easy", "normal", "hard")[: len(_players(game, 3))]  # three players, or as many as the game seats
    report = run_simulation(game, levels, games=3, seed=5)
    assert all(s.throws > 0 for s in report.seats)
    assert [s.needless_wild_throws for s in report.seats] == [0] * len(levels)
    assert "Wilds and jokers thrown per 1,000 discards: player 1, easy:" in report.to_text()
