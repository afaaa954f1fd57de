"""The distance from closing counts cards, checked against brute force and against the arranger."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st
from solitaire_tables import cards

from engine.arrange_five_crowns import arrange
from engine.cards import Card, Rank, five_crowns_deck
from engine.five_crowns_melds import is_meld
from engine.solitaire_closing import closing_arrangement, unmatched_count

DECK = sorted(set(five_crowns_deck()), key=Card.sort_key)


def brute_force(pile: list[Card], wild: Rank) -> int:
    """Fewest cards left out of some non-empty part of the pile that melds completely."""
    for left_out in range(len(pile)):
        for out in combinations(range(len(pile)), left_out):
            kept = [c for i, c in enumerate(pile) if i not in out]
            if arrange(kept, wild).points == 0:
                return left_out
    return len(pile)


@settings(max_examples=150)
@given(pile=st.lists(st.sampled_from(DECK), min_size=3, max_size=7), wild=st.sampled_from(list(Rank)[2:]))
def test_unmatched_count_is_the_fewest_cards_left_out(pile: list[Card], wild: Rank) -> None:
    assert unmatched_count(pile, wild) == brute_force(pile, wild)


@settings(max_examples=150)
@given(pile=st.lists(st.sampled_from(DECK), min_size=3, max_size=14), wild=st.sampled_from(list(Rank)[2:]))
def test_the_closing_lay_down_is_real_and_agrees_with_the_arranger_on_closing(pile: list[Card], wild: Rank) -> None:
    arr = closing_arrangement(pile, wild)
    laid = [c for m in arr.melds for c in m]
    assert sorted([*laid, *arr.deadwood], key=Card.sort_key) == sorted(pile, key=Card.sort_key)
    assert all(is_meld(m, wild) for m in arr.melds)
    best = arrange(pile, wild)
    assert (len(arr.deadwood) == 0) == (best.points == 0)
    assert len(arr.deadwood) <= len(best.deadwood)


def test_a_ten_left_over_is_one_card_and_a_four_and_six_are_two() -> None:
    # 7-8-9 of hearts with either a 10 of clubs (one card out) or a 4 and a 6 of spades (two cards out):
    # the arranger prefers fewer points, the pile's distance counts cards.
    assert unmatched_count(cards("7h 8h 9h 10c"), Rank.KING) == 1
    assert unmatched_count(cards("7h 8h 9h 4s 6s"), Rank.KING) == 2
    # A book of 4s leaves both 6s until a wild joins them.
    assert unmatched_count(cards("4h 4s 4c 6d 6s"), Rank.KING) == 2
    assert unmatched_count(cards("4h 4s 4c 6d 6s kd"), Rank.KING) == 0


def test_wilds_count_as_unmatched_only_without_any_meld() -> None:
    assert unmatched_count(cards("jo 5h 9c"), Rank.THREE) == 3
    assert unmatched_count(cards("jo 5h 9c 9s"), Rank.FOUR) == 1  # 9 9 joker, the 5 is left
    assert unmatched_count(cards("jo jo jo 5h"), Rank.FOUR) == 0  # a book of 5s
    assert unmatched_count(cards("jo jo jo"), Rank.THREE) == 0
    assert unmatched_count(cards("jo jo jo"), Rank.THREE, all_wild_melds=False) == 3
