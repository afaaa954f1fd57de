"""Melds and card points of contract rummy, one rule of the rule sheet at a time."""

from __future__ import annotations

import random

import pytest
from contract_table import cards
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.arrange_contract import MAX_RUN, card_points, is_wild, meld_kind, ordered_meld
from engine.cards import Card


@pytest.mark.parametrize(
    "text",
    [
        "7h 7c 7s",  # three of a rank
        "7h 7h 7c",  # the same card twice: there are two decks
        "7h 7c 7s 7d 7h 7c",  # long sets are fine
        "7h 7c jo",  # two naturals and a wild
        "7h 7c jo 2s 2d",  # as many wilds as you like once two naturals are there
        "ks ks 2h",
    ],
)
def test_sets(text: str) -> None:
    assert meld_kind(cards(text)) == "set"


@pytest.mark.parametrize(
    "text",
    [
        "5h 6h 7h 8h",
        "5h jo jo 8h",  # the rule sheet's example: naturals need not be in order
        "jh jo kh 2c",  # J W K W, its other example
        "8h 5h jo jo",  # the order given does not matter
        "jh qh kh ah",  # aces are high
        "qh kh ah jo",  # ... and a wild fills the jack below
        "3h 4h 5h 2h",  # a wild below the 3 stands for the 2
        "5h 6h 7h 8h 9h 10h jh qh",
    ],
)
def test_runs(text: str) -> None:
    assert meld_kind(cards(text)) == "run"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("7h 7c", "a set needs three cards"),
        ("7h jo jo", "one natural is not enough"),
        ("7h 2c 2s 2d", "one natural is not enough, however many wilds"),
        ("2h 2c 2s", "2s are always wild, so three 2s are no set"),
        ("jo jo jo jo", "all wilds"),
        ("5h 6h 7h", "a run needs four cards"),
        ("5h 6h 7h 8c", "a run is one suit"),
        ("5h 5h 6h 7h", "a run cannot repeat a rank"),
        ("ah 2h 3h 4h", "aces are high only: no A-2-3"),
        ("kh ah 2h 3h", "no going round the corner"),
        ("ah 3h 4h 5h", "the ace is not below the 3"),
        ("5h 9h jo jo", "gaps the wilds cannot fill"),
        ("7h 7c 8h", "neither a set nor a run"),
    ],
)
def test_not_melds(text: str, why: str) -> None:
    assert meld_kind(cards(text)) is None, why


def test_a_run_holds_at_most_13_cards() -> None:
    thirteen = cards("3h 4h 5h 6h 7h 8h 9h 10h jh qh kh ah jo")
    assert meld_kind(thirteen) == "run"
    assert len(thirteen) == MAX_RUN
    assert meld_kind([*thirteen, cards("2c")[0]]) is None


def test_points() -> None:
    expect = {"3h": 3, "9s": 9, "10d": 10, "jc": 10, "qh": 10, "ks": 10, "ah": 15, "2c": 20, "jo": 20}
    assert {code: card_points(cards(code)[0]) for code in expect} == expect
    assert is_wild(cards("2d")[0]) and is_wild(cards("jo")[0]) and not is_wild(cards("ad")[0])


@pytest.mark.parametrize(
    ("given_cards", "laid_out"),
    [
        ("8h jo 5h jo", "5h jo jo 8h"),
        ("jo kh 2c jh", "jh 2c kh jo"),  # the spare wild goes above the king: the ace
        ("jo ah kh qh", "jo qh kh ah"),  # no room above the ace: below
        ("jo 7s 7c 7h", "7h 7c 7s jo"),
    ],
)
def test_melds_are_laid_out_in_order(given_cards: str, laid_out: str) -> None:
    assert ordered_meld(cards(given_cards)) == tuple(cards(laid_out))


MELDS = [cards(t) for t in ("5h jo jo 8h", "jh jo kh 2c", "7h 7c 7s jo", "qh kh ah jo", "3h 4h 5h 2h", "7h 7c")]


@settings(max_examples=60)
@given(st.sampled_from(MELDS), st.randoms(use_true_random=False))
def test_order_never_matters(meld: list[Card], rnd: random.Random) -> None:
    shuffled = list(meld)
    rnd.shuffle(shuffled)
    assert meld_kind(shuffled) == meld_kind(meld)
    if meld_kind(meld) is not None:
        assert ordered_meld(shuffled) == ordered_meld(meld)
        assert meld_kind(ordered_meld(meld)) == meld_kind(meld)
