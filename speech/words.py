"""Cards, hands and events in words, per listener and verbosity.

Messages are written per listener: the seat hearing "You drew the 9 of clubs" is the one that drew;
everyone else hears "Anna drew from the stock". Secrets never reach words because events are already
redacted per seat (engine.events.seen_by) before they get here.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from engine.cards import Card, Rank

__all__ = ["Verbosity", "card_words", "cards_words"]


class Verbosity(IntEnum):
    BRIEF = 0
    NORMAL = 1
    DETAILED = 2


def card_words(card: Card, wild_rank: Rank | None = None, *, mark_wild: bool = True) -> str:
    """'7 of hearts', '10 of stars', 'queen of spades', 'joker'; ', wild' when its rank is wild."""
    if card.rank is None or card.suit is None:
        return "joker"
    text = f"{card.rank.word} of {card.suit.word}"
    if mark_wild and wild_rank is not None and card.rank == wild_rank:
        text += ", wild"
    return text


def cards_words(cards: Sequence[Card], wild_rank: Rank | None = None) -> str:
    return "; ".join(card_words(c, wild_rank) for c in cards) if cards else "no cards"
