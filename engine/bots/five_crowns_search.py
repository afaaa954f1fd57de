"""A Five Crowns search player, measured but not offered as a level: hard's card count and race, with
its throws weighed by search. It plays about as well as hard (docs/bots.md, "An expert for Five
Crowns"), so no ``five_crowns_expert`` module registers it; the benches and the ceiling study play it by
name (its ``level`` says "expert", the level it was built to be).

Hard (engine.bots.five_crowns_hard) values a kept hand by a sum of hand-set terms. The expert keeps
what hard does where there is nothing to weigh (going out at once, the last turn's exact answer, an up
card that fits nothing, the draw) and weighs its throws by determinized search, the method the level
plays (``playout``): deals of the cards the seat has not seen, consistent with what it saw (the cards
each opponent was seen taking stay in its hand; its other cards, and the stock, are drawn from the
unseen cards), are played to the hand's end by the fast greedy play-outs (engine.fast.five_crowns)
after each of hard's three best throws; a throw is played instead of hard's only if its mean of the
seat's points less the others', over the deals, beats hard's throw by a clear margin. Every throw
meets the same deals, so the luck of the deal falls out of the comparison.

Four more methods are kept to be measured, not played (docs/bots.md, "An expert for Five Crowns"):
``playout-read`` is the same search on deals where each opponent is less likely to hold the cards
that meld with what it threw or passed over; ``value`` weighs throws and draws by the learned value
of the kept hand (engine.bots.five_crowns_value, trained on hard against hard; the stock by the mean
over the cards the seat has not seen, each card that could change the hand worked out, every other
card counted as thrown straight back); ``value-throws`` weighs only the throws by it, drawing as
hard does; ``trained`` plays the throw that a model trained on play-outs of the true hands
(engine.bots.five_crowns_throws) predicts gains over hard's, reading the searches on guessed and read
deals and the kept hands' facts.

A decision's work is bounded by counts (throws weighed, deals played), never by a clock, so the player
is deterministic: its deals come from a random source seeded by its seed and the position, and a seed
and a deal replay identically.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from engine.actions import Action, Discard, Draw
from engine.bots.base import Choice
from engine.bots.five_crowns_hard import HardFiveCrowns, _Table
from engine.bots.five_crowns_throws import load_throws, throw_row
from engine.bots.five_crowns_value import kept_features, load_value
from engine.bots.judge import Key, code_card
from engine.bots.knowledge import deck_counts
from engine.cards import Card
from engine.fast.five_crowns import UNIT, FastFiveCrownsHand, hand_int, kind_of, play_hand
from engine.rules.five_crowns import FiveCrownsView

__all__ = ["METHODS", "ExpertFiveCrowns"]

#: The level plays the first; the others are kept to be measured (docs/bots.md, "An expert for Five Crowns").
METHODS = ("playout", "playout-read", "value", "value-throws", "trained")
#: Play-out search: throws weighed (hard's best few), deals played per decision, and how many points a
#: throw must beat hard's own throw by, on the mean over the deals, to be played instead.
PLAYOUT_THROWS = 3
PLAYOUT_DEALS = 32
PLAYOUT_MARGIN = 6.0
#: The trained method: guessed deals and read deals searched for its rows (engine.bots.five_crowns_throws).
TRAINED_DEALS = 24
TRAINED_READ_DEALS = 16
#: The value's draw: the up card is taken only if it beats the stock by this many points.
VALUE_TAKE_MARGIN = 0.0


class ExpertFiveCrowns(HardFiveCrowns):
    level = "expert"

    def __init__(self, seed: int = 0, method: str = METHODS[0], deals: int = PLAYOUT_DEALS,
                 throws: int = PLAYOUT_THROWS, margin: float = PLAYOUT_MARGIN) -> None:
        super().__init__(seed)
        if method not in METHODS:
            raise ValueError(f"unknown method {method!r}: one of {', '.join(METHODS)}")
        self.method = method
        self.deals = deals
        self.throws = throws
        self.margin = margin
        self._view: FiveCrownsView | None = None
        self._hard_draw = False

    def explain(self, view: FiveCrownsView, legal: Sequence[Action]) -> Choice:
        self._view = view
        return super().explain(view, legal)

    # ----------------------------------------------------------------- the learned value
    def _values(self, rows: list[list[float]], table: _Table) -> list[float]:
        """The model's values of ``rows``; a hand that goes out (no points kept) is worth the points the
        others are expected to be caught with, as hard reckons them: the model never saw one, since a
        hand that can go out always does."""
        if not rows:
            return []
        values = [float(v) for v in load_value().predict(rows)]
        return [-table.bonus if row[0] == 0 else v for row, v in zip(rows, values, strict=True)]

    def _ranked_throws(self, hand: Key, table: _Table) -> list[tuple[float, Card]]:
        view = self._view
        if not self.method.startswith("value") or view is None or self._hard_draw:
            return super()._ranked_throws(hand, table)
        judge = self.judge
        cards = self._shortlist(hand)
        rows = [kept_features(self, view, table, judge.minus(hand, c), c) for c in cards]
        scored = list(zip(self._values(rows, table), cards, strict=True))
        scored.sort(key=lambda sc: (sc[0], sc[1].sort_key()))
        return scored

    def _stock_value(self, view: FiveCrownsView, hand: Key, table: _Table) -> float:
        """The mean value after a stock draw: each card that could change the hand drawn and its
        costliest loose card thrown (as hard's estimate does); every other card thrown straight back."""
        judge = self.judge
        lay = judge.lay(hand)
        weights = self._draw_weights(hand, lay, table)
        rows: list[list[float]] = []
        counts: list[int] = []
        for card, n in weights.items():
            with_card = judge.plus(hand, card)
            after = judge.lay(with_card)
            loose = after.deadwood or tuple(code_card(c) for c in with_card)
            throw = max(loose, key=lambda c: (judge.points_of(c), c.sort_key()))
            rows.append(kept_features(self, view, table, judge.minus(with_card, throw), throw))
            counts.append(n)
        rest = table.unseen_total - sum(counts)
        if rest > 0:
            idle = max((c for c in table.unseen if c not in weights), key=lambda c: (table.unseen[c], c.sort_key()),
                       default=None)
            if idle is not None:
                rows.append(kept_features(self, view, table, hand, idle))
                counts.append(rest)
        values = self._values(rows, table)
        total = sum(counts)
        return sum(v * n for v, n in zip(values, counts, strict=True)) / total if total else 0.0

    def _draw(self, view: FiveCrownsView, draws: list[Draw], table: _Table) -> Choice:
        self._hard_draw = True  # hard's draw weighs its own scores, never the model's
        try:
            base = super()._draw(view, draws, table)
        finally:
            self._hard_draw = False
        # Nothing to weigh: one source, a last turn (exact), an idle up card, or one that goes out.
        if (self.method != "value" or view.last_turn or base.reason in ("only", "top_idle", "take_goes_out")
                or view.discard_top is None):
            return base
        judge = self.judge
        hand = judge.key(view.hand)
        take_value = self._ranked_throws(judge.plus(hand, view.discard_top), table)[0][0]
        stock_value = self._stock_value(view, hand, table)
        if take_value + VALUE_TAKE_MARGIN < stock_value:
            return Choice(Draw(view.seat, "discard"), "take_fewer_points", points=base.points)
        return Choice(Draw(view.seat, "stock"), "stock_better", points=base.points)

    # ----------------------------------------------------------------- determinized play-outs
    def _discard(self, view: FiveCrownsView, discards: list[Discard], table: _Table) -> Choice:
        base = super()._discard(view, discards, table)
        if self.method.startswith("value") or view.last_turn or view.went_out is not None:
            return base
        assert isinstance(base.action, Discard)
        options = self.options(view, table, discards, base.action.card)
        if len(options) < 2:
            return base
        if self.method == "trained":
            gains = [float(v) for v in load_throws().predict(self.throw_rows(view, table, options))]
            best = min(range(len(gains)), key=lambda i: gains[i]) + 1
            if gains[best - 1] >= -self.margin:
                return base
        else:
            means = self.search(view, table, options, self.deals, read=self.method == "playout-read")
            best = min(range(len(options)), key=lambda i: means[i])
            if best == 0 or means[best] + self.margin > means[0]:
                return base
        card = options[best]
        left = self.judge.discard_points(self.judge.key(view.hand))[card]
        return Choice(Discard(view.seat, card), "best_prospects", points=left)

    def options(self, view: FiveCrownsView, table: _Table, discards: Sequence[Discard], first: Card) -> list[Card]:
        """The throws weighed: hard's own ``first``, then hard's next best, up to ``throws``."""
        allowed = {a.card for a in discards}
        ranked = [c for _s, c in super()._ranked_throws(self.judge.key(view.hand), table) if c in allowed]
        return [first, *[c for c in ranked if c != first]][:self.throws]

    def search(self, view: FiveCrownsView, table: _Table, options: Sequence[Card], deals: int,
               read: bool = False) -> list[float]:
        """Each throw's mean play-out result over ``deals`` guessed deals (every throw meets the same
        deals), uniform or ``read`` from what the opponents threw and passed over."""
        judge = self.judge
        hand = judge.key(view.hand)
        totals = [0.0] * len(options)
        # Read deals get a source of their own, but ``playout-read``'s keep the one its measured figures
        # were played with (docs/bots.md).
        tag = "/read" if read and self.method != "playout-read" else ""
        rng = random.Random(f"five-crowns/expert/{self.seed}/{len(view.log)}/{view.seat}{tag}")
        for _ in range(deals):
            deal = self._deal(view, table, rng, read)
            for i, card in enumerate(options):
                totals[i] += self._play_out(view, deal, judge.minus(hand, card), card)
        return [t / deals for t in totals]

    def throw_rows(self, view: FiveCrownsView, table: _Table, options: Sequence[Card]) -> list[list[float]]:
        """The trained method's rows: one for each throw after hard's own (``options[0]``), set against
        it (engine.bots.five_crowns_throws)."""
        judge = self.judge
        hand = judge.key(view.hand)
        hard = {c: s for s, c in super()._ranked_throws(hand, table)}
        guessed = self.search(view, table, options, TRAINED_DEALS)
        read = self.search(view, table, options, TRAINED_READ_DEALS, read=True)
        kept = [kept_features(self, view, table, judge.minus(hand, c), c) for c in options]
        return [throw_row(guessed[i] - guessed[0], read[i] - read[0], hard[options[i]] - hard[options[0]],
                          kept[i], kept[0]) for i in range(1, len(options))]

    def _deal(self, view: FiveCrownsView, table: _Table, rng: random.Random,
              read: bool = False) -> tuple[list[int], list[int], list[int]]:
        """One guess at the hidden cards: each opponent's hand (the cards it was seen taking, then unseen
        cards, ``read`` from what it threw and passed over or not), the stock (its last card drawn next)
        and the discard pile (its top last), as kinds."""
        pool = [kind_of(c) for c, n in sorted(table.unseen.items(), key=lambda cn: cn[0].sort_key())
                for _ in range(n)]
        rng.shuffle(pool)
        hands = [0] * len(view.players)
        for s in view.seats:
            if s == view.seat:
                continue
            known = [c for c, n in table.know.holding[s].items() for _ in range(n)]
            need = max(0, view.hand_sizes[s] - len(known))
            if read and need:
                # Weighted draws without replacement: the largest of u ** (1 / weight) win.
                weight = _unlikely(view, table, s)
                keys = [rng.random() ** (1.0 / weight.get(k, 1.0)) for k in pool]
                chosen = set(sorted(range(len(pool)), key=lambda i: -keys[i])[:need])
                hands[s] = hand_int(known) + sum(UNIT[pool[i]] for i in chosen)
                pool = [k for i, k in enumerate(pool) if i not in chosen]
                continue
            hands[s] = hand_int(known) + sum(UNIT[k] for k in pool[:need])
            del pool[:need]
        stock = pool[:view.stock_size]
        pile = _pile(view, table)
        return hands, stock, pile

    def _reshuffler(self, view: FiveCrownsView) -> Callable[[int], random.Random]:
        """The shuffle of the stock's ``k``-th rebuild in a play-out: seeded by the position."""
        seed = f"five-crowns/expert/{self.seed}/{len(view.log)}"
        return lambda k: random.Random(f"{seed}/{k}")

    def _play_out(self, view: FiveCrownsView, deal: tuple[list[int], list[int], list[int]], kept: Key,
                  thrown: Card) -> float:
        hands, stock, pile = deal
        hands = list(hands)
        hands[view.seat] = hand_int([code_card(c) for c in kept])
        seats = view.seats
        nxt = seats[(seats.index(view.seat) + 1) % len(seats)]
        h = FastFiveCrownsHand(hands, [*pile, kind_of(thrown)], list(stock), int(view.wild_rank), nxt,
                               self._reshuffler(view))
        points = play_hand(h).points
        others = [points[s] for s in seats if s != view.seat]
        return points[view.seat] - sum(others) / len(others)


#: How much each card an opponent threw or passed over makes a card of the same rank, or of its suit one
#: or two ranks away, less likely in its hand (a player keeps what melds with what it holds).
READ_SAME_RANK = 0.5
READ_ONE_APART = 0.3
READ_TWO_APART = 0.15
READ_FLOOR = 0.05


def _unlikely(view: FiveCrownsView, table: _Table, seat: int) -> dict[int, float]:
    """Per kind: how likely ``seat`` is to hold it, relative to an unseen card it showed no interest
    against (1). A card it threw or passed over says it did not want that card's melds; wilds say
    nothing."""
    seen = [c for c in (*table.know.threw[seat], *table.know.passed[seat])
            if c.rank is not None and c.rank != view.wild_rank]
    weights: dict[int, float] = {}
    for card in table.unseen:
        if card.rank is None or card.rank == view.wild_rank:
            continue
        w = 1.0
        for t in seen:
            assert t.rank is not None
            if t.rank == card.rank:
                w *= 1.0 - READ_SAME_RANK
            elif t.suit == card.suit:
                gap = abs(int(t.rank) - int(card.rank))
                w *= 1.0 - (READ_ONE_APART if gap == 1 else READ_TWO_APART if gap == 2 else 0.0)
        weights[kind_of(card)] = max(READ_FLOOR, w)
    return weights


def _pile(view: FiveCrownsView, table: _Table) -> list[int]:
    """The discard pile's cards as kinds, its top last: every card of the deck the seat has not placed
    elsewhere (the order below the top does not matter to a play-out but for a reshuffle)."""
    counts: Counter[Card] = Counter(dict(deck_counts(_sets(view))))
    counts.subtract(table.unseen)
    counts.subtract(view.hand)
    for held in table.know.holding:
        counts.subtract(held)
    top = view.discard_top
    if top is not None:
        counts[top] -= 1
    cards = sorted((+counts).elements(), key=lambda c: c.sort_key())[:max(0, view.discard_size - 1)]
    return [kind_of(c) for c in cards] + ([kind_of(top)] if top is not None else [])


def _sets(view: FiveCrownsView) -> int:
    total = view.stock_size + view.discard_size + sum(view.hand_sizes)
    return max(1, round(total / 116))
