"""Five Crowns computer players at three levels, registered with the agent factory.

``normal`` is the standard greedy player every stronger player is measured against; ``easy`` is that
player with a beginner's habits (it keeps the melds it can see but misses chances and throws loosely);
``hard`` lives in :mod:`engine.bots.five_crowns_hard`. Each is handed only its own seat's view.

No ``expert`` is offered: the search player of :mod:`engine.bots.five_crowns_search` measures even with
hard (49.8 % of 600 games, docs/bots.md), and a level named for more strength must have it. The benches
and the ceiling study play it by name.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Action, Discard, Draw, GoOut
from engine.bots.base import register_agent
from engine.bots.five_crowns_hard import HardFiveCrowns
from engine.bots.judge import Judge
from engine.bots.knowledge import read_knowledge
from engine.bots.last_turn import expected_after_stock, fewest_after_draw
from engine.rules.five_crowns import FiveCrownsView

__all__ = ["EasyFiveCrowns", "HardFiveCrowns", "NormalFiveCrowns"]

GAME = "five-crowns"


class NormalFiveCrowns:
    """The greedy floor: take the up card only if it lowers the hand's points, discard the card that
    leaves the fewest points (the costlier card on a tie), go out as soon as possible. On a last turn it
    draws by the points left after the best throw, the stock's exactly expected (engine.bots.last_turn)."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.judge = Judge()

    def choose(self, view: FiveCrownsView, legal: Sequence[Action]) -> Action:
        judge = self.judge
        judge.reset(view.wild_rank, view.all_wild_melds)
        outs = [a for a in legal if isinstance(a, GoOut)]
        if outs:
            return outs[0]
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            top = view.discard_top
            if top is not None and any(a.source == "discard" for a in draws):
                hand = judge.key(view.hand)
                top_left = fewest_after_draw(judge, hand, top)
                if view.last_turn and any(a.source == "stock" for a in draws):
                    stock_left = expected_after_stock(judge, hand, read_knowledge(view).unseen)
                    return Draw(view.seat, "discard" if top_left < stock_left else "stock")
                if top_left < judge.points(hand):
                    return Draw(view.seat, "discard")
            return Draw(view.seat, "stock") if any(a.source == "stock" for a in draws) else draws[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        left = judge.discard_points(judge.key(view.hand))
        # Ties go to the costlier card, then to the first in the hand: the order the first greedy player
        # used, which recorded transcripts rely on.
        return min(discards, key=lambda a: (left[a.card], -judge.points_of(a.card)))


class EasyFiveCrowns:
    """A beginner: keeps the melds it can see, but often misses a useful up card, sometimes grabs one
    that merely looks close, throws a loose card more or less at random, and now and then does not
    notice it could go out. All of it from a seeded random source, so games replay. It keeps these habits
    on a last turn too (they are what makes it easy; engine.bots.last_turn is for the levels that aim to
    play well), but may throw a wild there like everyone (engine.bots.wild_throws)."""

    level = "easy"
    #: Chances of each beginner's habit, per decision where it applies.
    MISS_UP_CARD = 0.6
    GRAB_LOOKALIKE = 0.35
    LOOSE_THROW = 0.9
    MISS_GOING_OUT = 0.4

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(f"five-crowns/easy/{seed}")
        self.judge = Judge()

    def choose(self, view: FiveCrownsView, legal: Sequence[Action]) -> Action:
        judge = self.judge
        judge.reset(view.wild_rank, view.all_wild_melds)
        rng = self.rng
        outs = [a for a in legal if isinstance(a, GoOut)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if outs and (not discards or rng.random() >= self.MISS_GOING_OUT):
            return outs[0]
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            return self._draw(view, draws)
        hand = judge.key(view.hand)
        lay = judge.lay(hand)
        allowed = {a.card for a in discards}
        loose = sorted(set(lay.deadwood) & allowed, key=lambda c: c.sort_key())
        if loose and rng.random() < self.LOOSE_THROW:
            card = rng.choice(loose)
        else:
            left = judge.discard_points(hand)
            card = min(allowed, key=lambda c: (left[c], -judge.points_of(c), c.sort_key()))
        return Discard(view.seat, card)

    def _draw(self, view: FiveCrownsView, draws: list[Draw]) -> Action:
        judge = self.judge
        rng = self.rng
        top = view.discard_top
        sources = {a.source for a in draws}
        if top is None or "discard" not in sources:
            return draws[0]
        if "stock" not in sources:
            return Draw(view.seat, "discard")
        hand = judge.key(view.hand)
        helps = min(judge.discard_points(judge.plus(hand, top)).values()) < judge.points(hand)
        if helps and rng.random() >= self.MISS_UP_CARD:
            return Draw(view.seat, "discard")
        looks_close = any(c.rank == top.rank or c.suit == top.suit for c in view.hand)
        if not helps and looks_close and rng.random() < self.GRAB_LOOKALIKE:
            return Draw(view.seat, "discard")
        return Draw(view.seat, "stock")


register_agent(GAME, "easy", EasyFiveCrowns)
register_agent(GAME, "normal", NormalFiveCrowns)
register_agent(GAME, "hard", HardFiveCrowns)
