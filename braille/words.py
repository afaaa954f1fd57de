"""Cards in plain words, for the print text beside braille ("10 of hearts", "joker"), in the language
the game speaks ("10 de cœur", "dame de pique").

Kept here, small and local, so the sheets depend on nothing of the speech package but its catalog
(:mod:`speech.i18n`): a label sheet or a chart must say the same words whatever the speech settings
are. Each suit has a whole template ("{rank} of hearts" / "{rank} de cœur", "{rank} d'étoile"),
because how the suit joins the rank (de, d') belongs to the language, not to code.
"""

from __future__ import annotations

from engine.cards import Card, Rank, Suit
from speech.i18n import N_, _

__all__ = ["NUMBER_NAMES", "card_words", "card_words_spelled", "rank_name", "rank_word", "suit_name"]

NUMBER_NAMES: dict[int, str] = {
    2: N_("two"),
    3: N_("three"),
    4: N_("four"),
    5: N_("five"),
    6: N_("six"),
    7: N_("seven"),
    8: N_("eight"),
    9: N_("nine"),
    10: N_("ten"),
}

_FACE_WORDS: dict[Rank, str] = {Rank.ACE: N_("ace"), Rank.JACK: N_("jack"), Rank.QUEEN: N_("queen"),
                                Rank.KING: N_("king")}

_OF_SUIT: dict[Suit, str] = {
    Suit.STARS: N_("{rank} of stars"),
    Suit.HEARTS: N_("{rank} of hearts"),
    Suit.CLUBS: N_("{rank} of clubs"),
    Suit.SPADES: N_("{rank} of spades"),
    Suit.DIAMONDS: N_("{rank} of diamonds"),
}

_SUIT_NAMES: dict[Suit, str] = {
    Suit.STARS: N_("stars"),
    Suit.HEARTS: N_("hearts"),
    Suit.CLUBS: N_("clubs"),
    Suit.SPADES: N_("spades"),
    Suit.DIAMONDS: N_("diamonds"),
}

JOKER_WORD = N_("joker")


def rank_word(rank: Rank) -> str:
    """The rank for print: a number as digits ('10'), a face in words ('queen', 'dame')."""
    if rank in _FACE_WORDS:
        return _(_FACE_WORDS[rank])
    return str(int(rank))


def suit_name(suit: Suit) -> str:
    """The suit's name ('hearts', 'cœurs'), for the chart's meaning column."""
    return _(_SUIT_NAMES[suit])


def card_words(card: Card) -> str:
    """'10 of hearts', '7 of stars', 'queen of spades', 'joker' (numbers as digits, for print)."""
    if card.rank is None or card.suit is None:
        return _(JOKER_WORD)
    return _(_OF_SUIT[card.suit]).format(rank=rank_word(card.rank))


def rank_name(rank: Rank) -> str:
    """The rank spelled out: 'ten', 'queen' ('dix', 'dame'). Braille text uses these, because a literary
    braille number (a number sign and its digits) looks nothing like the card code's dropped digits."""
    if int(rank) in NUMBER_NAMES:
        return _(NUMBER_NAMES[int(rank)])
    return rank_word(rank)


def card_words_spelled(card: Card) -> str:
    """'ten of hearts', 'joker': the words with the rank spelled out (for braille text)."""
    if card.rank is None or card.suit is None:
        return _(JOKER_WORD)
    return _(_OF_SUIT[card.suit]).format(rank=rank_name(card.rank))
