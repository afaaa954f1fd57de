"""A card read back from its name, as the game says it, in the player's language.

A player who hears "10 of stars" ("10 d'étoiles", "10 de estrellas") types what they heard at J. The
names read here are made by the very words that speak cards (speech.phrases: the catalog's card name
phrase of each suit, its rank words, its articles and its wild mark), so a name the game says is a
name it reads, in every language the catalog has, and a new translation is read as soon as it is
spoken. The one addition is each number rank spelled out ("ten", "dix", "diez"), which a voice says
for "10" and a player may type.

Reading forgives how a name is typed: capitals, accents ("coeur" for "cœur", "corazon"), an
apostrophe or not ("d etoiles"), an article before it (the one the game would use or another: "the
queen of hearts", "la dame de cœur", "le dame de coeur") and the wild mark after it ("queen of hearts,
wild"). Card codes (``qh``, ``10st``) are the engine's notation, read by the game's own rules, not here.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from engine.cards import JOKER, Card, Rank, Suit
from speech.i18n import _, language, pgettext
from speech.phrases import WILD_CARD, card_words, the_card

__all__ = ["card_names", "plain_words", "read_card", "spelled_rank"]

#: Number ranks as words, asked of the catalog with this context ("ten" is "dix", "diez").
_SPELLED = {Rank.TWO: "two", Rank.THREE: "three", Rank.FOUR: "four", Rank.FIVE: "five", Rank.SIX: "six",
            Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine", Rank.TEN: "ten"}

#: Letters that do not come apart into a base letter and an accent (NFKD leaves them whole).
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss", "ø": "o", "ł": "l"})
_NOT_WORD = re.compile(r"[^0-9a-z]+")


def spelled_rank(rank: Rank) -> str | None:
    """A number rank as a word in the current language ("ten", "dix"); None for ace and court cards."""
    word = _SPELLED.get(rank)
    if word is None:
        return None
    # Each call written out, so the catalog tool finds every word with its context.
    if rank == Rank.TWO:
        return pgettext("a number rank in words", "two")
    if rank == Rank.THREE:
        return pgettext("a number rank in words", "three")
    if rank == Rank.FOUR:
        return pgettext("a number rank in words", "four")
    if rank == Rank.FIVE:
        return pgettext("a number rank in words", "five")
    if rank == Rank.SIX:
        return pgettext("a number rank in words", "six")
    if rank == Rank.SEVEN:
        return pgettext("a number rank in words", "seven")
    if rank == Rank.EIGHT:
        return pgettext("a number rank in words", "eight")
    if rank == Rank.NINE:
        return pgettext("a number rank in words", "nine")
    return pgettext("a number rank in words", "ten")


def plain_words(text: str) -> str:
    """``text`` as its bare words, to compare what was typed with what was said: small letters without
    accents, every mark between words (apostrophe, comma) a single space."""
    folded = unicodedata.normalize("NFKD", text.casefold().translate(_LIGATURES))
    bare = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return _NOT_WORD.sub(" ", bare).strip()


def _every_card() -> list[Card]:
    return [*(Card(rank, suit) for suit in Suit for rank in Rank), JOKER]


def card_names(card: Card) -> list[str]:
    """The names the game says ``card`` by in the current language: as in a list ("10 of stars"), with
    its article ("the 10 of stars"), its number spelled out ("ten of stars"), each also with the wild
    mark ("10 of stars, wild"). The first is the name as a list says it."""
    said = card_words(card, mark_wild=False)
    names = [said]
    if card.rank is not None:
        spelled = spelled_rank(card.rank)
        if spelled is not None:
            names.append(said.replace(str(int(card.rank)), spelled, 1))
    out: list[str] = []
    for name in names:
        article = the_card(card)[0]
        for form in (name, f"{article}{name}" if isinstance(article, str) else name):
            out.append(form)
            if card.rank is not None:
                out.append(_(WILD_CARD).format(card=form))
    return list(dict.fromkeys(out))


@lru_cache(maxsize=8)
def _names_in(lang: str) -> tuple[dict[str, Card], frozenset[str], frozenset[str]]:
    """For language ``lang`` (the current one when called): every card's names as bare words, the
    articles' words, and the wild mark's words. Made once per language: the catalog does not change."""
    assert lang == language()
    names: dict[str, Card] = {}
    for card in _every_card():
        for name in card_names(card):
            names.setdefault(plain_words(name), card)
    articles = {plain_words(part) for card in _every_card() for part in the_card(card)[:1] if isinstance(part, str)}
    wild = plain_words(_(WILD_CARD).format(card=""))
    return names, frozenset(a for a in articles if a), frozenset({wild} if wild else ())


def read_card(text: str) -> Card | None:
    """The card ``text`` names in the current language, whatever deck it is of (the game's rules say
    whether it has that card); None when it names none."""
    names, articles, wild_marks = _names_in(language())
    words = plain_words(text)
    tries = [words]
    for mark in wild_marks:
        if words.endswith(" " + mark):
            tries.append(words[: -len(mark) - 1])
    for attempt in list(tries):
        first, _space, rest = attempt.partition(" ")
        if first in articles and rest:
            tries.append(rest)
    for attempt in tries:
        if attempt in names:
            return names[attempt]
    return None
