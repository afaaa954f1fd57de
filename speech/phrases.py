"""Cards, hands and melds in words, as a player at the table would say them.

Spoken lists need separators that survive text-to-speech: cards are joined with "; " wherever they
are listed (hands, melds, piles) so the ", wild" after a wild card cannot be heard as belonging to the
next card and a listener can count the cards; within a suit or rank group the short words are joined
with ", ". Every wild card is marked as wild wherever it is named, inside melds too; melds follow
each other with ", then ". Counting words ('1 card', '-1 point') and capitals are made here only.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Rank, Suit
from engine.melds import is_wild, meld_kind

__all__ = [
    "CARD_SEPARATOR",
    "GAME_OVER",
    "MELD_SEPARATOR",
    "Parts",
    "capital",
    "capital_parts",
    "card_count",
    "card_words",
    "cards_parts",
    "cards_words",
    "count",
    "hand_words",
    "join_words",
    "meld_order",
    "melds_parts",
    "melds_words",
    "points",
    "the_card",
]

#: Between whole cards in a spoken list.
CARD_SEPARATOR = "; "
#: Between whole melds: stronger than the cards' "; ", so a listener hears where a meld ends.
MELD_SEPARATOR = ", then "

#: Said when a key asks about a game that has ended.
GAME_OVER = "The game is over."

#: A message as parts: words, and cards kept as Card values so the announcer can show them in braille.
Parts = list[str | Card]


def count(n: int, word: str, plural: str | None = None) -> str:
    """'1 card', '3 cards', '0 cards', '-1 card': the one way a number and its noun are said."""
    return f"{n} {word if abs(n) == 1 else plural or word + 's'}"


def card_count(n: int) -> str:
    """'1 card', '12 cards'."""
    return count(n, "card")


def points(n: int) -> str:
    """'1 point', '-1 point', '20 points'."""
    return count(n, "point")


def capital(text: str) -> str:
    """The text as the start of a sentence: its first letter made capital, nothing else changed."""
    return text[:1].upper() + text[1:]


def capital_parts(parts: Sequence[str | Card]) -> list[str | Card]:
    """Message parts as the start of a sentence: 'The 9 of hearts', 'A joker'."""
    out = list(parts)
    if out and isinstance(out[0], str):
        out[0] = capital(out[0])
    return out


def the_card(card: Card, wild_rank: Rank | None = None, *, mid: bool = False) -> list[str | Card]:
    """'the 9 of clubs', 'the 2 of clubs, wild', 'a joker', as said in a sentence; ``mid``: words follow,
    so a wild's ', wild' is closed by a comma ('the 2 of clubs, wild, on meld 3')."""
    parts: list[str | Card] = ["a " if card.is_joker else "the ", *cards_parts([card], wild_rank)]
    wild = wild_rank is not None and not card.is_joker and card.rank == wild_rank
    return [*parts, ","] if mid and wild else parts

_GROUPS = (None, "suit", "rank")


def card_words(card: Card, wild_rank: Rank | None = None, *, mark_wild: bool = True) -> str:
    """'7 of hearts', '10 of stars', 'queen of spades', 'joker'; ', wild' when its rank is wild."""
    if card.rank is None or card.suit is None:
        return "joker"
    text = f"{card.rank.word} of {card.suit.word}"
    if mark_wild and wild_rank is not None and card.rank == wild_rank:
        text += ", wild"
    return text


def cards_words(cards: Sequence[Card], wild_rank: Rank | None = None) -> str:
    """Card by card, in the order given; 'no cards' for an empty list."""
    return CARD_SEPARATOR.join(card_words(c, wild_rank) for c in cards) if cards else "no cards"


def cards_parts(
    cards: Sequence[Card], wild_rank: Rank | None = None, *, separator: str = CARD_SEPARATOR
) -> list[str | Card]:
    """A card list as message parts: cards stay Card values (the UI may show them in braille), the
    wild mark and separators are words."""
    if not cards:
        return ["no cards"]
    parts: list[str | Card] = []
    for i, card in enumerate(cards):
        if i:
            parts.append(separator)
        parts.append(card)
        if wild_rank is not None and card.rank is not None and card.rank == wild_rank:
            parts.append(", wild")
    return parts


def join_words(items: Sequence[str], conjunction: str = "and") -> str:
    """'Anna', 'Anna and Bob', 'Anna, Bob and you'."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def _jokers(n: int) -> str:
    return "joker" if n == 1 else f"{n} jokers"


def hand_words(cards: Sequence[Card], wild_rank: Rank | None = None, *, group: str | None = None) -> str:
    """A hand card by card (group None), or grouped: by suit "hearts: 3, wild 7, queen; stars: 5;
    joker", or by rank "3s: hearts, clubs; wild 7s: spades; joker". Groups come in the deck's order."""
    if group not in _GROUPS:
        raise ValueError(f"group is one of None, 'suit', 'rank', not {group!r}")
    if not cards:
        return "no cards"
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
            words = [f"wild {r.word}" if r == wild_rank else r.word for r in ranks]
            groups.append(f"{suit.word}: {', '.join(words)}")
    else:
        by_rank: dict[Rank, list[Suit]] = {}
        for c in sorted((c for c in cards if not c.is_joker), key=Card.rank_key):
            assert c.suit is not None and c.rank is not None
            by_rank.setdefault(c.rank, []).append(c.suit)
        for rank, suits in by_rank.items():
            name = f"wild {rank.plural}" if rank == wild_rank else rank.plural
            groups.append(f"{name}: {', '.join(s.word for s in suits)}")
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
            return f"book of {naturals[0].rank.plural}", naturals + wilds
        if wild_rank is not None and all(c.rank == wild_rank for c in meld):
            return f"book of {wild_rank.plural}", list(meld)
        return "book of wilds", list(meld)
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
        return f"run of {suit.word}, {Rank(lo).word} to {Rank(hi).word}", ordered
    if kind == "run":
        return "run of wilds", list(meld)
    return "meld", list(meld)


def melds_parts(melds: Sequence[Sequence[Card]], wild_rank: Rank | None) -> list[str | Card]:
    """Melds as message parts, every wild marked and every card counted apart: 'book of 7s: 7 of
    hearts; 7 of clubs; joker, then run of hearts, 3 to 5: 3 of hearts; 4 of hearts; 7 of spades, wild'."""
    if not melds:
        return ["no melds"]
    parts: list[str | Card] = []
    for i, meld in enumerate(melds):
        if i:
            parts.append(MELD_SEPARATOR)
        name, ordered = meld_order(meld, wild_rank)
        parts.append(f"{name}: ")
        parts += cards_parts(ordered, wild_rank)
    return parts


def melds_words(melds: Sequence[Sequence[Card]], wild_rank: Rank | None) -> str:
    return "".join(p if isinstance(p, str) else card_words(p) for p in melds_parts(melds, wild_rank))
