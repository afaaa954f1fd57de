"""Five Crowns on packed integers: a hand is one integer of count fields, a play-out a loop over them.

Card kinds are numbered in the engine's card order (:meth:`engine.cards.Card.sort_key`: stars, hearts,
clubs, spades, diamonds, each 3 to king), ``suit * 11 + rank - 3``, and the joker is kind 55. A hand
holds a 3-bit count per kind (two sets hold up to four of a card), so adding or removing a card is one
addition and the wilds of a hand are read from its fields.

The points a hand leaves follow the engine arranger's model (engine.arrange_five_crowns): once a hand
holds one meld every spare wild can join one, so wilds score only in a hand with no meld at all, and the
question is how many natural points books and runs can cover with at most the wilds held. The search
takes the lowest natural left: deadwood, or in a book of its rank (with any of the other naturals of
that rank), or the lowest natural of a run of its suit (each higher natural of the suit taken or passed,
each place not taken costing a wild). Results are memoised per (naturals, wilds) across calls, in a
bounded table. Only the default rule that a meld of wilds alone is a book is played here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.cards import JOKER, Card, Rank, Suit

__all__ = ["JOKER_KIND", "FastFiveCrownsHand", "FiveCrownsHandResult", "add", "card_of", "hand_int", "kind_of",
           "min_points", "play_hand", "throws"]

SUITS: tuple[Suit, ...] = tuple(Suit)
KINDS = 55
JOKER_KIND = 55
BITS = 3
FIELD = (1 << BITS) - 1
LOW_RANK = 3
HIGH_RANK = 13
UNIT: tuple[int, ...] = tuple(1 << (BITS * k) for k in range(KINDS + 1))
RANK_OF: tuple[int, ...] = tuple(k % 11 + LOW_RANK for k in range(KINDS))
SUIT_OF: tuple[int, ...] = tuple(k // 11 for k in range(KINDS))
#: Every natural field at once: the joker's field masked out.
NATURALS = (1 << (BITS * KINDS)) - 1
MEMO_LIMIT = 400_000
_MEMO: dict[int, int] = {}
#: The kinds of the rank of kind ``k`` from ``k`` on (its own, then the later suits').
SAME_RANK: tuple[tuple[int, ...], ...] = tuple(tuple(range(k, KINDS, 11)) for k in range(KINDS))
#: NEAR[k][w]: the fields of the naturals a run from kind ``k`` up can reach with ``w`` wilds (the next
#: ``w + 1`` ranks of its suit); none held, and the card's only run is itself and two wilds.
NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(FIELD << (BITS * j) for j in range(k + 1, min(k + w + 2, (k // 11 + 1) * 11))) for w in range(64))
    for k in range(KINDS))


def kind_of(card: Card) -> int:
    if card.rank is None or card.suit is None:
        return JOKER_KIND
    return SUITS.index(card.suit) * 11 + int(card.rank) - LOW_RANK


def card_of(kind: int) -> Card:
    return JOKER if kind == JOKER_KIND else Card(Rank(RANK_OF[kind]), SUITS[SUIT_OF[kind]])


def hand_int(cards: Sequence[Card]) -> int:
    return sum(UNIT[kind_of(c)] for c in cards)


def add(hand: int, kind: int) -> int:
    return hand + UNIT[kind]


def count(hand: int, kind: int) -> int:
    return hand >> (BITS * kind) & FIELD


def kinds(hand: int) -> list[int]:
    """The distinct kinds held, in card order."""
    out = []
    k = 0
    while hand:
        if hand & FIELD:
            out.append(k)
        hand >>= BITS
        k += 1
    return out


def kind_points(kind: int, wild: int) -> int:
    """Penalty points of a card left in hand: joker 50, the wild rank 20, else its rank (J 11 .. K 13)."""
    if kind == JOKER_KIND:
        return 50
    return 20 if RANK_OF[kind] == wild else RANK_OF[kind]


def _split(hand: int, wild: int) -> tuple[int, int, int, int]:
    """(naturals, their points, wilds held, the wilds' points)."""
    nat = hand & NATURALS
    wilds = count(hand, JOKER_KIND)
    wild_points = 50 * wilds
    for s in range(5):
        k = s * 11 + wild - LOW_RANK
        c = nat >> (BITS * k) & FIELD
        if c:
            nat -= c * UNIT[k]
            wilds += c
            wild_points += 20 * c
    points = 0
    rest = nat
    while rest:  # one step per kind held: the lowest field left, then cleared
        k = ((rest & -rest).bit_length() - 1) // BITS
        shift = BITS * k
        points += (rest >> shift & FIELD) * RANK_OF[k]
        rest &= ~(FIELD << shift)
    return nat, points, wilds, wild_points


def _cover(nat: int, wilds: int, pts: int) -> int:
    """The most natural points melds can cover in ``nat`` (worth ``pts``) using at most ``wilds`` wilds.
    The melds of the lowest natural are tried first; leaving it as deadwood is tried only if that could
    still do better (it covers ``pts`` less its points at most), and nothing more once all is covered."""
    if not nat:
        return 0
    key = nat << 5 | wilds
    got = _MEMO.get(key)
    if got is not None:
        return got
    low = nat & -nat
    k = (low.bit_length() - 1) // BITS
    rank, suit = RANK_OF[k], SUIT_OF[k]
    rest = nat - UNIT[k]
    best = 0
    if wilds >= 2:  # the book of the card and two wilds
        best = rank + _cover(rest, wilds - 2, pts - rank)
    # A book of its rank: any of the other naturals of the rank, from its own kind and the later suits.
    others = [(k2, c) for k2 in SAME_RANK[k] if (c := rest >> (BITS * k2) & FIELD)]
    for taken, left in _books(others, rest) if others and best < pts else ():
        size = taken + 1
        need = 3 - size if size < 3 else 0
        if need <= wilds:
            value = size * rank + _cover(left, wilds - need, pts - size * rank)
            if value > best:
                best = value
    # A run of its suit starting at it: each later rank of the suit taken (one copy) or passed.
    top = suit * 11 + HIGH_RANK - LOW_RANK
    # (next kind, naturals left, points covered, places filled); none: no natural within the wilds' reach
    stack = [(k + 1, rest, rank, 1)] if best < pts and rest & NEAR[k][wilds] else []
    while stack:
        k2, left, covered, filled = stack.pop()
        span = k2 - k
        need = (span if span > 3 else 3) - filled
        if need <= wilds and filled > 1:
            value = covered + _cover(left, wilds - need, pts - covered)
            if value > best:
                best = value
                if best == pts:
                    break
        if k2 > top or span - filled >= wilds + 1:
            continue
        if left >> (BITS * k2) & FIELD:
            stack.append((k2 + 1, left - UNIT[k2], covered + RANK_OF[k2], filled + 1))
        stack.append((k2 + 1, left, covered, filled))
    if best < pts - rank:  # the lowest natural left as deadwood
        value = _cover(rest, wilds, pts - rank)
        if value > best:
            best = value
    if len(_MEMO) > MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = best
    return best


#: The weight of a throw's points covered, and of its card's points, in a value of :func:`_cover_throw`.
B = 64
B2 = B * B
NONE = -(1 << 62)
_MEMO_THROW: dict[int, int] = {}


def _cover_throw(nat: int, wilds: int, pts: int) -> int:
    """The best throw of one natural of ``nat`` (worth ``pts``) and the melds of the rest, in one search:
    the most of (the card's points + what the rest's melds cover), then the costlier card, then the later
    kind, packed as ``total * B2 + points * B + kind``; NONE when there is no natural. The greedy throw
    wants the fewest points left, which is the hand's points less this total. Leaving the lowest natural
    as deadwood is tried only if that could still do better (at most ``pts`` less its points)."""
    if not nat:
        return NONE
    key = nat << 5 | wilds
    got = _MEMO_THROW.get(key)
    if got is not None:
        return got
    low = nat & -nat
    k = (low.bit_length() - 1) // BITS
    rank, suit = RANK_OF[k], SUIT_OF[k]
    rest = nat - UNIT[k]
    best = ((rank + _cover(rest, wilds, pts - rank)) * B + rank) * B + k  # this card thrown
    others = [(k2, c) for k2 in SAME_RANK[k] if (c := rest >> (BITS * k2) & FIELD)]
    for taken, left in _books(others, rest) if others else ():
        size = taken + 1
        need = 3 - size if size < 3 else 0
        if need <= wilds:
            value = size * rank * B2 + _cover_throw(left, wilds - need, pts - size * rank)
            if value > best:
                best = value
    top = suit * 11 + HIGH_RANK - LOW_RANK
    stack = [(k + 1, rest, rank, 1)] if rest & NEAR[k][wilds] else []
    while stack:
        k2, left, covered, filled = stack.pop()
        span = k2 - k
        need = (span if span > 3 else 3) - filled
        if need <= wilds and filled > 1:
            value = covered * B2 + _cover_throw(left, wilds - need, pts - covered)
            if value > best:
                best = value
        if k2 > top or span - filled >= wilds + 1:
            continue
        if left >> (BITS * k2) & FIELD:
            stack.append((k2 + 1, left - UNIT[k2], covered + RANK_OF[k2], filled + 1))
        stack.append((k2 + 1, left, covered, filled))
    if wilds >= 2:
        value = rank * B2 + _cover_throw(rest, wilds - 2, pts - rank)
        if value > best:
            best = value
    if pts - rank >= best // B2:  # this card deadwood, another thrown: at most pts less its points
        value = _cover_throw(rest, wilds, pts - rank)
        if value > best:
            best = value
    if len(_MEMO_THROW) > MEMO_LIMIT:
        _MEMO_THROW.clear()
    _MEMO_THROW[key] = best
    return best


def _books(others: list[tuple[int, int]], rest: int) -> list[tuple[int, int]]:
    """Every choice of the other naturals of a rank for a book: (how many taken, the naturals left)."""
    out = [(0, rest)]
    for kind, c in others:
        out = [(taken + n, left - n * UNIT[kind]) for taken, left in out for n in range(c + 1)]
    return out[1:] if len(out) > 1 else []


def _loose_split(nat: int, wilds: int) -> tuple[int, list[tuple[int, int]]]:
    """(the naturals that could meld with another natural, the others as (rank, kind), highest first). A
    natural with no other of its rank and none of its suit near enough for the wilds to bridge can only
    be deadwood or in a book with two wilds: it needs no search, and the search's memo then serves every
    hand that differs from another by loose cards alone."""
    held: list[tuple[int, int]] = []
    rows = [0, 0, 0, 0, 0]
    ranks = [0] * 14
    rest = nat
    while rest:
        k = ((rest & -rest).bit_length() - 1) // BITS
        shift = BITS * k
        c = rest >> shift & FIELD
        rest &= ~(FIELD << shift)
        held.append((k, c))
        rows[SUIT_OF[k]] |= 1 << RANK_OF[k]
        ranks[RANK_OF[k]] += c
    reach = wilds + 1
    loose: list[tuple[int, int]] = []
    for k, c in held:
        rank = RANK_OF[k]
        if c > 1 or ranks[rank] > c:
            continue
        near = ((1 << (2 * reach + 1)) - 1) << (rank - reach) if rank >= reach else (1 << (rank + reach + 1)) - 1
        if rows[SUIT_OF[k]] & near & ~(1 << rank):
            continue
        nat -= UNIT[k]
        loose.append((rank, k))
    loose.sort(reverse=True)
    return nat, loose


def _covered(core: int, pts: int, loose: Sequence[int], wilds: int) -> int:
    """The most natural points covered: the melds of ``core`` with the wilds left after booking the
    ``j`` costliest loose cards (``loose``: their ranks, highest first) with two wilds each."""
    covered = _cover(core, wilds, pts)
    booked = 0
    for j, rank in enumerate(loose[:wilds // 2], 1):
        booked += rank
        value = booked + _cover(core, wilds - 2 * j, pts)
        if value > covered:
            covered = value
    return covered


def min_points(hand: int, wild: int) -> int:
    """The penalty points the best lay-down of ``hand`` leaves (engine.arrange_five_crowns.min_points)."""
    nat, points, wilds, wild_points = _split(hand, wild)
    core, loose = _loose_split(nat, wilds)
    ranks = [r for r, _ in loose]
    covered = _covered(core, points - sum(ranks), ranks, wilds)
    if covered or wilds >= 3:
        return points - covered
    return points + wild_points


def throws(hand: int, wild: int) -> list[tuple[int, int]]:
    """(kind, points left after throwing one of it) for every kind held. The hand is split once: a wild
    or a loose natural thrown leaves the same melds to search with fewer wilds or one loose card fewer,
    which the memo already holds, so only a natural that could meld is searched again."""
    nat, points, wilds, wild_points = _split(hand, wild)
    core, loose = _loose_split(nat, wilds)
    ranks = [r for r, _ in loose]
    core_pts = points - sum(ranks)
    out: list[tuple[int, int]] = []
    for k in kinds(hand):
        if k == JOKER_KIND or RANK_OF[k] == wild:
            cost = 50 if k == JOKER_KIND else 20
            covered = _covered(core, core_pts, ranks, wilds - 1)
            out.append((k, points - covered if covered or wilds - 1 >= 3 else points + wild_points - cost))
        elif core >> (BITS * k) & FIELD:
            out.append((k, min_points(hand - UNIT[k], wild)))
        else:
            rank = RANK_OF[k]
            covered = _covered(core, core_pts, [r for r in ranks if r != rank], wilds)
            left = points - rank
            out.append((k, left - covered if covered or wilds >= 3 else left + wild_points))
    return out


def _best_throw(hand: int, wild: int) -> tuple[int, int]:
    """(points left, kind) of the greedy throw: fewest points left, then the costlier card, then the later
    kind in card order. Wilds and loose naturals are weighed from one split of the hand; the naturals
    that could meld by one search with a free throw (:func:`_cover_throw`). The one exception: with one
    or two wilds, when the best of that search leaves no meld, the wilds score, so each throw is worked
    out on its own (the most covered is then the best throw whenever it leaves a meld)."""
    nat, points, wilds, wild_points = _split(hand, wild)
    core, loose = _loose_split(nat, wilds)
    ranks = [r for r, _ in loose]
    core_pts = points - sum(ranks)
    best = (1 << 30, 0, 0)
    if wilds:
        covered = _covered(core, core_pts, ranks, wilds - 1)
        for k in (JOKER_KIND, *(s * 11 + wild - LOW_RANK for s in range(5))):
            if hand >> (BITS * k) & FIELD:
                cost = 50 if k == JOKER_KIND else 20
                key = (points - covered if covered or wilds > 3 else points + wild_points - cost, -cost, -k)
                if key < best:
                    best = key
    for rank, k in loose:
        covered = _covered(core, core_pts, [r for r in ranks if r != rank], wilds)
        key = (points - rank - covered if covered or wilds >= 3 else points - rank + wild_points, -rank, -k)
        if key < best:
            best = key
    if core:
        top = NONE
        booked = 0
        for j in range(min(len(ranks), wilds // 2) + 1):
            if j:
                booked += ranks[j - 1]
            value = booked * B2 + _cover_throw(core, wilds - 2 * j, core_pts)
            if value > top:
                top = value
        total, rank, k = top // B2, top // B % B, top % B
        if total > rank or not 1 <= wilds <= 2:
            key = (points - total, -rank, -k)
            if key < best:
                best = key
        else:  # the best leaves no meld, so its wilds score: each throw worked out on its own
            for k in kinds(core):
                key = (min_points(hand - UNIT[k], wild), -RANK_OF[k], -k)
                if key < best:
                    best = key
    return best[0], -best[2]


@dataclass(frozen=True, slots=True)
class FiveCrownsHandResult:
    """How a hand ended: who went out (None: the stock ran out) and each seat's points."""

    went_out: int | None
    points: tuple[int, ...]


@dataclass(slots=True)
class FastFiveCrownsHand:
    """A hand in play: each seat's hand as an integer, the discard pile and the stock (its last card drawn
    next) as kinds, the wild rank, whose turn it is, and ``reshuffle(n)``: the shuffle of the stock's
    ``n``-th rebuild (engine.piles.shuffle_source gives the engine's)."""

    hands: list[int]
    discard: list[int]
    stock: list[int]
    wild: int
    to_move: int
    reshuffle: Callable[[int], random.Random]
    reshuffles: int = 0
    max_reshuffles: int = 3
    went_out: int | None = None
    last_turns: list[int] = field(default_factory=list)
    laid_down: dict[int, int] = field(default_factory=dict)

    @classmethod
    def from_cards(cls, hands: Sequence[Sequence[Card]], discard: Sequence[Card], stock: Sequence[Card],
                   wild: Rank, to_move: int, reshuffle: Callable[[int], random.Random],
                   reshuffles: int = 0) -> FastFiveCrownsHand:
        return cls([hand_int(h) for h in hands], [kind_of(c) for c in discard], [kind_of(c) for c in stock],
                   int(wild), to_move, reshuffle, reshuffles)


def play_hand(h: FastFiveCrownsHand) -> FiveCrownsHandResult:
    """Play the hand to its end, every seat by the greedy policy (engine.fast.policy.GreedyFiveCrowns),
    and score it as the engine does."""
    seats = len(h.hands)
    wild = h.wild
    held = [-1] * seats  # the points each hand leaves, once known
    while True:
        # The turn starts: an empty stock takes the pile but its top card, shuffled, up to the limit.
        if not h.stock and len(h.discard) > 1 and h.reshuffles < h.max_reshuffles:
            top = h.discard.pop()
            h.stock, h.discard = h.discard, [top]
            h.reshuffles += 1
            h.reshuffle(h.reshuffles).shuffle(h.stock)
        if not h.stock:
            return _score(h)
        seat = h.to_move
        hand = h.hands[seat]
        now = held[seat]
        if now < 0:
            now = held[seat] = min_points(hand, wild)
        # The greedy draw: the up card when the best throw after it leaves fewer points than the hand now.
        left = -1
        if h.discard:
            left, kind = _best_throw(hand + UNIT[h.discard[-1]], wild)
        if 0 <= left < now:
            hand += UNIT[h.discard.pop()]
        else:
            hand += UNIT[h.stock.pop()]
            left, kind = _best_throw(hand, wild)
        held[seat] = left
        hand -= UNIT[kind]
        h.discard.append(kind)
        h.hands[seat] = hand
        if h.went_out is None and left == 0:
            h.went_out = seat
            h.laid_down[seat] = 0
            h.last_turns = [(seat + n) % seats for n in range(1, seats)]
        elif h.went_out is not None:
            h.laid_down[seat] = left
        if h.went_out is not None:
            if not h.last_turns:
                return _score(h)
            h.to_move = h.last_turns.pop(0)
        else:
            h.to_move = (seat + 1) % seats


def _score(h: FastFiveCrownsHand) -> FiveCrownsHandResult:
    points = tuple(0 if s == h.went_out else h.laid_down[s] if s in h.laid_down else min_points(hand, h.wild)
                   for s, hand in enumerate(h.hands))
    return FiveCrownsHandResult(h.went_out, points)
