"""Moves of cards between a hand and the piles that every dealt game makes the same way."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import Card
from engine.events import StockReshuffled


def remove_cards(cards: Sequence[Card], taken: Sequence[Card]) -> list[Card] | None:
    """``cards`` less ``taken`` (as multisets), or None if ``taken`` is not all there."""
    rest = list(cards)
    for c in taken:
        if c not in rest:
            return None
        rest.remove(c)
    return rest


def rebuild_stock(state: Any, rng: Callable[[], random.Random]) -> StockReshuffled:
    """The discard pile but its top card becomes the stock, shuffled, and the reshuffle is counted.

    ``rng`` is asked for the shuffle only after the count goes up: the shuffle of each rebuild is
    derived from that count, so a replayed game shuffles alike. The caller decides whether a rebuild
    is allowed (a stock left, a pile to take, the game's limit)."""
    top = state.discard.pop()
    state.stock = state.discard
    state.discard = [top]
    state.reshuffles += 1
    rng().shuffle(state.stock)
    return StockReshuffled(cards=len(state.stock))
