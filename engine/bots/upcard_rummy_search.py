"""A search player for upcard rummy, built to find out whether search beats the heuristic hard player.

It is the hard player of :mod:`engine.bots.upcard_rummy` with play-outs on the choices that move
points: the dig, the discard, and holding a new meld back for a turn. Each such choice is weighed over
the same few determinizations (the unseen cards dealt at random to the opponents, beside the cards
each is known to hold, and to the stock), each played to the end of the hand by the cheap policy of
:mod:`engine.bots.upcard_playout`; the option with the best mean outcome is played. The work is fixed
(deals per option, no clock), so the choice depends only on the view and the seed.

Measured against normal over the same games as hard, no variant won more (docs/bots.md, upcard rummy,
"Search, built and measured"), so it is not a level at the table; ``scripts/upcard_decisions.py``
plays it (``search:VARIANT``).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.actions import Action, Discard, Draw
from engine.arrange_upcard import card_value, is_wild, meld_rank
from engine.bots.upcard_playout import Deal, Playout, copy_deal, sample_deal
from engine.bots.upcard_rummy import UpcardAgent, _Context, _known_opponent_cards, _throwable
from engine.cards import Card, Rank, no_twos_deck
from engine.events import StockReshuffled, TurnStarted
from engine.rules.upcard_rummy import DEFAULT_MAX_RESHUFFLES, HandOpened, Meld, TakeDiscards, UpcardView

__all__ = ["CONFIGS", "SearchAgent", "SearchConfig"]

_DECK_RANKS: Counter[int] = Counter(int(c.rank) for c in no_twos_deck(2) if c.rank is not None)


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Which choices the search makes and how much work it spends on each."""

    #: Determinizations per searched choice (each option is played out once on each).
    deals: int = 48
    #: Search the discard too (its best few options by the heuristics), not only the dig.
    discards: bool = False
    discard_options: int = 3
    #: Hold a new meld back for a turn when the play-outs say so.
    holds: bool = False
    #: Weigh outcomes by the chance of winning the game instead of the points.
    for_game: bool = False
    #: Search only once a hand's points may take someone to the target.
    endgame_only: bool = False

    @property
    def hold_margin(self) -> float:
        """How much better holding must play out to be chosen, in the utility's units."""
        return 0.01 if self.for_game else 5.0


#: The variants measured in docs/bots.md (upcard rummy, "Search, built and measured").
CONFIGS = {
    "draw": SearchConfig(),
    "draw+holds": SearchConfig(holds=True),
    "endgame": SearchConfig(discards=True, discard_options=4, for_game=True, endgame_only=True),
    "all": SearchConfig(deals=16, discards=True),
}
#: Spread of one hand's points between two players, roughly: how far a lead carries.
HAND_SPREAD = 250.0
#: A hand's points on the table to each player, roughly: how many hands the game has left.
HAND_POINTS = 265.0


def _counts(cards: Sequence[Card]) -> list[int]:
    out = [0] * 14
    for c in cards:
        assert c.rank is not None
        out[int(c.rank)] += 1
    return out


class SearchAgent(UpcardAgent):
    """The hard heuristics, with the choices ``config`` names made by play-outs."""

    def __init__(self, seed: int = 0, config: SearchConfig = CONFIGS["draw"]) -> None:
        super().__init__("hard", seed)
        self.seed = seed
        self.config = config
        #: Ranks held back this turn (the turn is named by the hand and its count of turn starts).
        self._held: tuple[tuple[int, int], frozenset[Rank]] = ((0, 0), frozenset())

    # ----------------------------------------------------------------- holding melds back
    def _turn_key(self, view: UpcardView) -> tuple[int, int]:
        return view.hand_number, sum(1 for ev in view.log if isinstance(ev, TurnStarted))

    def _held_now(self, view: UpcardView) -> frozenset[Rank]:
        key, ranks = self._held
        return ranks if key == self._turn_key(view) else frozenset()

    def _hidden(self, view: UpcardView, held: frozenset[Rank]) -> UpcardView:
        """The view with the held ranks' naturals out of the hand (never emptying it)."""
        if not held:
            return view
        wild = view.wild_rank
        rest = tuple(c for c in view.hand if is_wild(c, wild) or c.rank not in held)
        return replace(view, hand=rest) if rest else view

    def _next_play(self, view: UpcardView, ctx: _Context) -> Action | None:
        if not self.config.holds or not self._searching(view):
            return super()._next_play(view, ctx)
        while True:
            held = self._held_now(view)
            step = super()._next_play(self._hidden(view, held), ctx)
            if not isinstance(step, Meld):
                return step
            rank = meld_rank(step.cards, view.wild_rank)
            if rank is None or rank in held or any(m.rank == rank for m in view.table):
                return step
            if not self._hold_pays(view, int(rank), held):
                return step
            self._held = (self._turn_key(view), held | {rank})

    def _hold_pays(self, view: UpcardView, rank: int, held: frozenset[Rank]) -> bool:
        """Whether keeping this turn's new meld of ``rank`` in hand beats laying it down, over play-outs."""
        _, deals = self._deals(view, f"hold/{rank}")
        wild = int(view.wild_rank)
        seat = view.seat
        before = [int(r) for r in held]
        totals = [0.0, 0.0]
        for i, deal in enumerate(deals):
            for k, hold in enumerate((0, rank)):
                p = Playout(copy_deal(deal), wild, random.Random(f"{i}"))
                hand = p.d.hands[seat]
                saved = [hand[r] for r in before]
                for r in before:
                    hand[r] = 0
                p.plays(seat, hold)
                for r, n in zip(before, saved, strict=True):
                    hand[r] += n
                if p.discard(seat, p.discard_choice(seat, hold)):
                    p.went_out = seat
                p.run(seat)
                totals[k] += self._utility(view, p)
        return totals[1] > totals[0] + self.config.hold_margin * len(deals)

    # ----------------------------------------------------------------- determinizations
    def _deals(self, view: UpcardView, tag: str) -> tuple[random.Random, list[Deal]]:
        rng = random.Random(f"upcard-search/{self.seed}/{view.hand_number}/{len(view.log)}/{tag}")
        seen: Counter[int] = Counter(int(c.rank) for c in view.hand if c.rank is not None)
        seen.update(int(c.rank) for c in view.discard if c.rank is not None)
        table = [False] * 14
        for m in view.table:
            table[int(m.rank)] = True
            seen.update(int(c.rank) for c in m.all_cards if c.rank is not None)
        known_cards = _known_opponent_cards(view)
        known = [[0] * 14 for _ in view.players]
        for s, cards in known_cards.items():
            for c, n in cards.items():
                assert c.rank is not None
                known[s][int(c.rank)] += n
                seen[int(c.rank)] += n
        unseen = [r for r, n in _DECK_RANKS.items() for _ in range(max(0, n - seen[r]))]
        start = max((i for i, ev in enumerate(view.log) if isinstance(ev, HandOpened)), default=0)
        reshuffled = sum(1 for ev in view.log[start:] if isinstance(ev, StockReshuffled))
        deals = [
            sample_deal(
                rng,
                seat=view.seat,
                hand=_counts(view.hand),
                unseen=unseen,
                sizes=view.hand_sizes,
                known=known,
                stock_size=view.stock_size,
                pile=[int(c.rank) for c in view.discard if c.rank is not None],
                table=table,
                melded=view.melded,
                reshuffles_left=max(0, DEFAULT_MAX_RESHUFFLES - reshuffled),
            )
            for _ in range(self.config.deals)
        ]
        return rng, deals

    # ----------------------------------------------------------------- draw
    def _draw(self, view: UpcardView, legal: Sequence[Action]) -> Action:
        stock = next((a for a in legal if isinstance(a, Draw)), None)
        takes = [a for a in legal if isinstance(a, TakeDiscards)]
        if not takes or view.last_turn or not self._searching(view):
            return super()._draw(view, legal)
        # One take per depth, the one melding the fewest cards: the policy then puts down the rest as
        # it best fits (a wild taken may carry another pair rather than join this meld).
        by_count: dict[int, TakeDiscards] = {}
        for t in takes:
            if t.count not in by_count or len(t.meld) < len(by_count[t.count].meld):
                by_count[t.count] = t
        options: list[Action] = [*([stock] if stock is not None else []), *by_count.values()]
        if len(options) == 1:
            return options[0]
        rng, deals = self._deals(view, "draw")
        wild = int(view.wild_rank)
        seat = view.seat
        scores = []
        for option in options:
            total = 0.0
            for i, deal in enumerate(deals):
                p = Playout(copy_deal(deal), wild, random.Random(f"{i}"))
                if isinstance(option, TakeDiscards):
                    self._apply_take(p, seat, view, option)
                elif not p.draw_stock(seat):
                    continue
                p.finish_turn(seat, was_melded=True)
                p.run(seat)
                total += self._utility(view, p)
            scores.append(total / len(deals))
        del rng
        best = max(range(len(options)), key=lambda i: (scores[i], -i))
        return options[best]

    def _searching(self, view: UpcardView) -> bool:
        """Whether this decision is searched: always, or once a hand's points may take someone to the target."""
        if not self.config.endgame_only:
            return True
        wild = view.wild_rank
        now = [view.totals[s] + sum(card_value(c, wild) for m in view.table for c in m.cards_of(s))
               for s in range(len(view.players))]
        return max(now) + HAND_POINTS >= view.target

    def _utility(self, view: UpcardView, p: Playout) -> float:
        """What a played-out hand is worth to us: the points less the opponents' mean, or (playing for
        the game) the chance of winning it, from the totals the hand leaves."""
        if not self.config.for_game:
            return p.result(view.seat)
        seat, wild = view.seat, view.wild_rank
        pts = p.points()
        final = [
            view.totals[s] + pts[s] + sum(card_value(c, wild) for m in view.table for c in m.cards_of(s))
            for s in range(len(pts))
        ]
        lead = final[seat] - max(f for s, f in enumerate(final) if s != seat)
        if max(final) >= view.target:
            return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        hands_left = max(1.0, (view.target - max(final)) / HAND_POINTS)
        return 1.0 / (1.0 + math.exp(-1.7 * lead / (HAND_SPREAD * math.sqrt(hands_left))))

    @staticmethod
    def _apply_take(p: Playout, seat: int, view: UpcardView, take: TakeDiscards) -> None:
        d = p.d
        hand = d.hands[seat]
        for c in view.discard[-take.count :]:
            assert c.rank is not None
            hand[int(c.rank)] += 1
        del d.pile[-take.count :]
        for c in take.meld:
            assert c.rank is not None
            hand[int(c.rank)] -= 1
            p.plus[seat] += p.val[int(c.rank)]
            p.down[seat] += 1
        rank = meld_rank(take.meld, view.wild_rank)
        assert rank is not None
        d.table[int(rank)] = True

    # ----------------------------------------------------------------- discard
    def _discard(self, view: UpcardView, ctx: _Context) -> Action:
        view = self._hidden(view, self._held_now(view))
        hand = view.hand
        options = _throwable(hand, ctx.wild)
        if self.config.discards and len(options) > 1 and not view.last_turn and self._searching(view):
            keep = self._keep_values(hand, ctx)
            ranked = sorted(options, key=lambda c: (keep[c] + self._feed_cost(c, ctx), -card_value(c, ctx.wild),
                                                    c.rank_key()))
            by_rank: dict[Any, Card] = {}
            for c in ranked:
                by_rank.setdefault(c.rank, c)
            cands = list(by_rank.values())[:self.config.discard_options]
            if len(cands) > 1:
                _, deals = self._deals(view, "discard")
                wild = int(view.wild_rank)
                seat = view.seat
                scores = []
                for card in cands:
                    assert card.rank is not None
                    total = 0.0
                    for i, deal in enumerate(deals):
                        p = Playout(copy_deal(deal), wild, random.Random(f"{i}"))
                        if p.discard(seat, int(card.rank)):
                            p.went_out = seat
                        p.run(seat)
                        total += self._utility(view, p)
                    scores.append(total / len(deals))
                best = max(range(len(cands)), key=lambda i: (scores[i], -i))
                return Discard(view.seat, cands[best])
            return Discard(view.seat, cands[0])
        return super()._discard(view, ctx)
