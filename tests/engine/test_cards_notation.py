"""Cards, decks and the card notation."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import JOKER, Card, Rank, Suit, five_crowns_deck, no_twos_deck, standard_deck
from engine.errors import CardNotationError
from engine.notation import parse_card, parse_cards, parse_rank
from engine.rules.five_crowns import parse_five_crowns

ALL_DECKS = {
    "five-crowns-1": five_crowns_deck(1),
    "five-crowns-2": five_crowns_deck(2),
    "standard-108": standard_deck(2),
    "standard-162": standard_deck(3),
    "no-twos": no_twos_deck(),
}


def test_deck_sizes() -> None:
    assert {k: len(v) for k, v in ALL_DECKS.items()} == {
        "five-crowns-1": 116,
        "five-crowns-2": 232,
        "standard-108": 108,
        "standard-162": 162,
        "no-twos": 96,
    }


def test_five_crowns_set_contents() -> None:
    counts = Counter(five_crowns_deck())
    assert counts[JOKER] == 6
    assert counts[Card(Rank.THREE, Suit.STARS)] == 2
    assert len(counts) == 5 * 11 + 1
    assert all(c.rank is None or c.rank >= Rank.THREE for c in counts)


def test_standard_decks_have_their_jokers_and_twos() -> None:
    assert Counter(standard_deck(2))[JOKER] == 4
    assert Counter(standard_deck(3))[JOKER] == 6
    assert Counter(standard_deck(2))[Card(Rank.TWO, Suit.CLUBS)] == 2
    no_twos = Counter(no_twos_deck())
    assert JOKER not in no_twos and all(c.rank != Rank.TWO for c in no_twos)
    assert Suit.STARS not in {c.suit for c in no_twos}


def test_cards_are_immutable_values() -> None:
    a = Card(Rank.SEVEN, Suit.HEARTS)
    assert a == parse_card("7h") and hash(a) == hash(parse_card("7H"))
    with pytest.raises(AttributeError):
        a.rank = Rank.EIGHT  # type: ignore[misc]
    with pytest.raises(ValueError):
        Card(Rank.SEVEN, None)


@pytest.mark.parametrize("deck", list(ALL_DECKS))
def test_every_card_round_trips(deck: str) -> None:
    for card in set(ALL_DECKS[deck]):
        assert parse_card(card.code) == card
        assert parse_card(card.code.upper()) == card


@given(st.sampled_from(sorted(set(five_crowns_deck()), key=Card.sort_key)))
def test_five_crowns_notation_round_trip(card: Card) -> None:
    assert parse_five_crowns(card.code) == card


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("10h", "10h"), ("QS", "qs"), ("7st", "7st"), ("7*", "7st"), ("7★", "7st"), ("7♥", "7h"),
        ("k♠", "ks"), ("3♣", "3c"), ("9♦", "9d"), ("jo", "jo"), ("Joker", "jo"), ("th", "10h"),
    ],
)
def test_lenient_input(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("11h", "'11h' is not a card: ranks in Five Crowns are 3-10, J, Q, K"),
        ("2h", "'2h' is not a card: ranks in Five Crowns are 3-10, J, Q, K"),
        ("ah", "'ah' is not a card: ranks in Five Crowns are 3-10, J, Q, K"),
        ("7x", "'7x' is not a card: it needs a rank then a suit letter, like 10h, qs or 7st, or jo for a joker"),
        ("", "an empty text is not a card"),
    ],
)
def test_five_crowns_refuses_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(CardNotationError) as err:
        parse_five_crowns(text)
    assert str(err.value) == message


def test_stars_refused_in_a_standard_deck() -> None:
    from engine.cards import STANDARD_SUITS

    with pytest.raises(CardNotationError, match="suits are clubs, diamonds, hearts, spades"):
        parse_card("7st", suits=STANDARD_SUITS)


def test_parse_many_and_ranks() -> None:
    assert [c.code for c in parse_cards("10h, 7st qs jo")] == ["10h", "7st", "qs", "jo"]
    assert parse_rank("k") == Rank.KING and parse_rank("kings") == Rank.KING and parse_rank("7") == Rank.SEVEN
    with pytest.raises(CardNotationError):
        parse_rank("14")
