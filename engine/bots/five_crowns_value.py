"""A learned value of a kept Five Crowns hand: what the seat's view says the hand will cost it.

Hard's evaluation (engine.bots.five_crowns_hard) adds up a few terms by hand-set weights: the points
kept, what the next draw is expected to shed, a bonus for going out scaled by guessed race figures, a
charge for feeding the next player. The value here reads the same facts and a few more (the hand's
size, the wilds held, how many unseen cards help, how far the hand has run, what the opponents took)
and lets a small network learned from hard-against-hard games weigh them. Its label is the hand's
points to the seat less the mean of the other seats' points, so going out first (which catches the
others) is worth what it was worth in play, not what a constant says.

A position is the moment right after the seat's throw (the kept hand, the thrown card on the pile),
off a last turn; a last turn has an exact answer and never asks the model. The features are computed
from the seat's own view only (engine.bots.knowledge), so the model knows nothing a player could not.
"""

from __future__ import annotations

from functools import lru_cache

from engine.bots.five_crowns_hard import HardFiveCrowns, _Table
from engine.bots.judge import Key, code_card
from engine.cards import Card
from engine.learned.value_model import ValueModel
from engine.rules.five_crowns import FiveCrownsView

__all__ = ["FEATURES", "WEIGHTS", "kept_features", "load_value"]

#: The packaged weights (scripts/train_five_crowns_value.py writes them).
WEIGHTS = "five_crowns_value.npz"
WEIGHTS_PACKAGE = "engine.learned.weights"

#: The features, in the model's order.
FEATURES = (
    "points",  # the kept hand's best lay-down
    "gain",  # points the next stock draw is expected to shed (hard's estimate)
    "out",  # chance the next stock draw lets the hand go out
    "helpful",  # share of the unseen cards whose draw lowers the points: the near-melds
    "cards",  # the hand's size: the round
    "wilds",  # wilds kept
    "deadwood",  # cards outside the melds
    "hazard",  # hard's chance an opponent goes out before our next turn
    "bonus",  # hard's points an opponent is expected to be caught with
    "feed",  # how much the next player is seen to want the thrown card
    "thrown",  # the thrown card's points
    "unseen",  # cards the seat has not seen
    "stock",  # cards on the stock
    "wilds_unseen",  # share of the unseen cards that are wild
    "opponents",  # opponents still playing the hand
    "their_turns",  # the opponents' mean turns this hand
    "my_turns",  # the seat's own turns this hand
    "taken",  # cards the opponents were seen taking from the pile and still hold
)


def kept_features(hard: HardFiveCrowns, view: FiveCrownsView, table: _Table, kept: Key, thrown: Card) -> list[float]:
    """The features of keeping ``kept`` after throwing ``thrown`` (see :data:`FEATURES`). ``hard``'s judge
    must be reset to the view's hand and ``table`` its reading of the view."""
    judge = hard.judge
    lay = judge.lay(kept)
    pts = lay.points
    gain = out = helpful = 0.0
    if pts:
        for card, n in hard._draw_weights(kept, lay, table).items():
            after, goes_out = judge.best_after_draw(kept, card)
            if after < pts:
                gain += n * (pts - after)
                helpful += n
            if goes_out:
                out += n
    else:
        out = helpful = float(table.unseen_total)
    total = table.unseen_total
    wilds = sum(1 for code in kept if judge.is_wild(code_card(code)))
    know = table.know
    opponents = [s for s in view.seats if s != view.seat and s not in view.laid_down and view.hand_sizes[s] > 0]
    their_turns = sum(know.turns[s] for s in opponents) / len(opponents) if opponents else 0.0
    taken = sum(sum(know.holding[s].values()) for s in opponents)
    return [
        float(pts), gain / total, out / total, helpful / total, float(len(kept) + 1), float(wilds),
        float(len(lay.deadwood)), table.hazard, table.bonus, hard._risk(thrown, table),
        float(judge.points_of(thrown)), float(total), float(view.stock_size), table.wilds_unseen / total,
        float(len(opponents)), their_turns, float(know.turns[view.seat]), float(taken),
    ]


@lru_cache(maxsize=1)
def load_value() -> ValueModel:
    """The shipped model, loaded once per process."""
    return ValueModel.load_packaged(WEIGHTS_PACKAGE, WEIGHTS, len(FEATURES))
