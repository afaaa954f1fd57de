"""Gin Rummy computer players, at three levels, each seeing only its own seat's view.

- easy: takes the up card only when it makes a meld at once, throws one of its costlier loose cards
  more or less at random, knocks as soon as it can.
- normal: takes the discard when that leaves less deadwood after its discard, throws the card that
  leaves the least deadwood (the costlier on a tie), knocks as soon as it can.
- hard: takes the discard only when it goes into a meld (never to swap a costlier card for it, which
  gains little and tells the opponent what it collects); keeps track of what its opponent took from
  the discard pile and threw (only what its seat saw); weighs a throw by the deadwood left, the unseen
  cards that would still meld with what it keeps, and the danger of feeding a card that fits the
  opponent's pick-ups; and knocks by a rule: gin always, otherwise at once while the stock holds 20
  cards or more, later only with 6 points of deadwood or less (an opponent who has had time to meld
  undercuts a high knock).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, Discard, Draw
from engine.arrange_gin import arrange_gin, card_points
from engine.bots.base import Choice, register_agent
from engine.cards import Card, standard_deck
from engine.events import Discarded, Drew, HandStarted
from engine.rules.gin_rummy import GinView, Knock, PassUpcard, UpcardPassed

__all__ = ["EasyGin", "HardGin", "NormalGin", "Seen", "seen_cards"]

GAME = "gin-rummy"
_DECK = tuple(standard_deck(1, jokers=0))


def _left_after(hand: Sequence[Card], card: Card) -> int:
    return arrange_gin([c for c in hand if c != card]).points


def _best_throw(hand: Sequence[Card], banned: Card | None) -> tuple[int, Card]:
    """The least deadwood a throw leaves and the card (the costlier card on a tie)."""
    left, _, _, card = min((_left_after(hand, c), -card_points(c), c.sort_key(), c) for c in hand if c != banned)
    return left, card


def _take_helps(view: GinView) -> tuple[bool, int]:
    """Whether taking the discard top leaves less deadwood after the best throw, and what it leaves."""
    top = view.discard_top
    if top is None:
        return False, arrange_gin(view.hand).points
    after, _ = _best_throw([*view.hand, top], top)
    return after < arrange_gin(view.hand).points, after


class NormalGin:
    """The greedy floor every stronger player is measured against."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: GinView, legal: Sequence[Action]) -> Action:
        return self.explain(view, legal).action

    def explain(self, view: GinView, legal: Sequence[Action]) -> Choice:
        seat = view.seat
        if any(isinstance(a, PassUpcard) for a in legal) or any(isinstance(a, Draw) for a in legal):
            return self._draw(view, legal)
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            best = min(knocks, key=lambda a: (a.card is not None, _knock_left(view.hand, a)))
            return Choice(best, "go_out", points=_knock_left(view.hand, best))
        left, card = _best_throw(view.hand, view.taken)
        return Choice(Discard(seat, card), "fewest_points", points=left)

    def _draw(self, view: GinView, legal: Sequence[Action]) -> Choice:
        helps, after = _take_helps(view)
        take = next((a for a in legal if isinstance(a, Draw) and a.source == "discard"), None)
        if helps and take is not None:
            return Choice(take, "take_fewer_points", points=after)
        other = next((a for a in legal if isinstance(a, PassUpcard)), None) or next(
            a for a in legal if isinstance(a, Draw) and a.source == "stock")
        return Choice(other, "up_card_no_help" if isinstance(other, PassUpcard) else "stock_better", points=after)


def _knock_left(hand: Sequence[Card], knock: Knock) -> int:
    return arrange_gin(hand).points if knock.card is None else _left_after(hand, knock.card)


class EasyGin:
    """A beginner: sees melds made at once, throws loosely, knocks whenever it can."""

    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(f"gin easy {seed}")

    def choose(self, view: GinView, legal: Sequence[Action]) -> Action:
        seat = view.seat
        take = next((a for a in legal if isinstance(a, Draw) and a.source == "discard"), None)
        if any(isinstance(a, PassUpcard | Draw) for a in legal):
            top = view.discard_top
            if take is not None and top is not None:
                melds_now = any(top in m for m in arrange_gin([*view.hand, top]).melds)
                if melds_now and self.rng.random() < 0.7:
                    return take
            plain = (a for a in legal if isinstance(a, PassUpcard) or (isinstance(a, Draw) and a.source == "stock"))
            return next(plain, legal[0])
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            return min(knocks, key=lambda a: _knock_left(view.hand, a))
        loose = [c for c in arrange_gin(view.hand).deadwood if c != view.taken] or [
            c for c in view.hand if c != view.taken]
        loose.sort(key=card_points, reverse=True)
        return Discard(seat, self.rng.choice(loose[:3]))


@dataclass(frozen=True, slots=True)
class Seen:
    """What one seat knows of its opponent this hand: the cards it took from the discard pile and still
    holds, the cards it threw or refused, and every card seen out of play (the discard pile)."""

    picked: frozenset[Card]
    refused: frozenset[Card]
    out: frozenset[Card]


def seen_cards(view: GinView) -> Seen:
    """Read this hand's part of the seat's log: only events the seat saw (the others' stock draws are
    hidden from it by the engine)."""
    start = 0
    for i in range(len(view.log) - 1, -1, -1):
        if isinstance(view.log[i], HandStarted):
            start = i
            break
    picked: set[Card] = set()
    refused: set[Card] = set()
    up: Card | None = None
    for ev in view.log[start:]:
        if isinstance(ev, HandStarted):
            up = ev.up_card
        elif isinstance(ev, UpcardPassed) and ev.seat != view.seat and up is not None:
            refused.add(up)
        elif isinstance(ev, Drew) and ev.seat != view.seat and ev.source == "discard" and ev.card is not None:
            picked.add(ev.card)
        elif isinstance(ev, Discarded) and ev.seat != view.seat:
            picked.discard(ev.card)
            refused.add(ev.card)
    return Seen(frozenset(picked), frozenset(refused), frozenset(view.discard))


def _fits(a: Card, b: Card) -> bool:
    """Whether two cards could meet in a meld (same rank, or same suit within two)."""
    assert a.rank is not None and b.rank is not None
    return a.rank == b.rank or (a.suit == b.suit and 0 < abs(int(a.rank) - int(b.rank)) <= 2)


def _outs(kept: Sequence[Card], unseen: Sequence[Card]) -> int:
    """Unseen cards that would meld with two cards kept (a third of a pair, a run's end or middle)."""
    held = set(kept)
    count = 0
    for u in unseen:
        assert u.rank is not None
        r, s = int(u.rank), u.suit
        same = sum(1 for c in kept if c.rank == u.rank)
        near = {int(c.rank) for c in held if c.suit == s and c.rank is not None}
        if same >= 2 or {r - 1, r - 2} <= near or {r + 1, r + 2} <= near or {r - 1, r + 1} <= near:
            count += 1
    return count


class HardGin(NormalGin):
    """Greedy, plus memory of the opponent's pick-ups and throws, and a knocking rule."""

    level = "hard"
    #: Weight of one unseen card that would meld, and of a throw that fits the opponent's pick-ups.
    OUT_WEIGHT = 0.6
    DANGER = 4.0
    #: Knock at once while the stock holds at least this many cards; later only with this little.
    EARLY_STOCK = 20
    LATE_LIMIT = 6

    def explain(self, view: GinView, legal: Sequence[Action]) -> Choice:
        if any(isinstance(a, PassUpcard | Draw) for a in legal):
            return self._draw(view, legal)
        seen = seen_cards(view)
        unseen = [c for c in _DECK if c not in view.hand and c not in seen.out and c not in seen.picked]
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            best = min(knocks, key=lambda a: (a.card is not None, _knock_left(view.hand, a)))
            left = _knock_left(view.hand, best)
            if left == 0 or self._knock_now(view, left):
                return Choice(best, "go_out", points=left)
        throws = [c for c in view.hand if c != view.taken]
        score = {c: self._throw_score(view.hand, c, unseen, seen) for c in throws}
        card = min(throws, key=lambda c: (score[c], -card_points(c), c.sort_key()))
        return Choice(Discard(view.seat, card), "best_prospects", points=_left_after(view.hand, card))

    def _draw(self, view: GinView, legal: Sequence[Action]) -> Choice:
        """As normal, but the discard is taken only when it goes into a meld, never merely to swap a
        costlier card for it: the swap gains a few points and tells the opponent what is collected."""
        choice = super()._draw(view, legal)
        top = view.discard_top
        if top is None or not (isinstance(choice.action, Draw) and choice.action.source == "discard"):
            return choice
        _, throw = _best_throw([*view.hand, top], top)
        if any(top in meld for meld in arrange_gin([c for c in [*view.hand, top] if c != throw]).melds):
            return choice
        other = next((a for a in legal if isinstance(a, PassUpcard)), None) or next(
            a for a in legal if isinstance(a, Draw) and a.source == "stock")
        return Choice(other, "up_card_no_help" if isinstance(other, PassUpcard) else "stock_better",
                      points=choice.points)

    def _knock_now(self, view: GinView, left: int) -> bool:
        return view.stock_size >= self.EARLY_STOCK or left <= self.LATE_LIMIT

    def _throw_score(self, hand: Sequence[Card], card: Card, unseen: Sequence[Card], seen: Seen) -> float:
        kept = [c for c in hand if c != card]
        danger = sum(1 for p in seen.picked if _fits(card, p))
        safe = any(r.rank == card.rank for r in seen.refused)
        return (arrange_gin(kept).points - self.OUT_WEIGHT * _outs(kept, unseen)
                + self.DANGER * danger - (1.0 if safe else 0.0))


def _factory(level: str) -> Any:
    classes = {"easy": EasyGin, "normal": NormalGin, "hard": HardGin}
    return lambda seed: classes[level](seed)


for _level in ("easy", "normal", "hard"):
    register_agent(GAME, _level, _factory(_level))
