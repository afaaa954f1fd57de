"""Hand judgments for Five Crowns players, memoised for the hand in play.

One decision asks the arranger about many hands that differ by a card or two (the hand less each
possible discard, plus each card the stock might give), and the next decision asks again about most of
them. The arranger keeps no cache between calls, so the judge keeps one, cleared when a new hand (a new
wild rank) is dealt. Hands are keyed by the sorted small-integer codes of their cards: a card is hashed
once per question instead of once per card per question, which matters at tens of thousands of
questions a game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from engine.arrange_five_crowns import arrange
from engine.cards import JOKER, Card, Rank, Suit
from engine.five_crowns_melds import MAX_RUN_RANK, MIN_RUN_RANK, card_points, is_wild

__all__ = ["Judge", "Key", "Lay", "card_code", "code_card", "near_cards", "wild_stand_in"]

#: Memo size past which the judge starts over; a whole 13-card hand asks about a few thousand hands.
MEMO_LIMIT = 60_000

#: A hand as the sorted codes of its cards.
Key = tuple[int, ...]

_SUITS = tuple(Suit)
_CARD_OF: dict[int, Card] = {0: JOKER}
for _s, _suit in enumerate(_SUITS):
    for _r in Rank:
        _CARD_OF[_s * 16 + int(_r)] = Card(_r, _suit)
_CODE_OF: dict[Card, int] = {card: code for code, card in _CARD_OF.items()}


def card_code(card: Card) -> int:
    """A small integer per distinct card (0 for the joker), for keys."""
    return _CODE_OF[card]


def code_card(code: int) -> Card:
    return _CARD_OF[code]


@dataclass(frozen=True, slots=True)
class Lay:
    """The best lay-down of a set of cards, summarised for scoring."""

    points: int
    deadwood: tuple[Card, ...]


class Judge:
    """Arrangements of one hand's cards, cached by content."""

    def __init__(self) -> None:
        self.wild_rank: Rank | None = None
        self.all_wild_melds = True
        self._memo: dict[Key, Lay] = {}
        #: Arranger calls made (the rest were answered from the memo): for benchmarks.
        self.solves = 0

    def reset(self, wild_rank: Rank | None, all_wild_melds: bool) -> None:
        """Start a new hand: what was true under the old wild rank is not true now."""
        if wild_rank != self.wild_rank or all_wild_melds != self.all_wild_melds:
            self._memo.clear()
        self.wild_rank = wild_rank
        self.all_wild_melds = all_wild_melds

    def points_of(self, card: Card) -> int:
        return card_points(card, self.wild_rank)

    def is_wild(self, card: Card) -> bool:
        return is_wild(card, self.wild_rank)

    @staticmethod
    def key(cards: Iterable[Card]) -> Key:
        return tuple(sorted(_CODE_OF[c] for c in cards))

    @staticmethod
    def plus(key: Key, card: Card) -> Key:
        return tuple(sorted((*key, _CODE_OF[card])))

    @staticmethod
    def minus(key: Key, card: Card) -> Key:
        code = _CODE_OF[card]
        i = key.index(code)
        return key[:i] + key[i + 1 :]

    def lay(self, key: Key) -> Lay:
        got = self._memo.get(key)
        if got is None:
            if len(self._memo) >= MEMO_LIMIT:
                self._memo.clear()
            self.solves += 1
            arr = arrange([_CARD_OF[c] for c in key], self.wild_rank, all_wild_melds=self.all_wild_melds)
            got = self._memo[key] = Lay(arr.points, arr.deadwood)
        return got

    def points(self, key: Key) -> int:
        return self.lay(key).points

    def discard_points(self, key: Key) -> dict[Card, int]:
        """For each distinct card: the points left by the best lay-down of the others."""
        out: dict[Card, int] = {}
        last = -1
        for i, code in enumerate(key):
            if code != last:
                out[_CARD_OF[code]] = self.lay(key[:i] + key[i + 1 :]).points
                last = code
        return out

    def best_after_draw(self, kept: Key, drawn: Card) -> tuple[int, bool]:
        """Points after drawing ``drawn`` onto ``kept`` and throwing the costliest deadwood card, and
        whether that turn could go out. Exact enough to rank draws; the exact value needs one solve
        per discard, which a decision cannot afford for every card the stock might give."""
        lay = self.lay(self.plus(kept, drawn))
        if len(lay.deadwood) <= 1:
            return 0, True
        return lay.points - max(card_points(c, self.wild_rank) for c in lay.deadwood), False


@lru_cache(maxsize=2048)
def near_cards(card: Card, wild_rank: Rank | None) -> tuple[Card, ...]:
    """Naturals that could meld with ``card``: its rank in every suit, and its suit two ranks either side."""
    if card.rank is None or card.suit is None or card.rank == wild_rank:
        return ()
    out = [_CARD_OF[s * 16 + int(card.rank)] for s in range(len(_SUITS))]
    r = int(card.rank)
    base = _SUITS.index(card.suit) * 16
    for d in (-2, -1, 1, 2):
        if MIN_RUN_RANK <= r + d <= MAX_RUN_RANK and r + d != wild_rank:
            out.append(_CARD_OF[base + r + d])
    return tuple(out)


def wild_stand_in(wild_rank: Rank | None) -> Card:
    """One card to stand for 'any wild' when weighing draws: they all meld the same way."""
    if wild_rank is None or wild_rank < MIN_RUN_RANK:
        return JOKER
    return Card(wild_rank, Suit.STARS)
