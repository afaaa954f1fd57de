"""A Five Crowns last turn: only the points left count, so the draw and the throw are worked out exactly.

After someone goes out, every other hand gets one more turn and is then laid down and scored: nothing
that happens later can change it. So the right throw is the card whose discard leaves the fewest points,
wild or not (a wild kept that melds nothing costs 20 points, a joker 50; the rule that no wild is
thrown while a natural card could go, :mod:`engine.bots.wild_throws`, is lifted on a last turn). And
the draw is weighed by the same measure:

- the up card is worth exactly the points left after the best throw that follows taking it;
- the stock is worth the mean of the same over the cards it may give: every card the seat has not
  seen (:func:`engine.bots.knowledge.read_knowledge`) is as likely as any other to be the top of the
  stock, so each counts by its unseen copies. A view tells nothing more about the stock's order.

Taking the up card is right when it leaves strictly fewer points than that mean; on a tie the stock is
drawn (the mean is a mean, the up card no better). Every level that aims to play well (normal, hard)
draws and throws this way; easy keeps its beginner's habits.
"""

from __future__ import annotations

from collections import Counter

from engine.bots.judge import Judge, Key, code_card, near_cards
from engine.cards import Card

__all__ = ["expected_after_stock", "fewest_after_draw", "fewest_after_throw"]


def fewest_after_draw(judge: Judge, hand: Key, card: Card) -> int:
    """The points left after drawing ``card`` onto ``hand`` and making the best throw (it may be ``card``)."""
    return fewest_after_throw(judge, judge.plus(hand, card))


def fewest_after_throw(judge: Judge, cards: Key) -> int:
    """The fewest points ``cards`` less one card can leave, exactly, usually in one solve instead of one per card.

    Say the best lay-down of ``cards`` leaves P points. Throwing a card of its deadwood leaves exactly P
    less that card's points: no fewer, since any lay-down of the rest plus the thrown card as deadwood is
    a lay-down of ``cards``, and no more, since the melds stay. The same bound says no throw of a card
    worth p can leave fewer than P - p, so only melded cards costlier than the costliest deadwood card
    need a solve of their own, costliest first, until the bound (never below 0) can no longer beat the
    best so far."""
    lay = judge.lay(cards)
    best = lay.points - max(map(judge.points_of, lay.deadwood)) if lay.deadwood else None
    melded = sorted({code_card(c) for c in cards} - set(lay.deadwood), key=judge.points_of, reverse=True)
    for card in melded:
        if best is not None and max(0, lay.points - judge.points_of(card)) >= best:
            break
        left = judge.points(judge.minus(cards, card))
        best = left if best is None else min(best, left)
    assert best is not None  # ``cards`` holds a card
    return best


def expected_after_stock(judge: Judge, hand: Key, unseen: Counter[Card]) -> float:
    """The mean points left after one stock draw and the best throw, over the ``unseen`` cards (by copies).

    With nothing unseen (the stock is a reshuffled pile the seat has all seen) the hand keeps its points:
    whatever comes can be thrown back. The wilds of the wild rank are worked out once: they meld and
    score alike whatever their suit."""
    total = sum(unseen.values())
    now = judge.points(hand)
    if total <= 0:
        return float(now)
    stand_in: Card | None = None  # the first wild of the wild rank met stands for them all
    weights: Counter[Card] = Counter()
    for card, n in unseen.items():
        if n > 0:
            if judge.is_wild(card) and card.rank is not None:
                stand_in = stand_in or card
                card = stand_in
            weights[card] += n
    near = _meld_partners(judge, hand)
    fewest = fewest_after_throw(judge, hand) if near is not None else 0
    out = 0
    for card, n in weights.items():
        if near is not None and not judge.is_wild(card) and card not in near:
            # The card can join no meld: it is thrown back, or kept in place of the best throw.
            out += n * min(now, fewest + judge.points_of(card))
        else:
            out += n * fewest_after_draw(judge, hand, card)
    return out / total


def _meld_partners(judge: Judge, hand: Key) -> set[Card] | None:
    """Every natural that could join a meld with ``hand``'s cards, or None when any card could (two wilds
    or more make a meld of any card). With one wild or none, a card meets a meld only through a natural
    of its rank, or of its suit one or two ranks away (engine.bots.judge.near_cards). Any other card
    drawn stays outside every meld: the best the turn can then do is throw it back, or keep it and make
    the hand's own best throw, so it needs no solve."""
    cards = [code_card(c) for c in dict.fromkeys(hand)]
    if sum(1 for c in hand if judge.is_wild(code_card(c))) > 1:
        return None
    return {near for c in cards for near in near_cards(c, judge.wild_rank)}
