"""Upcard rummy melds, card values and the best lay-down of a set of cards.

Upcard rummy melds are of a kind only, with at least two naturals, and every card scores the same
whether it is melded (plus) or left in hand (minus). So "the melds that score most" is the same as
"meld as much value as possible", and that has a closed form instead of a search: every rank with
three or more naturals melds; each wild can turn one natural pair into a meld (best pairs first); once
any meld exists, every spare wild joins it. Three wilds alone never meld, so wilds with no natural
pair or triple to carry them stay in hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import Card, Rank
from engine.reasons import Reason

__all__ = [
    "UpcardArrangement",
    "arrange_upcard",
    "card_value",
    "cards_value",
    "fits_meld",
    "is_upcard_meld",
    "is_wild",
    "meld_problem",
    "meld_rank",
    "naturals_by_rank",
]

ACE_VALUE = 100
WILD_VALUE = 100
HIGH_VALUE = 10  # 8 .. K
LOW_VALUE = 5  # 3 .. 7
MIN_NATURALS = 2
MIN_MELD = 3


def is_wild(card: Card, wild_rank: Rank | None) -> bool:
    """A card of the wild rank is always a wild: it never counts as a natural of its own rank."""
    return card.rank is not None and card.rank == wild_rank


def card_value(card: Card, wild_rank: Rank | None) -> int:
    """What a card is worth, for its player when melded and against them when held: A and wilds 100,
    8 to K 10, 3 to 7 5."""
    if card.rank is None:
        raise ValueError("upcard rummy has no jokers")
    if card.rank == wild_rank or card.rank == Rank.ACE:
        return WILD_VALUE if card.rank == wild_rank else ACE_VALUE
    return HIGH_VALUE if card.rank >= Rank.EIGHT else LOW_VALUE


def cards_value(cards: Iterable[Card], wild_rank: Rank | None) -> int:
    return sum(card_value(c, wild_rank) for c in cards)


def naturals_by_rank(cards: Iterable[Card], wild_rank: Rank | None) -> dict[Rank, list[Card]]:
    """The natural cards grouped by rank, each group in suit order; the rank order is ace, 3 .. king."""
    groups: dict[Rank, list[Card]] = {}
    for c in sorted(cards, key=Card.rank_key):
        if c.rank is not None and not is_wild(c, wild_rank):
            groups.setdefault(c.rank, []).append(c)
    return groups


def meld_problem(cards: Sequence[Card], wild_rank: Rank | None) -> str | None:
    """Why ``cards`` are not a meld, as a sentence; None when they are one."""
    if any(c.rank is None for c in cards):
        return Reason("upcard rummy has no jokers")
    if len(cards) < MIN_MELD:
        return Reason("a meld needs at least 3 cards")
    naturals = {c.rank for c in cards if not is_wild(c, wild_rank)}
    if len(naturals) > 1:
        return Reason("a meld is cards of one rank only (no runs)")
    count = sum(1 for c in cards if not is_wild(c, wild_rank))
    if count < MIN_NATURALS:
        return Reason("a meld needs at least two natural cards of its rank (wilds cannot meld on their own)")
    return None


def is_upcard_meld(cards: Sequence[Card], wild_rank: Rank | None) -> bool:
    return meld_problem(cards, wild_rank) is None


def meld_rank(cards: Sequence[Card], wild_rank: Rank | None) -> Rank | None:
    """The rank of a meld's naturals (None if it has none)."""
    for c in cards:
        if not is_wild(c, wild_rank):
            return c.rank
    return None


def fits_meld(card: Card, rank: Rank, wild_rank: Rank | None) -> bool:
    """Whether ``card`` may be laid off on a meld of ``rank``: a natural of that rank, or any wild."""
    return is_wild(card, wild_rank) or card.rank == rank


@dataclass(frozen=True, slots=True)
class UpcardArrangement:
    """Melds and the cards left over, with the points: value melded minus value left."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    melded_value: int
    deadwood_value: int

    @property
    def points(self) -> int:
        return self.melded_value - self.deadwood_value


def arrange_upcard(cards: Sequence[Card], wild_rank: Rank | None) -> UpcardArrangement:
    """The melds of ``cards`` worth the most (no first-meld limit: every meld any size).

    Melds come in rank order (ace, 3 .. king), naturals first then wilds; spare wilds join the first
    meld. Which pairs get the wilds when there are too few: the most valuable pairs (ties: higher rank).
    """
    if any(c.rank is None for c in cards):
        raise ValueError("upcard rummy has no jokers")
    groups = naturals_by_rank(cards, wild_rank)
    wilds = sorted((c for c in cards if is_wild(c, wild_rank)), key=Card.sort_key)
    pairs = [r for r, g in groups.items() if len(g) == MIN_NATURALS]
    pairs.sort(key=lambda r: (card_value(groups[r][0], wild_rank), int(r)), reverse=True)
    completed = set(pairs[: len(wilds)])
    melds: dict[Rank, list[Card]] = {}
    for r, g in groups.items():
        if len(g) >= MIN_MELD or r in completed:
            melds[r] = list(g)
    pool = list(wilds)
    for r in sorted(completed):
        melds[r].append(pool.pop(0))
    ordered = [melds[r] for r in sorted(melds)]
    if ordered:
        ordered[0].extend(pool)
        pool = []
    melded = [c for m in ordered for c in m]
    left = Counter(cards)
    left.subtract(melded)
    deadwood = tuple(sorted(left.elements(), key=Card.rank_key))
    return UpcardArrangement(
        melds=tuple(tuple(m) for m in ordered),
        deadwood=deadwood,
        melded_value=cards_value(melded, wild_rank),
        deadwood_value=cards_value(deadwood, wild_rank),
    )
