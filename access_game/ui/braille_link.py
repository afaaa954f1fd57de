"""The braille card code as the interface needs it: one card, or a hand on one line of cells.

Imported lazily so the game still starts (with words only) if the braille package cannot load.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card

__all__ = ["card_cells", "hand_cells"]


def card_cells(card: Card) -> str:
    """A card in Unicode braille cells ('⠂⠴⠓' for the 10 of hearts)."""
    from braille.cards import card_unicode

    return card_unicode(card)


def hand_cells(cards: Sequence[Card]) -> str:
    """A hand on one line, a blank cell between cards."""
    from braille.cards import hand_unicode

    return hand_unicode(cards)
