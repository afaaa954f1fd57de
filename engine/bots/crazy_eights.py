"""Crazy Eights computer players, at three levels, each seeing only its own seat's view.

- easy: plays any card it may, at random (an eight as readily as another), draws when it has none,
  names the suit it holds most of.
- normal: plays the costliest card it may that is not an eight, an eight only when nothing else goes,
  names the suit it holds most of: the greedy floor.
- hard: keeps its eights for last; among the other cards weighs what it could play next on the card
  it leaves on top (the suit it holds most of), the suits an opponent was seen unable to follow (they
  drew rather than play), and, when an opponent is close to going out, the penalty a card would cost
  if kept; names the suit it holds most of, preferring one an opponent could not follow.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.actions import Action, Discard, Draw
from engine.bots.base import Choice, register_agent
from engine.cards import Card, Rank, standard_deck
from engine.events import Discarded, Drew, HandStarted, StockReshuffled, TurnStarted
from engine.rules.crazy_eights import (
    SUIT_CODES,
    CrazyEightsView,
    PassTurn,
    PlayEight,
    SuitNamed,
    card_points,
    decks_for,
)

__all__ = ["EasyEights", "HardEights", "NormalEights", "unfollowed_suits"]

GAME = "crazy-eights"


def _suit(card: Card) -> str:
    return card.suit.value if card.suit is not None else ""


def _held_suits(hand: Sequence[Card]) -> Counter[str]:
    """How many cards of each suit the hand holds, eights left out (they follow any suit)."""
    return Counter(_suit(c) for c in hand if c.rank != Rank.EIGHT)


def _most_held(hand: Sequence[Card], favour: Sequence[str] = ()) -> str:
    """The suit the hand holds most of (ties: the costlier cards, then a favoured suit, then the order)."""
    counts = _held_suits(hand)
    points = Counter({s: sum(card_points(c) for c in hand if _suit(c) == s and c.rank != Rank.EIGHT)
                      for s in SUIT_CODES})
    return max(SUIT_CODES, key=lambda s: (counts[s], s in favour, points[s], -SUIT_CODES.index(s)))


def _no_play(legal: Sequence[Action]) -> Choice:
    """Nothing to play: draw, or pass when no more drawing is allowed."""
    draw = next((a for a in legal if isinstance(a, Draw)), None)
    if draw is not None:
        return Choice(draw, "no_match")
    return Choice(next(a for a in legal if isinstance(a, PassTurn)), "no_match")


class NormalEights:
    """The costliest card that is not an eight; an eight only when nothing else goes."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: CrazyEightsView, legal: Sequence[Action]) -> Action:
        return self.explain(view, legal).action

    def explain(self, view: CrazyEightsView, legal: Sequence[Action]) -> Choice:
        plays = [a for a in legal if isinstance(a, Discard)]
        eights = [a for a in legal if isinstance(a, PlayEight)]
        if not plays and not eights:
            return _no_play(legal)
        if len(view.hand) == 1:
            return Choice((plays or eights)[0], "go_out")
        if not plays:
            suit = self.name_suit(view)
            return Choice(next(a for a in eights if a.suit == suit), "only_eight")
        return self.play(view, plays)

    def name_suit(self, view: CrazyEightsView) -> str:
        return _most_held(view.hand)

    def play(self, view: CrazyEightsView, plays: Sequence[Discard]) -> Choice:
        """The choice among the cards that are not eights (``plays``, at least one)."""
        best = max(plays, key=lambda a: (card_points(a.card), a.card.sort_key()))
        return Choice(best, "shed_highest")


class EasyEights(NormalEights):
    """Any card it may, at random."""

    level = "easy"

    def explain(self, view: CrazyEightsView, legal: Sequence[Action]) -> Choice:
        plays = [a for a in legal if isinstance(a, Discard)]
        eights = [a for a in legal if isinstance(a, PlayEight) and a.suit == self.name_suit(view)]
        if not plays and not eights:
            return _no_play(legal)
        return Choice(self.rng.choice([*plays, *eights]), "chosen")


def unfollowed_suits(view: Any) -> dict[int, set[str]]:
    """Per other seat, the suits it was seen unable (or unwilling) to follow this hand: it drew when that
    suit was the one to play, and has not played a card of it since. Read from the seat's own log."""
    out: dict[int, set[str]] = {}
    top: Card | None = None
    named: str | None = None
    drew_this_turn = False
    for ev in view.log:
        if isinstance(ev, HandStarted):
            out = {}
            top, named = ev.up_card, None
        elif isinstance(ev, TurnStarted):
            drew_this_turn = False
        elif isinstance(ev, Drew):
            if ev.seat != view.seat and not drew_this_turn and top is not None:
                out.setdefault(ev.seat, set()).add(named or _suit(top))
            drew_this_turn = True
        elif isinstance(ev, Discarded):
            top, named = ev.card, None
            out.get(ev.seat, set()).discard(_suit(ev.card))
        elif isinstance(ev, SuitNamed):
            named = ev.suit
    return out


def unseen_cards(view: Any) -> Counter[Card]:
    """The cards this seat has not seen where they are: the whole deck less its own hand and the pile
    played since the stock was last rebuilt (a rebuilt pile goes back among the unseen)."""
    out = Counter(standard_deck(decks_for(len(view.players)), jokers=0))
    pile: list[Card] = []
    for ev in view.log:
        if isinstance(ev, HandStarted):
            pile = [ev.up_card] if ev.up_card is not None else []
        elif isinstance(ev, Discarded):
            pile.append(ev.card)
        elif isinstance(ev, StockReshuffled):
            pile = pile[-1:]
    out.subtract(Counter(view.hand))
    out.subtract(Counter(pile))
    return +out


def chance_none(unseen: int, matching: int, held: int) -> float:
    """The chance that ``held`` cards drawn at random from ``unseen`` hold none of ``matching`` of them."""
    p = 1.0
    for i in range(held):
        if unseen - i <= 0:
            return 0.0
        p *= max(0, unseen - matching - i) / (unseen - i)
    return p


class HardEights(NormalEights):
    """Keeps eights for last, plays what the next player is least likely to follow, towards the suit it
    holds most of, and sheds its costliest cards when an opponent is close to going out."""

    level = "hard"
    #: Weights of a play's score: the chance the next player cannot follow it, cards of its suit kept to
    #: follow again, the penalty shed when an opponent is close to going out, the penalty shed otherwise.
    BLOCK = 15.0
    FOLLOW = 1.0
    DANGER_SHED = 0.3
    SHED = 0.02
    #: An opponent with this many cards or fewer is close to going out.
    CLOSE = 2

    def name_suit(self, view: CrazyEightsView) -> str:
        counts = _held_suits(view.hand)
        return max(SUIT_CODES, key=lambda s: (counts[s] + self.BLOCK * self._blocked(view, None, s), s))

    def _next(self, view: CrazyEightsView) -> int:
        return (view.seat + 1) % len(view.players)

    def _blocked(self, view: CrazyEightsView, card: Card | None, suit: str) -> float:
        """The chance the next player cannot follow ``card`` (None: an eight with ``suit`` named)."""
        unseen = unseen_cards(view)
        nxt = self._next(view)
        void = suit in unfollowed_suits(view).get(nxt, set())
        matching = 0
        for c, n in unseen.items():
            if c.rank == Rank.EIGHT or (not void and _suit(c) == suit) or (card is not None and c.rank == card.rank):
                matching += n
        return chance_none(sum(unseen.values()), matching, view.hand_sizes[nxt])

    def play(self, view: CrazyEightsView, plays: Sequence[Discard]) -> Choice:
        close = min(size for s, size in enumerate(view.hand_sizes) if s != view.seat) <= self.CLOSE
        best = max(plays, key=lambda a: (self._score(view, a.card, close), a.card.sort_key()))
        return Choice(best, "keep_following")

    def _score(self, view: CrazyEightsView, card: Card, close: bool) -> float:
        rest = list(view.hand)
        rest.remove(card)
        follow = sum(1 for c in rest if c.rank != Rank.EIGHT and c.suit == card.suit)
        score = self.BLOCK * self._blocked(view, card, _suit(card)) + self.FOLLOW * follow
        return score + card_points(card) * (self.DANGER_SHED if close else self.SHED)


def _factory(level: str) -> Any:
    classes = {"easy": EasyEights, "normal": NormalEights, "hard": HardEights}
    return lambda seed: classes[level](seed)


for _level in ("easy", "normal", "hard"):
    register_agent(GAME, _level, _factory(_level))
