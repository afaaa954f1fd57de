"""Rummy 500 melds, card values and the best melding of a hand.

Melds are sets (three or four cards of a rank) and runs (three or more of a suit in sequence). The ace
is high or low in a run (A-2-3 and Q-K-A) but never both (K-A-2 is no run). A card scores what it is
worth when a player puts it on the table and counts against them when it is still in hand at the end:
the ace 15, tens and faces 10, the others their face value (docs/rummy-500.md).

The best melding is the one that puts the most points down (so leaves the fewest in hand). It is found
by the usual search: the first card still unplaced is either kept or in one of the melds that hold
it; sub-hands are memoised. Hands grow when a player takes the discard pile, so above
:data:`EXACT_LIMIT` cards the search takes the biggest meld first instead (a good answer, found fast).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, pairwise

from engine.cards import Card, Rank, Suit

__all__ = [
    "EXACT_LIMIT",
    "Melding",
    "arrange_rummy_500",
    "card_value",
    "cards_value",
    "fits",
    "hand_melds",
    "meld_problem",
    "run_order",
]

#: Hands up to this size are arranged exactly.
EXACT_LIMIT = 16
ACE_VALUE = 15
FACE_VALUE = 10


def card_value(card: Card) -> int:
    """What a card scores: the ace 15, tens and faces 10, the others their face value."""
    if card.rank is None:
        raise ValueError("Rummy 500 has no jokers")
    if card.rank == Rank.ACE:
        return ACE_VALUE
    return min(int(card.rank), FACE_VALUE)


def cards_value(cards: Iterable[Card]) -> int:
    return sum(card_value(c) for c in cards)


def run_order(cards: Sequence[Card]) -> list[Card] | None:
    """The cards of a run in order, low to high (the ace where it stands), or None if they are no run."""
    if len(cards) < 3 or len({c.suit for c in cards}) != 1 or any(c.rank is None for c in cards):
        return None
    for ace in (1, 14):
        values = sorted((ace if c.rank == Rank.ACE else int(c.rank), c) for c in cards if c.rank is not None)
        if all(b[0] == a[0] + 1 for a, b in pairwise(values)):
            return [c for _, c in values]
    return None


def meld_problem(cards: Sequence[Card]) -> str | None:
    """Why ``cards`` are no meld ('too few', 'duplicate', 'mixed'), or None when they are one."""
    if len(cards) < 3:
        return "too few"
    if len(set(cards)) != len(cards) or any(c.rank is None for c in cards):
        return "duplicate"
    if len({c.rank for c in cards}) == 1:
        return None if len(cards) <= 4 else "duplicate"
    return None if run_order(cards) is not None else "mixed"


def fits(card: Card, meld: Sequence[Card]) -> bool:
    """Whether ``card`` can be laid off on ``meld`` (the meld with it is still a meld)."""
    return card not in meld and meld_problem([*meld, card]) is None


def hand_melds(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every meld the cards of ``hand`` make: each set of three or four, each run segment."""
    by_rank: dict[Rank, list[Card]] = {}
    by_suit: dict[Suit, dict[int, Card]] = {}
    for c in dict.fromkeys(hand):
        assert c.rank is not None and c.suit is not None
        by_rank.setdefault(c.rank, []).append(c)
        values = by_suit.setdefault(c.suit, {})
        values[int(c.rank)] = c
        if c.rank == Rank.ACE:
            values[14] = c
    out: list[tuple[Card, ...]] = []
    for cards in by_rank.values():
        for size in (3, 4):
            out += combinations(cards, size)
    for values in by_suit.values():
        for low in range(1, 13):
            run: list[Card] = []
            for v in range(low, 15):
                if v not in values:
                    break
                run.append(values[v])
                if len(run) >= 3:
                    out.append(tuple(run))
    return out


@dataclass(frozen=True, slots=True)
class Melding:
    """A hand's melds and the cards left over, with their values."""

    melds: tuple[tuple[Card, ...], ...]
    left: tuple[Card, ...]

    @property
    def melded_value(self) -> int:
        return sum(cards_value(m) for m in self.melds)

    @property
    def left_value(self) -> int:
        return cards_value(self.left)


def arrange_rummy_500(hand: Sequence[Card]) -> Melding:
    """The melding that puts the most points down (ties: fewer cards left, then the first found)."""
    key = tuple(sorted(hand, key=Card.sort_key))
    return _arrange(key)


@lru_cache(maxsize=4096)
def _arrange(hand: tuple[Card, ...]) -> Melding:
    melds = hand_melds(hand)
    n = len(hand)
    index = {c: i for i, c in enumerate(hand)}
    masks = [(sum(1 << index[c] for c in m), m) for m in melds]
    if n > EXACT_LIMIT:
        return _greedy(hand, masks)
    holding: dict[int, list[tuple[int, tuple[Card, ...]]]] = {}
    for mask, m in masks:
        for i in range(n):
            if mask >> i & 1:
                holding.setdefault(i, []).append((mask, m))
    values = [card_value(c) for c in hand]
    memo: dict[int, tuple[int, tuple[tuple[Card, ...], ...]]] = {}

    def best(free: int) -> tuple[int, tuple[tuple[Card, ...], ...]]:
        """The most points melded from the cards of ``free`` (a bit mask), and the melds."""
        if free == 0:
            return 0, ()
        if free in memo:
            return memo[free]
        first = (free & -free).bit_length() - 1
        result = best(free & ~(1 << first))  # the first card kept
        for mask, m in holding.get(first, ()):
            if mask & free == mask:
                score, rest = best(free & ~mask)
                score += sum(values[i] for i in range(n) if mask >> i & 1)
                if score > result[0]:
                    result = (score, (m, *rest))
        memo[free] = result
        return result

    _, chosen = best((1 << n) - 1)
    used = {c for m in chosen for c in m}
    return Melding(chosen, tuple(c for c in hand if c not in used))


def _greedy(hand: tuple[Card, ...], masks: list[tuple[int, tuple[Card, ...]]]) -> Melding:
    """The most valuable meld first, again and again, for hands too big to search."""
    free = (1 << len(hand)) - 1
    chosen: list[tuple[Card, ...]] = []
    for mask, m in sorted(masks, key=lambda mm: (-cards_value(mm[1]), -len(mm[1]))):
        if mask & free == mask:
            chosen.append(m)
            free &= ~mask
    used = {c for m in chosen for c in m}
    return Melding(tuple(chosen), tuple(c for c in hand if c not in used))
