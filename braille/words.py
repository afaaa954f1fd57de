"""Cards in plain words, for the print text beside braille ("10 of hearts", "joker").

Kept here, tiny and local, so the braille package never depends on the speech package: a label
sheet or a chart must say the same words whatever the speech settings are.
"""

from __future__ import annotations

from engine.cards import Card, Rank

__all__ = ["NUMBER_NAMES", "card_words", "card_words_spelled", "rank_name"]

NUMBER_NAMES: dict[int, str] = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
}


def card_words(card: Card) -> str:
    """'10 of hearts', '7 of stars', 'queen of spades', 'joker' (numbers as digits, for print)."""
    if card.rank is None or card.suit is None:
        return "joker"
    return f"{card.rank.word} of {card.suit.word}"


def rank_name(rank: Rank) -> str:
    """The rank spelled out: 'ten', 'queen'. Braille text uses these, because a literary braille
    number (number sign, upper-cell digits) looks nothing like the card code's dropped digits."""
    return NUMBER_NAMES.get(int(rank), rank.name.lower())


def card_words_spelled(card: Card) -> str:
    """'ten of hearts', 'joker': the words with the rank spelled out (for braille text)."""
    if card.rank is None or card.suit is None:
        return "joker"
    return f"{rank_name(card.rank)} of {card.suit.word}"
