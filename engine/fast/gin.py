"""Gin Rummy on bit masks: a hand is an integer of 52 bits, a play-out a loop over integers.

Card ``i`` is bit ``i``, in the engine's card order (:meth:`engine.cards.Card.sort_key`: hearts, clubs,
spades, diamonds, each ace to king), so the lowest bit of a hand is the card the engine's arranger
places first. That matters beyond speed: where two meldings leave the same deadwood, the knocker's melds
decide what the defender may lay off, and the search below makes the engine's choice (engine.arrange_gin:
the lowest card is deadwood first, then each meld holding it, sets before runs; the first best kept).
The lay-offs follow :func:`engine.arrange_gin.lay_off` card for card, and the defender's own melds are
chosen for the least deadwood after them, as :func:`engine.arrange_gin.showdown` does.

The least deadwood is the hand's points less the most its disjoint melds cover. The melds a hand holds
are found by bit tricks (three bits in a row of one suit's 13-bit row start a run, a rank in three
suits' rows a set); a suit's points are one look-up in a table of its 8,192 rows; the answer is
memoised across calls in a bounded table of integers. The showdown's melding, where the engine's choice
among equals matters, searches the melds of the full deck listed once under their lowest card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from engine.cards import STANDARD_RANKS, Card, Suit

__all__ = ["CARDS", "FastGinHand", "GinHandResult", "card_index", "card_of", "deadwood", "hand_mask", "hand_melds",
           "melding", "play_hand", "points", "showdown_points", "throws"]

#: The engine's suit order for a standard deck (Suit.index order without stars).
SUITS: tuple[Suit, ...] = (Suit.HEARTS, Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS)
CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in STANDARD_RANKS)
POINTS: tuple[int, ...] = tuple(min(int(c.rank or 0), 10) for c in CARDS)
RANK_OF: tuple[int, ...] = tuple(i % 13 + 1 for i in range(52))
SUIT_OF: tuple[int, ...] = tuple(i // 13 for i in range(52))
KNOCK_LIMIT = 10
GIN_BONUS = 25
BIG_GIN_BONUS = 31
UNDERCUT_BONUS = 25
STOCK_LEFT = 2
#: Entries kept in the deadwood memo before it is emptied (a few MB of integers).
MEMO_LIMIT = 400_000


def card_index(card: Card) -> int:
    """The bit of ``card``."""
    assert card.rank is not None and card.suit is not None
    return SUITS.index(card.suit) * 13 + int(card.rank) - 1


def card_of(index: int) -> Card:
    return CARDS[index]


def hand_mask(cards: Sequence[Card]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << card_index(c)
    return mask


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _melds_from(i: int) -> tuple[int, ...]:
    """Every meld whose lowest card is ``i``, in the order the engine's arranger tries them: sets of
    three (the other cards in card order), the set of four, then runs from ``i`` upward, shortest first."""
    rank, suit = RANK_OF[i], SUIT_OF[i]
    higher = [s * 13 + rank - 1 for s in range(suit + 1, 4)]
    out = [(1 << i) | sum(1 << j for j in pair) for pair in combinations(higher, 2)]
    if len(higher) == 3:
        out.append((1 << i) | sum(1 << j for j in higher))
    for top in range(rank + 2, 14):
        out.append(sum(1 << (suit * 13 + r - 1) for r in range(rank, top + 1)))
    return tuple(out)


MELDS_FROM: tuple[tuple[int, ...], ...] = tuple(_melds_from(i) for i in range(52))
ROW = (1 << 13) - 1
#: Points of each of the 8,192 rows of one suit (a row: the ranks held, bit 0 the ace).
ROW_POINTS: tuple[int, ...] = tuple(sum(min(r + 1, 10) for r in range(13) if row >> r & 1) for row in range(1 << 13))
_RUNS: dict[int, tuple[int, ...]] = {}
_MEMO: dict[int, int] = {}


def points(mask: int) -> int:
    """The deadwood points of every card of ``mask``: four table look-ups, one per suit."""
    return (ROW_POINTS[mask & ROW] + ROW_POINTS[mask >> 13 & ROW] + ROW_POINTS[mask >> 26 & ROW]
            + ROW_POINTS[mask >> 39])


def _row_runs(row: int) -> tuple[int, ...]:
    """Every run (three or more in sequence) inside one suit's row, as rows."""
    got = _RUNS.get(row)
    if got is None:
        out = []
        for low in range(13):
            run = 0
            for high in range(low, 13):
                if not row >> high & 1:
                    break
                run |= 1 << high
                if high - low >= 2:
                    out.append(run)
        got = _RUNS[row] = tuple(out)
    return got


def hand_melds(hand: int) -> list[int]:
    """Every meld in ``hand`` (each run segment, each set of three and four), found by bit tricks: a run
    needs three bits in a row of one suit's row, a set a rank in three suits' rows."""
    out: list[int] = []
    rows = (hand & ROW, hand >> 13 & ROW, hand >> 26 & ROW, hand >> 39)
    for s, row in enumerate(rows):
        if row & row >> 1 & row >> 2:
            shift = 13 * s
            out += [run << shift for run in _row_runs(row)]
    a, b, c, d = rows
    three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    while three:
        low = three & -three
        three ^= low
        suits = [s for s in range(4) if rows[s] & low]
        bits = [low << (13 * s) for s in suits]
        for trio in combinations(bits, 3):
            out.append(trio[0] | trio[1] | trio[2])
        if len(bits) == 4:
            out.append(bits[0] | bits[1] | bits[2] | bits[3])
    return out


def _cover(melds: Sequence[int], start: int, free: int) -> int:
    """The most points disjoint melds of ``melds[start:]`` can cover within ``free``."""
    best = 0
    for j in range(start, len(melds)):
        meld = melds[j]
        if meld & free == meld:
            value = points(meld) + _cover(melds, j + 1, free ^ meld)
            if value > best:
                best = value
    return best


def deadwood(hand: int) -> int:
    """The least deadwood of ``hand`` (a mask), exactly: the points engine.arrange_gin gives. Its total
    less the most its disjoint melds can cover; memoised across calls in a bounded table."""
    got = _MEMO.get(hand)
    if got is not None:
        return got
    melds = hand_melds(hand)
    best = points(hand) - (_cover(melds, 0, hand) if melds else 0)
    if len(_MEMO) > MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[hand] = best
    return best


def throws(hand: int) -> list[tuple[int, int]]:
    """(card, deadwood left after throwing it) for every card of ``hand``: its melds listed once; a card
    in none of them leaves the hand's deadwood less its own points."""
    melds = hand_melds(hand)
    whole = points(hand) - (_cover(melds, 0, hand) if melds else 0)
    out = []
    rest = hand
    while rest:
        bit = rest & -rest
        rest ^= bit
        i = bit.bit_length() - 1
        without = [m for m in melds if not m & bit]
        if len(without) == len(melds):
            out.append((i, whole - POINTS[i]))
        else:
            free = hand ^ bit
            out.append((i, points(free) - (_cover(without, 0, free) if without else 0)))
    return out


def melding(hand: int) -> tuple[int, tuple[int, ...]]:
    """(least deadwood, the melds chosen) with the engine arranger's choice among equal meldings."""
    memo: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}

    def best(left: int) -> tuple[int, tuple[int, ...]]:
        got = memo.get(left)
        if got is not None:
            return got
        low = left & -left
        i = low.bit_length() - 1
        value, melds = best(left ^ low)
        answer = (value + POINTS[i], melds)
        for meld in MELDS_FROM[i]:
            if meld & left == meld:
                value, melds = best(left ^ meld)
                if value < answer[0]:
                    answer = (value, (meld, *melds))
        memo[left] = answer
        return answer

    return best(hand)


def _rank_key(i: int) -> tuple[int, int]:
    return (RANK_OF[i], SUIT_OF[i])


def _lay_off(cards: int, knocker_melds: Sequence[int]) -> int:
    """The cards of ``cards`` left after every lay-off on ``knocker_melds``, in the engine's order
    (engine.arrange_gin.lay_off: cards by rank, each to the first run it fits, else the first set)."""
    # A meld here: [is_set, suit or rank, low, high, mask]
    runs: list[list[int]] = []
    sets: list[list[int]] = []
    for meld in sorted(knocker_melds, key=lambda m: _rank_key(_lowest_by_rank(m))):
        members = _bits(meld)
        if len({RANK_OF[i] for i in members}) == 1:
            sets.append([RANK_OF[members[0]], len(members)])
        else:
            ranks = [RANK_OF[i] for i in members]
            runs.append([SUIT_OF[members[0]], min(ranks), max(ranks)])
    left = sorted(_bits(cards), key=_rank_key)
    progress = True
    while progress:
        progress = False
        for i in list(left):
            rank, suit = RANK_OF[i], SUIT_OF[i]
            home = False
            for run in runs:
                if run[0] == suit and (rank == run[1] - 1 or rank == run[2] + 1):
                    run[1], run[2] = min(run[1], rank), max(run[2], rank)
                    home = True
                    break
            if not home:
                for book in sets:
                    if book[0] == rank and book[1] < 4:
                        book[1] += 1
                        home = True
                        break
            if home:
                left.remove(i)
                cards ^= 1 << i
                progress = True
    return cards


def _lowest_by_rank(meld: int) -> int:
    return min(_bits(meld), key=_rank_key)


def showdown_points(defender: int, knocker_melds: Sequence[int]) -> int:
    """The defender's least deadwood after laying off on ``knocker_melds`` (engine.arrange_gin.showdown):
    every choice of disjoint melds of their own is tried, each followed by every lay-off."""
    melds = hand_melds(defender)
    best = points(_lay_off(defender, knocker_melds))

    def walk(start: int, rest: int) -> None:
        nonlocal best
        for k in range(start, len(melds)):
            meld = melds[k]
            if meld & rest == meld:
                after = rest ^ meld
                left = points(_lay_off(after, knocker_melds))
                if left < best:
                    best = left
                walk(k + 1, after)

    walk(0, defender)
    return best


@dataclass(frozen=True, slots=True)
class GinHandResult:
    """How a hand ended, as the engine's GinHandEnded says it: outcome, knocker, winner, points (bonus
    included) and bonus, and each seat's deadwood as shown (the defender's after lay-offs)."""

    outcome: str
    knocker: int | None
    winner: int | None
    points: int
    bonus: int
    counts: tuple[int, int]


@dataclass(slots=True)
class FastGinHand:
    """A hand in play: the two hands as masks, the discard pile and the stock (its last card drawn
    next) as card indexes, whose turn it is and what may be done (``offer``, ``draw``, ``discard``)."""

    hands: list[int]
    discard: list[int]
    stock: list[int]
    dealer: int
    to_move: int
    phase: str = "offer"
    stock_only: bool = False
    taken: int = -1

    @classmethod
    def from_cards(cls, hands: Sequence[Sequence[Card]], discard: Sequence[Card], stock: Sequence[Card],
                   dealer: int, to_move: int, phase: str = "offer") -> FastGinHand:
        return cls([hand_mask(h) for h in hands], [card_index(c) for c in discard],
                   [card_index(c) for c in stock], dealer, to_move, phase)


def _best_throw(hand: int, taken: int) -> tuple[int, int]:
    """(deadwood left, card) of the greedy throw: least deadwood, then the costlier card, then the later
    card in card order; never the card just taken from the discard pile."""
    best_left, best_card = 1 << 30, -1
    for i, left in throws(hand):
        if i == taken:
            continue
        if left < best_left or (left == best_left and (POINTS[i], i) > (POINTS[best_card], best_card)):
            best_left, best_card = left, i
    return best_left, best_card


def _takes(hand: int, up: int) -> bool:
    """The greedy draw: the up card, when the best throw after it leaves less deadwood than now."""
    return _best_throw(hand | (1 << up), up)[0] < deadwood(hand)


def _knocks_at_once(left: int, stock: int) -> bool:
    """The greedy knock: as soon as the deadwood left allows."""
    return left <= KNOCK_LIMIT


def play_hand(h: FastGinHand, takes: Callable[[int, int], bool] = _takes,
              knocks: Callable[[int, int], bool] = _knocks_at_once) -> GinHandResult:
    """Play the hand to its end, both seats by the greedy policy (engine.fast.policy.GreedyGin), and
    score it as the engine does. A search may play other seats: ``takes(hand, up)`` says whether a hand
    takes the up card, ``knocks(deadwood_left, stock_size)`` whether it knocks after its throw (gin, no
    deadwood left, always does); the throw is always the greedy one."""
    hands, discard, stock = h.hands, h.discard, h.stock
    while True:
        seat = h.to_move
        hand = hands[seat]
        if h.phase == "offer":
            if takes(hand, discard[-1]):
                h.taken = discard.pop()
                hands[seat] = hand | (1 << h.taken)
                h.phase = "discard"
            elif seat != h.dealer:
                h.to_move = h.dealer
            else:
                h.phase, h.stock_only, h.to_move = "draw", True, 1 - seat
            continue
        if h.phase == "draw":
            if not h.stock_only and takes(hand, discard[-1]):
                h.taken = discard.pop()
                hands[seat] = hand | (1 << h.taken)
            else:
                h.taken = -1
                hands[seat] = hand | (1 << stock.pop())
            h.stock_only = False
            h.phase = "discard"
            continue
        if deadwood(hand) == 0:  # big gin: all eleven melded, no discard
            return _score(hands, seat)
        left, card = _best_throw(hand, h.taken)
        hands[seat] = hand ^ (1 << card)
        discard.append(card)
        if left == 0 or knocks(left, len(stock)):
            return _score(hands, seat)
        if len(stock) <= STOCK_LEFT:
            return GinHandResult("draw", None, None, 0, 0, (deadwood(hands[0]), deadwood(hands[1])))
        h.to_move, h.phase, h.taken = 1 - seat, "draw", -1


def _score(hands: Sequence[int], knocker: int) -> GinHandResult:
    """The showdown (engine.rules.gin_rummy.GinRummy.end_hand)."""
    defender = 1 - knocker
    mine, melds = melding(hands[knocker])
    theirs = showdown_points(hands[defender], melds) if mine else deadwood(hands[defender])
    if mine == 0:
        big = hands[knocker].bit_count() == 11
        outcome, winner, bonus = ("big_gin" if big else "gin"), knocker, BIG_GIN_BONUS if big else GIN_BONUS
        points = theirs + bonus
    elif theirs > mine:
        outcome, winner, bonus, points = "knock", knocker, 0, theirs - mine
    else:
        outcome, winner, bonus = "undercut", defender, UNDERCUT_BONUS
        points = mine - theirs + bonus
    counts = [0, 0]
    counts[knocker], counts[defender] = mine, theirs
    return GinHandResult(outcome, knocker, winner, points, bonus, (counts[0], counts[1]))
