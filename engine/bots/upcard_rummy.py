"""Computer players for upcard rummy, at three levels.

Every card scores the same for you on the table as against you in hand, so a turn's plan is simple
(meld and lay off everything that fits, keep one card to discard) and the skill is in three choices:
which card to discard, when to dig into the fanned discard pile, and how much to fear the hand ending
with valuable cards still held.

- easy: draws from the stock only, makes the first meld it sees, lays off what fits, and discards at
  random among cards that are not part of a pair.
- normal: melds the most valuable first meld (a wild with a pair before three naturals), puts down
  all it can, digs into the pile when what it can meld at once beats an average stock card, and
  discards the card least likely to pay, fearing the end only when someone is nearly out.
- hard: as normal, but it digs whenever the dig is worth more than an average stock card, keeps pairs
  whose rank lies in the pile (a dig to come), counts cards it knows opponents hold, and is wary of
  feeding a dig. It fears the end of the hand as normal does (calm until an opponent is nearly out):
  weighing the end by every opponent's hand size made it throw aces and wilds it would have scored,
  and cost it more than its other habits gained (docs/bots.md, upcard rummy).

An agent sees only its own seat's view; each call plans the turn afresh and returns its next step,
so a turn is a few calls (melds, lay-offs, then the discard).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.actions import Action, Discard, Draw
from engine.arrange_upcard import card_value, is_wild, meld_rank, naturals_by_rank
from engine.bots.base import Choice, register_agent
from engine.cards import Card, Rank, Suit, no_twos_deck
from engine.events import Discarded
from engine.rules.upcard_rummy import (
    HandOpened,
    LaidOff,
    LayOff,
    Meld,
    Melded,
    TakeDiscards,
    TookDiscards,
    UpcardView,
)

__all__ = ["STYLES", "Plan", "Style", "UpcardAgent", "plan_plays"]

GAME = "upcard-rummy"
_DECK = Counter(no_twos_deck(2))


@dataclass(frozen=True, slots=True)
class Plan:
    """Melds to make and cards to lay off (by the rank of the meld they go on; None: any meld)."""

    melds: tuple[tuple[Card, ...], ...]
    layoffs: tuple[tuple[Card, Rank | None], ...]
    left: tuple[Card, ...]

    @property
    def put_down(self) -> tuple[Card, ...]:
        return tuple(c for m in self.melds for c in m) + tuple(c for c, _ in self.layoffs)


def plan_plays(hand: Sequence[Card], wild: Rank, table_ranks: Iterable[Rank], hold: Iterable[Rank] = ()) -> Plan:
    """Everything a melded player can put down from ``hand`` now (with no card kept back).

    Natural pairs of the ``hold`` ranks are kept whole rather than melded with a wild: a pair is what
    lets a player dig back to a card of its rank in the discard pile.
    """
    on_table = set(table_ranks)
    held = set(hold)
    groups = naturals_by_rank(hand, wild)
    wilds = sorted((c for c in hand if is_wild(c, wild)), key=Card.sort_key)
    melds: list[tuple[Card, ...]] = []
    layoffs: list[tuple[Card, Rank | None]] = []
    left: list[Card] = []
    pairs: list[Rank] = []
    for rank, nats in groups.items():
        if len(nats) >= 3:
            melds.append(tuple(nats))
        elif rank in on_table:
            layoffs += [(c, rank) for c in nats]
        elif len(nats) == 2:
            pairs.append(rank)
        else:
            left += nats
    pairs.sort(key=lambda r: (card_value(groups[r][0], wild), int(r)), reverse=True)
    for rank in pairs:
        if wilds and rank not in held:
            melds.append((*groups[rank], wilds.pop()))
        else:
            left += groups[rank]
    if on_table or melds:
        layoffs += [(w, None) for w in wilds]
    else:
        left += wilds
    return Plan(tuple(melds), tuple(layoffs), tuple(left))


def _without(cards: Sequence[Card], card: Card) -> list[Card]:
    rest = list(cards)
    rest.remove(card)
    return rest


@dataclass(frozen=True, slots=True)
class Style:
    """What separates the levels."""

    digs: bool
    dig_margin: float
    #: Keep natural pairs whose rank lies in the discard pile, for a dig next turn.
    pile_pairs: bool
    #: Remember opponents' up cards and what they took from the pile.
    tracks_opponents: bool
    #: Count what a discard may give a melded opponent's dig.
    avoids_feeding: bool
    random_discard: bool = False
    calm: float = 0.3
    alarm: float = 0.7
    near: int = 3


STYLES = {
    "easy": Style(False, 0.0, False, False, False, random_discard=True),
    "normal": Style(True, 10.0, False, False, False),
    "hard": Style(True, 0.0, True, True, True),
}


@dataclass(slots=True)
class _Context:
    """What the valuation needs to know about the table, built once per decision."""

    wild: Rank
    table_ranks: set[Rank]
    pile: tuple[Card, ...]
    unseen: Counter[Rank]
    danger: float
    melded: bool
    opp_sizes: dict[int, int] = field(default_factory=dict)
    opp_known: dict[int, Counter[Card]] = field(default_factory=dict)
    opp_melded: dict[int, bool] = field(default_factory=dict)
    #: The hand is scored after this turn (someone went out): only the points left in hand count.
    last_turn: bool = False

    @property
    def pile_ranks(self) -> set[Rank]:
        return {c.rank for c in self.pile if c.rank is not None and not is_wild(c, self.wild)}


def _pair_chance(size: int, unseen: int, total: int, known: int) -> float:
    """Chance a hand of ``size`` unknown-ish cards holds two or more of a rank with ``unseen`` copies out."""
    if known >= 2:
        return 1.0
    if total <= 0 or size <= known:
        return 0.0
    q = min(1.0, unseen / total)
    free = size - known
    if known == 1:
        return 1.0 - (1.0 - q) ** free
    return max(0.0, 1.0 - (1.0 - q) ** free - free * q * (1.0 - q) ** (free - 1))


class UpcardAgent:
    def __init__(self, level: str, seed: int = 0) -> None:
        self.level = level
        self.style = STYLES[level]
        self.rng = random.Random(f"upcard-agent/{level}/{seed}")

    # ----------------------------------------------------------------- entry
    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        assert isinstance(view, UpcardView)
        if view.phase == "draw":
            return self._draw(view, legal)
        ctx = self._context(view)
        if view.may_lay_off:
            step = self._next_play(view, ctx)
            if step is not None:
                return step
        elif not view.melded[view.seat]:
            first = self._first_meld(view, legal)
            if first is not None:
                return first
        return self._discard(view, ctx)

    def explain(self, view: Any, legal: Sequence[Action]) -> Choice:
        """The move :meth:`choose` makes, and the points it puts on the table (``meld_worth``)."""
        action = self.choose(view, legal)
        wild = view.wild_rank
        cards = action.cards if isinstance(action, Meld) else action.meld if isinstance(action, TakeDiscards) else ()
        if isinstance(action, LayOff):
            cards = (action.card,)
        if cards:
            return Choice(action, "meld_worth", points=sum(card_value(c, wild) for c in cards))
        if isinstance(action, Draw):
            return Choice(action, "stock_better")
        return Choice(action, "chosen")

    # ----------------------------------------------------------------- context
    def _context(self, view: UpcardView) -> _Context:
        wild = view.wild_rank
        seen: Counter[Card] = Counter(view.hand)
        seen.update(view.discard)
        for m in view.table:
            seen.update(m.all_cards)
        opp_known: dict[int, Counter[Card]] = {}
        if self.style.tracks_opponents:
            opp_known = _known_opponent_cards(view)
            for known in opp_known.values():
                seen.update(known)
        unseen: Counter[Rank] = Counter()
        for card, n in _DECK.items():
            left = n - seen[card]
            if left > 0 and card.rank is not None:
                unseen[card.rank] += left
        others = [s for s in range(len(view.players)) if s != view.seat]
        return _Context(
            wild=wild,
            table_ranks={m.rank for m in view.table},
            pile=tuple(view.discard),
            unseen=unseen,
            danger=self._danger(view),
            melded=view.melded[view.seat],
            opp_sizes={s: view.hand_sizes[s] for s in others},
            opp_known=opp_known,
            opp_melded={s: view.melded[s] for s in others},
            last_turn=view.last_turn,
        )

    def _danger(self, view: UpcardView) -> float:
        """How likely the hand is to end before a held card can be put down: calm, or alarm once an
        opponent is nearly out."""
        if view.last_turn:
            return 1.0
        smallest = min(n for s, n in enumerate(view.hand_sizes) if s != view.seat)
        return self.style.alarm if smallest <= self.style.near else self.style.calm

    # ----------------------------------------------------------------- valuation
    def _contribution(self, card: Card, counts: Counter[Rank], wilds_held: int, ctx: _Context) -> float:
        """Expected points of keeping ``card``: value times (chance it is put down - chance it is caught)."""
        v = card_value(card, ctx.wild)
        if ctx.danger >= 1.0:
            return -float(v)
        has_meld_base = any(n >= 2 for n in counts.values())
        bonus = 0.0
        if is_wild(card, ctx.wild):
            p = 1.0 if ctx.melded else (0.85 if has_meld_base else 0.45)
        else:
            assert card.rank is not None
            n = counts[card.rank]
            if card.rank in ctx.table_ranks:
                p = 0.95 if ctx.melded else 0.6
            elif n >= 2:
                p = 0.55 + (0.25 if wilds_held and not ctx.melded else 0.0)
                if self.style.pile_pairs:
                    bonus = self._dig_prospect(card.rank, ctx) / n
            else:
                p = min(0.45, 0.06 * ctx.unseen[card.rank])
        p = min(p, 1.0)
        return v * (p - ctx.danger * (1.0 - p)) + bonus

    def _dig_prospect(self, rank: Rank, ctx: _Context) -> float:
        """What a natural pair of ``rank`` may win next turn by digging to the deepest card of its rank."""
        depth = next((i for i, c in enumerate(ctx.pile) if c.rank == rank and not is_wild(c, ctx.wild)), None)
        if depth is None:
            return 0.0
        prize = sum(card_value(c, ctx.wild) for c in ctx.pile[depth:])
        return prize * (0.35 if ctx.melded else 0.1) * (1.0 - ctx.danger)

    def _feed_cost(self, card: Card, ctx: _Context) -> float:
        """What throwing ``card`` may hand an opponent's dig: its value on top of every dig there may be,
        and a new card to dig back to if someone holds a pair of its rank."""
        if not self.style.avoids_feeding:
            return 0.0
        total = sum(ctx.unseen.values())

        def someone_pairs(rank: Rank) -> float:
            if rank in ctx.table_ranks:
                return 0.0  # a melded player lays such cards off, so holds no pair of them
            miss = 1.0
            for seat, size in ctx.opp_sizes.items():
                known = sum(n for c, n in ctx.opp_known.get(seat, Counter()).items() if c.rank == rank)
                chance = _pair_chance(size, ctx.unseen[rank], total, known)
                miss *= 1.0 - chance * (1.0 if ctx.opp_melded.get(seat) else 0.3)
            return 1.0 - miss

        v = card_value(card, ctx.wild)
        dug = 1.0
        for rank in ctx.pile_ranks:
            dug *= 1.0 - someone_pairs(rank)
        cost = v * (1.0 - dug) * 0.5
        if not is_wild(card, ctx.wild) and card.rank is not None:
            cost += someone_pairs(card.rank) * (3 * v + 10) * 0.5
        return cost

    def _keep_values(self, cards: Sequence[Card], ctx: _Context) -> dict[Card, float]:
        counts: Counter[Rank] = Counter(c.rank for c in cards if c.rank is not None and not is_wild(c, ctx.wild))
        wilds_held = sum(1 for c in cards if is_wild(c, ctx.wild))
        return {c: self._contribution(c, counts, wilds_held, ctx) for c in dict.fromkeys(cards)}

    def _discard_choice(self, cards: Sequence[Card], ctx: _Context) -> Card:
        """The card least worth keeping, counting what it would give away. On a last turn the hand is scored
        right after the throw: the costliest card goes, wild or not (engine.bots.wild_throws), and what it
        may feed only breaks a tie."""
        if ctx.last_turn:
            return min(dict.fromkeys(cards),
                       key=lambda c: (-card_value(c, ctx.wild), self._feed_cost(c, ctx), c.rank_key()))
        keep = self._keep_values(cards, ctx)
        options = _throwable(cards, ctx.wild)
        return min(options, key=lambda c: (keep[c] + self._feed_cost(c, ctx), -card_value(c, ctx.wild), c.rank_key()))

    def _position(self, hand: Sequence[Card], ctx: _Context) -> float:
        """Worth of a hand a melded player holds after drawing: what goes down now plus what is kept."""
        keep, plan = self._plan_keeping_one(hand, ctx)
        put = sum(card_value(c, ctx.wild) for c in plan.put_down)
        left = [*plan.left, *([keep] if keep is not None else [])]
        rest = _without(left, self._discard_choice(left, ctx))
        values = self._keep_values(rest, ctx)
        return put + sum(values[c] for c in rest) + (25.0 if not rest and not ctx.last_turn else 0.0)

    def _plan_keeping_one(self, hand: Sequence[Card], ctx: _Context) -> tuple[Card | None, Plan]:
        """The plan for ``hand``, holding back the cheapest card when everything else would go down."""
        hold = ctx.pile_ranks if self.style.pile_pairs else set()
        plan = plan_plays(hand, ctx.wild, ctx.table_ranks, hold)
        if plan.left:
            return None, plan
        best: tuple[float, Card, Plan] | None = None
        for card in sorted(dict.fromkeys(hand), key=lambda c: (card_value(c, ctx.wild), c.rank_key())):
            rest_plan = plan_plays(_without(hand, card), ctx.wild, ctx.table_ranks, hold)
            lost = sum(card_value(c, ctx.wild) for c in rest_plan.left)
            score = -card_value(card, ctx.wild) - 2 * lost
            if best is None or score > best[0]:
                best = (score, card, rest_plan)
            if not rest_plan.left:
                break
        assert best is not None
        _, keep, rest_plan = best
        # Cards the reduced plan could not place stay in hand too.
        return keep, rest_plan

    # ----------------------------------------------------------------- draw
    def _draw(self, view: UpcardView, legal: Sequence[Action]) -> Action:
        stock = next((a for a in legal if isinstance(a, Draw)), None)
        takes = [a for a in legal if isinstance(a, TakeDiscards)]
        if not takes or not self.style.digs:
            return stock if stock is not None else legal[0]
        ctx = self._context(view)
        ctx.melded = True
        best: tuple[float, Action] | None = None
        for take in takes:
            taken = view.discard[-take.count :]
            after = list(view.hand) + list(taken)
            for c in take.meld:
                after.remove(c)
            rank = meld_rank(take.meld, ctx.wild)
            dig_ctx = replace(
                ctx,
                table_ranks=ctx.table_ranks | ({rank} if rank is not None else set()),
                pile=tuple(view.discard[: -take.count]),
            )
            worth = sum(card_value(c, ctx.wild) for c in take.meld) + self._position(after, dig_ctx)
            if best is None or worth > best[0]:
                best = (worth, take)
        if stock is None:
            assert best is not None
            return best[1]
        expected = self._expected_stock(view, ctx)
        # On a last turn only the points count: no margin for what a dig might tell the others.
        margin = 0.0 if ctx.last_turn else self.style.dig_margin
        if best is not None and best[0] > expected + margin:
            return best[1]
        return stock

    def _expected_stock(self, view: UpcardView, ctx: _Context) -> float:
        total = sum(ctx.unseen.values())
        if not total:
            return self._position(view.hand, ctx)
        worth = 0.0
        for rank, n in ctx.unseen.items():
            card = Card(rank, Suit.CLUBS)  # the suit never matters to the plan
            worth += n / total * self._position([*view.hand, card], ctx)
        return worth

    # ----------------------------------------------------------------- melding
    def _first_meld(self, view: UpcardView, legal: Sequence[Action]) -> Action | None:
        melds = [a for a in legal if isinstance(a, Meld)]
        if not melds:
            return None
        if self.level == "easy":
            return melds[0]
        wild = view.wild_rank

        def worth(a: Meld) -> tuple[int, int, int]:
            wilds = sum(1 for c in a.cards if is_wild(c, wild))
            rank = next(int(c.rank) for c in a.cards if c.rank is not None and not is_wild(c, wild))
            return (sum(card_value(c, wild) for c in a.cards), wilds, rank)

        return max(melds, key=worth)

    def _next_play(self, view: UpcardView, ctx: _Context) -> Action | None:
        if self.level == "easy":
            return self._easy_play(view)
        _, plan = self._plan_keeping_one(view.hand, ctx)
        if plan.melds:
            return Meld(view.seat, plan.melds[0])
        for card, rank in plan.layoffs:
            for i, m in enumerate(view.table):
                if rank is None or m.rank == rank:
                    return LayOff(view.seat, card, i)
        return None

    def _easy_play(self, view: UpcardView) -> Action | None:
        if len(view.hand) < 2:
            return None
        wild = view.wild_rank
        for nats in naturals_by_rank(view.hand, wild).values():
            if len(nats) >= 3 and len(nats) < len(view.hand):
                return Meld(view.seat, tuple(nats))
        for card in view.hand:
            for i, m in enumerate(view.table):
                if not is_wild(card, wild) and card.rank == m.rank:
                    return LayOff(view.seat, card, i)
        return None

    # ----------------------------------------------------------------- discard
    def _discard(self, view: UpcardView, ctx: _Context) -> Action:
        hand = view.hand
        if self.style.random_discard:
            wild = view.wild_rank
            counts = Counter(c.rank for c in hand if not is_wild(c, wild))
            loose = [c for c in hand if not is_wild(c, wild) and counts[c.rank] < 2]
            options = [c for c in loose if c in _throwable(hand, wild)]
            return Discard(view.seat, self.rng.choice(options or _throwable(hand, wild)))
        return Discard(view.seat, self._discard_choice(hand, ctx))


def _throwable(cards: Sequence[Card], wild: Rank) -> list[Card]:
    """The distinct cards worth considering as the discard before a last turn: the natural cards whenever
    there is one. A wild on the pile fits any meld of the next player's, so it goes only from a hand of wilds
    (engine.bots.wild_throws). Once a hand that has not melded is down to one natural card, that card
    goes rather than a wild: it is waiting for a pair either way, and a wild kept is 100 points of the
    meld it will make."""
    distinct = list(dict.fromkeys(cards))
    naturals = [c for c in distinct if not is_wild(c, wild)]
    return naturals or distinct


def _known_opponent_cards(view: UpcardView) -> dict[int, Counter[Card]]:
    """Cards each opponent is known to hold: their up card and what they took from the pile, less
    whatever they have since put down or thrown."""
    known: dict[int, Counter[Card]] = {}
    start = next((i for i in range(len(view.log) - 1, -1, -1) if isinstance(view.log[i], HandOpened)), 0)
    for ev in view.log[start:]:
        if isinstance(ev, HandOpened):
            known = {s: Counter([c]) for s, c in enumerate(ev.up_cards) if s != view.seat}
        elif isinstance(ev, TookDiscards) and ev.seat in known:
            known[ev.seat].update(ev.cards)
        elif isinstance(ev, Melded) and ev.seat in known:
            known[ev.seat].subtract(ev.cards)
        elif isinstance(ev, LaidOff | Discarded) and ev.seat in known:
            known[ev.seat].subtract([ev.card])
    return {s: +k for s, k in known.items()}


def _factory(level: str) -> Any:
    return lambda seed: UpcardAgent(level, seed)


for _level in STYLES:
    register_agent(GAME, _level, _factory(_level))
