"""Cards as immutable values, and the decks of every game the engine plays.

A card is a plain value: two 7s of hearts from two decks compare equal. Hands, piles and stocks are
lists (multisets), which is all the rules need and makes conservation checks a Counter comparison.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

__all__ = [
    "FIVE_CROWNS_RANKS",
    "JOKER",
    "NO_TWOS_RANKS",
    "STANDARD_RANKS",
    "STANDARD_SUITS",
    "Card",
    "Rank",
    "Suit",
    "five_crowns_deck",
    "no_twos_deck",
    "standard_deck",
]


class Suit(StrEnum):
    """The five Five Crowns suits; the value is the suit's code in card notation."""

    STARS = "st"
    HEARTS = "h"
    CLUBS = "c"
    SPADES = "s"
    DIAMONDS = "d"

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def index(self) -> int:  # type: ignore[override]
        """Position in the suit order (stars, hearts, clubs, spades, diamonds); shadows str.index on purpose."""
        return _SUIT_INDEX[self]


_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}

STANDARD_SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class Rank(IntEnum):
    """Ranks with their order number, so runs are arithmetic on the value."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def code(self) -> str:
        """The rank's code in card notation: a, 2..10, j, q, k."""
        return _RANK_CODE[self]

    @property
    def word(self) -> str:
        """The rank in words as a player says it: 'ace', '7', 'queen'."""
        if 2 <= self <= 10:
            return str(int(self))
        return self.name.lower()

    @property
    def plural(self) -> str:
        """'7s', 'queens', 'aces' — as in '7s are wild'."""
        if 2 <= self <= 10:
            return f"{int(self)}s"
        return f"{self.name.lower()}s"


_RANK_CODE = {r: (str(int(r)) if 2 <= r <= 10 else r.name[0].lower()) for r in Rank}

FIVE_CROWNS_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r >= Rank.THREE)
STANDARD_RANKS: tuple[Rank, ...] = tuple(Rank)
NO_TWOS_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r != Rank.TWO)


@dataclass(frozen=True, slots=True)
class Card:
    """One card. A joker has neither rank nor suit.

    Use :data:`JOKER` for jokers; every other card has both a rank and a suit.
    """

    rank: Rank | None
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (a joker)")

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def code(self) -> str:
        """The card's notation: '10h', '7st', 'qs', 'jo'."""
        if self.rank is None or self.suit is None:
            return "jo"
        return self.rank.code + self.suit.value

    @property
    def name(self) -> str:
        """The card in plain words ('7 of stars', 'queen of hearts', 'joker'), for refusal sentences."""
        if self.rank is None or self.suit is None:
            return "joker"
        return f"{self.rank.word} of {self.suit.word}"

    def sort_key(self) -> tuple[int, int]:
        """Suit then rank; jokers last. Stable across runs, used for canonical orders."""
        if self.rank is None or self.suit is None:
            return (99, 99)
        return (self.suit.index, int(self.rank))

    def rank_key(self) -> tuple[int, int]:
        """Rank then suit; jokers last."""
        if self.rank is None or self.suit is None:
            return (99, 99)
        return (int(self.rank), self.suit.index)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


JOKER = Card(None, None)


def _suited(suits: Iterable[Suit], ranks: Iterable[Rank]) -> list[Card]:
    ranks = tuple(ranks)
    return [Card(r, s) for s in suits for r in ranks]


def five_crowns_deck(sets: int = 1) -> list[Card]:
    """One Five Crowns set is two 58-card decks: 5 suits x 3..K x 2, plus 6 jokers (116)."""
    if sets < 1:
        raise ValueError("a Five Crowns game needs at least one set of cards")
    one_deck = _suited(Suit, FIVE_CROWNS_RANKS) + [JOKER] * 3
    return one_deck * (2 * sets)


def standard_deck(decks: int = 2, jokers: int | None = None) -> list[Card]:
    """Standard 52-card decks with jokers: 2 decks + 4 jokers = 108; 3 decks + 6 jokers = 162."""
    if decks < 1:
        raise ValueError("at least one deck is needed")
    n_jokers = 2 * decks if jokers is None else jokers
    return _suited(STANDARD_SUITS, STANDARD_RANKS) * decks + [JOKER] * n_jokers


def no_twos_deck(decks: int = 2) -> list[Card]:
    """Standard decks without 2s and jokers: 2 decks = 96 cards (upcard rummy)."""
    if decks < 1:
        raise ValueError("at least one deck is needed")
    return _suited(STANDARD_SUITS, NO_TWOS_RANKS) * decks

