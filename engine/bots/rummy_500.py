"""Rummy 500 computer players, at three levels, each seeing only its own seat's view.

A hand is worth what it could put down less what it would be left holding (its *position*, from the
best melding, engine.arrange_rummy_500). Every level puts down every meld and lay-off it finds: a card
on the table scores and can no longer be caught in hand.

- easy: draws from the stock, or takes the pile's top card when it melds at once; throws a loose card
  more or less at random.
- normal: takes from the pile at the depth whose cards improve its position most, when that beats
  drawing; throws the loose card that leaves the best position (the costlier on a tie).
- hard: the same weighing, but a card kept loose costs more as the stock runs down (it will likely be
  caught in hand), and cards one short of a meld are worth keeping; it never throws a card that fits a
  meld on the table (the next player would lay it off and score it) while another could go, and
  prefers throws the opponents have not been seen collecting.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.actions import Action, Discard, Draw
from engine.arrange_rummy_500 import arrange_rummy_500, card_value, cards_value, fits
from engine.bots.base import Choice, register_agent
from engine.cards import Card, Rank
from engine.rules.rummy_500 import LayOff, Meld, R500View, TakePile, TookPile

__all__ = ["Rummy500Agent", "position"]

GAME = "rummy-500"
#: What drawing from the stock is expected to add to a position (a card seldom melds at once).
STOCK_DRAW = 2.0


def position(hand: Sequence[Card], keep_weight: float = 1.0) -> float:
    """What the hand could put down less what it would keep, kept cards weighted by ``keep_weight``."""
    arr = arrange_rummy_500(hand)
    return arr.melded_value - keep_weight * arr.left_value


def _near(card: Card, others: Sequence[Card]) -> bool:
    """Whether ``card`` is one card short of a meld with the others (a pair, or two of a run)."""
    for o in others:
        if o == card or o.rank is None or card.rank is None:
            continue
        if o.rank == card.rank:
            return True
        if o.suit == card.suit and abs(_run_value(o) - _run_value(card)) <= 2:
            return True
    return False


def _run_value(card: Card) -> int:
    return 14 if card.rank == Rank.ACE else int(card.rank or 0)


class Rummy500Agent:
    def __init__(self, level: str, seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return self.explain(view, legal).action

    def explain(self, view: R500View, legal: Sequence[Action]) -> Choice:
        if len(legal) == 1:
            return Choice(legal[0], "only")
        if view.phase == "draw":
            return self._draw(view, legal)
        play = self._play(view, legal)
        if play is not None:
            return play
        return self._discard(view, legal)

    # ----------------------------------------------------------------- weights
    def _keep_weight(self, view: R500View) -> float:
        """How much a card still held weighs: more as the stock runs down (hard only)."""
        if self.level != "hard":
            return 1.0
        return 1.0 + max(0, 16 - view.stock_size) / 8

    def _worth(self, view: R500View, hand: Sequence[Card]) -> float:
        weight = self._keep_weight(view)
        value = position(hand, weight)
        if self.level == "hard":
            left = arrange_rummy_500(hand).left
            value += sum(0.5 * card_value(c) for c in left if _near(c, left)) * (view.stock_size > 8)
        return value

    # ----------------------------------------------------------------- the draw
    def _draw(self, view: R500View, legal: Sequence[Action]) -> Choice:
        stock = next((a for a in legal if isinstance(a, Draw)), None)
        takes = [a for a in legal if isinstance(a, TakePile)]
        if self.level == "easy":
            top = [a for a in takes if a.count == 1]
            if top and (stock is None or self.rng.random() < 0.7):
                return Choice(top[0], "meld_worth", points=self._used_value(view, top[0]))
            return Choice(stock or legal[0], "chosen")
        base = self._worth(view, view.hand) + STOCK_DRAW
        best: tuple[float, TakePile] | None = None
        for take in takes:
            got = self._worth(view, [*view.hand, *view.discard[-take.count:]])
            if take.meld:
                got = max(got, self._worth(view, [c for c in [*view.hand, *view.discard[-take.count:]]
                                                   if c not in take.meld]) + cards_value(take.meld))
            else:
                got += card_value(view.discard[-take.count])
            if best is None or got > best[0]:
                best = (got, take)
        if best is not None and (best[0] > base or stock is None):
            return Choice(best[1], "meld_worth", points=self._used_value(view, best[1]))
        return Choice(stock or legal[0], "stock_better" if best is None else "chosen")

    @staticmethod
    def _used_value(view: R500View, take: TakePile) -> int:
        return cards_value(take.meld) if take.meld else card_value(view.discard[-take.count])

    # ----------------------------------------------------------------- melds and lay-offs
    def _play(self, view: R500View, legal: Sequence[Action]) -> Choice | None:
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            wanted = {frozenset(m) for m in arrange_rummy_500(view.hand).melds}
            chosen = [m for m in melds if frozenset(m.cards) in wanted] or (melds if self.level == "easy" else [])
            if chosen:
                best = max(chosen, key=lambda m: (cards_value(m.cards), len(m.cards)))
                return Choice(best, "meld_worth", points=cards_value(best.cards))
        offs = [a for a in legal if isinstance(a, LayOff)]
        if offs:
            loose = set(arrange_rummy_500(view.hand).left)
            chosen_offs = [a for a in offs if a.card in loose]
            if chosen_offs:
                best_off = max(chosen_offs, key=lambda a: card_value(a.card))
                return Choice(best_off, "meld_worth", points=card_value(best_off.card))
        return None

    # ----------------------------------------------------------------- the discard
    def _discard(self, view: R500View, legal: Sequence[Action]) -> Choice:
        throws = [a for a in legal if isinstance(a, Discard)]
        if not throws:
            return Choice(legal[0], "chosen")
        hand = list(view.hand)
        if self.level == "easy":
            loose = set(arrange_rummy_500(hand).left)
            pool = [a for a in throws if a.card in loose] or throws
            pick = self.rng.choice(pool)
            return Choice(pick, "chosen")
        scored: list[tuple[float, Discard]] = []
        wanted = self._wanted(view) if self.level == "hard" else set()
        table = [m.all_cards for m in view.table]
        for a in throws:
            rest = [c for c in hand if c != a.card]
            value = self._worth(view, rest) + 0.01 * card_value(a.card)
            if self.level == "hard":
                if any(fits(a.card, m) for m in table):
                    value -= 20
                if a.card in wanted:
                    value -= 6
            scored.append((value, a))
        value, best = max(scored, key=lambda s: (s[0], s[1].card.sort_key()))
        rest = [c for c in hand if c != best.card]
        return Choice(best, "best_prospects", points=arrange_rummy_500(rest).left_value)

    @staticmethod
    def _wanted(view: R500View) -> set[Card]:
        """Cards that would meld with what the opponents were seen taking from the pile this hand."""
        taken: list[Card] = []
        for ev in view.log:
            if isinstance(ev, TookPile) and ev.seat != view.seat:
                taken += ev.cards
        out: set[Card] = set()
        for c in view.hand:
            if _near(c, taken):
                out.add(c)
        return out


def _factory(level: str) -> Any:
    return lambda seed: Rummy500Agent(level, seed)


for _level in ("easy", "normal", "hard"):
    register_agent(GAME, _level, _factory(_level))
