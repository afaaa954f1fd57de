"""The contract arranger: meeting contracts, the lay-down leaving fewest points, cards short, and what
can be laid off or swapped on the table. An exhaustive search over small hands is the oracle."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from contract_table import cards
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.arrange_contract import (
    CONTRACTS,
    Contract,
    arrange_contract,
    best_lay_down,
    cards_short,
    cards_wanted,
    contract_for_hand,
    hand_points,
    is_wild,
    lay_down_problem,
    lay_off_options,
    meets_contract,
    meld_kind,
    swap_options,
)
from engine.cards import JOKER, STANDARD_RANKS, Card, Suit


def test_the_nine_contracts() -> None:
    assert [(c.sets, c.runs) for c in CONTRACTS] == [
        (1, 0), (0, 1), (2, 0), (1, 2), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)
    ]
    assert contract_for_hand(9) == Contract(0, 3)
    with pytest.raises(ValueError, match="1 to 9"):
        contract_for_hand(10)


def test_six_of_a_rank_split_into_two_sets() -> None:
    best = best_lay_down(cards("5h 5c 5s 5d 5h 5c"), contract_for_hand(3))
    assert best is not None and best.goes_out
    assert sorted(best.kinds) == ["set", "set"]


def test_a_long_run_split_into_two_runs() -> None:
    best = best_lay_down(cards("5h 6h 7h 8h 9h 10h jh qh"), contract_for_hand(5))
    assert best is not None and best.goes_out
    assert {m[0].code for m in best.melds} == {"5h", "9h"}


def test_a_rank_shared_between_a_set_and_a_run() -> None:
    # Three 7s and a heart run that wants the 7h: one of them makes do with the wild 2.
    hand = cards("5h 6h 7h 8h 7c 7s 2d 9s 10s js qs")
    best = best_lay_down(hand, contract_for_hand(4))
    assert best is not None and best.goes_out
    assert sorted(best.kinds) == ["run", "run", "set"]


def test_exactly_the_contract_no_extra_melds() -> None:
    # Two sets are there, but hand 1 asks for one: the other stays in hand.
    best = best_lay_down(cards("9h 9c 9s kh kc ks"), contract_for_hand(1))
    assert best is not None and len(best.melds) == 1
    assert best.points == 27  # the kings (30) go down; three 9s stay
    assert [c.code for c in best.melds[0]] == ["kh", "kc", "ks"]


def test_spare_wilds_go_down_rather_than_stay_in_hand() -> None:
    best = best_lay_down(cards("9h 9c jo jo 2s 4d"), contract_for_hand(1))
    assert best is not None and best.points == 4
    assert len(best.melds[0]) == 5


def test_a_run_stops_at_13_cards_and_the_cheapest_card_stays_out() -> None:
    hand = cards("3h 4h 5h 6h 7h 8h 9h 10h jh qh kh ah jo jo")
    best = best_lay_down(hand, contract_for_hand(2))
    assert best is not None and len(best.melds[0]) == 13
    # Fourteen cards, room for 13: the 3 stays out (a joker takes its place), not a 20-point wild.
    assert [c.code for c in best.deadwood] == ["3h"] and best.points == 3


def test_not_meeting_leaves_every_card_as_deadwood() -> None:
    hand = cards("3h 4h 5h 6h kc kd")
    arrangement = arrange_contract(hand, contract_for_hand(3))
    assert not arrangement.meets and arrangement.melds == ()
    assert Counter(arrangement.deadwood) == Counter(hand)
    assert arrangement.points == hand_points(hand) == 3 + 4 + 5 + 6 + 20


def test_aces_only_high_in_the_arranger() -> None:
    assert meets_contract(cards("jd qd kd ad"), contract_for_hand(2))
    assert not meets_contract(cards("ad 3d 4d 5d"), contract_for_hand(2))
    assert meets_contract(cards("ad 3d 4d 5d 2c"), contract_for_hand(2))  # 2 3 4 5 with the wild; ace stays


def test_at_least_two_naturals_in_the_arranger() -> None:
    assert not meets_contract(cards("7h jo jo 2c 2d"), contract_for_hand(1))
    assert meets_contract(cards("7h 7d jo"), contract_for_hand(1))


def test_cards_short_counts_what_is_missing() -> None:
    c4 = contract_for_hand(4)  # a set and two runs
    assert cards_short(cards("7h 7c 7s 5d 6d 7d 8d 9s 10s js qs"), c4) == 0
    assert cards_short(cards("7h 7c 5d 6d 7d 8d 9s 10s js"), c4) == 2  # a 7 (or wild) and a spade
    assert cards_short(cards("7h 7c jo 5d 6d 7d 8d 9s 10s js"), c4) == 1
    assert cards_short([], c4) == 11
    assert cards_short([JOKER] * 11, c4) == 6  # wilds cannot stand for the two naturals of each meld


# --------------------------------------------------------------------------- against an exhaustive search
POOL = [Card(r, s) for r in STANDARD_RANKS for s in (Suit.HEARTS, Suit.SPADES)] + [JOKER]


def exhaustive(hand: list[Card], contract: Contract) -> int | None:
    """Fewest points left over every way to deal the cards into the contract's melds and the hand."""
    k = contract.melds
    best: int | None = None
    for assign in itertools.product(range(k + 1), repeat=len(hand)):
        groups: list[list[Card]] = [[] for _ in range(k)]
        dead: list[Card] = []
        for card, where in zip(hand, assign, strict=True):
            (dead if where == k else groups[where]).append(card)
        kinds = [meld_kind(g) for g in groups]
        if kinds.count("set") != contract.sets or kinds.count("run") != contract.runs:
            continue
        points = hand_points(dead)
        best = points if best is None else min(best, points)
    return best


hands = st.lists(st.sampled_from(POOL), min_size=4, max_size=8).filter(lambda h: h.count(JOKER) <= 4)
small_contracts = st.sampled_from([Contract(1, 0), Contract(0, 1), Contract(2, 0), Contract(1, 1)])


@settings(max_examples=60)
@given(hands, small_contracts)
def test_best_lay_down_matches_exhaustive_search(hand: list[Card], contract: Contract) -> None:
    expected = exhaustive(hand, contract)
    best = best_lay_down(hand, contract)
    assert (best.points if best else None) == expected
    assert meets_contract(hand, contract) == (expected is not None)


deals = st.lists(st.sampled_from(POOL + POOL), min_size=10, max_size=19).filter(lambda h: h.count(JOKER) <= 4)


@settings(max_examples=80)
@given(deals, st.sampled_from(CONTRACTS))
def test_lay_down_is_the_contract_and_a_split_of_the_hand(hand: list[Card], contract: Contract) -> None:
    arrangement = arrange_contract(hand, contract)
    assert Counter(c for m in arrangement.melds for c in m) + Counter(arrangement.deadwood) == Counter(hand)
    assert arrangement.points == hand_points(arrangement.deadwood)
    assert arrangement.meets == (cards_short(hand, contract) == 0)
    if arrangement.meets:
        assert lay_down_problem(arrangement.melds, contract) is None


@settings(max_examples=60)
@given(deals, st.sampled_from(POOL), st.sampled_from(CONTRACTS))
def test_one_more_card_is_at_most_one_card_closer(hand: list[Card], card: Card, contract: Contract) -> None:
    before = cards_short(hand, contract)
    after = cards_short([*hand, card], contract)
    assert before - 1 <= after <= before


# --------------------------------------------------------------------------- the table
TABLE = {1: tuple(cards("7h 7c jo")), 2: tuple(cards("5s 6s 2d 8s")), 3: tuple(cards("jd qd kd ad"))}


def test_lay_off_options() -> None:
    options = set(lay_off_options(cards("7s 4s 9s 10d ad 3c jo"), TABLE))
    # The 7s fits the spade run too: the wild 2 then stands for the 4 or the 9.
    assert {(c.code, m) for c, m in options} == {
        ("7s", 1), ("7s", 2), ("4s", 2), ("9s", 2), ("10d", 3), ("jo", 1), ("jo", 2), ("jo", 3),
    }


def test_swap_options() -> None:
    options = {(c.code, m, w.code, to) for c, m, w, to in swap_options(cards("7d 7s 9s 3c"), TABLE)}
    # The joker in the set of 7s can give way to a 7; the wild 2 in the spade run to the 7 of spades.
    assert ("7d", 1, "jo", 2) in options and ("7d", 1, "jo", 3) in options
    assert ("7s", 2, "2d", 1) in options
    assert not any(m == to for _, m, _, to in options)
    assert not any(c == "3c" or c == "9s" for c, *_ in options)


# --------------------------------------------------------------------------- which cards would help
ALL_KINDS = [Card(r, s) for r in STANDARD_RANKS for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)]
ALL_KINDS = [c for c in ALL_KINDS if not is_wild(c)] + [JOKER]


def test_cards_wanted_names_the_cards_that_help() -> None:
    wanted = cards_wanted(cards("7h 7c 5d 6d 7d 8d 9s 10s js"), contract_for_hand(4))
    assert wanted.short == 2
    assert wanted.helps(cards("7s")[0]) and wanted.helps(cards("qs")[0]) and wanted.helps(cards("8s")[0])
    assert wanted.helps(JOKER) and wanted.helps(cards("2c")[0])
    assert not wanted.helps(cards("kd")[0]) and not wanted.helps(cards("3h")[0])


@settings(max_examples=40)
@given(deals, st.sampled_from(CONTRACTS))
def test_cards_wanted_is_exactly_the_cards_that_bring_the_contract_closer(hand: list[Card], contract: Contract) -> None:
    wanted = cards_wanted(hand, contract)
    assert wanted.short == cards_short(hand, contract)
    for card in ALL_KINDS:
        assert wanted.helps(card) == (cards_short([*hand, card], contract) < wanted.short), card
