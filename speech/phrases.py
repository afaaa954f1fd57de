"""Cards, hands and melds in words, as a player at the table would say them, in the chosen language.

Spoken lists need separators that survive text-to-speech: cards are joined with "; " wherever they
are listed (hands, melds, piles) so the ", wild" after a wild card cannot be heard as belonging to the
next card and a listener can count the cards; within a suit or rank group the short words are joined
with ", ". Every wild card is marked as wild wherever it is named, inside melds too; melds follow
each other with ", then ". Counting words ('1 card', '-1 point') and capitals are made here only.

Card names are whole phrases of the catalog, one per suit ("{rank} of hearts" is "{rank} de cœur"),
so a language can elide and agree ("10 d'étoiles", "as de pique"); an article before a card depends
on its rank in some languages, so it is asked with a context ("l'as", "la dame", "le 9", "un joker").

French words (the catalog's choices, kept the same everywhere):
    card            carte               joker           joker
    ace jack queen king      as, valet, dame, roi (numbers stay digits: "10 d'étoiles")
    of stars / hearts / clubs / spades / diamonds
                    d'étoiles / de cœur / de trèfle / de pique / de carreau (after "de": singular,
                    but "étoiles" plural, as printed on the cards)
    suits as headings: étoiles, cœurs, trèfles, piques, carreaux
    the card        l'as, la dame, le valet, le roi, le 9, un joker
    wild (a card)   atout: "7 de cœur, atout"; "the 7s are wild": "les 7 sont des atouts"
                    (the printed joker alone is "joker": "les 2 et les jokers sont des atouts", never
                    two things called "joker"; Spanish: comodín and joker)
    book / set      série ("série de 7", "série de dames", "série d'as")
    run             suite ("suite de cœur, 3 à 5")
    meld            combinaison         lay off         ajouter (à une combinaison)
    stock           pioche              discard pile    défausse
    draw            piocher             discard         défausser
    go out          sortir              hand (round)    manche; hand (cards held) main
    deal / dealer   distribuer / donneur             score, points   score, points
Plurals: 0 and 1 are singular ("0 point", "1 carte", "2 cartes"). French typography (a narrow
no-break space before ": ; ! ?") is made on the printed line by the language's description
(speech.languages.Language.typeset); the catalog keeps "; " between cards so screen readers pause alike.
Avoid "de {card}" and "à {card}" in a French sentence: "de le 9" must be "du 9", so write sentences
whose card is a direct object ("Vous défaussez le 9 de trèfle.").
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Rank, Suit
from engine.five_crowns_melds import is_wild, meld_kind
from speech.declension import Article, Declined, card_name, declined
from speech.english_card import EnglishCard, in_english
from speech.i18n import LANGUAGES, N_, Said, _, current, fill, in_language, language, ngettext, number, pgettext
from speech.languages import FEMININE, NEUTER

__all__ = [
    "CARD_SEPARATOR",
    "GAME_OVER",
    "MELD_SEPARATOR",
    "WILD_CARD",
    "EnglishCard",
    "Parts",
    "Phrase",
    "capital",
    "capital_parts",
    "card_count",
    "card_gender",
    "card_name",
    "card_words",
    "cards_parts",
    "cards_words",
    "count",
    "hand_words",
    "in_english",
    "is_feminine",
    "is_neuter",
    "join_words",
    "meld_order",
    "melds_parts",
    "melds_words",
    "of_suit",
    "points",
    "rank_plural",
    "rank_word",
    "suit_word",
    "the_card",
    "the_card_words",
]

#: Between whole cards in a spoken list.
CARD_SEPARATOR = "; "
#: Between whole melds: stronger than the cards' "; ", so a listener hears where a meld ends (translate
#: where joined: ``_(MELD_SEPARATOR)``).
MELD_SEPARATOR = N_(", then ")

#: A wild card named: a whole phrase, so a language puts the mark where it goes ("{card}, joker").
WILD_CARD = N_("{card}, wild")

#: Said when a key asks about a game that has ended.
GAME_OVER = N_("The game is over.")

_RANK_WORDS = {Rank.ACE: N_("ace"), Rank.JACK: N_("jack"), Rank.QUEEN: N_("queen"), Rank.KING: N_("king")}
_RANK_PLURALS = {Rank.ACE: N_("aces"), Rank.JACK: N_("jacks"), Rank.QUEEN: N_("queens"), Rank.KING: N_("kings")}
#: A card's whole name, per suit, so each language elides and agrees its own way.
_CARD_OF = {Suit.STARS: N_("{rank} of stars"), Suit.HEARTS: N_("{rank} of hearts"), Suit.CLUBS: N_("{rank} of clubs"),
            Suit.SPADES: N_("{rank} of spades"), Suit.DIAMONDS: N_("{rank} of diamonds")}
_OF_SUIT = {Suit.STARS: N_("of stars"), Suit.HEARTS: N_("of hearts"), Suit.CLUBS: N_("of clubs"),
            Suit.SPADES: N_("of spades"), Suit.DIAMONDS: N_("of diamonds")}
_SUIT_WORDS = {Suit.STARS: N_("stars"), Suit.HEARTS: N_("hearts"), Suit.CLUBS: N_("clubs"), Suit.SPADES: N_("spades"),
               Suit.DIAMONDS: N_("diamonds")}
_RUN_OF = {Suit.STARS: N_("run of stars, {low} to {high}"), Suit.HEARTS: N_("run of hearts, {low} to {high}"),
           Suit.CLUBS: N_("run of clubs, {low} to {high}"), Suit.SPADES: N_("run of spades, {low} to {high}"),
           Suit.DIAMONDS: N_("run of diamonds, {low} to {high}")}


def rank_word(rank: Rank) -> str:
    """'ace', '7', 'queen' in the current language ('as', '7', 'dame')."""
    word = _RANK_WORDS.get(rank)
    return _(word) if word else str(int(rank))


def rank_plural(rank: Rank) -> str:
    """'7s', 'queens', 'aces' as in '7s are wild' ('7', 'dames', 'as' in French)."""
    word = _RANK_PLURALS.get(rank)
    return _(word) if word else _("{n}s").format(n=int(rank))


def suit_word(suit: Suit) -> str:
    """The suit as a heading or on its own: 'hearts' ('cœurs')."""
    return _(_SUIT_WORDS[suit])


def of_suit(suit: Suit) -> str:
    """'of hearts' as it follows a noun: 'de cœur', "d'étoiles"."""
    return _(_OF_SUIT[suit])


def _suit_of_one(suit: Suit) -> str:
    """A suit naming one card in a rank group ('3s: hearts, clubs'): 'cœur', 'trèfle' in French."""
    if suit == Suit.STARS:
        return pgettext("the suit of one card", "stars")
    if suit == Suit.HEARTS:
        return pgettext("the suit of one card", "hearts")
    if suit == Suit.CLUBS:
        return pgettext("the suit of one card", "clubs")
    if suit == Suit.SPADES:
        return pgettext("the suit of one card", "spades")
    return pgettext("the suit of one card", "diamonds")

#: A message as parts: words, and cards kept as Card values so the announcer can show them in braille.
Parts = list[str | Card]


def count(n: int, word: str, plural: str | None = None) -> str:
    """'3 melds': English only, for words not yet in the catalog; a sentence to translate counts with
    ``ngettext("{n} meld", "{n} melds", abs(n)).format(n=n)`` instead."""
    return f"{n} {word if abs(n) == 1 else plural or word + 's'}"


def card_count(n: int) -> str:
    """'1 card', '12 cards', '-1 card' ('0 carte', '1 carte', '12 cartes')."""
    return ngettext("{n} card", "{n} cards", abs(n)).format(n=number(n))


def points(n: int) -> str:
    """'1 point', '-1 point', '20 points' ('0 point' in French, 'moins 230 points': espeak-ng's French
    voice would drop the minus sign)."""
    return ngettext("{n} point", "{n} points", abs(n)).format(n=number(n))


def card_gender(card: Card) -> str:
    """The card's grammatical gender in the current language ('la dame' but 'le valet'; 'la jota' but
    'el rey'), which a pronoun or participle referring to it agrees with."""
    return current().gender(card_name(card))


def is_feminine(card: Card) -> bool:
    """Whether a sentence about the card takes its feminine form in the current language."""
    return card_gender(card) == FEMININE


def is_neuter(card: Card) -> bool:
    """Whether a sentence about the card takes its neuter form in the current language ("das Ass": "wirf
    es ab"); only languages with a neuter have neuter cards."""
    return card_gender(card) == NEUTER


def capital(text: str) -> str:
    """The text as the start of a sentence: its first letter made capital, nothing else changed (an
    English twin too: speech.i18n.Said)."""
    up = text[:1].upper() + text[1:]
    if isinstance(text, Said):
        return Said(up, None if text.english is None else capital(text.english), text.fallback)
    return up


def capital_parts(parts: Sequence[str | Card]) -> list[str | Card]:
    """Message parts as the start of a sentence: 'The 9 of hearts', 'A joker'."""
    out = list(parts)
    if out and isinstance(out[0], str):
        out[0] = capital(out[0])
    return out


def the_card(card: Card, wild_rank: Rank | None = None, *, mid: bool = False) -> list[str | Card]:
    """'the 9 of clubs', 'the 2 of clubs, wild', 'a joker', as said in a sentence; ``mid``: words follow,
    so a wild's ', wild' is closed by a comma ('the 2 of clubs, wild, on meld 3')."""
    parts: list[str | Card] = [_article(card), *cards_parts([card], wild_rank)]
    wild = wild_rank is not None and not card.is_joker and card.rank == wild_rank
    return [*parts, ","] if mid and wild else parts



def _article(card: Card) -> Article:
    """'the ' or 'a ' before the card, as its rank asks in the current language ("l'", 'la ', 'le '),
    knowing the card's gender so a sentence in another case can decline it ("der " becomes "den ")."""
    words = _article_words(card)
    return Article(words, card_gender(card), words.english if isinstance(words, Said) else None)


def _article_words(card: Card) -> str:
    if card.rank is None:
        return pgettext("article before a joker", "a ")
    if card.rank == Rank.ACE:
        return pgettext("article before an ace", "the ")
    if card.rank == Rank.QUEEN:
        return pgettext("article before a queen", "the ")
    if card.rank == Rank.JACK:
        return pgettext("article before a jack", "the ")
    if card.rank == Rank.KING:
        return pgettext("article before a king", "the ")
    return pgettext("article before a number card", "the ")


class Phrase(str):
    """A phrase's words (an article and a card: "the 9 of clubs") as text for ``str.format``, which a
    translated sentence may still ask in a case: "Wirf {the_card:acc} ab." gives "den Pik-Buben"."""

    parts: tuple[str | Card, ...]

    def __new__(cls, parts: Sequence[str | Card]) -> Phrase:
        made = super().__new__(cls, _words(parts))
        made.parts = tuple(parts)
        return made

    def __format__(self, spec: str) -> str:
        if spec and spec in current().cases:
            return _words(declined(self.parts, spec, current()))
        return str.__format__(self, spec)


def _words(parts: Sequence[str | Card]) -> str:
    return "".join(p if isinstance(p, str) else card_words(p) for p in parts)


def the_card_words(card: Card, wild_rank: Rank | None = None) -> Phrase:
    """``the_card`` as text ("the 2 of clubs, wild"), for a sentence put together with ``str.format``."""
    return Phrase(the_card(card, wild_rank))


_GROUPS = (None, "suit", "rank")


def card_words(card: Card, wild_rank: Rank | None = None, *, mark_wild: bool = True) -> str:
    """'7 of hearts', '10 of stars', 'queen of spades', 'joker'; ', wild' when its rank is wild."""
    if isinstance(card, EnglishCard) and language() != LANGUAGES[0]:
        with in_language(LANGUAGES[0]):
            return card_words(Card(card.rank, card.suit), wild_rank, mark_wild=mark_wild)
    if card.rank is None or card.suit is None:
        text = _("joker")
    else:
        text = _(_CARD_OF[card.suit]).format(rank=rank_word(card.rank))
    if isinstance(card, Declined):  # "Pik-Bube" in the accusative is "Pik-Buben"
        text = current().decline(text, card_gender(card), card.case)
    if card.rank is None:
        return text
    if mark_wild and wild_rank is not None and card.rank == wild_rank:
        text = _(WILD_CARD).format(card=text)
    return text


def cards_words(cards: Sequence[Card], wild_rank: Rank | None = None) -> str:
    """Card by card, in the order given; 'no cards' for an empty list."""
    return CARD_SEPARATOR.join(card_words(c, wild_rank) for c in cards) if cards else _("no cards")


def cards_parts(
    cards: Sequence[Card], wild_rank: Rank | None = None, *, separator: str = CARD_SEPARATOR
) -> list[str | Card]:
    """A card list as message parts: cards stay Card values (the UI may show them in braille), the
    wild mark and separators are words."""
    if not cards:
        return [_("no cards")]
    parts: list[str | Card] = []
    for i, card in enumerate(cards):
        if i:
            parts.append(separator)
        if wild_rank is not None and card.rank is not None and card.rank == wild_rank:
            parts.extend(fill(_(WILD_CARD), card=card))
        else:
            parts.append(card)
    return parts


def join_words(items: Sequence[str], conjunction: str = N_("and")) -> str:
    """'Anna', 'Anna and Bob', 'Anna, Bob and you' ('Anna, Bob et vous'); a ``conjunction`` other than
    'and' is marked with ``N_`` by the caller and translated here."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {_(conjunction)} {items[-1]}"


def _jokers(n: int) -> str:
    return _("joker") if n == 1 else ngettext("{n} joker", "{n} jokers", n).format(n=n)


def hand_words(cards: Sequence[Card], wild_rank: Rank | None = None, *, group: str | None = None) -> str:
    """A hand card by card (group None), or grouped: by suit "hearts: 3, wild 7, queen; stars: 5;
    joker", or by rank "3s: hearts, clubs; wild 7s: spades; joker". Groups come in the deck's order."""
    if group not in _GROUPS:
        raise ValueError(f"group is one of None, 'suit', 'rank', not {group!r}")
    if not cards:
        return _("no cards")
    if group is None:
        return cards_words(cards, wild_rank)
    jokers = sum(1 for c in cards if c.is_joker)
    groups: list[str] = []
    if group == "suit":
        by_suit: dict[Suit, list[Rank]] = {}
        for c in sorted((c for c in cards if not c.is_joker), key=Card.sort_key):
            assert c.suit is not None and c.rank is not None
            by_suit.setdefault(c.suit, []).append(c.rank)
        for suit, ranks in by_suit.items():
            words = [_("wild {rank}").format(rank=rank_word(r)) if r == wild_rank else rank_word(r) for r in ranks]
            groups.append(_("{suit}: {ranks}").format(suit=suit_word(suit), ranks=", ".join(words)))
    else:
        by_rank: dict[Rank, list[Suit]] = {}
        for c in sorted((c for c in cards if not c.is_joker), key=Card.rank_key):
            assert c.suit is not None and c.rank is not None
            by_rank.setdefault(c.rank, []).append(c.suit)
        for rank, suits in by_rank.items():
            name = _("wild {ranks}").format(ranks=rank_plural(rank)) if rank == wild_rank else rank_plural(rank)
            groups.append(_("{ranks}: {suits}").format(ranks=name, suits=", ".join(_suit_of_one(s) for s in suits)))
    if jokers:
        groups.append(_jokers(jokers))
    return CARD_SEPARATOR.join(groups)


def _run_span(naturals: Sequence[Card], length: int) -> tuple[int, int]:
    """The ranks a run covers: spare wilds extend it upward to the king, then downward."""
    ranks = sorted(int(c.rank) for c in naturals if c.rank is not None)
    lo, hi = ranks[0], ranks[-1]
    spare = length - (hi - lo + 1)
    up = min(spare, int(Rank.KING) - hi) if spare > 0 else 0
    hi += up
    lo = max(lo - max(spare - up, 0), int(Rank.ACE))
    return lo, hi


def meld_order(meld: Sequence[Card], wild_rank: Rank | None) -> tuple[str, list[Card]]:
    """The meld's spoken name and its cards in listening order (a run's wilds stand in their gaps)."""
    kind = meld_kind(meld, wild_rank)
    wilds = [c for c in meld if is_wild(c, wild_rank)]
    naturals = [c for c in meld if not is_wild(c, wild_rank)]
    if kind == "book":
        if naturals and naturals[0].rank is not None:
            return _book_of(naturals[0].rank), naturals + wilds
        if wild_rank is not None and all(c.rank == wild_rank for c in meld):
            return _book_of(wild_rank), list(meld)
        return _("book of wilds"), list(meld)
    if kind == "run" and naturals:
        suit = naturals[0].suit
        assert suit is not None
        lo, hi = _run_span(naturals, len(meld))
        by_rank = {int(c.rank): c for c in naturals if c.rank is not None}
        spare = list(wilds)
        ordered: list[Card] = []
        for r in range(lo, hi + 1):
            ordered.append(by_rank[r] if r in by_rank else (spare.pop(0) if spare else by_rank.get(r, meld[0])))
        ordered += spare
        return _(_RUN_OF[suit]).format(low=rank_word(Rank(lo)), high=rank_word(Rank(hi))), ordered
    if kind == "run":
        return _("run of wilds"), list(meld)
    return _("meld"), list(meld)


def _book_of(rank: Rank) -> str:
    """'book of 7s', 'book of queens'; aces have their own phrase ("série d'as": French elides)."""
    if rank == Rank.ACE:
        return _("book of aces")
    return _("book of {ranks}").format(ranks=rank_plural(rank))


def melds_parts(melds: Sequence[Sequence[Card]], wild_rank: Rank | None) -> list[str | Card]:
    """Melds as message parts, every wild marked and every card counted apart: 'book of 7s: 7 of
    hearts; 7 of clubs; joker, then run of hearts, 3 to 5: 3 of hearts; 4 of hearts; 7 of spades, wild'."""
    if not melds:
        return [_("no melds")]
    parts: list[str | Card] = []
    for i, meld in enumerate(melds):
        if i:
            parts.append(_(MELD_SEPARATOR))
        name, ordered = meld_order(meld, wild_rank)
        parts.append(_("{meld}: ").format(meld=name))
        parts += cards_parts(ordered, wild_rank)
    return parts


def melds_words(melds: Sequence[Sequence[Card]], wild_rank: Rank | None) -> str:
    return "".join(p if isinstance(p, str) else card_words(p) for p in melds_parts(melds, wild_rank))
