"""A card's words in a grammatical case, for languages whose articles and nouns change with it.

German says "der Pik-Bube" as a subject, "den Pik-Buben" as an object, "dem Pik-Buben" after "mit"; the
catalog's words (its articles by rank, its card names) are the first case's, and a translated sentence
says which case its card is in by marking the placeholder: "Wirf {the_card:acc} ab." The sentence knows
its case because its own words choose it (a verb's object, a preposition), and the same English
sentence may want a different case in each language: so the mark is in the translation, never in the
code. How the words change is the language's data (speech.languages.Language.declensions).

Two values carry what a case needs through a message's parts: the article before a card is an
:class:`Article` (text knowing its card's gender), and a card asked in a case other than the first is a
:class:`Declined` card (still a Card, so braille and the card display show it as any other). Languages
without cases never make either: their parts are the plain words and cards they always were.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card, Rank
from speech.languages import Language

__all__ = ["Article", "Declined", "card_name", "declined"]


def card_name(card: Card) -> str:
    """What the card is called, for its grammatical gender: 'ace', 'jack', 'queen', 'king', 'joker' or
    'number' (the names of speech.languages.CARD_NAMES)."""
    if card.rank is None:
        return "joker"
    return {Rank.ACE: "ace", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}.get(card.rank, "number")


class Article(str):
    """The article before a card, as the catalog gives it ("der ", "l'", "the "), knowing the gender of
    its card so a sentence in another case can change it ("den "). It is text like any other."""

    gender: str
    #: The English article it translates ("the "), so a sentence the catalog lacks says it in English.
    english: str | None

    def __new__(cls, text: str, gender: str, english: str | None = None) -> Article:
        made = super().__new__(cls, text)
        made.gender = gender
        made.english = english
        return made


@dataclass(frozen=True, slots=True, eq=False)
class Declined(Card):
    """A card named in a grammatical ``case`` other than the catalog's: its words are declined where
    they are said (speech.phrases.card_words); its cells and code are the card's, and it is the card
    (equal to it, with its hash), so a routing key over it finds the card in the hand."""

    case: str

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit) == (other.rank, other.suit)

    def __hash__(self) -> int:
        return hash(Card(self.rank, self.suit))


def declined(value: Any, case: str, lang: Language) -> Any:
    """``value`` (a card, or a message's parts holding articles and cards) as said in ``case``: each
    article changed by the language's declension, each card made :class:`Declined`. Other text, and
    a case that is the language's first, leave it as it is."""
    if not lang.cases or case == lang.cases[0]:
        return value
    if isinstance(value, Card):
        return _declined_card(value, case)
    if isinstance(value, str) or not isinstance(value, Sequence):
        return value
    out: list[Any] = []
    for part in value:
        if isinstance(part, Article):
            out.append(Article(lang.decline(part, part.gender, case), part.gender, part.english))
        elif isinstance(part, Card):
            out.append(_declined_card(part, case))
        else:
            out.append(part)
    return out


def _declined_card(card: Card, case: str) -> Card:
    base = Card(card.rank, card.suit)  # a card declined again takes the new case, not both
    return Declined(base.rank, base.suit, case)
