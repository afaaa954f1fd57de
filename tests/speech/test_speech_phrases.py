"""Cards, hands, melds and scores in words."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import JOKER, Card, Rank, Suit, five_crowns_deck, no_twos_deck, standard_deck
from engine.five_crowns_melds import is_meld
from engine.notation import parse_card
from speech.words import (
    card_words,
    cards_words,
    hand_words,
    meld_order,
    melds_words,
    results_words,
    scores_words,
)

RANK_WORDS = {
    Rank.ACE: "ace",
    Rank.TWO: "2",
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
}
SUIT_WORDS = {
    Suit.STARS: "stars",
    Suit.HEARTS: "hearts",
    Suit.CLUBS: "clubs",
    Suit.SPADES: "spades",
    Suit.DIAMONDS: "diamonds",
}

DECKS = {"five_crowns": five_crowns_deck(), "standard": standard_deck(), "no_twos": no_twos_deck()}


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


@pytest.mark.parametrize("deck", DECKS)
def test_every_card_of_every_deck_has_its_words(deck: str) -> None:
    for card in set(DECKS[deck]):
        words = card_words(card)
        if card.is_joker:
            assert words == "joker"
        else:
            assert card.rank is not None and card.suit is not None
            assert words == f"{RANK_WORDS[card.rank]} of {SUIT_WORDS[card.suit]}"


@pytest.mark.parametrize("deck", DECKS)
def test_every_card_is_marked_wild_exactly_when_its_rank_is_wild(deck: str) -> None:
    for wild in Rank:
        for card in set(DECKS[deck]):
            words = card_words(card, wild)
            assert words.endswith(", wild") == (card.rank == wild)
            assert card_words(card, wild, mark_wild=False) == card_words(card)


def test_the_examples_of_the_issue() -> None:
    assert card_words(parse_card("7h")) == "7 of hearts"
    assert card_words(parse_card("10st")) == "10 of stars"
    assert card_words(parse_card("qs")) == "queen of spades"
    assert card_words(JOKER) == "joker"
    assert card_words(parse_card("7h"), Rank.SEVEN) == "7 of hearts, wild"


def test_card_lists_are_separated_so_a_wild_mark_stays_with_its_card() -> None:
    assert cards_words(cards("7h 9c jo"), Rank.SEVEN) == "7 of hearts, wild; 9 of clubs; joker"
    assert cards_words([]) == "no cards"


def test_hand_in_order_grouped_by_suit_and_by_rank() -> None:
    hand = cards("qh 3h 7h 5st jo 7c")
    assert hand_words(hand) == "queen of hearts; 3 of hearts; 7 of hearts; 5 of stars; joker; 7 of clubs"
    assert hand_words(hand, group="suit") == "stars: 5; hearts: 3, 7, queen; clubs: 7; joker"
    assert hand_words(hand, Rank.SEVEN, group="suit") == "stars: 5; hearts: 3, wild 7, queen; clubs: wild 7; joker"
    assert hand_words(hand, group="rank") == "3s: hearts; 5s: stars; 7s: hearts, clubs; queens: hearts; joker"
    assert hand_words(hand, Rank.SEVEN, group="rank") == (
        "3s: hearts; 5s: stars; wild 7s: hearts, clubs; queens: hearts; joker"
    )
    assert hand_words(cards("jo jo 3h"), group="rank") == "3s: hearts; 2 jokers"
    assert hand_words([], group="suit") == "no cards"
    with pytest.raises(ValueError):
        hand_words(hand, group="colour")


@settings(max_examples=60)
@given(st.lists(st.sampled_from(sorted(set(five_crowns_deck()), key=Card.sort_key)), min_size=1, max_size=15))
def test_grouped_hands_name_every_card_once(hand: list[Card]) -> None:
    by_suit = hand_words(hand, group="suit")
    for suit in Suit:
        n = sum(1 for c in hand if c.suit == suit)
        match = re.search(rf"{suit.word}: ([^;]*)", by_suit)
        assert (match is not None) == (n > 0)
        if match:
            assert len(match.group(1).split(", ")) == n
    jokers = sum(1 for c in hand if c.is_joker)
    by_rank = hand_words(hand, group="rank")
    assert ("joker" in by_rank) == (jokers > 0)
    named = sum(len(g.split(": ")[1].split(", ")) for g in by_rank.split("; ") if ": " in g)
    assert named == len(hand) - jokers
    assert len(hand_words(hand).split("; ")) == len(hand)


def test_melds_name_themselves_and_put_wilds_in_their_gaps() -> None:
    book = cards("7h 7c jo")
    run = cards("3h jo 5h")
    assert melds_words([book, run], Rank.NINE) == (
        "book of 7s: 7 of hearts; 7 of clubs; joker, then run of hearts, 3 to 5: 3 of hearts; joker; 5 of hearts"
    )
    name, order = meld_order(cards("5h 9c 3h"), Rank.NINE)
    assert name == "run of hearts, 3 to 5"
    assert order == cards("3h 9c 5h")
    # Spare wilds lengthen a run upward, then downward once the king is reached.
    assert meld_order(cards("qs jo jo"), Rank.NINE)[0] == "book of queens"
    assert meld_order(cards("qs ks jo"), Rank.NINE)[0] == "run of spades, jack to king"
    assert meld_order(cards("js ks jo jo"), Rank.NINE)[0] == "run of spades, 10 to king"
    assert meld_order(cards("7h 7c 7s"), Rank.SEVEN)[0] == "book of 7s"
    assert melds_words([], None) == "no melds"


@settings(max_examples=80)
@given(
    st.sampled_from(list(Suit)),
    st.integers(min_value=3, max_value=11),
    st.integers(min_value=3, max_value=6),
    st.sets(st.integers(min_value=0, max_value=5)),
)
def test_a_run_is_spoken_with_a_span_as_long_as_the_run(suit: Suit, low: int, length: int, holes: set[int]) -> None:
    length = min(length, 13 - low + 1)
    ranks = [Rank(low + i) for i in range(length)]
    meld = [JOKER if i in holes else Card(r, suit) for i, r in enumerate(ranks)]
    if sum(1 for c in meld if not c.is_joker) < 2:
        return  # one natural and wilds is a book
    assert is_meld(meld, None)
    name, order = meld_order(meld, None)
    span = re.fullmatch(rf"run of {suit.word}, (\w+) to (\w+)", name)
    assert span is not None, name
    words = {w: r for r, w in RANK_WORDS.items()}
    lo, hi = words[span.group(1)], words[span.group(2)]
    assert hi - lo + 1 == len(meld)
    assert sorted(order, key=lambda c: c.sort_key()) == sorted(meld, key=lambda c: c.sort_key())
    for i, card in enumerate(order):
        if not card.is_joker:
            assert card.rank == Rank(lo + i)


def test_scores_short_and_long() -> None:
    players = ["Me", "Anna", "Bob"]
    per_hand = [[3, 9], [0, 30], [12, 0]]
    totals = [12, 30, 12]
    assert scores_words(players, per_hand, totals, long=False, listener=0) == "You 12, Anna 30, Bob 12."
    assert scores_words(players, per_hand, totals, long=False) == "Me 12, Anna 30, Bob 12."
    long = scores_words(players, per_hand, totals, long=True, listener=0)
    assert long == (
        "Hand 1: you 3, Anna 0, Bob 12. Hand 2: you 9, Anna 30, Bob 0. "
        "Totals: you 12, Anna 30, Bob 12. You and Bob lead with 12."
    )
    assert "No hands played yet" in scores_words(players, [[], [], []], [0, 0, 0], long=True)


def test_results_words_name_who_went_out_points_and_totals() -> None:
    from engine.events import PlayerResult

    results = (
        PlayerResult(0, (tuple(cards("7h 7c jo")),), tuple(cards("9c")), 9, 40),
        PlayerResult(1, (tuple(cards("3h 4h 5h")),), (), 0, 25),
    )
    text = results_words(results, ["Me", "Anna"], listener=0, hand_number=3, hands_total=11, went_out=1)
    assert text == (
        "Hand 3 of 11 over. Anna went out. You: 9 points. Total 40. Anna: 0 points, went out. Total 25. "
        "Anna leads with 25."
    )
