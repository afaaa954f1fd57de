"""The card code: every card of every deck, both directions, and errors that name the bad cell."""

from __future__ import annotations

import pytest
from braille_testing import ALL_DECKS, every_card
from hypothesis import given
from hypothesis import strategies as st

from braille.cards import (
    BrailleCardError,
    card_brf,
    card_cells,
    card_dots,
    card_from_cells,
    card_unicode,
    hand_brf,
    hand_cells,
    hand_unicode,
    parse_braille_card,
    parse_braille_hand,
    parse_brf_card,
    parse_brf_hand,
    parse_unicode_card,
    parse_unicode_hand,
)
from braille.cells import BLANK, Cell, cells_from_brf
from braille.words import card_words
from engine.cards import JOKER, Card, Rank, Suit
from engine.errors import CardNotationError
from engine.notation import parse_card

CARDS = every_card()


def test_every_engine_deck_is_covered() -> None:
    ranks = {c.rank for c in CARDS}
    suits = {c.suit for c in CARDS}
    assert ranks == {*Rank, None}
    assert suits == {*Suit, None}


@pytest.mark.parametrize("ten_as_x", [False, True])
def test_codes_are_distinct(ten_as_x: bool) -> None:
    for name, deck in ALL_DECKS.items():
        distinct = set(deck)
        codes = {card_cells(c, ten_as_x=ten_as_x) for c in distinct}
        assert len(codes) == len(distinct), name
    assert len({card_cells(c, ten_as_x=ten_as_x) for c in CARDS}) == len(CARDS)


@pytest.mark.parametrize("ten_as_x", [False, True])
@pytest.mark.parametrize("card", CARDS, ids=str)
def test_card_round_trips(card: Card, ten_as_x: bool) -> None:
    cells = card_cells(card, ten_as_x=ten_as_x)
    assert card_from_cells(cells) == card
    assert parse_unicode_card(card_unicode(card, ten_as_x=ten_as_x)) == card
    assert parse_brf_card(card_brf(card, ten_as_x=ten_as_x)) == card
    assert parse_brf_card(card_brf(card, ten_as_x=ten_as_x).lower()) == card
    assert parse_braille_card(card_unicode(card, ten_as_x=ten_as_x)) == card
    assert parse_braille_card(card_brf(card, ten_as_x=ten_as_x)) == card
    assert cells_from_brf(card_brf(card, ten_as_x=ten_as_x)) == cells
    assert len(card_dots(card, ten_as_x=ten_as_x)) == len(cells)


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_shape_of_the_code(card: Card) -> None:
    cells = card_cells(card)
    assert all(c.is_six_dot and not c.is_blank for c in cells)
    if card.is_joker:
        assert card_brf(card) == "JO"
        return
    assert card.rank is not None and card.suit is not None
    # rank cells then one suit cell, no numeric indicator (dots 3456) anywhere
    assert Cell.from_dots("3456") not in cells
    assert len(cells) == (3 if card.rank == Rank.TEN else 2)
    assert len(card_cells(card, ten_as_x=True)) == 2
    # The BRF is the print code in capitals, with / for the st sign.
    assert card_brf(card) == card.code.upper().replace("ST", "/")


@pytest.mark.parametrize(
    ("code", "unicode", "brf", "dots", "words"),
    [
        ("10h", "⠂⠴⠓", "10H", ["2", "356", "125"], "10 of hearts"),
        ("7st", "⠶⠌", "7/", ["2356", "34"], "7 of stars"),
        ("qs", "⠟⠎", "QS", ["12345", "234"], "queen of spades"),
        ("3c", "⠒⠉", "3C", ["25", "14"], "3 of clubs"),
        ("ad", "⠁⠙", "AD", ["1", "145"], "ace of diamonds"),
        ("jo", "⠚⠕", "JO", ["245", "135"], "joker"),
        ("kst", "⠅⠌", "K/", ["13", "34"], "king of stars"),
        ("jd", "⠚⠙", "JD", ["245", "145"], "jack of diamonds"),
        ("2s", "⠆⠎", "2S", ["23", "234"], "2 of spades"),
        ("9h", "⠔⠓", "9H", ["35", "125"], "9 of hearts"),
    ],
)
def test_known_cards(code: str, unicode: str, brf: str, dots: list[str], words: str) -> None:
    card = parse_card(code)
    assert card_unicode(card) == unicode
    assert card_brf(card) == brf
    assert card_dots(card) == dots
    assert card_words(card) == words


def test_ten_as_x() -> None:
    ten = parse_card("10h")
    assert card_unicode(ten, ten_as_x=True) == "⠭⠓"
    assert card_brf(ten, ten_as_x=True) == "XH"
    assert card_unicode(ten) == "⠂⠴⠓"  # off by default
    assert parse_brf_card("xh") == ten and parse_brf_card("10h") == ten
    assert card_unicode(parse_card("9h"), ten_as_x=True) == "⠔⠓"


def test_hand_on_one_line() -> None:
    hand = [parse_card(c) for c in ("10h", "7st", "qs", "jo")]
    assert hand_unicode(hand) == "⠂⠴⠓⠀⠶⠌⠀⠟⠎⠀⠚⠕"
    assert hand_brf(hand) == "10H 7/ QS JO"
    assert hand_cells(hand).count(BLANK) == 3
    assert hand_unicode([]) == ""
    assert hand_unicode(hand[:1]) == "⠂⠴⠓"
    assert parse_unicode_hand(hand_unicode(hand)) == hand
    assert parse_brf_hand(hand_brf(hand)) == hand
    assert parse_brf_hand("10h  7/\tqs jo") == hand
    assert parse_unicode_hand("⠂⠴⠓ ⠶⠌⠀⠀⠟⠎ ⠚⠕") == hand
    assert parse_braille_hand("10H ⠶⠌ QS ⠚⠕") == hand


@given(st.lists(st.sampled_from(CARDS), max_size=15), st.booleans())
def test_any_hand_round_trips(hand: list[Card], ten_as_x: bool) -> None:
    assert parse_unicode_hand(hand_unicode(hand, ten_as_x=ten_as_x)) == hand
    assert parse_brf_hand(hand_brf(hand, ten_as_x=ten_as_x)) == hand


def _error(text: str) -> BrailleCardError:
    with pytest.raises(BrailleCardError) as info:
        parse_braille_card(text)
    return info.value


def test_errors_are_card_notation_errors() -> None:
    err = _error("7ST")
    assert isinstance(err, CardNotationError) and isinstance(err, ValueError)


@pytest.mark.parametrize(
    ("text", "bad_dots", "position"),
    [
        ("7ST", "2345", 2),  # T is not a suit (stars is /)
        ("ZH", "1356", 0),  # z is not a rank cell
        ("10", "356", 1),  # no suit: dropped 0 is last
        ("jh7", "2356", 2),
        ("⠂⠴⠵", "1356", 2),
        ("⠵⠓", "1356", 0),
        ("⡁⠓", "17", 0),  # an eight-dot cell is not part of the code
        ("AQH", "12345", 1),  # one rank cell too many
        ("JOH", "135", 1),
    ],
)
def test_errors_name_the_cell(text: str, bad_dots: str, position: int) -> None:
    err = _error(text)
    assert err.cell == Cell.from_dots(bad_dots)
    assert err.position == position
    assert f"dots {bad_dots}" in str(err)
    assert Cell.from_dots(bad_dots).unicode in str(err)


def test_other_errors() -> None:
    assert "no cells" in str(_error("   "))
    assert "needs a rank" in str(_error("H"))
    assert "11" in str(_error("11H"))  # dropped digits that are no rank
    assert "blank cell splits" in str(_error("10 H"))
    err = _error("1€H")
    assert "'€' is not a braille ASCII" in str(err) and err.position == 1
    with pytest.raises(BrailleCardError, match="not a Unicode braille cell"):
        parse_unicode_card("10h")


def test_joker_is_never_a_jack() -> None:
    assert parse_brf_card("JO") == JOKER
    assert parse_brf_card("jo") == JOKER
    assert parse_brf_card("JH") == Card(Rank.JACK, Suit.HEARTS)


def test_the_wild_sign_goes_before_a_wild_card_and_readers_skip_it() -> None:
    """⠸ (dots 4-5-6), the optional wild sign: before each card of the wild rank, never part of a card."""
    from braille.cards import (
        DROPPED_DIGITS,
        JOKER_CELLS,
        RANK_LETTERS,
        SUIT_CELLS,
        TEN_AS_X,
        WILD_SIGN,
        card_from_cells,
        hand_unicode,
        parse_braille_hand,
    )
    from braille.cells import cells_from_unicode
    from engine.cards import Rank

    hand = [parse_card(c) for c in ("3s", "7h", "3st", "jo")]
    marked = hand_unicode(hand, wild=Rank.THREE)
    assert marked == "⠸⠒⠎⠀⠶⠓⠀⠸⠒⠌⠀⠚⠕"
    assert hand_unicode(hand) == marked.replace("⠸", "")
    assert parse_braille_hand(marked) == hand
    assert card_from_cells(cells_from_unicode("⠸⠶⠓")) == parse_card("7h")
    # No cell of the card code is the sign.
    code = {*SUIT_CELLS.values(), *RANK_LETTERS.values(), *DROPPED_DIGITS.values(), *JOKER_CELLS, TEN_AS_X}
    assert WILD_SIGN not in code
