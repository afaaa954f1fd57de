"""J's one rule for every table: a number is a position, a code the card, a second J the card's twin."""

from __future__ import annotations

from access_game.ui.card_finder import Typed, typed_place
from engine.notation import parse_card

CARDS = [parse_card(c) for c in ["qd", "10h", "qd", "3c"]]


def test_a_number_is_a_position_counted_from_one() -> None:
    assert typed_place(" 4 ", CARDS, 0, parse_card) == Typed(index=3)


def test_a_code_finds_the_card_and_again_its_twin_round_the_cards() -> None:
    qd = parse_card("qd")
    assert typed_place("qd", CARDS, 1, parse_card) == Typed(index=0, card=qd)
    assert typed_place("qd", CARDS, 0, parse_card) == Typed(index=2, card=qd)
    assert typed_place("qd", CARDS, 2, parse_card) == Typed(index=0, card=qd)


def test_a_card_not_held_and_a_word_that_is_no_card_are_told_apart() -> None:
    assert typed_place("ks", CARDS, 0, parse_card) == Typed(card=parse_card("ks"))
    assert typed_place("zz", CARDS, 0, parse_card) == Typed()
