"""How likely the next player is to want a card we might throw, read from what they took and threw.

A card taken from the discard pile is a card its taker is building with, and it stays known to be in
their hand until they throw it; so cards of the same rank, or of the same suit a rank or two away, are
the ones to keep from them. What a player threw, or passed over on the pile, they are not collecting.
Wilds help everyone, so throwing one is always feeding.
"""

from __future__ import annotations

from engine.bots.knowledge import Knowledge
from engine.cards import Card, Rank

__all__ = ["feed_risk"]

#: How much one known card of the taker's adds to the chance they want a card (same rank, one apart,
#: two apart in the same suit).
SAME_RANK = 0.5
ONE_APART = 0.35
TWO_APART = 0.2
#: How much their having thrown or passed a card lowers the chance they want it or its neighbours.
SAME_CARD_SHUNNED = 0.4
SAME_RANK_SHUNNED = 0.15
NEIGHBOUR_SHUNNED = 0.08


def feed_risk(card: Card, taker: int, know: Knowledge, wild_rank: Rank | None) -> float:
    """A 0..1 score of how much ``taker`` would like ``card`` on top of the pile."""
    if card.rank is None or card.rank == wild_rank:
        return 1.0
    risk = 0.0
    for held, count in know.holding[taker].items():
        if held.rank is None or held.rank == wild_rank:
            continue
        if held.rank == card.rank:
            risk += SAME_RANK * count
        elif held.suit == card.suit:
            gap = abs(int(held.rank) - int(card.rank))
            if gap == 1:
                risk += ONE_APART * count
            elif gap == 2:
                risk += TWO_APART * count
    for seen in (*know.threw[taker], *know.passed[taker]):
        if seen.rank is None or seen.rank == wild_rank:
            continue
        if seen == card:
            risk -= SAME_CARD_SHUNNED
        elif seen.rank == card.rank:
            risk -= SAME_RANK_SHUNNED
        elif seen.suit == card.suit and abs(int(seen.rank) - int(card.rank)) == 1:
            risk -= NEIGHBOUR_SHUNNED
    return min(1.0, max(0.0, risk))
