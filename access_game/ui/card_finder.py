"""J's answer, for every table: where a typed number or card code puts the cursor among some cards.

One rule for the hand (three games) and for a solitaire pile, so J reaches a card the same way
everywhere: a number is a position (1 the first); a code is the card, and a second J to the same
card finds its twin (two decks), the next one after the cursor, round the cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.cards import Card

__all__ = ["Typed", "typed_place"]


@dataclass(frozen=True, slots=True)
class Typed:
    """Where the typed word leads: ``index`` to move to; else ``card`` not among the cards, or neither
    (the word is not a card)."""

    index: int | None = None
    card: Card | None = None


def typed_place(word: str, cards: Sequence[Card], pos: int, parse_card: Callable[[str], Card]) -> Typed:
    word = word.strip()
    if word.isdigit():
        return Typed(index=int(word) - 1)
    try:
        card = parse_card(word)
    except ValueError:
        return Typed()
    places = [i for i, c in enumerate(cards) if c == card]
    if not places:
        return Typed(card=card)
    later = [i for i in places if i > pos] if 0 <= pos < len(cards) and cards[pos] == card else places
    return Typed(index=(later or places)[0], card=card)
