"""Books, runs and wilds: the meld checks of engine.five_crowns_melds, and the examples of the rule sheet."""

from __future__ import annotations

import pytest

from engine.cards import JOKER, Card, Rank, Suit
from engine.five_crowns_melds import card_points, is_book, is_meld, is_run, is_wild, meld_kind
from engine.notation import parse_cards

K = Rank.KING


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


# --------------------------------------------------------------------------------------------------
# Wilds and points


def test_wilds_are_jokers_and_the_wild_rank() -> None:
    assert is_wild(JOKER, Rank.SEVEN)
    assert is_wild(Card(Rank.SEVEN, Suit.HEARTS), Rank.SEVEN)
    assert not is_wild(Card(Rank.EIGHT, Suit.HEARTS), Rank.SEVEN)
    assert is_wild(JOKER, None)
    assert not is_wild(Card(Rank.SEVEN, Suit.HEARTS), None)


def test_penalty_points() -> None:
    assert card_points(JOKER, K) == 50
    assert card_points(Card(K, Suit.STARS), K) == 20
    assert card_points(Card(K, Suit.STARS), Rank.THREE) == 13
    assert card_points(Card(Rank.JACK, Suit.CLUBS), K) == 11
    assert card_points(Card(Rank.THREE, Suit.CLUBS), Rank.THREE) == 20
    assert card_points(Card(Rank.NINE, Suit.CLUBS), Rank.THREE) == 9


# --------------------------------------------------------------------------------------------------
# Books


@pytest.mark.parametrize(
    "text",
    [
        "ks kd kh",
        "ks kd kh kh",  # duplicates allowed (the rule sheet's example)
        "5h 5h 5h",
        "5h 5s jo",
        "5h jo jo",
        "5h 7c 7d",  # 7s wild: one natural and two wilds
        "5h 5c 5d 5s 5st jo 7c",
    ],
)
def test_books(text: str) -> None:
    assert is_book(cards(text), Rank.SEVEN)
    assert meld_kind(cards(text), Rank.SEVEN) == "book"


@pytest.mark.parametrize("text", ["ks kd", "ks kd qh", "5h 6h", "5h jo"])
def test_not_books(text: str) -> None:
    assert not is_book(cards(text), Rank.SEVEN)


def test_rule_sheet_book_with_a_wild() -> None:
    # 8s wild: 8♠ Q♠ Q★ is a book of queens.
    assert meld_kind(cards("8♠ Q♠ Q★"), Rank.EIGHT) == "book"


# --------------------------------------------------------------------------------------------------
# Runs


@pytest.mark.parametrize(
    "text",
    [
        "3h 4h 5h",
        "jd qd kd",
        "3s 4s 5s 6s 7s 8s 9s 10s js qs ks",  # 11 cards: the longest run
        "5h 7h jo",  # a gap filled by a joker
        "5h jo 8h jo",  # two gaps, wilds not adjacent
        "5h 8h jo jo",  # two gaps side by side
        "qh kh jo",  # a wild below the queen: J-Q-K
        "5h jo jo",  # one natural and two wilds is also a run (it is a book too)
    ],
)
def test_runs(text: str) -> None:
    assert is_run(cards(text), Rank.SEVEN)


@pytest.mark.parametrize(
    "text",
    [
        "kh 3h 4h",  # no wrap-around K-3-4
        "qh kh 3h",
        "5h 6h 8h",  # a gap without a wild
        "5h 6s 7h",  # mixed suits
        "5h 5h 6h",  # the same natural twice in one run
        "5h 5h jo",
        "5h 9h jo jo",  # span 5, only 4 cards
        "3s 4s 5s 6s 7s 8s 9s 10s js qs ks jo",  # 12 cards: too long
        "5h 6h",
    ],
)
def test_not_runs(text: str) -> None:
    assert not is_run(cards(text), None)  # jokers only are wild


def test_run_of_eleven_with_wilds_is_the_limit() -> None:
    eleven = [*cards("5h 6h 7h 8h 9h 10h jh qh kh"), JOKER, JOKER]  # jokers stand for 3h 4h
    assert is_run(eleven, None)
    assert not is_run([*eleven, JOKER], None)


def test_naturals_outside_three_to_king_never_run() -> None:
    # Aces and twos are not Five Crowns cards; a run stays within 3..K.
    assert not is_run([Card(Rank.TWO, Suit.HEARTS), Card(Rank.THREE, Suit.HEARTS), Card(Rank.FOUR, Suit.HEARTS)], None)


def test_rule_sheet_runs_with_wilds() -> None:
    # 7s wild: 9♦ 7♣ J♦ is a run (the 7 stands for the 10); 6♦ 7★ 7★ 9♦ is a run (7★ 7★ for 7♦ 8♦).
    assert meld_kind(cards("9♦ 7♣ J♦"), Rank.SEVEN) == "run"
    assert meld_kind(cards("6♦ 7★ 7★ 9♦"), Rank.SEVEN) == "run"
    # The same cards without 7s wild are not melds.
    assert not is_meld(cards("9♦ 7♣ J♦"), Rank.THREE)
    assert not is_meld(cards("6♦ 7★ 7★ 9♦"), Rank.THREE)


def test_wild_rank_card_stands_for_itself_in_a_run() -> None:
    # Kings wild: 10♠ J♠ Q♠ K♠ — the king is a wild standing as the king of spades.
    assert is_run(cards("10s js qs ks"), K)


# --------------------------------------------------------------------------------------------------
# All-wild melds


def test_all_wild_melds_option() -> None:
    three_jokers = [JOKER, JOKER, JOKER]
    assert meld_kind(three_jokers, K) == "book"
    assert not is_meld(three_jokers, K, all_wild_melds=False)
    # Wild-rank cards alone are a true book of their own rank, whatever the option.
    kings = cards("ks kd kh")
    assert is_meld(kings, K, all_wild_melds=False)
    assert is_meld([*cards("ks"), JOKER, JOKER], K, all_wild_melds=False)
    assert is_meld([*cards("ks"), JOKER, JOKER], K, all_wild_melds=True)


def test_joker_only_run_follows_the_option() -> None:
    assert is_run([JOKER] * 4, K)
    assert not is_run([JOKER] * 4, K, all_wild_melds=False)
