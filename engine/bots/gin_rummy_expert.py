"""Gin Rummy's expert: hard's draws, throws weighed by a learned value, knocks decided by a search.

- **Throws by the learned value.** Each throw is judged by the position it leaves, as the seat sees it
  (engine.learned.gin_features: deadwood, melds, near-melds, outs among the unseen cards, what the
  opponent picked and refused, the stock, the scores), valued by a small network trained on hard's
  own games to predict the points the hand brings (scripts/train_gin_value.py; the weights ship in
  engine/learned/weights/gin_value.npz).
- **Knocks by a determinized search.** Hard knocks by a fixed rule (at once while the stock is long,
  later only with 6 points or less). Whether a knock wins is decided by what the opponent holds, which
  the seat cannot see but can guess: the cards it took from the discard pile and kept are known, the
  rest of its hand is dealt from the unseen cards, many times (:func:`deals`, the opponent keeping the
  best of as many extra cards as it has drawn, as a player who drew and threw them did). On each deal
  the knock is scored exactly (the defender lays off against the knocker's melds), and not knocking is
  played out to the hand's end by both seats drawing and knocking as hard does (:func:`play_hard`, on
  the bit masks of :mod:`engine.fast.gin`). The better on average, by points won less points lost,
  is played, every candidate on the same deals.
- **Draws are hard's.** Searching the draw and the throw with the same play-outs lost: the play-out
  players are simpler than the real ones, and the search trusted them (docs/bots.md, "An expert for
  Gin Rummy", has the figures). ``SEARCH`` names the decisions searched, for measuring that again.

Deterministic under a seed: the deals come from a generator seeded by the player's seed and the
position (the hand's number, the log's length and the cards held), so a hint asked for in between
changes nothing, and the budget is a count of deals, never the clock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from engine.actions import Action, Discard, Draw
from engine.arrange_gin import arrange_gin
from engine.bots.base import Choice, register_agent
from engine.bots.gin_rummy import HardGin, seen_cards
from engine.cards import Card, standard_deck
from engine.events import Drew, HandStarted
from engine.fast.gin import (
    KNOCK_LIMIT,
    POINTS,
    STOCK_LEFT,
    FastGinHand,
    GinHandResult,
    _best_throw,
    _score,
    card_index,
    deadwood,
    hand_mask,
    play_hand,
    throws,
)
from engine.learned.gin_features import features
from engine.rules.gin_rummy import GinView, Knock, PassUpcard

if TYPE_CHECKING:
    from engine.learned.value_model import ValueModel

__all__ = ["Deal", "ExpertGin", "deals", "play_hard", "play_move", "stock_draws", "value_of"]

GAME = "gin-rummy"
ALL = (1 << 52) - 1
_DECK = tuple(standard_deck(1, jokers=0))


@dataclass(frozen=True, slots=True)
class Deal:
    """One guess at the hidden cards: the opponent's hand (a mask) and the stock (its last card drawn
    next), as card indexes of :mod:`engine.fast.gin`."""

    opponent: int
    stock: tuple[int, ...]


def view_masks(view: GinView) -> tuple[int, int, int, int, int, tuple[int, int]]:
    """The seat's view as engine.learned.gin_features reads it: its hand, the cards it has not seen
    (the opponent's pick-ups among them), those pick-ups, the cards the opponent threw or passed, the
    stock's size, and the seat's and the opponent's game totals."""
    seen = seen_cards(view)
    hand = hand_mask(view.hand)
    unseen = ALL ^ hand ^ hand_mask(view.discard)
    me = view.seat
    return (hand, unseen, hand_mask(tuple(seen.picked)), hand_mask(tuple(seen.refused)), view.stock_size,
            (view.totals[me], view.totals[1 - me]))


def stock_draws(view: GinView) -> int:
    """How many cards the opponent has drawn from the stock this hand (the seat saw the draws, not the cards)."""
    count = 0
    for ev in reversed(view.log):
        if isinstance(ev, HandStarted):
            break
        if isinstance(ev, Drew) and ev.seat != view.seat and ev.source == "stock":
            count += 1
    return count


def _keep_best(hand: int, size: int, known: int) -> int:
    """``hand`` cut down to ``size`` cards by greedy throws (the card leaving least deadwood, the costlier
    on a tie), as a player who drew and threw them would have kept; ``known`` cards are never thrown."""
    while hand.bit_count() > size:
        _left, _points, card = min((left, -POINTS[i], i) for i, left in throws(hand) if not known >> i & 1)
        hand ^= 1 << card
    return hand


def deals(view: GinView, count: int, rng: random.Random, *, selection: int = 10) -> list[Deal]:
    """``count`` deals of the cards the seat has not seen, consistent with what it saw: the opponent
    holds the cards it took from the discard pile and has not thrown; the rest of its hand and the
    stock are the unseen cards, shuffled.

    An opponent's hand is not a random handful: it has drawn cards and thrown the worst. So its hand is
    dealt as it was made: as many extra unseen cards as it has drawn from the stock (at most
    ``selection``), of which it keeps the best. Without this the opponent of the play-outs is far
    slower than the real one, and the search keeps costly cards for melds it has no time to make
    (measured: 20% of games against hard)."""
    seen = seen_cards(view)
    held = set(view.hand)
    unseen = [card_index(c) for c in _DECK if c not in held and c not in seen.out and c not in seen.picked]
    known = 0
    for c in seen.picked:
        known |= 1 << card_index(c)
    opponent_size = view.hand_sizes[1 - view.seat]
    need = max(0, min(opponent_size - len(seen.picked), len(unseen)))
    extra = max(0, min(stock_draws(view), selection, len(unseen) - need))
    out = []
    for _ in range(count):
        cards = list(unseen)
        rng.shuffle(cards)
        hand = known
        for i in cards[:need + extra]:
            hand |= 1 << i
        hand = _keep_best(hand, opponent_size, known)
        out.append(Deal(hand, tuple(i for i in cards if not hand >> i & 1)))
    return out


def value_of(winner: int | None, points: int, seat: int) -> int:
    """A hand's end as the seat counts it: the points won, or less the points lost; a drawn hand, 0."""
    if winner is None:
        return 0
    return points if winner == seat else -points


#: Hard's knocking rule in the play-outs: at once while the stock holds this many cards, later only
#: with this little deadwood (engine.bots.gin_rummy.HardGin).
EARLY_STOCK = 20
LATE_LIMIT = 6
#: The play-out policy: "hard" (play_hard) or "greedy" (engine.fast.gin.play_hand).
PLAYOUT = "hard"


def _hard_takes(hand: int, up: int) -> bool:
    """Hard's draw on bit masks: the up card, when the best throw after it leaves less deadwood and the
    card itself is melded (its own points are not simply added to the deadwood)."""
    left, card = _best_throw(hand | (1 << up), up)
    if left >= deadwood(hand):
        return False
    kept = (hand | (1 << up)) ^ (1 << card)
    return deadwood(kept ^ (1 << up)) != left - POINTS[up]


def play_hard(h: FastGinHand, rule: bool = True) -> GinHandResult:
    """Play the hand to its end with both seats drawing as hard does (the up card only into a meld) and
    knocking by hard's rule (``rule``; else as soon as they can), throwing greedily: closer to the real
    players than engine.fast.gin.play_hand's greedy seats, which knock at once and take any card that
    lowers their deadwood."""
    def knocks(left: int, stock: int) -> bool:
        return left <= KNOCK_LIMIT and (not rule or stock >= EARLY_STOCK or left <= LATE_LIMIT)

    return play_hand(h, takes=_hard_takes, knocks=knocks)


def _start(view: GinView, deal: Deal) -> FastGinHand:
    """The hand as it stands on ``deal``, before the seat's move."""
    me = view.seat
    hands = [0, 0]
    for c in view.hand:
        hands[me] |= 1 << card_index(c)
    hands[1 - me] = deal.opponent
    taken = -1 if view.taken is None else card_index(view.taken)
    return FastGinHand(hands, [card_index(c) for c in view.discard], list(deal.stock), view.dealer, me,
                       view.phase, view.stock_only, taken)


def play_move(view: GinView, deal: Deal, move: Action) -> int:
    """The seat's points at the end of the hand after ``move`` on ``deal``, the rest played greedily."""
    h = _start(view, deal)
    me = view.seat
    if isinstance(move, PassUpcard):
        if me != view.dealer:
            h.to_move = view.dealer
        else:
            h.phase, h.stock_only, h.to_move = "draw", True, 1 - me
    elif isinstance(move, Draw):
        card = h.discard.pop() if move.source == "discard" else h.stock.pop()
        h.hands[me] |= 1 << card
        h.taken = card if move.source == "discard" else -1
        h.phase, h.stock_only = "discard", False
    elif isinstance(move, Knock):
        if move.card is not None:
            bit = 1 << card_index(move.card)
            h.hands[me] ^= bit
            h.discard.append(card_index(move.card))
        result = _score(h.hands, me)
        return value_of(result.winner, result.points, me)
    elif isinstance(move, Discard):
        h.hands[me] ^= 1 << card_index(move.card)
        h.discard.append(card_index(move.card))
        if len(h.stock) <= STOCK_LEFT:
            return 0
        h.to_move, h.phase, h.taken, h.stock_only = 1 - me, "draw", -1, False
    result = play_hard(h) if PLAYOUT == "hard" else play_hand(h)
    return value_of(result.winner, result.points, me)


class ExpertGin(HardGin):
    """Hard's draws, throws by the learned value, knocks by play-outs on sampled deals (see the module's
    docstring)."""

    level = "expert"
    #: Deals per decision: every candidate is played on each (a count, never the clock).
    DEALS = 24
    #: Hard's best throws weighed at the throw.
    THROWS = 4
    #: Points a hand another candidate must gain over hard's own choice to replace it.
    MARGIN = 0.5
    #: The decisions searched: the draw, the throw, the knock (the others are hard's).
    SEARCH: tuple[str, ...] = ("knock",)
    #: How a throw is chosen before any search: "hard" (hard's score) or "value" (the learned value of
    #: the position each throw leaves, engine.learned.gin_features).
    THROW_BY = "value"
    #: How the draw is chosen: "hard" (the up card only into a meld) or "value" (the up card when the
    #: best position after taking it is worth more than the average best after a card from the stock).
    DRAW_BY = "hard"

    def __init__(self, seed: int = 0, deals: int | None = None) -> None:
        super().__init__(seed)
        self.deals = self.DEALS if deals is None else deals

    def explain(self, view: GinView, legal: Sequence[Action]) -> Choice:
        hard = super().explain(view, legal)
        if self.DRAW_BY == "value" and isinstance(hard.action, PassUpcard | Draw):
            return self._valued_draw(view, legal, hard)
        if self.THROW_BY == "value" and isinstance(hard.action, Discard):
            card = self._valued_throw(view)
            hard = Choice(Discard(view.seat, card), "best_prospects",
                          points=self._left(list(view.hand), Knock(view.seat, card)))
        candidates = self._candidates(view, legal, hard)
        if len(candidates) < 2:
            return hard
        rng = random.Random(f"gin expert {self.seed} {view.hand_number} {len(view.log)} "
                            f"{sorted(c.sort_key() for c in view.hand)}")
        sample = deals(view, self.deals, rng)
        totals = {move: sum(play_move(view, deal, move) for deal in sample) for move in candidates}
        best = max(candidates, key=lambda m: totals[m])
        if totals[best] - totals[hard.action] <= self.MARGIN * len(sample):
            return hard
        return self._reason(view, best)

    def _candidates(self, view: GinView, legal: Sequence[Action], hard: Choice) -> list[Action]:
        """The moves worth a search: at the draw, every draw; at the throw, hard's best throws and the
        knock leaving least, none when gin or big gin is there to take."""
        draws: list[Action] = [a for a in legal if isinstance(a, PassUpcard | Draw)]
        if draws:
            return draws if "draw" in self.SEARCH else []
        knocks = [a for a in legal if isinstance(a, Knock)]
        hand = list(view.hand)
        if any(self._left(hand, k) == 0 for k in knocks):
            return []
        if "knock" not in self.SEARCH:
            if isinstance(hard.action, Knock):
                return []
            knocks = []
        seen = seen_cards(view)
        unseen = [c for c in _DECK if c not in view.hand and c not in seen.out and c not in seen.picked]
        throws = [c for c in view.hand if c != view.taken]
        ranked = sorted(throws, key=lambda c: (self._throw_score(hand, c, unseen, seen), c.sort_key()))
        out: list[Action] = [hard.action]
        if "throw" in self.SEARCH:
            out += [Discard(view.seat, c) for c in ranked[:self.THROWS] if Discard(view.seat, c) != hard.action]
        elif isinstance(hard.action, Knock) and ranked:
            out.append(Discard(view.seat, self._valued_throw(view) if self.THROW_BY == "value" else ranked[0]))
        if knocks:
            knock = min(knocks, key=lambda k: (self._left(hand, k), k.card.sort_key() if k.card else ()))
            if knock not in out:
                out.append(knock)
        return [m for m in out if m in legal]

    def _valued_draw(self, view: GinView, legal: Sequence[Action], hard: Choice) -> Choice:
        """The up card when the learned value of the best throw after it beats the mean over the cards
        the stock may give of the best throw after each."""
        take = next((a for a in legal if isinstance(a, Draw) and a.source == "discard"), None)
        other = next((a for a in legal if a is not take), None)
        if take is None or other is None or view.discard_top is None:
            return hard
        hand, unseen, picked, refused, stock, totals = view_masks(view)
        up = card_index(view.discard_top)
        taken = self._best_value(hand | (1 << up), up, unseen, picked, refused, stock, totals)
        drawn = [i for i in range(52) if unseen >> i & 1 and not picked >> i & 1]
        rows, owners = [], []
        for i in drawn:
            full = hand | (1 << i)
            for j in range(52):
                if full >> j & 1:
                    rows.append(features(full ^ (1 << j), j, unseen ^ (1 << i), picked, refused, stock - 1, totals))
                    owners.append(i)
        values = gin_value().predict(rows)
        best: dict[int, float] = {}
        for i, v in zip(owners, values, strict=True):
            best[i] = max(best.get(i, -1e9), float(v))
        from_stock = sum(best.values()) / max(1, len(best))
        if taken > from_stock + self.MARGIN:
            return self._reason(view, take)
        return self._reason(view, other)

    def _best_value(self, full: int, banned: int, unseen: int, picked: int, refused: int, stock: int,
                    totals: tuple[int, int]) -> float:
        rows = [features(full ^ (1 << j), j, unseen, picked, refused, stock, totals)
                for j in range(52) if full >> j & 1 and j != banned]
        return float(max(gin_value().predict(rows)))

    def _valued_throw(self, view: GinView) -> Card:
        """The throw whose position the learned value rates best (the costlier card on a tie)."""
        hand, unseen, picked, refused, stock, totals = view_masks(view)
        throws = [c for c in view.hand if c != view.taken]
        rows = []
        for c in throws:
            i = card_index(c)
            rows.append(features(hand ^ (1 << i), i, unseen, picked, refused, stock, totals))
        values = gin_value().predict(rows)
        best = max(range(len(throws)), key=lambda k: (float(values[k]), POINTS[card_index(throws[k])]))
        return throws[best]

    @staticmethod
    def _left(hand: list[Card], knock: Knock) -> int:
        if knock.card is None:
            return arrange_gin(hand).points
        mask = 0
        for c in hand:
            if c != knock.card:
                mask |= 1 << card_index(c)
        return deadwood(mask)

    def _reason(self, view: GinView, move: Action) -> Choice:
        """The search's move with the reason a hint gives, in the words the other levels use."""
        hand = list(view.hand)
        if isinstance(move, Knock):
            return Choice(move, "go_out", points=self._left(hand, move))
        if isinstance(move, Discard):
            return Choice(move, "best_prospects", points=self._left(hand, Knock(view.seat, move.card)))
        now = arrange_gin(hand).points
        if isinstance(move, Draw) and move.source == "discard":
            return Choice(move, "take_fewer_points", points=now)
        return Choice(move, "up_card_no_help" if isinstance(move, PassUpcard) else "stock_better", points=now)


@cache
def gin_value() -> ValueModel:
    """The learned value shipped with the package (scripts/train_gin_value.py), loaded once, with numpy:
    not when a Gin game merely makes its players."""
    from engine.learned.value_model import ValueModel

    return ValueModel.load_packaged("engine.learned.weights", "gin_value.npz")


register_agent(GAME, "expert", ExpertGin)
