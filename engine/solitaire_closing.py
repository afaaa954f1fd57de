"""How far a solitaire pile is from closing: the fewest of its cards that no meld can take.

The arranger (:mod:`engine.arrange_five_crowns`) minimises penalty points, which is what Five Crowns scores; a
solitaire pile scores nothing, and the player asks how many cards are still in the way. The two
agree on whether a pile closes (no card left over, no point left), but not on the rest: ten left
over is one card and 4 and 6 are two. So this module counts cards, and its answer does not depend on
how the arranger breaks its ties.

Search: branch on the lowest natural (by suit, then rank): it is unmatched, or the lowest card of a
book of its rank, or the lowest natural of a run in its suit; the wilds are a budget. As in Five
Crowns, once one meld exists every spare wild can join one, so wilds are unmatched only in a pile
with no meld at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.arrange_five_crowns import arrange
from engine.arrangement import Arrangement
from engine.cards import JOKER, Card, Rank, Suit
from engine.five_crowns_melds import MAX_RUN_LENGTH, card_points, is_wild

__all__ = ["closing_arrangement", "unmatched_cards", "unmatched_count"]

_INF = 10**9
_SUITS = tuple(Suit)


def _encode(card: Card) -> int:
    assert card.rank is not None and card.suit is not None
    return card.suit.index * 16 + int(card.rank)


def _decode(code: int) -> Card:
    return Card(Rank(code % 16), _SUITS[code // 16])


@lru_cache(maxsize=100_000)
def _fewest(nats: tuple[int, ...], wilds: int) -> tuple[int, tuple[int, ...]]:
    """Fewest naturals of ``nats`` left unmatched with at least one meld made, using at most ``wilds``
    wilds; and which ones. (_INF, ()) when no meld can be made."""
    if not nats:
        return (_INF, ())
    first, rest = nats[0], nats[1:]
    best_count: int = _INF
    best_dead: tuple[int, ...] = ()

    count, dead = _fewest(rest, wilds)  # the lowest card stays unmatched
    if count < _INF:
        best_count, best_dead = count + 1, (first, *dead)

    def consider(remaining: tuple[int, ...], used: int) -> None:
        nonlocal best_count, best_dead
        if len(remaining) < best_count:
            best_count, best_dead = len(remaining), remaining
        sub_count, sub_dead = _fewest(remaining, wilds - used)
        if sub_count < best_count:
            best_count, best_dead = sub_count, sub_dead

    # A book of its rank: any sub-multiset of the other naturals of that rank, wilds making up three.
    rank = first % 16
    same = [i for i, c in enumerate(rest) if c % 16 == rank]
    seen: set[tuple[int, ...]] = set()
    for mask in range(1 << len(same)):
        picked = {same[j] for j in range(len(same)) if mask >> j & 1}
        chosen = tuple(rest[i] for i in sorted(picked))
        need = max(0, 2 - len(chosen))
        if chosen in seen or need > wilds:
            continue
        seen.add(chosen)
        consider(tuple(c for i, c in enumerate(rest) if i not in picked), need)

    # A run upward from this card in its suit: each later rank a natural held or a wild.
    suit_base = first - rank

    def extend(pos: int, length: int, naturals: int, last_natural: bool, remaining: tuple[int, ...], used: int) -> None:
        if last_natural and (naturals >= 2 or length >= 3):
            pad = max(0, 3 - length)
            if used + pad <= wilds and length + pad <= MAX_RUN_LENGTH:
                consider(remaining, used + pad)
        if pos > int(Rank.KING) or length >= MAX_RUN_LENGTH:
            return
        code = suit_base + pos
        if code in remaining:
            i = remaining.index(code)
            extend(pos + 1, length + 1, naturals + 1, True, remaining[:i] + remaining[i + 1 :], used)
        if used < wilds:
            extend(pos + 1, length + 1, naturals, False, remaining, used + 1)

    extend(rank + 1, 1, 1, False, rest, 0)
    return best_count, best_dead


def unmatched_cards(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> list[Card]:
    """The fewest cards no meld can take, in suit order (empty exactly when all the cards meld)."""
    naturals = [c for c in cards if not is_wild(c, wild_rank)]
    wilds = len(cards) - len(naturals)
    nats = tuple(sorted(_encode(c) for c in naturals))
    all_wild_ok = wilds >= 3 and (all_wild_melds or any(c != JOKER for c in cards if is_wild(c, wild_rank)))
    count, dead_codes = _fewest(nats, wilds)
    without_meld = len(nats) if all_wild_ok else len(cards)
    if count < _INF and count <= without_meld:
        return [_decode(c) for c in dead_codes]
    if all_wild_ok:
        return sorted(naturals, key=Card.sort_key)
    return sorted(cards, key=Card.sort_key)


def closing_arrangement(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> Arrangement:
    """A lay-down of ``cards`` leaving the fewest cards unmatched (its deadwood); points as scored."""
    dead = unmatched_cards(cards, wild_rank, all_wild_melds=all_wild_melds)
    points = sum(card_points(c, wild_rank) for c in dead)
    if len(dead) == len(cards):
        return Arrangement((), tuple(dead), points)
    melded = list(cards)
    for c in dead:
        melded.remove(c)
    laid = arrange(melded, wild_rank, all_wild_melds=all_wild_melds)
    if laid.points:  # cannot happen if both searches are right; the arranger's answer is the safe one
        return arrange(cards, wild_rank, all_wild_melds=all_wild_melds)
    return Arrangement(laid.melds, tuple(dead), points)


def unmatched_count(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> int:
    """How far the cards are from all melding: 0 exactly when they do."""
    return len(unmatched_cards(cards, wild_rank, all_wild_melds=all_wild_melds))
