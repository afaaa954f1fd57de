"""The hand checker's sentences (``access-game hand``), one style for every game.

A listener must be able to count the cards: cards are joined with "; " and a wild card keeps its
", wild" mark next to it ("5 of hearts, wild; 5 of spades, wild; 3 of clubs"). Every game says the
same things in the same order: which cards are wild and how many cards there are, one line per meld,
what is left in hand, the points, and the game's own verdict (going out, the contract).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Rank
from speech.phrases import CARD_SEPARATOR, capital, card_words, count

__all__ = [
    "contract_lines",
    "five_crowns_lines",
    "upcard_lines",
]


def _cards(cards: Sequence[Card], wild: Rank | None) -> str:
    return CARD_SEPARATOR.join(card_words(c, wild) for c in cards)


def _opening(wilds: str, cards: Sequence[Card]) -> str:
    return f"{wilds} wild. {count(len(cards), 'card')}."


def _meld(name: str, meld: Sequence[Card], wild: Rank | None, after: str = "") -> str:
    return f"{capital(name)}: {_cards(meld, wild)}.{after}"


def _left(deadwood: Sequence[Card], wild: Rank | None, after: str = "") -> str:
    return f"Left in hand: {_cards(deadwood, wild)}.{after}" if deadwood else "Every card melds."


def five_crowns_lines(cards: Sequence[Card], wild: Rank, melds: Sequence[tuple[str, Sequence[Card]]],
                      deadwood: Sequence[Card], points: int, discard: Card | None, go_out: bool) -> list[str]:
    """The best lay-down of a Five Crowns hand; with one card more than the deal, which card to throw."""
    lines = [_opening(f"{wild.plural.capitalize()} are", cards)]
    lines += [_meld(kind, meld, wild) for kind, meld in melds]
    lines += [_left(deadwood, wild), f"Points left: {points}."]
    if discard is not None:
        if go_out:
            lines.append(f"You can go out: discard the {card_words(discard, wild)}.")
        else:
            lines.append(f"You cannot go out. Discard the {card_words(discard, wild)} to keep the fewest points.")
    return lines


def contract_lines(cards: Sequence[Card], number: int, contract: str, melds: Sequence[tuple[str, Sequence[Card]]],
                   deadwood: Sequence[Card], points: int, meets: bool, short: int) -> list[str]:
    """Whether a hand meets contract ``number`` (``contract`` in words: 'one set and one run'), and its
    best lay-down."""
    what = f"contract {number}, {contract}"
    lines = [_opening("2s and jokers are", cards)]
    if not meets:
        lines.append(f"Does not meet {what}: {count(short, 'card')} short at best.")
        lines.append(f"All {count(len(cards), 'card')} count: {count(points, 'point')}.")
        return lines
    lines.append(f"Meets {what}. Best lay-down:")
    lines += [_meld(name, meld, Rank.TWO) for name, meld in melds]
    if deadwood:
        lines.append(_left(deadwood, Rank.TWO, f" {count(points, 'point')}."))
    else:
        lines.append("Nothing left in hand: this hand goes out.")
    return lines


def upcard_lines(cards: Sequence[Card], wild: Rank, melds: Sequence[tuple[Rank, Sequence[Card], int]],
                 deadwood: Sequence[Card], melded_value: int, deadwood_value: int, points: int) -> list[str]:
    """The melds of an upcard rummy hand that score most: each meld's worth, and what is held against it."""
    lines = [_opening(f"{wild.plural.capitalize()} are", cards)]
    lines += [_meld(f"meld of {rank.plural}", meld, wild, f" Worth {value}.") for rank, meld, value in melds]
    if not melds:
        lines.append("Nothing melds: a meld needs a natural pair and a wild, or three naturals of a rank.")
    lines.append(_left(deadwood, wild, f" Counts against you: {deadwood_value}."))
    lines.append(f"Points: {melded_value} melded minus {deadwood_value} held makes {points}.")
    return lines
