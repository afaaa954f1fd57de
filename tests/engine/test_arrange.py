"""The exact arranger: brute force on small hands, the reference solver on 13-14 cards, named hands."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from access_game.bench import arranger as bench
from engine.arrange_five_crowns import (
    _reference_min_points,
    _reference_solve,
    arrange,
    discard_options,
    go_out_discards,
    min_points,
)
from engine.arrangement import Arrangement
from engine.cards import JOKER, Card, Rank, Suit, five_crowns_deck
from engine.five_crowns_melds import card_points, is_meld, is_wild
from engine.notation import parse_cards

DECK = five_crowns_deck()
TWO_SETS = five_crowns_deck(2)
K = Rank.KING


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


# --------------------------------------------------------------------------------------------------
# Brute force: every partition of the hand into melds (checked by engine.five_crowns_melds.is_meld) and deadwood.


Score = tuple[int, int]  # (points left, cards left): the arranger's order, fewest points then fewest cards
NONE: Score = (10**9, 0)


def _plus(score: Score, points: int) -> Score:
    return NONE if score == NONE else (score[0] + points, score[1] + 1)


def brute_force(hand: Sequence[Card], wild_rank: Rank | None, all_wild_melds: bool = True) -> dict[str, Score]:
    """The best (points, cards) left over all partitions: 'any'; 'with_meld' (1+ meld); and
    'meld_no_wild_dead' (1+ meld and no wild left over), which checks the arranger's premise that spare
    wilds can always join a meld.
    """
    hand = tuple(sorted(hand, key=Card.sort_key))
    pts = [card_points(c, wild_rank) for c in hand]
    wild = [is_wild(c, wild_rank) for c in hand]

    @cache
    def go(rest: tuple[int, ...]) -> tuple[Score, Score, Score]:
        """(best with no meld, best with a meld, best with a meld and no wild in the deadwood)."""
        if not rest:
            return ((0, 0), NONE, NONE)
        first, others = rest[0], rest[1:]
        no_meld, with_meld, clean = go(others)
        p = pts[first]
        best = [_plus(no_meld, p), _plus(with_meld, p), NONE if wild[first] else _plus(clean, p)]
        seen: set[tuple[Card, ...]] = set()
        for size in range(2, len(others) + 1):
            for pick in combinations(range(len(others)), size):
                key = tuple(hand[others[j]] for j in pick)
                if key in seen:
                    continue
                seen.add(key)
                if is_meld((hand[first], *key), wild_rank, all_wild_melds=all_wild_melds):
                    left = tuple(others[j] for j in range(len(others)) if j not in pick)
                    a, b, c = go(left)
                    best[1] = min(best[1], a, b)
                    best[2] = min(best[2], c, a if not any(wild[i] for i in left) else NONE)
        return (best[0], best[1], best[2])

    no_meld, with_meld, clean = go(tuple(range(len(hand))))
    return {"any": min(no_meld, with_meld), "with_meld": with_meld, "meld_no_wild_dead": clean}


def assert_valid(arr: Arrangement, hand: Sequence[Card], wild_rank: Rank | None, all_wild_melds: bool) -> None:
    """Every meld is a meld, melds + deadwood are the hand exactly, and the points are the deadwood's."""
    for meld in arr.melds:
        assert is_meld(meld, wild_rank, all_wild_melds=all_wild_melds), (meld, hand, wild_rank, all_wild_melds)
    laid = Counter(c for meld in arr.melds for c in meld) + Counter(arr.deadwood)
    assert laid == Counter(hand), (arr, hand)
    assert arr.points == sum(card_points(c, wild_rank) for c in arr.deadwood)
    assert arr.goes_out == (not arr.deadwood)


# --------------------------------------------------------------------------------------------------
# Hands for the property tests

wild_ranks = st.integers(3, 13).map(Rank)


@st.composite
def random_hands(draw: st.DrawFn, max_size: int = 8) -> list[Card]:
    picks = draw(st.lists(st.integers(0, len(DECK) - 1), unique=True, max_size=max_size))
    return [DECK[i] for i in picks]


@st.composite
def meldy_hands(draw: st.DrawFn, max_size: int = 8) -> tuple[list[Card], Rank]:
    """Hands from a narrow pool (two suits, a few ranks, the wilds): many melds and many wilds."""
    wild = draw(wild_ranks)
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=2, unique=True))
    lo = draw(st.integers(3, 11))
    hi = draw(st.integers(lo, min(13, lo + 5)))
    pool = [c for c in DECK if c.rank is None or c.rank == wild or (c.suit in suits and lo <= c.rank <= hi)]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, max_size=max_size))
    return [pool[i] for i in picks], wild


def check_against_brute_force(hand: list[Card], wild: Rank, all_wild: bool) -> None:
    expected = brute_force(hand, wild, all_wild)
    points, left = expected["any"]
    arr = arrange(hand, wild, all_wild_melds=all_wild)
    assert_valid(arr, hand, wild, all_wild)
    assert arr.points == points, (hand, wild, all_wild, arr, expected)
    assert len(arr.deadwood) == left, (hand, wild, all_wild, arr, expected)  # ties: fewest cards left
    assert min_points(hand, wild, all_wild_melds=all_wild) == points
    assert _reference_min_points(hand, wild, all_wild_melds=all_wild) == points
    # The premise of the search: once a meld exists, no wild need stay in the hand.
    assert expected["meld_no_wild_dead"] == expected["with_meld"], (hand, wild, all_wild, expected)


FAST = settings(max_examples=150)


@FAST
@given(random_hands(), wild_ranks, st.booleans())
def test_random_hands_equal_brute_force(hand: list[Card], wild: Rank, all_wild: bool) -> None:
    check_against_brute_force(hand, wild, all_wild)


@FAST
@given(meldy_hands(), st.booleans())
def test_meldy_hands_equal_brute_force(hand_wild: tuple[list[Card], Rank], all_wild: bool) -> None:
    hand, wild = hand_wild
    check_against_brute_force(hand, wild, all_wild)


def check_discards_against_brute_force(hand: list[Card], wild: Rank, all_wild: bool) -> None:
    options = discard_options(hand, wild, all_wild_melds=all_wild)
    assert list(options) == list(dict.fromkeys(hand))
    expected: dict[Card, Score] = {}
    for card in options:
        rest = list(hand)
        rest.remove(card)
        expected[card] = brute_force(rest, wild, all_wild)["any"]
        assert_valid(options[card], rest, wild, all_wild)
    assert {c: (a.points, len(a.deadwood)) for c, a in options.items()} == expected, (hand, wild, all_wild)
    assert go_out_discards(hand, wild, all_wild_melds=all_wild) == [c for c in expected if expected[c][0] == 0]


@settings(max_examples=100)
@given(meldy_hands(), st.booleans())
def test_discards_equal_brute_force_meldy(hand_wild: tuple[list[Card], Rank], all_wild: bool) -> None:
    hand, wild = hand_wild
    check_discards_against_brute_force(hand, wild, all_wild)


@settings(max_examples=60)
@given(random_hands(), wild_ranks, st.booleans())
def test_discards_equal_brute_force_random(hand: list[Card], wild: Rank, all_wild: bool) -> None:
    check_discards_against_brute_force(hand, wild, all_wild)


def test_every_small_hand_of_a_seeded_sample_equals_brute_force() -> None:
    # A fixed sample on top of hypothesis, so a regression shows the same hand every time.
    rng = random.Random(7)
    for _ in range(300):
        wild = Rank(rng.randint(3, 13))
        hand = rng.sample(DECK, rng.randint(0, 8))
        check_against_brute_force(hand, wild, rng.random() < 0.5)


# --------------------------------------------------------------------------------------------------
# 13 and 14 cards: the reference solver (the first version, a different search) on seeded hands


def reference(hand: Sequence[Card], wild: Rank | None, all_wild: bool = True) -> int:
    _reference_solve.cache_clear()
    return _reference_min_points(hand, wild, all_wild_melds=all_wild)


def wild_heavy_deal(rng: random.Random, size: int, wild: Rank) -> list[Card]:
    pool = [c for c in TWO_SETS if c.rank is None or c.rank == wild or c.suit in (Suit.HEARTS, Suit.SPADES)]
    return rng.sample(pool, size)


@pytest.mark.parametrize("size", [13, 14])
def test_large_hands_equal_the_reference(size: int) -> None:
    rng = random.Random(1000 + size)
    deck = list(DECK)
    for n in range(300):
        if n % 3 == 2:
            wild = Rank(rng.randint(3, 13))
            hand = wild_heavy_deal(rng, size, wild)
        else:
            wild = K if n % 3 == 0 else Rank(rng.randint(3, 13))
            rng.shuffle(deck)
            hand = deck[:size]
        all_wild = n % 2 == 0
        arr = arrange(hand, wild, all_wild_melds=all_wild)
        assert_valid(arr, hand, wild, all_wild)
        assert arr.points == reference(hand, wild, all_wild), (hand, wild, all_wild)
        assert min_points(hand, wild, all_wild_melds=all_wild) == arr.points


def test_fourteen_card_discards_equal_the_reference() -> None:
    rng = random.Random(14)
    deck = list(DECK)
    outs = 0
    for n in range(60):
        wild = K if n % 2 else Rank(rng.randint(3, 13))
        if n % 3 == 2:
            hand = wild_heavy_deal(rng, 14, wild)
        else:
            rng.shuffle(deck)
            hand = deck[:14]
        options = discard_options(hand, wild)
        expected = {}
        for card in dict.fromkeys(hand):
            rest = list(hand)
            rest.remove(card)
            expected[card] = reference(rest, wild)
            assert_valid(options[card], rest, wild, True)
        assert {c: a.points for c, a in options.items()} == expected
        goes = go_out_discards(hand, wild)
        assert goes == [c for c in expected if expected[c] == 0]
        outs += bool(goes)
    assert outs > 5  # the sample does exercise going out


# --------------------------------------------------------------------------------------------------
# Named hands


def test_rule_sheet_melds_are_laid_down() -> None:
    arr = arrange(cards("9♦ 7♣ J♦ 6♦ 7★ 7★ 9♦"), Rank.SEVEN)  # 7s wild
    assert arr.points == 0
    arr = arrange(cards("8♠ Q♠ Q★"), Rank.EIGHT)
    assert arr.goes_out and len(arr.melds) == 1


def test_no_meld_leaves_everything() -> None:
    hand = cards("3h 5s 9d jst")
    arr = arrange(hand, K)
    assert arr.melds == () and Counter(arr.deadwood) == Counter(hand) and arr.points == 3 + 5 + 9 + 11


def test_two_wilds_and_no_meld_score_as_wilds() -> None:
    hand = [*cards("3h 9d ks"), JOKER]  # kings wild: a joker and a king cannot meld with 3h and 9d apart
    # 9d with the king and the joker is a meld; 3 points stay.
    assert min_points(hand, K) == 3
    assert min_points([JOKER, *cards("ks")], K) == 70  # two wilds alone are no meld


def test_all_wild_hand_and_the_option() -> None:
    jokers = [JOKER, JOKER, JOKER]
    assert arrange(jokers, K).goes_out
    arr = arrange(jokers, K, all_wild_melds=False)
    assert arr.points == 150 and arr.melds == ()
    mixed = [JOKER, JOKER, *cards("ks")]
    assert arrange(mixed, K, all_wild_melds=False).goes_out
    hand = [*jokers, *cards("5h")]
    arr = arrange(hand, K, all_wild_melds=False)
    assert arr.goes_out  # 5h with the jokers is a book
    assert_valid(arr, hand, K, False)


def test_spare_wilds_join_a_full_run() -> None:
    # Kings wild: 3s..qs is a run of 10, ks makes 11; a joker more must still meld (the run is split).
    hand = [*cards("3s 4s 5s 6s 7s 8s 9s 10s js qs ks"), JOKER, JOKER]
    for all_wild in (True, False):
        arr = arrange(hand, K, all_wild_melds=all_wild)
        assert arr.goes_out
        assert_valid(arr, hand, K, all_wild)


def test_joker_run_of_two_sets_becomes_books() -> None:
    hand = [*cards("3s 4s"), *[JOKER] * 10]  # possible with two sets
    for all_wild in (True, False):
        arr = arrange(hand, None, all_wild_melds=all_wild)
        assert arr.goes_out
        assert_valid(arr, hand, None, all_wild)


def test_twin_cards_in_a_book_and_not_in_a_run() -> None:
    hand = cards("7h 7h 8h 9h")
    assert min_points(hand, K) == 7  # one 7h joins the run, the other is left
    assert min_points([*hand, JOKER], K) == 7  # 7h 8h 9h joker; 7h 7h joker alone leaves 17
    assert min_points([*hand, JOKER, JOKER], K) == 0  # 7h 7h joker and 8h 9h joker


def test_ties_leave_the_fewest_cards() -> None:
    # 9s wild: 5c 6c 9d jo (a run) leaving js, or 9d js jo (a book) leaving 5c 6c: 11 points either way.
    # The single card left is the one to discard to go out.
    arr = arrange(cards("5c 6c js 9d jo"), Rank.NINE)
    assert arr.points == 11 and arr.deadwood == (Card(Rank.JACK, Suit.SPADES),)


def test_go_out_with_a_choice_of_discards() -> None:
    hand = cards("3h 4h 5h 9s 9d 9c qst")
    assert go_out_discards(hand, K) == [Card(Rank.QUEEN, Suit.STARS)]
    hand = cards("3h 4h 5h 9s 9d 9c 9h")
    assert go_out_discards(hand, K) == cards("9s 9d 9c 9h")  # first-seen order
    assert go_out_discards(cards("3h 5s 9d jst"), K) == []


def test_final_turn_options() -> None:
    hand = cards("3h 4h 5h 9s 9d qst kd")  # kings wild: kd is a wild
    options = discard_options(hand, K)
    assert options[Card(Rank.QUEEN, Suit.STARS)].points == 0
    assert options[Card(K, Suit.DIAMONDS)].points == 9 + 9 + 12
    assert options[Card(Rank.THREE, Suit.HEARTS)].points == 4 + 5 + 12  # 9s 9d kd beats 4h 5h kd
    for card, arr in options.items():
        rest = list(hand)
        rest.remove(card)
        assert_valid(arr, rest, K, True)


def test_no_wild_rank() -> None:
    hand = [*cards("3h 4h 6h"), JOKER]
    assert arrange(hand, None).goes_out
    assert min_points(cards("3h 4h 6h"), None) == 13


def test_empty_hand() -> None:
    assert arrange([], K) == Arrangement((), (), 0)
    assert go_out_discards([JOKER], K) == [JOKER]


def test_the_benchmark_runs() -> None:
    assert bench.main(["--hands", "20", "--repeat", "1"]) == 0
