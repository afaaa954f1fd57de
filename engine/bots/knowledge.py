"""What one Five Crowns seat can know about the cards it cannot see, read from its own view.

A careful player counts cards: everything not in their hand, not on the discard pile, not laid down and
not known to sit in an opponent's hand (because they were seen taking it from the discard pile) is
somewhere unseen, equally likely to be the next card off the stock. The same log says what each
opponent is collecting (what they took) and what they are not (what they threw, and up cards they
passed over). Only the seat's own redacted log is read, so nothing here can know more than the seat.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from engine.cards import Card, five_crowns_deck
from engine.events import Discarded, Drew, Event, HandStarted, LaidDown, StockReshuffled, WentOut
from engine.rules.five_crowns import FiveCrownsView

__all__ = ["Knowledge", "deck_counts", "read_knowledge"]

CARDS_PER_SET = 116


@lru_cache(maxsize=4)
def deck_counts(sets: int) -> tuple[tuple[Card, int], ...]:
    """Each distinct card of a Five Crowns game of ``sets`` sets, with how many copies it holds."""
    return tuple(Counter(five_crowns_deck(sets)).items())


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's card count for the hand in play."""

    #: Cards whose place is unknown to this seat (the stock and the opponents' unknown cards).
    unseen: Counter[Card]
    #: Per seat: cards it took from the discard pile this hand and has not thrown since.
    holding: tuple[Counter[Card], ...]
    #: Per seat: cards it threw this hand.
    threw: tuple[tuple[Card, ...], ...]
    #: Per seat: up cards it passed over for the stock this hand.
    passed: tuple[tuple[Card, ...], ...]
    #: Per seat: how many turns it has started this hand.
    turns: tuple[int, ...]

    @property
    def unseen_total(self) -> int:
        return sum(self.unseen.values())


def _hand_start(log: tuple[Event, ...]) -> int:
    for i in range(len(log) - 1, -1, -1):
        if isinstance(log[i], HandStarted):
            return i
    return len(log)


def _sets_in_play(view: FiveCrownsView) -> int:
    laid = sum(sum(len(m) for m in a.melds) + len(a.deadwood) for a in view.laid_down.values())
    total = view.stock_size + view.discard_size + sum(view.hand_sizes) + laid
    return max(1, round(total / CARDS_PER_SET))


def read_knowledge(view: FiveCrownsView) -> Knowledge:
    """Count the cards of the hand in play from ``view`` alone."""
    players = len(view.players)
    pile: list[Card] = []
    holding: list[Counter[Card]] = [Counter() for _ in range(players)]
    threw: list[list[Card]] = [[] for _ in range(players)]
    passed: list[list[Card]] = [[] for _ in range(players)]
    turns = [0] * players
    laid: Counter[Card] = Counter()
    log = view.log
    start = _hand_start(log)
    for ev in log[start:]:
        if isinstance(ev, HandStarted):
            if ev.up_card is not None:
                pile.append(ev.up_card)
        elif isinstance(ev, Drew):
            turns[ev.seat] += 1
            if ev.source == "discard":
                # The event names the card (everyone saw it taken); the tracked pile is the fallback.
                top = pile.pop() if pile else None
                card = ev.card if ev.card is not None else top
                if card is not None:
                    holding[ev.seat][card] += 1
            elif pile:
                passed[ev.seat].append(pile[-1])
        elif isinstance(ev, Discarded):
            _throw(ev.seat, ev.card, pile, holding, threw)
        elif isinstance(ev, WentOut):
            _throw(ev.seat, ev.discard, pile, holding, threw)
            for meld in ev.melds:
                laid.update(meld)
            holding[ev.seat].clear()
        elif isinstance(ev, LaidDown):
            for meld in ev.melds:
                laid.update(meld)
            laid.update(ev.deadwood)
            holding[ev.seat].clear()
        elif isinstance(ev, StockReshuffled):
            # Everything under the top card went back into the stock: unseen again.
            pile = pile[-1:]
    unseen: Counter[Card] = Counter(dict(deck_counts(_sets_in_play(view))))
    unseen.subtract(view.hand)
    unseen.subtract(pile)
    unseen.subtract(laid)
    for seat, held in enumerate(holding):
        if seat != view.seat:
            unseen.subtract(held)
    # A miscount (a log that starts mid-hand) must never make a card count negative.
    unseen = +unseen
    holding[view.seat].clear()
    return Knowledge(
        unseen=unseen,
        holding=tuple(holding),
        threw=tuple(tuple(t) for t in threw),
        passed=tuple(tuple(p) for p in passed),
        turns=tuple(turns),
    )


def _throw(seat: int, card: Card, pile: list[Card], holding: list[Counter[Card]], threw: list[list[Card]]) -> None:
    pile.append(card)
    threw[seat].append(card)
    if holding[seat][card] > 0:
        holding[seat][card] -= 1
