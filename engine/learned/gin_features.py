"""What the learned Gin Rummy value reads of a position: one seat's view only, as numbers.

The position is the seat's right after its throw (ten cards, the opponent to draw), the moment a
throw is judged at: the expert weighs each throw by the value of the position it leaves. Every
feature is something the seat knows: its own cards, the discard pile, the opponent's pick-ups and
throws (engine.bots.gin_rummy.seen_cards), the stock's size and the scores. Hands are bit masks of
:mod:`engine.fast.gin` (card ``i`` is bit ``i``), so a feature row costs microseconds and a decision can
read a dozen.
"""

from __future__ import annotations

from engine.fast.gin import POINTS, RANK_OF, SUIT_OF, deadwood, hand_melds, points

__all__ = ["FEATURES", "features"]

#: The features' names, in the order :func:`features` gives them.
FEATURES: tuple[str, ...] = (
    "deadwood", "melded_points", "loose_cards", "high_loose", "near_pairs", "outs", "live_outs",
    "stock", "picked", "thrown_points", "thrown_fits_picked", "thrown_rank_refused", "thrown_live_near",
    "my_total", "their_total", "gap", "knockable",
)
_RANK_MASK: tuple[int, ...] = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))


def _near(a: int, b: int) -> bool:
    """Whether two cards could meet in a meld: same rank, or same suit within two."""
    return RANK_OF[a] == RANK_OF[b] or (SUIT_OF[a] == SUIT_OF[b] and 0 < abs(RANK_OF[a] - RANK_OF[b]) <= 2)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _melds(hand: int, card: int) -> bool:
    """Whether ``card`` would make a meld with two cards of ``hand`` (a third of a pair, a run's end or middle)."""
    rank, suit = RANK_OF[card] - 1, SUIT_OF[card]
    if (hand & _RANK_MASK[rank]).bit_count() >= 2:
        return True
    row = hand >> (13 * suit) & 0x1FFF

    def has(r: int) -> bool:
        return 0 <= r < 13 and bool(row >> r & 1)

    return (has(rank - 1) and has(rank - 2)) or (has(rank + 1) and has(rank + 2)) or (has(rank - 1) and has(rank + 1))


def features(hand: int, thrown: int, unseen: int, picked: int, refused: int, stock: int,
             totals: tuple[int, int]) -> list[float]:
    """The feature row of the position after throwing ``thrown``, leaving ``hand`` (masks and card
    indexes of engine.fast.gin): ``unseen`` the cards the seat has not seen, ``picked`` the opponent's
    pick-ups it still holds, ``refused`` the cards it threw or passed, ``stock`` the stock's size,
    ``totals`` the seat's and the opponent's game scores."""
    dead = deadwood(hand)
    melded = points(hand) - dead
    # The loose cards: those no meld of the hand holds (a card in some meld counts as melded).
    in_melds = 0
    for meld in hand_melds(hand):
        in_melds |= meld
    loose = _bits(hand & ~in_melds)
    high_loose = sum(1 for i in loose if POINTS[i] >= 8)
    near_pairs = sum(1 for k, a in enumerate(loose) for b in loose[k + 1:] if _near(a, b))
    unseen_cards = _bits(unseen)
    outs = sum(1 for u in unseen_cards if _melds(hand, u))
    live_outs = sum(1 for u in unseen_cards if not picked >> u & 1 and _melds(hand, u))
    fits = sum(1 for p in _bits(picked) if _near(thrown, p))
    rank_refused = 1.0 if refused & _RANK_MASK[RANK_OF[thrown] - 1] else 0.0
    live_near = sum(1 for u in unseen_cards if _near(thrown, u))
    mine, theirs = totals
    return [float(dead), float(melded), float(len(loose)), float(high_loose), float(near_pairs), float(outs),
            float(live_outs), float(stock), float(picked.bit_count()), float(POINTS[thrown]), float(fits),
            rank_refused, float(live_near), float(mine), float(theirs), float(mine - theirs),
            1.0 if dead <= 10 else 0.0]
