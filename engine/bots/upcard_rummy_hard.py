"""Upcard rummy hard: the heuristic player of :mod:`engine.bots.upcard_rummy` with a search on the two
choices that move points, the dig and the discard.

Each such choice is weighed over the same few determinizations (the unseen cards dealt at random to the
opponents, beside the cards each is known to hold, and to the stock), each played to the end of the
hand by the cheap policy of :mod:`engine.bots.upcard_playout`. The option with the best mean of
(our points from here on - the opponents' mean) is played. The work is fixed (a number of play-outs
per option, no clock), so the choice depends only on the view and the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.actions import Action, Discard, Draw
from engine.arrange_upcard import card_value, meld_rank
from engine.bots.upcard_playout import Deal, Playout, copy_deal, sample_deal
from engine.bots.upcard_rummy import UpcardAgent, _Context, _known_opponent_cards, _throwable
from engine.cards import Card, no_twos_deck
from engine.events import StockReshuffled
from engine.rules.upcard_rummy import DEFAULT_MAX_RESHUFFLES, HandOpened, TakeDiscards, UpcardView

__all__ = ["SearchAgent"]

_DECK_RANKS: Counter[int] = Counter(int(c.rank) for c in no_twos_deck(2) if c.rank is not None)
#: Determinizations per searched choice (each option is played out once on each).
DEALS = 24
#: Discard options searched: the heuristic's best few.
DISCARD_OPTIONS = 3


def _counts(cards: Sequence[Card]) -> list[int]:
    out = [0] * 14
    for c in cards:
        assert c.rank is not None
        out[int(c.rank)] += 1
    return out


class SearchAgent(UpcardAgent):
    """Hard: the hard heuristics, with digs and discards chosen by play-outs."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__("hard", seed)
        self.seed = seed

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
            for _ in range(DEALS)
        ]
        return rng, deals

    # ----------------------------------------------------------------- draw
    def _draw(self, view: UpcardView, legal: Sequence[Action]) -> Action:
        stock = next((a for a in legal if isinstance(a, Draw)), None)
        takes = [a for a in legal if isinstance(a, TakeDiscards)]
        if not takes or view.last_turn:
            return super()._draw(view, legal)
        # One take per depth, the one melding the most cards (the policy lays the rest off anyway).
        by_count: dict[int, TakeDiscards] = {}
        for t in takes:
            if t.count not in by_count or len(t.meld) > len(by_count[t.count].meld):
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
                total += p.result(seat)
            scores.append(total / len(deals))
        del rng
        best = max(range(len(options)), key=lambda i: (scores[i], -i))
        return options[best]

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
        rank = meld_rank(take.meld, view.wild_rank)
        assert rank is not None
        d.table[int(rank)] = True

    # ----------------------------------------------------------------- discard
    def _discard(self, view: UpcardView, ctx: _Context) -> Action:
        hand = view.hand
        options = _throwable(hand, ctx.wild, ctx.melded)
        if len(options) > 1 and not view.last_turn:
            keep = self._keep_values(hand, ctx)
            ranked = sorted(options, key=lambda c: (keep[c] + self._feed_cost(c, ctx), -card_value(c, ctx.wild),
                                                    c.rank_key()))
            by_rank: dict[Any, Card] = {}
            for c in ranked:
                by_rank.setdefault(c.rank, c)
            cands = list(by_rank.values())[:DISCARD_OPTIONS]
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
                        total += p.result(seat)
                    scores.append(total / len(deals))
                best = max(range(len(cands)), key=lambda i: (scores[i], -i))
                return Discard(view.seat, cands[best])
            return Discard(view.seat, cands[0])
        return super()._discard(view, ctx)
