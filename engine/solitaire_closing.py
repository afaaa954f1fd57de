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

from engine.arrange_five_crowns import arrange, lowest_card_melds
from engine.arrangement import Arrangement
from engine.cards import JOKER, Card, Rank, Suit
from engine.five_crowns_melds import card_points, is_wild

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

    for remaining, used in lowest_card_melds(first, rest, wilds):  # or it goes into a meld
        if len(remaining) < best_count:
            best_count, best_dead = len(remaining), remaining
        sub_count, sub_dead = _fewest(remaining, wilds - used)
        if sub_count < best_count:
            best_count, best_dead = sub_count, sub_dead
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
