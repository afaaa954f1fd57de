"""A brute-force oracle for ``cards_wanted``, written apart from the engine's searches.

``brute_short`` and ``brute_wanted``: every way to deal a small hand's cards into the contract's
melds and the hand, each meld completed with the fewest cards added; a card helps when adding it
lowers that count. Slow (exponential in the hand), obviously right, for hands of up to eight cards.
Large hands, out of its reach, are checked by holding the engine's two searches to each other.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from engine.arrange_contract import (
    HIGH_POSITION,
    MAX_RUN,
    MIN_NATURALS,
    MIN_RUN,
    MIN_SET,
    Contract,
    is_wild,
    run_value,
)
from engine.cards import JOKER, STANDARD_RANKS, STANDARD_SUITS, Card

#: One card of every kind a deck holds: each natural, and one wild for them all.
KINDS: tuple[Card, ...] = (
    *(card for s in STANDARD_SUITS for r in STANDARD_RANKS if not is_wild(card := Card(r, s))),
    JOKER,
)
INF = 10**6


def _completion(group: Sequence[Card], kind: str) -> tuple[int, bool]:
    """Fewest cards to add so that ``group`` becomes a meld of ``kind`` (INF when none can), and
    whether the group holds no natural."""
    naturals = [c for c in group if not is_wild(c)]
    n, m = len(naturals), len(group)
    lacking = max(0, MIN_NATURALS - n)  # naturals that must be added: a wild cannot stand for them
    if kind == "set":
        if len({c.rank for c in naturals}) > 1:
            return INF, False
        return lacking + max(0, MIN_SET - m - lacking), n == 0
    if len({c.suit for c in naturals}) > 1 or len({c.rank for c in naturals}) != n:
        return INF, False
    values = [run_value(c.rank) for c in naturals if c.rank is not None]
    span = max(values) - min(values) + 1 if values else 0
    length = max(MIN_RUN, span, m + lacking)  # added naturals sit next to the others
    if length > MAX_RUN or (values and max(values) > HIGH_POSITION):
        return INF, False
    return length - m, n == 0


def brute_plans(hand: Sequence[Card], contract: Contract) -> tuple[int, bool]:
    """(cards short, whether some way that short leaves a meld with no natural)."""
    kinds = ["set"] * contract.sets + ["run"] * contract.runs
    best, empty_meld = INF, False
    # Copies of one card are alike: deal each card's copies as counts over the melds and the hand.
    distinct = list(dict.fromkeys(hand))
    ways = [_counts(hand.count(card), len(kinds) + 1) for card in distinct]
    for assign in itertools.product(*ways):
        groups: list[list[Card]] = [[] for _ in kinds]
        for card, counts in zip(distinct, assign, strict=True):
            for where, n in enumerate(counts[: len(kinds)]):
                groups[where] += [card] * n
        total, empty = 0, False
        for group, kind in zip(groups, kinds, strict=True):
            added, no_natural = _completion(group, kind)
            total += added
            empty = empty or no_natural
        if total < best:
            best, empty_meld = total, empty
        elif total == best:
            empty_meld = empty_meld or empty
    return best, empty_meld


def _counts(copies: int, places: int) -> list[tuple[int, ...]]:
    """Every way to share ``copies`` alike cards among ``places`` places."""
    if places == 1:
        return [(copies,)]
    return [(k, *rest) for k in range(copies + 1) for rest in _counts(copies - k, places - 1)]


def brute_short(hand: Sequence[Card], contract: Contract) -> int:
    return brute_plans(hand, contract)[0]


def brute_wanted(hand: Sequence[Card], contract: Contract) -> tuple[int, frozenset[Card], bool, bool]:
    """(short, the naturals that help, whether some fewest-cards way leaves a meld with no natural,
    whether a wild helps). A meld with no natural is what ``any_natural`` names: any natural at all
    would start it."""
    short, empty = brute_plans(hand, contract)
    if short == 0:
        return 0, frozenset(), False, False
    helping = frozenset(c for c in KINDS if brute_short([*hand, c], contract) < short)
    naturals = frozenset(c for c in helping if not is_wild(c))
    return short, naturals, empty, JOKER in helping
