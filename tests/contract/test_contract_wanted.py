"""``cards_wanted`` against a brute force over every way to deal a small hand into the contract's
melds (tests/contract/wanted_oracles.py), and, on large hands out of its reach, the engine's two
searches against each other: the plan search run to the end with no budget (what most hands get),
and the value search that hands of one long suit and many wilds get."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from contract_table import cards
from hypothesis import given, settings
from hypothesis import strategies as st
from wanted_oracles import KINDS, brute_short, brute_wanted

from engine.arrange_contract import (
    CONTRACTS,
    Contract,
    Wanted,
    _split,
    _suits_value_search,
    _wanted,
    _wanted_by_values,
    cards_short,
    cards_wanted,
    clear_memos,
    is_wild,
)
from engine.cards import JOKER, STANDARD_SUITS, Card, standard_deck

THREE_DECKS = standard_deck(3)
NATURALS = [c for c in THREE_DECKS if not is_wild(c)]
WILDS = [c for c in THREE_DECKS if is_wild(c)]


def legal_hands(max_size: int, *, min_size: int = 0) -> st.SearchStrategy[list[Card]]:
    """Hands dealt from three decks: never more copies of a card than the decks hold."""
    picks = st.lists(st.integers(0, len(THREE_DECKS) - 1), unique=True, min_size=min_size, max_size=max_size)
    return picks.map(lambda idx: [THREE_DECKS[i] for i in idx])


@st.composite
def long_suit_hands(draw: st.DrawFn) -> list[Card]:
    """Most naturals of one suit (duplicates too), a few of the others, and many wilds: the hands the
    plan search is slowest on."""
    suit = draw(st.sampled_from(STANDARD_SUITS))
    wilds = draw(st.integers(3, 8))
    main = draw(st.lists(st.sampled_from([c for c in NATURALS if c.suit == suit]), max_size=18 - wilds))
    room = min(4, 18 - wilds - len(main))
    others = draw(st.lists(st.sampled_from([c for c in NATURALS if c.suit != suit]), max_size=room))
    hand = main + others + [WILDS[i] for i in range(wilds)]
    # At most three copies of a card: what three decks hold.
    return [c for i, c in enumerate(hand) if hand[:i].count(c) < 3]


def as_tuple(wanted: Wanted) -> tuple[int, frozenset[Card], bool, bool]:
    return wanted.short, wanted.naturals, wanted.any_natural, wanted.wild


def decoded(mask: int) -> frozenset[Card]:
    return frozenset(c for c in KINDS if not is_wild(c) and c.suit is not None and mask >> _code(c) & 1)


def _code(card: Card) -> int:
    nats, _ = _split([card])
    return nats[0]


def values_search(hand: Sequence[Card], contract: Contract) -> tuple[int, frozenset[Card], bool, bool]:
    return _run_search(_wanted_by_values, hand, contract)


def plan_search(hand: Sequence[Card], contract: Contract) -> tuple[int, frozenset[Card], bool, bool]:
    """The plan search alone, to its end (outside ``cards_wanted`` no budget is set)."""
    return _run_search(_wanted, hand, contract)


def _run_search(search: Callable[[tuple[int, ...], int, int, int], tuple[int, int, bool]], hand: Sequence[Card],
                contract: Contract) -> tuple[int, frozenset[Card], bool, bool]:
    nats, wilds = _split(hand)
    clear_memos()  # neither search may answer from the other's memo
    short, mask, wild = search(nats, len(wilds), contract.sets, contract.runs)
    return short, frozenset() if mask & 1 else decoded(mask), bool(mask & 1), wild


def brute(hand: Sequence[Card], contract: Contract) -> tuple[int, frozenset[Card], bool, bool]:
    short, naturals, empty_meld, wild = brute_wanted(hand, contract)
    return short, frozenset() if empty_meld else naturals, empty_meld, wild


def small_contracts(hand_size: int) -> st.SearchStrategy[Contract]:
    """Contracts the brute force can afford: each card goes to one of the melds or stays."""
    return st.sampled_from([c for c in CONTRACTS if (c.melds + 1) ** (hand_size + 1) <= 5_000])


# --------------------------------------------------------------------------- small hands: brute force


@settings(max_examples=30)
@given(st.data())
def test_small_hands_agree_with_brute_force(data: st.DataObject) -> None:
    hand = data.draw(legal_hands(6))
    contract = data.draw(small_contracts(len(hand)))
    expected = brute(hand, contract)
    clear_memos()
    assert as_tuple(cards_wanted(hand, contract)) == expected
    assert values_search(hand, contract) == expected
    assert plan_search(hand, contract) == expected
    assert cards_short(hand, contract) == expected[0] == brute_short(hand, contract)


@settings(max_examples=12)
@given(st.data())
def test_small_one_suit_hands_with_wilds_agree_with_brute_force(data: st.DataObject) -> None:
    suit = data.draw(st.sampled_from(STANDARD_SUITS))
    main = data.draw(st.lists(st.sampled_from([c for c in NATURALS if c.suit == suit]), max_size=5))
    hand = [*main, *([JOKER] * data.draw(st.integers(0, 6 - len(main))))]
    contract = data.draw(small_contracts(len(hand)))
    expected = brute(hand, contract)
    assert values_search(hand, contract) == expected
    clear_memos()
    assert as_tuple(cards_wanted(hand, contract)) == expected


def test_the_brute_force_itself() -> None:
    # Two 7s want a third (any 7) or a wild; a lone 7 and nothing else wants two cards.
    c1 = CONTRACTS[0]
    short, naturals, empty, wild = brute_wanted(cards("7h 7c"), c1)
    assert (short, empty, wild) == (1, False, True)
    assert naturals == frozenset(cards("7c 7d 7h 7s"))
    assert brute_short(cards("7h"), c1) == 2
    # Nothing at all: the set lacks its two naturals, so any natural helps, and so does a wild.
    assert brute_wanted([], c1)[2:] == (True, True)


# --------------------------------------------------------------------------- large hands: the plan search


@settings(max_examples=30)
@given(legal_hands(19, min_size=8), st.sampled_from(CONTRACTS))
def test_large_hands_agree_with_the_plan_search(hand: list[Card], contract: Contract) -> None:
    clear_memos()
    assert as_tuple(cards_wanted(hand, contract)) == plan_search(hand, contract)


@settings(max_examples=30)
@given(long_suit_hands(), st.sampled_from(CONTRACTS))
def test_long_suit_hands_agree_with_the_plan_search(hand: list[Card], contract: Contract) -> None:
    expected = plan_search(hand, contract)
    assert values_search(hand, contract) == expected
    clear_memos()
    assert as_tuple(cards_wanted(hand, contract)) == expected


#: Hands of one suit with six or seven wilds: the plan search took 0.3 to 1.7 s over each.
PATHOLOGICAL = (
    ("kh ah 2c 3h 4h 9h 3h 5h 2d 8h 2s qh jo 7h jo 10h 6h 2d", 8),
    ("2h jh 2d 9h qh 8h 2c 10h 7h kh 5h jo 2c jo jo 6h 4h 3h", 4),
    ("3h 4h 5h 6h 7h 8h 9h 10h jh qh kh 3h 5h 2c jo jo 2d 2s", 9),
    ("3h 4h 4h 6h 7h 7h 9h 10h jh jh kh ah 2c jo jo 2d 2s", 7),
)


@pytest.mark.parametrize(("text", "number"), PATHOLOGICAL)
def test_pathological_hands_agree_with_the_plan_search(text: str, number: int) -> None:
    hand = cards(text)
    contract = CONTRACTS[number - 1]
    nats, wilds = _split(hand)
    assert _suits_value_search(nats, len(wilds), contract.runs)  # these go to the value search
    expected = plan_search(hand, contract)
    clear_memos()
    assert as_tuple(cards_wanted(hand, contract)) == expected
    assert values_search(hand, contract) == expected


def test_one_more_card_is_exactly_what_wanted_says_on_a_long_suit_hand() -> None:
    hand = cards("2h jh 2d 9h qh 8h 2c 10h 7h kh 5h jo 2c jo 6h 4h 3h")
    contract = CONTRACTS[3]
    wanted = cards_wanted(hand, contract)
    assert wanted.short == cards_short(hand, contract) > 0
    for card in KINDS:
        assert wanted.helps(card) == (cards_short([*hand, card], contract) < wanted.short), card


def test_the_wanted_benchmark_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    from access_game.bench import contract as bench_contract

    assert bench_contract.main(["--wanted", "--hands", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("median") == 2 and "p99" in out and "slowest" in out
