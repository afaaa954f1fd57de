"""The hard Five Crowns player: it counts cards, reads the next player, and plays the race to go out.

A hand is a race: whoever goes out first scores nothing and leaves everyone else one turn to shed
what they can. So a kept hand is worth its points now, less what the next draw is expected to take off
(averaged over every card still unseen, weighted by how many copies are unseen), less a bonus for the
chance that the next draw lets it go out — the points the others would be caught holding, counted only
if they do not go out first. Throws that the next player is seen collecting are charged extra.

Going out is taken at once: a hand that melds scores nothing whenever it is declared, and every turn of
delay is a turn for the others to shed points or go out. On the last turn, after someone has gone
out, only points matter: the draw and discard that leave the fewest points win (engine.bots.last_turn:
the stock's mean worked out over every unseen card), ties going to the throw the next player is least
likely to want.

The player is deterministic: no random choices and no clocks, so a seed and a deal replay identically.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action, Discard, Draw, GoOut
from engine.bots.base import Choice
from engine.bots.feeding import feed_risk
from engine.bots.judge import Judge, Key, Lay, code_card, near_cards, wild_stand_in
from engine.bots.knowledge import Knowledge, read_knowledge
from engine.bots.last_turn import expected_after_stock
from engine.cards import Card
from engine.rules.five_crowns import FiveCrownsView

__all__ = ["HardFiveCrowns"]

#: Throws considered in full: the cheapest few by points left, within this many points of the cheapest.
CANDIDATES = 8
CANDIDATE_MARGIN = 40
#: Points one sure feed to the next player is reckoned to cost us.
FEED_COST = 10.0
#: Opponent going-out chance per turn: base plus growth per turn they have had this hand, capped.
HAZARD_BASE = 0.08
HAZARD_GROWTH = 0.04
HAZARD_CAP = 0.5
#: Points an opponent is expected to be caught holding: start of hand, less per turn, floor.
CAUGHT_START = 40.0
CAUGHT_DROP = 5.0
CAUGHT_FLOOR = 8.0


@dataclass(frozen=True, slots=True)
class _Table:
    """What one decision knows about the table, computed once."""

    unseen: Counter[Card]
    unseen_total: int
    wilds_unseen: int
    #: Chance some opponent goes out before our next turn.
    hazard: float
    #: Points the opponents are expected to be caught with if we go out.
    bonus: float
    #: Seat that may take our discard next, if any.
    taker: int | None
    know: Knowledge


class HardFiveCrowns:
    level = "hard"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.judge = Judge()

    def choose(self, view: FiveCrownsView, legal: Sequence[Action]) -> Action:
        return self.explain(view, legal).action

    def explain(self, view: FiveCrownsView, legal: Sequence[Action]) -> Choice:
        """The move, and why (see the reasons in :class:`engine.bots.base.Choice`): a hint says this."""
        judge = self.judge
        judge.reset(view.wild_rank, view.all_wild_melds)
        outs = [a for a in legal if isinstance(a, GoOut)]
        draws = [a for a in legal if isinstance(a, Draw)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if not (outs or draws or discards):
            return Choice(legal[0], "only")
        table = self._table(view)
        if outs:
            out = min(outs, key=lambda a: (self._risk(a.discard, table), a.discard.sort_key()))
            return Choice(out, "go_out", points=0)
        if draws:
            return self._draw(view, draws, table)
        return self._discard(view, discards, table)

    # ----------------------------------------------------------------- the table
    def _table(self, view: FiveCrownsView) -> _Table:
        know = read_knowledge(view)
        unseen = know.unseen
        wilds = sum(n for c, n in unseen.items() if self.judge.is_wild(c))
        opponents = [s for s in view.seats if s != view.seat and s not in view.laid_down and view.hand_sizes[s] > 0]
        stay = 1.0
        caught = 0.0
        for s in opponents:
            t = know.turns[s]
            stay *= 1.0 - min(HAZARD_CAP, HAZARD_BASE + HAZARD_GROWTH * t)
            caught += max(CAUGHT_FLOOR, CAUGHT_START - CAUGHT_DROP * t)
        bonus = caught / len(opponents) if opponents else 0.0
        return _Table(
            unseen=unseen,
            unseen_total=max(1, sum(unseen.values())),
            wilds_unseen=wilds,
            hazard=1.0 - stay,
            bonus=bonus,
            taker=_next_taker(view),
            know=know,
        )

    def _risk(self, card: Card, table: _Table) -> float:
        if table.taker is None:
            return 0.0
        return feed_risk(card, table.taker, table.know, self.judge.wild_rank)

    # ----------------------------------------------------------------- prospects of a kept hand
    def _draw_weights(self, kept: Key, lay: Lay, table: _Table) -> dict[Card, int]:
        """Cards the stock could give that might change the hand, with their unseen copies."""
        judge = self.judge
        weights: dict[Card, int] = {}
        if table.wilds_unseen:
            weights[wild_stand_in(judge.wild_rank)] = table.wilds_unseen
        # One card off: any card that fits a meld lets the odd card go. Otherwise only cards near the
        # deadwood can help.
        sources = [code_card(c) for c in dict.fromkeys(kept)] if len(lay.deadwood) <= 1 else lay.deadwood
        unseen = table.unseen
        for card in sources:
            for near in near_cards(card, judge.wild_rank):
                if near not in weights:
                    n = unseen.get(near, 0)
                    if n:
                        weights[near] = n
        return weights

    def _prospects(self, kept: Key, table: _Table) -> tuple[int, float, float]:
        """Points now, expected points shed by the next draw, chance the next draw goes out."""
        lay = self.judge.lay(kept)
        pts = lay.points
        if pts == 0:
            return 0, 0.0, 1.0
        gain = 0.0
        out = 0.0
        for card, n in self._draw_weights(kept, lay, table).items():
            after, goes_out = self.judge.best_after_draw(kept, card)
            if after < pts:
                gain += n * (pts - after)
            if goes_out:
                out += n
        total = table.unseen_total
        return pts, gain / total, out / total

    def _kept_score(self, kept: Key, table: _Table) -> float:
        """Lower is better: expected points after the next draw, less the going-out bonus."""
        pts, gain, out = self._prospects(kept, table)
        return pts - gain - (1.0 - table.hazard) * table.bonus * out

    # ----------------------------------------------------------------- discarding
    def _shortlist(self, hand: Key) -> list[Card]:
        """The throws worth weighing in full: the cheapest few by points left, within a margin of the
        cheapest, costlier cards first on a tie."""
        judge = self.judge
        left = judge.discard_points(hand)
        order = sorted(left, key=lambda c: (left[c], -judge.points_of(c), c.sort_key()))
        cheapest = left[order[0]]
        return [c for c in order if left[c] <= cheapest + CANDIDATE_MARGIN][:CANDIDATES]

    def _ranked_throws(self, hand: Key, table: _Table) -> list[tuple[float, Card]]:
        judge = self.judge
        scored = []
        for card in self._shortlist(hand):
            score = self._kept_score(judge.minus(hand, card), table) + FEED_COST * self._risk(card, table)
            scored.append((score, card))
        scored.sort(key=lambda sc: (sc[0], sc[1].sort_key()))
        return scored

    def _discard(self, view: FiveCrownsView, discards: list[Discard], table: _Table) -> Choice:
        judge = self.judge
        hand = judge.key(view.hand)
        allowed = {a.card for a in discards}
        left = judge.discard_points(hand)
        if view.last_turn:
            card = min(allowed, key=lambda c: (left[c], self._risk(c, table), -judge.points_of(c), c.sort_key()))
            return Choice(Discard(view.seat, card), "fewest_points", points=left[card])
        for _score, card in self._ranked_throws(hand, table):
            if card in allowed:
                # The throw that leaves fewest points, if this is not it and the next player collects it.
                cheapest = min(allowed, key=lambda c: (left[c], -judge.points_of(c), c.sort_key()))
                if cheapest != card and left[cheapest] <= left[card] and self._risk(cheapest, table) > 0:
                    return Choice(Discard(view.seat, card), "spare_next", points=left[card],
                                  instead=cheapest, seat=table.taker)
                return Choice(Discard(view.seat, card), "best_prospects", points=left[card])
        return Choice(discards[0], "only")

    # ----------------------------------------------------------------- drawing
    def _draw(self, view: FiveCrownsView, draws: list[Draw], table: _Table) -> Choice:
        sources = {a.source for a in draws}
        top = view.discard_top
        if "discard" not in sources or top is None:
            return Choice(draws[0], "only")
        take = Draw(view.seat, "discard")
        if "stock" not in sources:
            return Choice(take, "only")
        stock = Draw(view.seat, "stock")
        hand = self.judge.key(view.hand)
        with_top = self.judge.plus(hand, top)
        top_left = min(self.judge.discard_points(with_top).values())
        if view.last_turn:
            if top_left < expected_after_stock(self.judge, hand, table.unseen):
                return Choice(take, "take_goes_out" if top_left == 0 else "take_fewer_points", points=top_left)
            return Choice(stock, "stock_better", points=top_left)
        if self._idle(hand, top):
            return Choice(stock, "top_idle", points=top_left)
        if top_left == 0:
            return Choice(take, "take_goes_out", points=0)  # it goes out this turn
        top_score = self._ranked_throws(with_top, table)[0][0]
        pts, gain, out = self._prospects(hand, table)
        now = pts - gain - (1.0 - table.hazard) * table.bonus * out
        # Drawing from the stock: this turn's draw sheds ``gain`` on average and goes out with chance
        # ``out``; what is kept then faces the same prospects again.
        stock_score = now - gain - table.bonus * out
        if top_score < stock_score:
            return Choice(take, "take_fewer_points", points=top_left)
        return Choice(stock, "stock_better", points=top_left)

    def _idle(self, hand: Key, top: Card) -> bool:
        """The up card would only be thrown again: it melds with nothing and is no cheaper than any
        deadwood card it could replace. Then the stock is better, and one solve says so."""
        judge = self.judge
        if judge.is_wild(top):
            return False
        now = judge.lay(hand)
        cost = judge.points_of(top)
        if any(judge.points_of(c) > cost for c in now.deadwood):
            return False
        return judge.points(judge.plus(hand, top)) == now.points + cost


def _next_taker(view: FiveCrownsView) -> int | None:
    """The seat that plays right after us this hand and could take our discard, if any."""
    seats = view.seats
    if view.seat not in seats:
        return None
    n = len(seats)
    i = seats.index(view.seat)
    for step in range(1, n):
        s = seats[(i + step) % n]
        if view.went_out is not None and (s == view.went_out or s in view.laid_down):
            continue
        return s
    return None
