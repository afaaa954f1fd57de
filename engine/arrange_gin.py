"""Gin Rummy melds and deadwood: the best melding of a hand, found exactly, and the defender's lay-offs.

Gin melds are sets (three or four cards of a rank) and runs (three or more of a suit in sequence, ace
low: A-2-3 is a run, Q-K-A is not). A card counts its face value, face cards 10, the ace 1. A hand's
best melding is the one that leaves the least deadwood. That is a search, not a formula (a card may
belong to a set or to a run), so it is made small: every meld the hand holds is listed once as a bit
mask over the hand, and the least deadwood of each sub-hand (at most 2**11 of them) is memoised. The
lowest card still unplaced is either deadwood or in one of the melds that hold it, so each sub-hand is
one small choice. Results are cached by hand, since computer players ask about the same hands often.

Lay-offs: when a player knocks (without gin), the defender's cards that extend the knocker's runs or
complete the knocker's sets come off the defender's deadwood. Laying a card off never stops another
lay-off (a run only grows, a set takes its one missing card), so the lay-offs a hand can make are found
by repeating "lay off any card that fits" until none does; the defender's own melds are chosen to
leave the least deadwood after that.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, pairwise

from engine.arrangement import Arrangement
from engine.cards import Card, Rank, Suit

__all__ = [
    "GinShowdown",
    "arrange_gin",
    "card_points",
    "deadwood_points",
    "fits_meld",
    "hand_melds",
    "is_gin_meld",
    "lay_off",
    "showdown",
]

FACE_VALUE = 10


def card_points(card: Card) -> int:
    """What a card counts in deadwood: its face value, face cards 10, the ace 1."""
    if card.rank is None:
        raise ValueError("Gin Rummy has no jokers")
    return min(int(card.rank), FACE_VALUE)


def deadwood_points(cards: Iterable[Card]) -> int:
    return sum(card_points(c) for c in cards)


def _is_run(cards: Sequence[Card]) -> bool:
    suits = {c.suit for c in cards}
    ranks = sorted(int(c.rank) for c in cards if c.rank is not None)
    return (len(suits) == 1 and len(ranks) == len(cards)
            and all(b == a + 1 for a, b in pairwise(ranks)))


def is_gin_meld(cards: Sequence[Card]) -> bool:
    """A set of three or four of a rank, or a run of three or more of a suit (ace low)."""
    if len(cards) < 3 or any(c.rank is None for c in cards) or len(set(cards)) != len(cards):
        return False
    if len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    return _is_run(cards)


def hand_melds(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every meld the cards of ``hand`` can make (each run segment and each set of three or four)."""
    by_rank: dict[Rank, list[Card]] = {}
    by_suit: dict[Suit, set[int]] = {}
    for c in hand:
        assert c.rank is not None and c.suit is not None
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, set()).add(int(c.rank))
    out: list[tuple[Card, ...]] = []
    for cards in by_rank.values():
        for size in (3, 4):
            out += combinations(sorted(cards, key=Card.sort_key), size)
    for suit, ranks in by_suit.items():
        for low in sorted(ranks):
            high = low
            while high + 1 in ranks:
                high += 1
                if high - low >= 2:
                    out.append(tuple(Card(Rank(r), suit) for r in range(low, high + 1)))
    return out


@lru_cache(maxsize=200_000)
def _best(codes: tuple[Card, ...]) -> Arrangement:
    cards = list(codes)
    n = len(cards)
    index = {c: i for i, c in enumerate(cards)}
    # Each meld is filed under every card it holds: the search asks for the melds of one card.
    holding: list[list[int]] = [[] for _ in range(n)]
    for meld in hand_melds(cards):
        mask = 0
        for c in meld:
            mask |= 1 << index[c]
        for c in meld:
            holding[index[c]].append(mask)
    points = [card_points(c) for c in cards]
    memo: dict[int, tuple[int, tuple[int, ...]]] = {}

    def best(left: int) -> tuple[int, tuple[int, ...]]:
        """(least deadwood of the cards in ``left``, the meld masks that leave it)."""
        if not left:
            return 0, ()
        got = memo.get(left)
        if got is not None:
            return got
        i = (left & -left).bit_length() - 1
        rest = left & ~(1 << i)
        value, melds = best(rest)
        answer = (value + points[i], melds)
        for mask in holding[i]:
            if mask & left == mask:
                value, melds = best(left & ~mask)
                if value < answer[0]:
                    answer = (value, (mask, *melds))
        memo[left] = answer
        return answer

    value, chosen = best((1 << n) - 1)
    used = 0
    melds: list[tuple[Card, ...]] = []
    for mask in chosen:
        used |= mask
        melds.append(tuple(sorted((cards[i] for i in range(n) if mask >> i & 1), key=Card.rank_key)))
    deadwood = tuple(sorted((cards[i] for i in range(n) if not used >> i & 1), key=Card.rank_key))
    return Arrangement(tuple(sorted(melds, key=lambda m: m[0].rank_key())), deadwood, value)


def arrange_gin(hand: Iterable[Card]) -> Arrangement:
    """The melding of ``hand`` that leaves the least deadwood (``points``), exactly."""
    return _best(tuple(sorted(hand, key=Card.sort_key)))


def fits_meld(card: Card, meld: Sequence[Card]) -> bool:
    """Whether ``card`` can be laid off on ``meld`` as it stands (a set's missing suit, a run's ends)."""
    return is_gin_meld([*meld, card]) and card not in meld


def lay_off(cards: Iterable[Card], melds: Sequence[Sequence[Card]]) -> tuple[tuple[tuple[Card, int], ...],
                                                                            tuple[Card, ...]]:
    """Every card of ``cards`` that can be laid off on ``melds`` (a card may make room for the next on a
    run), as (card, meld number) pairs, and the cards left."""
    grown = [list(m) for m in melds]
    left = sorted(cards, key=Card.rank_key)
    laid: list[tuple[Card, int]] = []
    progress = True
    while progress:
        progress = False
        for card in list(left):
            # A run before a set: a card laid on a run may let another follow it.
            order = sorted(range(len(grown)), key=lambda i: len({c.rank for c in grown[i]}) == 1)
            home = next((i for i in order if fits_meld(card, grown[i])), None)
            if home is not None:
                grown[home].append(card)
                left.remove(card)
                laid.append((card, home))
                progress = True
    return tuple(laid), tuple(left)


@dataclass(frozen=True, slots=True)
class GinShowdown:
    """The defender's hand after a knock: own melds, cards laid off on the knocker's melds, deadwood."""

    melds: tuple[tuple[Card, ...], ...]
    layoffs: tuple[tuple[Card, int], ...]
    deadwood: tuple[Card, ...]
    points: int


def showdown(hand: Sequence[Card], knocker_melds: Sequence[Sequence[Card]], *, may_lay_off: bool) -> GinShowdown:
    """The defender's least deadwood: their own melds chosen, then every lay-off the rest can make.

    Every choice of disjoint melds from the hand is tried (not only the fullest: a card kept out of a
    meld of one's own may lay off and free another), which a ten-card hand allows easily."""
    if not may_lay_off:
        arr = arrange_gin(hand)
        return GinShowdown(arr.melds, (), arr.deadwood, arr.points)
    melds = hand_melds(hand)
    best: GinShowdown | None = None

    def walk(start: int, chosen: list[tuple[Card, ...]], used: frozenset[Card]) -> None:
        nonlocal best
        rest = [c for c in hand if c not in used]
        laid, left = lay_off(rest, knocker_melds)
        points = deadwood_points(left)
        if best is None or points < best.points:
            best = GinShowdown(tuple(chosen), laid, left, points)
        for k in range(start, len(melds)):
            if used.isdisjoint(melds[k]):
                walk(k + 1, [*chosen, melds[k]], used | frozenset(melds[k]))

    walk(0, [], frozenset())
    assert best is not None
    return best
