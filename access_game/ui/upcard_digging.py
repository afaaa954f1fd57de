"""Digging into upcard rummy's discard pile, as the table offers it: what taking the pile back to each
card would do (the meld made at once, the cards kept, their points), and the discard that goes out
this turn. Functions of the player's own view, which the table's keys, its hints and the tests ask."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from access_game.ui.hand_model import less
from engine.arrange_upcard import cards_value, is_wild, meld_problem
from engine.bots.upcard_rummy import plan_plays
from engine.cards import Card, Rank
from engine.rules.upcard_rummy import UpcardView

__all__ = ["DigOption", "dig_meld", "dig_options", "go_out_discard"]


@dataclass(frozen=True, slots=True)
class DigOption:
    """What taking the pile back to one card would do: the meld made at once and the rest kept."""

    #: How many cards from the top are taken; the deepest of them is the card taken back to.
    depth: int
    taken: tuple[Card, ...]
    meld: tuple[Card, ...]
    #: The cards the hand gains from the pile, which count against you unless put down.
    kept: tuple[Card, ...]
    gain: int
    cost: int
    #: How many kept cards fit a meld on the table (the new one included), so could go down at once.
    fits: int

    @property
    def target(self) -> Card:
        return self.taken[0]


def dig_meld(hand: Sequence[Card], taken: Sequence[Card], wild: Rank, extra: Sequence[Card] = ()) -> tuple[Card, ...]:
    """The meld a dig back to ``taken[0]`` makes: that card, every natural of its rank held or taken,
    and the wilds in ``extra`` (the player's selection). Everything melded scores and everything held
    counts against you, so more is better, but one card must be left to discard: extras are dropped
    from the end (wilds, then taken naturals, then held naturals beyond the pair) until one is."""
    target = taken[0]
    mine = [c for c in hand if c.rank == target.rank]
    more = [c for c in taken[1:] if c.rank == target.rank]
    wilds = [c for c in extra if is_wild(c, wild) and c in hand]
    meld = [target, *mine, *more, *wilds]
    room = len(hand) + len(taken)
    while len(meld) >= room and len(meld) > 3:
        meld.pop()
    return tuple(meld)


def dig_options(view: UpcardView, extra: Sequence[Card] = ()) -> list[DigOption]:
    """Every card of the pile ``view``'s player could take back to with the natural pairs held (top
    first), whether or not they may dig yet; the caller says when they may."""
    wild = view.wild_rank
    pile = view.discard
    held = Counter(c.rank for c in view.hand if not is_wild(c, wild))
    table_ranks = {m.rank for m in view.table}
    out: list[DigOption] = []
    for depth in range(1, len(pile) + 1):
        target = pile[-depth]
        if is_wild(target, wild) or target.rank is None or held[target.rank] < 2:
            continue
        taken = tuple(pile[-depth:])
        meld = dig_meld(view.hand, taken, wild, extra)
        # What the hand gains: all it will hold, less what it held (a wild taken can replace an equal
        # wild melded from the hand; either way the hand ends the same).
        kept = tuple(sorted(less(less([*view.hand, *taken], meld), view.hand), key=Card.rank_key))
        ranks = table_ranks | {target.rank}
        fits = sum(1 for c in kept if is_wild(c, wild) or c.rank in ranks)
        out.append(DigOption(depth, taken, meld, kept, cards_value(meld, wild), cards_value(kept, wild), fits))
    return out


def go_out_discard(view: UpcardView) -> Card | None:
    """The card to discard to go out this turn (everything else put down), or None if you cannot.

    A player who melded on an earlier turn may put down any melds and lay-offs; one who has not may
    lay down only one meld of exactly three cards, so goes out only from four cards.
    """
    if not view.my_turn or view.phase != "discard" or view.first_meld_now:
        return None
    hand = list(view.hand)
    wild = view.wild_rank
    if not view.melded[view.seat]:
        if len(hand) != 4:
            return None
        for three in combinations(range(4), 3):
            if meld_problem([hand[i] for i in three], wild) is None:
                return next(hand[i] for i in range(4) if i not in three)
        return None
    ranks = [m.rank for m in view.table]
    plan = plan_plays(hand, wild, ranks)
    if len(plan.left) == 1:
        return plan.left[0]
    if plan.left:
        return None
    for card in sorted(dict.fromkeys(hand), key=lambda c: (cards_value([c], wild), c.rank_key())):
        rest = list(hand)
        rest.remove(card)
        if not plan_plays(rest, wild, ranks).left:
            return card
    return None
