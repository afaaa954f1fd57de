"""Moves of cards between a hand and the piles that every dealt game makes the same way."""

from __future__ import annotations

import hmac
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


def shuffle_source(game: str, seed: int, *place: int) -> random.Random:
    """The random source of one shuffle: the game's seed is the key of a keyed hash (HMAC-SHA-256) of
    the game's name and the shuffle's place in the game (the hand, the reshuffles in it).

    Every bit of the seed enters every shuffle, and what one shuffle shows tells nothing of another:
    a seat that saw its own hands learns nothing of the stock, even were it to recover that one
    generator's state. A table on a server draws a 128-bit seed, so no seat can search for it either;
    a local game's ``--seed`` still deals the same game every time.
    """
    key = seed.to_bytes(seed.bit_length() // 8 + 1, "big", signed=True)
    message = "/".join([game, *map(str, place)]).encode()
    return random.Random(hmac.digest(key, message, "sha256"))
