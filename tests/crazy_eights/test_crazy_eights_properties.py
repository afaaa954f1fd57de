"""Properties of Crazy Eights that hold in every game, over random games with any number of players and
either draw rule: no card is ever lost or duplicated across the hands, the stock and the pile; every card
played matches the top card (its suit or rank, the suit named on an eight) or is an eight; a hand's
points are the penalty of the cards left and the totals add up; a refused move changes nothing."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, Discard, Draw
from engine.cards import Card, Rank, standard_deck
from engine.events import Discarded, HandStarted
from engine.game import Game
from engine.rules.crazy_eights import (
    SUIT_CODES,
    CrazyEightsState,
    CrazyHandEnded,
    PassTurn,
    PlayEight,
    SuitNamed,
    card_points,
    decks_for,
)

FAST = settings(max_examples=15)


def _new(seed: int, players: int, draw_limit: int, target: int = 100) -> Game:
    return Game.new("crazy-eights", [f"p{i}" for i in range(players)], seed=seed,
                    options={"draw_limit": draw_limit, "target": target})


def _every_card(state: CrazyEightsState) -> Counter[Card]:
    cards = Counter(state.stock) + Counter(state.discard)
    for hand in state.hands:
        cards += Counter(hand)
    return cards


def _attempts(state: CrazyEightsState, seat: int, rng: random.Random) -> list[Action]:
    """A spread of moves, most of them illegal, built without asking the rules."""
    hand = state.hands[seat]
    deck = standard_deck(1, jokers=0)
    card = rng.choice(hand) if hand else rng.choice(deck)
    return [Discard(seat, rng.choice(deck)), Discard(seat, card), PlayEight(seat, card, rng.choice(SUIT_CODES)),
            PlayEight(seat, card, ""), Draw(seat, "discard"), Draw(seat, "stock"), PassTurn(seat),
            Discard((seat + 1) % len(state.players), card)]


def _play(g: Game, rng: random.Random, moves: int = 400) -> None:
    for _ in range(moves):
        if g.over:
            return
        seat = g.seats_to_act()[0]
        for attempt in _attempts(g.state, seat, rng):
            if g.why_not(attempt) is not None:
                before = g.ruleset.state_to_data(g.state)
                assert g.try_apply(attempt)[0] == []
                assert g.ruleset.state_to_data(g.state) == before
        g.apply(rng.choice(g.legal_actions(seat)))


@FAST
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 7), draw_limit=st.integers(0, 3))
def test_no_card_is_lost_or_duplicated(seed: int, players: int, draw_limit: int) -> None:
    g = _new(seed, players, draw_limit)
    deck = Counter(standard_deck(decks_for(players), jokers=0))
    rng = random.Random(seed)
    for _ in range(300):
        if g.over:
            break
        assert _every_card(g.state) == deck
        seat = g.seats_to_act()[0]
        g.apply(rng.choice(g.legal_actions(seat)))
    assert _every_card(g.state) == deck


@FAST
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 7), draw_limit=st.integers(0, 3))
def test_a_refused_move_changes_nothing(seed: int, players: int, draw_limit: int) -> None:
    _play(_new(seed, players, draw_limit), random.Random(seed), moves=120)


@FAST
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 7), draw_limit=st.integers(0, 3))
def test_every_card_played_matches_the_top_card_or_is_an_eight(seed: int, players: int, draw_limit: int) -> None:
    g = _new(seed, players, draw_limit, target=60)
    rng = random.Random(seed)
    while not g.over:
        g.apply(rng.choice(g.legal_actions(g.seats_to_act()[0])))
    top: Card | None = None
    named: str | None = None
    for ev in g.log:
        if isinstance(ev, HandStarted):
            top, named = ev.up_card, None
            assert top is not None and top.rank != Rank.EIGHT  # an eight turned up is buried
        elif isinstance(ev, Discarded):
            card = ev.card
            assert top is not None
            if card.rank != Rank.EIGHT:
                assert (card.suit is not None and card.suit.value == named) if named else (
                    card.suit == top.suit or card.rank == top.rank)
            top, named = card, None
        elif isinstance(ev, SuitNamed):
            assert top is not None and top.rank == Rank.EIGHT
            named = ev.suit


@FAST
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 7), draw_limit=st.integers(0, 3))
def test_each_hand_scores_the_cards_left_and_the_totals_add_up(seed: int, players: int, draw_limit: int) -> None:
    g = _new(seed, players, draw_limit, target=80)
    rng = random.Random(seed)
    while not g.over:
        g.apply(rng.choice(g.legal_actions(g.seats_to_act()[0])))
    totals = [0] * players
    for ev in g.log:
        if not isinstance(ev, CrazyHandEnded):
            continue
        left = [sum(card_points(c) for c in hand) for hand in ev.hands]
        if ev.went_out is not None:
            assert ev.hands[ev.went_out] == ()
            assert list(ev.points) == [0 if s == ev.went_out else p for s, p in enumerate(left)]
        else:  # blocked: the fewest points in hand score nothing
            assert list(ev.points) == [0 if p == min(left) else p for p in left]
        totals = [t + p for t, p in zip(totals, ev.points, strict=True)]
        assert list(ev.totals) == totals
    assert g.state.totals() == totals
    assert max(totals) >= 80 or g.state.hand_number == g.state.options.max_hands
    assert set(g.state.winners) == {s for s, t in enumerate(totals) if t == min(totals)}
