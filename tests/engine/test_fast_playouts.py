"""The fast play-outs (engine/fast) against the engine: the same deadwood and points as the engine's
arrangers on random hands, the same showdown, and the same hand played out by the same greedy policy
through a real game, ending with the same scores. The engine is the oracle throughout."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.arrange_five_crowns import min_points as engine_min_points
from engine.arrange_gin import arrange_gin, showdown
from engine.cards import Card, Rank, five_crowns_deck
from engine.fast import five_crowns as fc
from engine.fast import gin
from engine.fast.policy import engine_five_crowns_playout, engine_gin_playout
from engine.game import Game
from engine.piles import shuffle_source
from engine.rules.gin_rummy import parse_gin_card

GIN_HANDS = st.lists(st.sampled_from(gin.CARDS), max_size=11, unique=True)
#: Two sets of Five Crowns cards, so hands may hold up to four of a card and jokers.
FIVE_CROWNS_CARDS = five_crowns_deck(2)
FIVE_CROWNS_HANDS = st.lists(st.sampled_from(range(len(FIVE_CROWNS_CARDS))), max_size=15, unique=True).map(
    lambda picks: [FIVE_CROWNS_CARDS[i] for i in picks])
WILD = st.integers(3, 13)


@settings(max_examples=400)
@given(GIN_HANDS)
def test_gin_deadwood_and_melds_are_the_arrangers(hand: list[Card]) -> None:
    arrangement = arrange_gin(hand)
    mask = gin.hand_mask(hand)
    assert gin.deadwood(mask) == arrangement.points
    points, melds = gin.melding(mask)
    # The very melds the engine chose: what the defender may lay off on depends on them.
    assert points == arrangement.points
    assert sorted(melds) == sorted(gin.hand_mask(m) for m in arrangement.melds)
    assert dict(gin.throws(mask)) == {gin.card_index(c): arrange_gin([x for x in hand if x != c]).points
                                      for c in hand}


@settings(max_examples=200)
@given(st.lists(st.sampled_from(gin.CARDS), min_size=20, max_size=20, unique=True))
# The knocker's run 6-7-8 of hearts and set of 4s; the defender lays off at both ends of the run and on
# the set (the engine's order: the 4 of hearts to the set, before the 5 has opened the run's low end).
@example([parse_gin_card(c) for c in ("6h", "7h", "8h", "4s", "4c", "4d", "kc", "qd", "9s", "2c",
                                      "9h", "4h", "5h", "10h", "js", "9c", "7d", "2d", "10c", "qs")])
def test_gin_showdown_is_the_engines(cards: list[Card]) -> None:
    knocker, defender = cards[:10], cards[10:]
    melds = arrange_gin(knocker).melds
    expected = showdown(defender, melds, may_lay_off=True).points
    assert gin.showdown_points(gin.hand_mask(defender), [gin.hand_mask(m) for m in melds]) == expected


@settings(max_examples=60)
@given(st.integers(0, 10**9))
def test_a_gin_hand_played_out_fast_scores_as_through_the_engine(seed: int) -> None:
    g = Game.new("gin-rummy", ["a", "b"], seed=seed)
    s = g.state
    fast = gin.FastGinHand.from_cards(s.hands, s.discard, s.stock, s.dealer, s.to_move, s.phase)
    assert gin.play_hand(fast) == engine_gin_playout(g)


@settings(max_examples=400)
@given(FIVE_CROWNS_HANDS, WILD)
def test_five_crowns_points_are_the_arrangers(hand: list[Card], wild: int) -> None:
    packed = fc.hand_int(hand)
    assert fc.min_points(packed, wild) == engine_min_points(hand, Rank(wild))
    throws = dict(fc.throws(packed, wild))
    assert throws == {fc.kind_of(c): engine_min_points([*hand[:i], *hand[i + 1:]], Rank(wild))
                      for i, c in enumerate(hand)}


@settings(max_examples=25)
@given(st.integers(0, 10**9), st.integers(2, 4), st.integers(1, 7))
def test_a_five_crowns_hand_played_out_fast_scores_as_through_the_engine(seed: int, players: int,
                                                                          number: int) -> None:
    g = Game.new("five-crowns", [f"p{n}" for n in range(players)], seed=seed)
    while g.state.hand_number < number:  # earlier hands played through the engine, to reach this deal
        engine_five_crowns_playout(g)
    s = g.state
    fast = fc.FastFiveCrownsHand.from_cards(
        s.hands, s.discard, s.stock, s.wild_rank, s.to_move,
        lambda k: shuffle_source("five-crowns", s.seed, number, k), s.reshuffles)
    assert fc.play_hand(fast) == engine_five_crowns_playout(g)
