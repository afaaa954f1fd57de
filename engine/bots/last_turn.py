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

from engine.bots.judge import Judge, Key
from engine.cards import Card

__all__ = ["expected_after_stock", "fewest_after_draw"]


def fewest_after_draw(judge: Judge, hand: Key, card: Card) -> int:
    """The points left after drawing ``card`` onto ``hand`` and making the best throw (it may be ``card``)."""
    return min(judge.discard_points(judge.plus(hand, card)).values())


def expected_after_stock(judge: Judge, hand: Key, unseen: Counter[Card]) -> float:
    """The mean points left after one stock draw and the best throw, over the ``unseen`` cards (by copies).

    With nothing unseen (the stock is a reshuffled pile the seat has all seen) the hand keeps its points:
    whatever comes can be thrown back. The wilds of the wild rank are worked out once: they meld and
    score alike whatever their suit."""
    total = sum(unseen.values())
    if total <= 0:
        return float(judge.points(hand))
    stand_in: Card | None = None  # the first wild of the wild rank met stands for them all
    weights: Counter[Card] = Counter()
    for card, n in unseen.items():
        if n > 0:
            if judge.is_wild(card) and card.rank is not None:
                stand_in = stand_in or card
                card = stand_in
            weights[card] += n
    return sum(n * fewest_after_draw(judge, hand, card) for card, n in weights.items()) / total
