"""A card in a sentence the catalog lacks: said whole in English (speech.i18n's fallback per sentence).

Its own small module, below both speech.i18n (which turns a sentence's values into English) and
speech.phrases (which names a card in words), so neither imports the other for it.
"""

from __future__ import annotations

from engine.cards import Card

__all__ = ["EnglishCard", "in_english"]


class EnglishCard(Card):
    """A card of a sentence the catalog lacks, which is said whole in English (speech.i18n's fallback):
    named in English words wherever it is shown in words. It is the same card as its Card (equal, same
    hash), so a display, a braille cell and a comparison treat it as the card it is."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and (self.rank, self.suit) == (other.rank, other.suit)

    __hash__ = Card.__hash__


def in_english(value: object) -> object:
    """``value`` as a sentence the catalog lacks holds it: a card as an EnglishCard, anything else as it is."""
    if isinstance(value, Card) and not isinstance(value, EnglishCard):
        return EnglishCard(value.rank, value.suit)
    return value
