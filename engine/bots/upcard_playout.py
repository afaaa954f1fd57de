"""A cheap play-out of the rest of an upcard rummy hand, for the search player beside hard
(:mod:`engine.bots.upcard_rummy_search`).

Suits never matter in upcard rummy (melds are of a kind, values go by rank), so a hand here is a count
per rank and a play-out is a few list operations a turn: about 1 ms for a whole hand, some ten times
cheaper than playing the rest of the hand with the real rules and the normal player. Every seat plays
one simple policy: dig when the cards taken are worth more than a stock card, put down all it can
keeping one card, throw the card least worth keeping. The policy is cruder than the players it stands
in for; a discard weighed on it measured worse than the heuristic's (docs/bots.md, upcard rummy).

A :class:`Deal` is one determinization: the seat's own knowledge with the unseen cards dealt at random
to the opponents' hands (beside the cards they are known to hold) and the stock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Deal", "Playout", "copy_deal", "rank_values", "sample_deal"]

#: A stock card's worth to a melded player, roughly: what a dig must beat.
STOCK_WORTH = 15
#: Turns after which a play-out stops and scores the hand as it stands.
MAX_TURNS = 120


def rank_values(wild: int) -> list[int]:
    """Card values by rank number (index 0 unused): aces and wilds 100, 8 to king 10, 3 to 7 5."""
    return [0] + [100 if r in (1, wild) else 10 if r >= 8 else 5 for r in range(1, 14)]


@dataclass(slots=True)
class Deal:
    """One sampled state of the hand: every seat's hand as counts by rank, the stock (drawn from the
    end), the discard pile (top at the end), the ranks melded on the table, who has melded."""

    hands: list[list[int]]
    stock: list[int]
    pile: list[int]
    table: list[bool]
    melded: list[bool]
    reshuffles_left: int


class Playout:
    """Plays a :class:`Deal` to the end of the hand; ``plus`` collects the points each seat puts down."""

    def __init__(self, deal: Deal, wild: int, rng: random.Random) -> None:
        self.d = deal
        self.wild = wild
        self.val = rank_values(wild)
        self.rng = rng
        n = len(deal.hands)
        self.n = n
        self.plus = [0] * n
        #: Cards each seat put on the table.
        self.down = [0] * n
        self.went_out: int | None = None

    # ----------------------------------------------------------------- one turn's parts
    def draw_stock(self, seat: int) -> bool:
        """Draw from the stock, rebuilding it from the pile if allowed; False: the hand ends."""
        d = self.d
        if not d.stock:
            if len(d.pile) <= 1 or d.reshuffles_left <= 0:
                return False
            top = d.pile.pop()
            d.stock = d.pile
            d.pile = [top]
            d.reshuffles_left -= 1
            self.rng.shuffle(d.stock)
        d.hands[seat][d.stock.pop()] += 1
        return True

    def best_dig(self, seat: int) -> tuple[int, float]:
        """How many cards to take from the pile (0: none) and the policy's worth of that dig."""
        d = self.d
        hand, pile, val, wild = d.hands[seat], d.pile, self.val, self.wild
        if not any(hand[r] >= 2 for r in range(1, 14) if r != wild):
            return 0, 0.0
        taken = [0] * 14
        size = sum(hand)
        best, best_gain = 0, float(STOCK_WORTH)
        n = len(pile)
        for count in range(1, n):  # leave one card at least: a turn ends with a discard
            r = pile[n - count]
            taken[r] += 1
            if r == wild or hand[r] < 2 or size + count <= 3:
                continue
            gain = 0.0
            for q in range(1, 14):
                k = taken[q]
                if not k:
                    continue
                if q in (wild, r) or d.table[q] or hand[q] + k >= 3:
                    gain += k * val[q]
                else:
                    gain -= k * val[q] * 0.5
            if gain > best_gain:
                best, best_gain = count, gain
        return best, best_gain

    def dig(self, seat: int, count: int) -> None:
        d = self.d
        hand = d.hands[seat]
        target = d.pile[-count]
        for r in d.pile[-count:]:
            hand[r] += 1
        del d.pile[-count:]
        # The target and the pair meld now; the rest goes down in the plays that follow.
        hand[target] -= 3
        self.plus[seat] += 3 * self.val[target]
        self.down[seat] += 3
        d.table[target] = True

    def first_meld(self, seat: int) -> bool:
        """An unmelded seat's first meld, exactly three cards, the most valuable it has."""
        d = self.d
        hand, wild, val = d.hands[seat], self.wild, self.val
        size = sum(hand)
        if size <= 3:
            return False
        best, best_worth, use_wild = 0, -1, False
        for r in range(1, 14):
            if r == wild:
                continue
            if hand[r] >= 3 and 3 * val[r] > best_worth:
                best, best_worth, use_wild = r, 3 * val[r], False
            elif hand[r] == 2 and hand[wild] and 2 * val[r] + 100 > best_worth:
                best, best_worth, use_wild = r, 2 * val[r] + 100, True
        if not best:
            return False
        if use_wild:
            hand[best] -= 2
            hand[wild] -= 1
        else:
            hand[best] -= 3
        d.table[best] = True
        d.melded[seat] = True
        self.plus[seat] += best_worth
        self.down[seat] += 3
        return True

    def plays(self, seat: int, hold: int = 0) -> None:
        """A melded seat puts down everything that fits, keeping one card to discard (and every
        natural of the ``hold`` rank)."""
        hand = self.d.hands[seat]
        if hold:
            held, hand[hold] = hand[hold], 0
            if any(hand):
                self.plays(seat)
            hand[hold] += held
            return
        d = self.d
        hand, wild, val, table = d.hands[seat], self.wild, self.val, d.table
        down = [0] * 14
        for r in range(1, 14):
            if r == wild:
                continue
            if hand[r] >= 3 or (table[r] and hand[r]):
                down[r] = hand[r]
        wilds = hand[wild]
        pairs = sorted((r for r in range(1, 14) if r != wild and hand[r] == 2 and not table[r]),
                       key=lambda r: -val[r])
        paired = 0
        for r in pairs:
            if paired == wilds:
                break
            down[r] = 2
            paired += 1
        down[wild] = wilds  # every spare wild joins a meld: the seat has one on the table
        if not any(down):
            return
        if sum(hand) == sum(down):
            # Keep the cheapest card that can stay without breaking a meld; else hold a whole meld back.
            spare = [r for r in range(1, 14) if down[r] and (
                (r == wild and wilds > paired) or (r != wild and (table[r] or down[r] > 3)))]
            if spare:
                down[min(spare, key=lambda r: val[r])] -= 1
            else:
                keep = min((r for r in range(1, 14) if down[r] and r != wild), key=lambda r: val[r])
                if down[keep] == 2:
                    down[wild] -= 1
                down[keep] = 0
        for r in range(1, 14):
            if down[r]:
                hand[r] -= down[r]
                self.plus[seat] += down[r] * val[r]
                self.down[seat] += down[r]
                if r != wild:
                    table[r] = True

    def discard_choice(self, seat: int, hold: int = 0) -> int:
        """The rank the policy throws: the card least worth keeping (never one of the ``hold`` rank
        while there is another)."""
        hand = self.d.hands[seat]
        if hold and sum(hand) > hand[hold]:
            held, hand[hold] = hand[hold], 0
            choice = self.discard_choice(seat)
            hand[hold] = held
            return choice
        d = self.d
        hand, wild, val, table = d.hands[seat], self.wild, self.val, d.table
        melded = d.melded[seat]
        best, best_keep = 0, float("inf")
        for r in range(1, 14):
            if not hand[r]:
                continue
            if r == wild:
                keep = 1000.0
            elif table[r]:
                keep = 3.0 * val[r] + (0 if melded else 20)
            elif hand[r] >= 2:
                keep = 2.0 * val[r] + 50
            else:
                keep = float(val[r]) * (0.6 if val[r] == 100 else 1.0)
            if keep < best_keep:
                best, best_keep = r, keep
        return best

    def discard(self, seat: int, rank: int) -> bool:
        """Throw ``rank``; True when that was the seat's last card (it went out)."""
        d = self.d
        d.hands[seat][rank] -= 1
        d.pile.append(rank)
        return not any(d.hands[seat])

    # ----------------------------------------------------------------- whole turns
    def turn(self, seat: int, *, last: bool = False) -> bool:
        """One turn by the policy; False when the hand ended at its start (no stock to draw)."""
        d = self.d
        melded = d.melded[seat]
        dug = False
        if melded and not last:
            count, _ = self.best_dig(seat)
            if count:
                self.dig(seat, count)
                dug = True
        if not dug and not self.draw_stock(seat):
            return False
        self.finish_turn(seat, was_melded=melded)
        return True

    def finish_turn(self, seat: int, *, was_melded: bool) -> None:
        """Plays and the discard of a turn whose draw is done."""
        if was_melded:
            self.plays(seat)
        else:
            self.first_meld(seat)
        out = self.discard(seat, self.discard_choice(seat))
        if out and self.went_out is None:
            self.went_out = seat

    def run(self, after: int) -> None:
        """Play on from the turn after ``after``'s until the hand ends."""
        n = self.n
        if self.went_out is not None:
            self._last_turns(self.went_out)
            return
        seat = after
        for _ in range(MAX_TURNS):
            seat = (seat + 1) % n
            if not self.turn(seat):
                return
            if self.went_out is not None:
                self._last_turns(seat)
                return

    def _last_turns(self, out: int) -> None:
        for k in range(1, self.n):
            s = (out + k) % self.n
            if not self.d.melded[s]:
                if not self.draw_stock(s):
                    return
                self.first_meld(s)
                self.discard(s, self.discard_choice(s))

    def points(self) -> list[int]:
        """Each seat's points from here to the end of the hand: what it put down less what it holds."""
        val = self.val
        return [self.plus[s] - sum(k * val[r] for r, k in enumerate(self.d.hands[s])) for s in range(self.n)]

    def result(self, seat: int) -> float:
        """``seat``'s points from here on less the mean of the others'."""
        pts = self.points()
        others = [p for s, p in enumerate(pts) if s != seat]
        return pts[seat] - sum(others) / len(others)


def copy_deal(deal: Deal) -> Deal:
    return Deal([list(h) for h in deal.hands], list(deal.stock), list(deal.pile), list(deal.table),
                list(deal.melded), deal.reshuffles_left)


def sample_deal(
    rng: random.Random,
    *,
    seat: int,
    hand: Sequence[int],
    unseen: Sequence[int],
    sizes: Sequence[int],
    known: Sequence[Sequence[int]],
    stock_size: int,
    pile: Sequence[int],
    table: Sequence[bool],
    melded: Sequence[bool],
    reshuffles_left: int,
) -> Deal:
    """One determinization: ``unseen`` (ranks, one entry per card) dealt to the opponents beside what
    each is ``known`` to hold, the rest to the stock."""
    pool = list(unseen)
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for s, size in enumerate(sizes):
        if s == seat:
            hands.append(list(hand))
            continue
        h = list(known[s])
        for _ in range(max(0, size - sum(h))):
            if pool:
                h[pool.pop()] += 1
        hands.append(h)
    stock = pool[:stock_size]
    return Deal(hands, stock, list(pile), list(table), list(melded), reshuffles_left)
