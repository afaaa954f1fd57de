"""Melds, contracts and the exact arranger for nine-contract rummy (2s and jokers wild).

A meld is judged as a multiset: the naturals fix what it is (one rank: a set; one suit, distinct
ranks: a run) and the wilds fill whatever positions are needed, so ``5 W W 8`` and ``J W K W`` are
valid however they are ordered. Every meld needs two naturals, which is why a meld's kind can never be
ambiguous: two naturals of one rank cannot both sit in a run.

The arranger answers the questions a contract player asks: does this hand meet the contract, which
lay-down of exactly the contract leaves the fewest points, how many cards am I still missing and which
cards would help, and what can I lay off or swap on the table. Search: branch on the lowest natural
(by suit, then rank) — it stays in hand, or is the lowest natural of a set of its rank, or the lowest
natural of a run in its suit — with the wilds as a budget and the contract's set and run counts as
counters. For the cards short and the cards that help, a hand of one long suit and many wilds also
has a second search that walks the run values once (see "cards short, value by value").
"""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from engine.cards import STANDARD_SUITS, Card, Rank, Suit
from engine.reasons import Reason

__all__ = [
    "CONTRACTS",
    "MAX_RUN",
    "MIN_NATURALS",
    "MIN_RUN",
    "MIN_SET",
    "Contract",
    "ContractArrangement",
    "MeldKind",
    "Wanted",
    "arrange_contract",
    "best_lay_down",
    "card_points",
    "cards_short",
    "cards_wanted",
    "clear_memos",
    "contract_for_hand",
    "fits_table",
    "hand_points",
    "is_wild",
    "lay_down_problem",
    "lay_off_options",
    "meets_contract",
    "meld_fault",
    "meld_kind",
    "most_cards_to_table",
    "ordered_meld",
    "run_value",
    "swap_options",
]

MeldKind = Literal["set", "run"]

MIN_SET = 3
MIN_RUN = 4
MIN_NATURALS = 2
#: Lowest and highest run positions: a wild may stand for a 2 below a 3; the ace sits only above the king.
LOW_POSITION = 2
HIGH_POSITION = 14
MAX_RUN = HIGH_POSITION - LOW_POSITION + 1
WILD_POINTS = 20
_INF = 10**9


@dataclass(frozen=True, slots=True)
class Contract:
    """What a hand must lay down: exactly this many sets and runs, all at once."""

    sets: int
    runs: int

    @property
    def melds(self) -> int:
        return self.sets + self.runs

    @property
    def min_cards(self) -> int:
        return MIN_SET * self.sets + MIN_RUN * self.runs


#: Hand 1 to hand 9. Hands 4 and 8 ask for the same melds (one set and two runs).
CONTRACTS: tuple[Contract, ...] = (
    Contract(sets=1, runs=0),
    Contract(sets=0, runs=1),
    Contract(sets=2, runs=0),
    Contract(sets=1, runs=2),
    Contract(sets=0, runs=2),
    Contract(sets=3, runs=0),
    Contract(sets=2, runs=1),
    Contract(sets=1, runs=2),
    Contract(sets=0, runs=3),
)


def contract_for_hand(hand_number: int) -> Contract:
    """The contract of hand 1..9."""
    if not 1 <= hand_number <= len(CONTRACTS):
        raise ValueError(Reason("there is no contract {number}: contracts are 1 to {count}", number=hand_number,
                                count=len(CONTRACTS)))
    return CONTRACTS[hand_number - 1]


# --------------------------------------------------------------------------- cards


def is_wild(card: Card) -> bool:
    """Jokers and every 2 are wild; a 2 never counts as a natural, not even in a set of 2s."""
    return card.rank is None or card.rank == Rank.TWO


def run_value(rank: Rank) -> int:
    """A rank's place in a run: aces are high only, so the ace is 14."""
    return 14 if rank == Rank.ACE else int(rank)


def card_points(card: Card) -> int:
    """Points of a card left in hand: 3..9 face value, 10 J Q K 10, ace 15, wild 20."""
    if is_wild(card):
        return WILD_POINTS
    assert card.rank is not None
    return _value_points(run_value(card.rank))


def hand_points(cards: Sequence[Card]) -> int:
    return sum(card_points(c) for c in cards)


def _value_points(value: int) -> int:
    if value == 14:
        return 15
    return 10 if value >= 10 else value


# --------------------------------------------------------------------------- melds


def meld_kind(cards: Sequence[Card]) -> MeldKind | None:
    """'set', 'run' or None when the cards are no meld."""
    naturals = [c for c in cards if not is_wild(c)]
    if len(naturals) < MIN_NATURALS:
        return None
    ranks = {c.rank for c in naturals}
    if len(ranks) == 1:
        return "set" if len(cards) >= MIN_SET else None
    if len({c.suit for c in naturals}) != 1 or len(ranks) != len(naturals):
        return None
    if not MIN_RUN <= len(cards) <= MAX_RUN:
        return None
    values = [run_value(r) for r in ranks if r is not None]
    # The naturals' span must fit the length; positions 2..14 always hold a run of at most 13.
    return "run" if max(values) - min(values) + 1 <= len(cards) else None


def ordered_meld(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The meld as a player lays it out: a set's naturals by suit then its wilds; a run in sequence
    with wilds in the gaps, spare wilds above it (then below, once the ace is reached)."""
    wilds = sorted((c for c in cards if is_wild(c)), key=_wild_key)
    naturals = [c for c in cards if not is_wild(c)]
    if meld_kind(cards) != "run":
        return (*sorted(naturals, key=Card.sort_key), *wilds)
    by_value = {run_value(c.rank): c for c in naturals if c.rank is not None}
    lo, hi = min(by_value), max(by_value)
    spare = len(cards) - (hi - lo + 1)
    hi = min(HIGH_POSITION, hi + spare)
    lo = hi - len(cards) + 1
    out: list[Card] = []
    for v in range(lo, hi + 1):
        out.append(by_value[v] if v in by_value else wilds.pop(0))
    return tuple(out)


def _wild_key(card: Card) -> tuple[int, int]:
    return (1, 0) if card.is_joker else (0, card.suit.index if card.suit is not None else 0)


def lay_down_problem(melds: Sequence[Sequence[Card]], contract: Contract) -> str | None:
    """Why these melds are not exactly the contract, or None when they are."""
    sets = runs = 0
    for meld in melds:
        kind = meld_kind(meld)
        if kind is None:
            return Reason("{codes} is not a meld: {fault}", codes=" ".join(c.code for c in meld) or "nothing",
                          fault=meld_fault(meld))
        if kind == "set":
            sets += 1
        else:
            runs += 1
    if (sets, runs) != (contract.sets, contract.runs):
        return Reason("the contract is {sets} and {runs}, not {laid_sets} and {laid_runs}", sets=contract.sets,
                      runs=contract.runs, laid_sets=sets, laid_runs=runs)
    return None


def meld_fault(cards: Sequence[Card]) -> Reason:
    """Why cards that are no meld are none (asked only of cards ``meld_kind`` refuses): the rules' own
    reason, which a table says in the player's language instead of cutting it out of a sentence."""
    naturals = [c for c in cards if not is_wild(c)]
    if len(naturals) < MIN_NATURALS:
        return Reason("a meld needs at least two natural cards (2s and jokers are wild)")
    if len({c.rank for c in naturals}) == 1:
        return Reason("a set needs at least 3 cards")
    if len({c.suit for c in naturals}) != 1:
        return Reason("a set is one rank and a run is one suit")
    if len({c.rank for c in naturals}) != len(naturals):
        return Reason("a run cannot hold two cards of one rank")
    if len(cards) < MIN_RUN:
        return Reason("a run needs at least 4 cards")
    if len(cards) > MAX_RUN:
        return Reason("a run holds at most 13 cards")
    return Reason("the run has gaps its wilds cannot fill (aces are high only: there is no A-2-3)")


# --------------------------------------------------------------------------- arranger

# Naturals are coded suit*16 + run value (3..14), so a sorted tuple is by suit then rank and a run
# in one suit is a stretch of consecutive codes. A plan meld is (kind, natural codes, length).
_PlanMeld = tuple[str, tuple[int, ...], int]
_Plan = tuple[_PlanMeld, ...]
_SUITS = tuple(Suit)


def _encode(card: Card) -> int:
    assert card.rank is not None and card.suit is not None
    return card.suit.index * 16 + run_value(card.rank)


def _decode(code: int) -> Card:
    value = code % 16
    return Card(Rank.ACE if value == 14 else Rank(value), _SUITS[code // 16])


def _pts(code: int) -> int:
    return _value_points(code % 16)


def _without(cards: tuple[int, ...], taken: Sequence[int]) -> tuple[int, ...]:
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return tuple(rest)


def _set_choices(first: int, rest: tuple[int, ...], min_naturals: int, max_naturals: int) -> list[tuple[int, ...]]:
    """The naturals of every set whose lowest natural is ``first``: ``first`` and any sub-multiset of
    the other cards of its rank."""
    value = first % 16
    counts: dict[int, int] = {}
    for c in rest:
        if c % 16 == value:
            counts[c] = counts.get(c, 0) + 1
    out: list[tuple[int, ...]] = [(first,)]
    for code, n in counts.items():
        out = [chosen + (code,) * k for chosen in out for k in range(n + 1) if len(chosen) + k <= max_naturals]
    return [chosen for chosen in out if len(chosen) >= min_naturals]


def _run_choices(
    first: int, rest: tuple[int, ...], max_gaps: int, min_naturals: int, *, skips: bool = True
) -> list[tuple[int, ...]]:
    """The naturals of every run whose lowest natural is ``first`` and whose inner gaps need at most
    ``max_gaps`` wilds. ``first`` is the lowest card left, so its suit's cards lead ``rest``.

    ``skips`` False: only runs holding every natural between their lowest and highest. That is all a
    search needs when this run is the last meld to plan: a natural left out of it could go in no other
    meld, and putting it in leaves fewer points in hand and fewer places for wilds (fewer cards short),
    which is never worse. It is what keeps a hand of many cards of one suit and many wilds from
    trying every subset of that suit."""
    top = first - first % 16 + HIGH_POSITION
    higher: list[int] = []
    for c in rest:
        if c > top:
            break
        if c > first and (not higher or higher[-1] != c):
            higher.append(c)
    out: list[tuple[int, ...]] = []
    if not skips:
        chosen: tuple[int, ...] = (first,)
        if min_naturals <= 1:
            out.append(chosen)
        for c in higher:
            if c - first + 1 - (len(chosen) + 1) > max_gaps:
                break
            chosen = (*chosen, c)
            if len(chosen) >= min_naturals:
                out.append(chosen)
        return out
    stack: list[tuple[int, tuple[int, ...], int]] = [(0, (first,), 0)]
    while stack:
        i, chosen, gaps = stack.pop()
        if len(chosen) >= min_naturals:
            out.append(chosen)
        last = chosen[-1]
        for j in range(i, len(higher)):
            g = gaps + higher[j] - last - 1
            if g > max_gaps:
                break
            stack.append((j + 1, (*chosen, higher[j]), g))
    return out


def _run_length(chosen: tuple[int, ...]) -> int:
    return max(MIN_RUN, chosen[-1] - chosen[0] + 1)


# Memos, bounded and cheap for the garbage collector. Answers for one hand help the next turns (a whole
# game fills about 30,000 entries), so they are kept between calls; a memo that reaches its limit is
# emptied and fills again. Keys and answers hold only ints, strings and tuples of them (wanted cards
# are bit masks, not sets), which the collector stops tracking, and a plain dict holds them: the
# bounded lru_cache this replaces kept a linked list of tracked nodes and frozensets, and a full
# collection walking them took a quarter of a second in the middle of a game.
_MEMO_LIMIT = 100_000
_BestKey = tuple[tuple[int, ...], int, int, int, int]
_WantedKey = tuple[tuple[int, ...], int, int, int]
_BEST_MEMO: dict[_BestKey, tuple[int, _Plan]] = {}
_WANTED_MEMO: dict[_WantedKey, _Wanted] = {}


def clear_memos() -> None:
    """Forget every remembered answer (for cold timings and tests)."""
    _BEST_MEMO.clear()
    _WANTED_MEMO.clear()
    _VALUE_MEMO.clear()
    _MOVES_MEMO.clear()


def _best(nats: tuple[int, ...], wilds: int, sets: int, runs: int, cap: int) -> tuple[int, _Plan]:
    """Fewest points left in hand laying down exactly ``sets`` sets and ``runs`` runs from ``nats``
    and ``wilds`` wilds. ``cap``: spare wilds the melds already planned can still take (a set takes
    any number; a run grows to 13 at most)."""
    key = (nats, wilds, sets, runs, cap)
    found = _BEST_MEMO.get(key)
    if found is None:
        found = _best_uncached(nats, wilds, sets, runs, cap)
        if len(_BEST_MEMO) >= _MEMO_LIMIT:
            _BEST_MEMO.clear()
        _BEST_MEMO[key] = found
    return found


def _best_uncached(nats: tuple[int, ...], wilds: int, sets: int, runs: int, cap: int) -> tuple[int, _Plan]:
    if sets == 0 and runs == 0:
        return sum(_pts(c) for c in nats) + WILD_POINTS * max(0, wilds - cap), ()
    if len(nats) < MIN_NATURALS * (sets + runs):
        return _INF, ()
    first, rest = nats[0], nats[1:]
    best_cost: int = _INF
    best_plan: _Plan = ()

    cost, plan = _best(rest, wilds, sets, runs, cap)
    if cost + _pts(first) < best_cost:
        best_cost, best_plan = cost + _pts(first), plan

    if sets:
        for chosen in _set_choices(first, rest, MIN_NATURALS, len(nats)):
            need = max(0, MIN_SET - len(chosen))
            if need > wilds:
                continue
            left = wilds - need
            cost, plan = _best(_without(rest, chosen[1:]), left, sets - 1, runs, left)
            if cost < best_cost:
                best_cost, best_plan = cost, (("set", chosen, len(chosen) + need), *plan)
    if runs:
        for chosen in _run_choices(first, rest, wilds, MIN_NATURALS, skips=bool(sets) or runs > 1):
            length = _run_length(chosen)
            need = length - len(chosen)
            if need > wilds:
                continue
            left = wilds - need
            new_cap = left if sets else min(left, cap + MAX_RUN - length)
            cost, plan = _best(_without(rest, chosen[1:]), left, sets, runs - 1, new_cap)
            if cost < best_cost:
                best_cost, best_plan = cost, (("run", chosen, length), *plan)
    return best_cost, best_plan


# Wanted naturals are a bit mask over codes: bit ``code`` for a natural, bit 0 (no natural has code 0,
# whose value would be 0) for "any natural at all would help".
_ANY = 1
_NO_CODES = 0
_SUIT_BASES = tuple(s.index * 16 for s in STANDARD_SUITS)
#: (cards short, mask of the naturals that would help, whether a wild would help)
_Wanted = tuple[int, int, bool]


def _mask(codes: Sequence[int] | range) -> int:
    out = 0
    for c in codes:
        out |= 1 << c
    return out


def _codes_of(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def _wanted_of(nats: tuple[int, ...], wilds: int, sets: int, runs: int) -> _Wanted:
    """Cards short and the cards that help, for a whole hand. Two exact searches give the same
    answer: the plan search (below) is the faster for most hands, the value search (further below)
    for many hands of one long suit and many wilds, where the plan search may take seconds. Such a
    hand gets a share of plan-search work first, and the value search when that runs out. Both
    remember their answers."""
    if not _suits_value_search(nats, wilds, runs):
        return _wanted(nats, wilds, sets, runs)
    key = (nats, wilds, sets, runs)
    found = _WANTED_MEMO.get(key)
    if found is None:
        _BUDGET.left = _PLAN_BUDGET
        try:
            return _wanted(nats, wilds, sets, runs)
        except _OverBudget:
            found = _wanted_by_values(nats, wilds, sets, runs)
        finally:
            _BUDGET.left = None
        if len(_WANTED_MEMO) >= _MEMO_LIMIT:
            _WANTED_MEMO.clear()
        _WANTED_MEMO[key] = found
    return found


def _wanted(nats: tuple[int, ...], wilds: int, sets: int, runs: int) -> _Wanted:
    key = (nats, wilds, sets, runs)
    found = _WANTED_MEMO.get(key)
    if found is None:
        found = _wanted_uncached(nats, wilds, sets, runs)
        if len(_WANTED_MEMO) >= _MEMO_LIMIT:
            _WANTED_MEMO.clear()
        _WANTED_MEMO[key] = found
    return found


def _wanted_uncached(nats: tuple[int, ...], wilds: int, sets: int, runs: int) -> _Wanted:
    """Fewest cards to add before ``nats`` and ``wilds`` meet the contract, and which cards would
    bring it one closer: those filling a gap in some plan that needs that few.

    A plan's gaps are of two sorts. A meld with fewer than two naturals lacks naturals: a natural of
    the gap helps at once. Other gaps are places a wild can fill: they help (natural or wild) only
    when the plan has more such places than the hand has wilds."""
    if sets == 0 and runs == 0:
        return 0, _NO_CODES, False
    if not nats:
        # Melds with no natural yet: two naturals each, wilds fill one place of a set, two of a run.
        places = sets + 2 * runs
        return MIN_NATURALS * (sets + runs) + max(0, places - wilds), _ANY, places > wilds
    first, rest = nats[0], nats[1:]
    best, useful, wild = _wanted(rest, wilds, sets, runs)
    if best == 0:
        return 0, _NO_CODES, False

    def consider(own: int, places: int, lacking: int, gaps: int, sub: _Wanted) -> None:
        nonlocal best, useful, wild
        total = own + sub[0]
        if total > best:
            return
        shortage = places > wilds or sub[2]
        wanted = lacking | sub[1] | (gaps if shortage else _NO_CODES)
        if total < best:
            best, useful, wild = total, wanted, shortage
        else:
            useful, wild = useful | wanted, wild or shortage

    if sets:
        value = first % 16
        same_rank = _mask([base + value for base in _SUIT_BASES])
        # Naturals beyond three never bring a set closer; they only use up cards.
        set_choices = _set_choices(first, rest, 1, MIN_SET)
        _BUDGET.spend(len(set_choices))
        for chosen in set_choices:
            n = len(chosen)
            lacking = max(0, MIN_NATURALS - n)
            places = max(0, MIN_SET - n - lacking)
            own = lacking + max(0, places - wilds)
            if own > best:
                continue
            sub = _wanted(_without(rest, chosen[1:]), max(0, wilds - places), sets - 1, runs)
            consider(own, places, same_rank if lacking else _NO_CODES, same_rank if places else _NO_CODES, sub)
            if best == 0:
                return 0, _NO_CODES, False
    if runs:
        base = first - first % 16
        # A run's cost is at least its inner gaps less the wilds: wider runs cannot be as good.
        run_choices = _run_choices(first, rest, best + wilds, 1, skips=bool(sets) or runs > 1)
        _BUDGET.spend(len(run_choices))
        for chosen in run_choices:
            if best == 0:
                break
            n = len(chosen)
            lacking = max(0, MIN_NATURALS - n)
            # A lone natural may also plan a longer run, spending spare wilds, so that a natural further
            # off could be its second; a run with its two naturals never gains by being longer.
            longest = max(MIN_RUN, min(MAX_RUN, wilds + n + lacking)) if n == 1 else _run_length(chosen)
            for length in range(_run_length(chosen), longest + 1):
                places = length - n - lacking
                own = lacking + max(0, places - wilds)
                if own > best:
                    continue
                lo, hi = chosen[0] % 16, chosen[-1] % 16
                spare = length - (hi - lo + 1)  # the stretch can sit anywhere in a run this long
                lo, hi = max(3, lo - spare), min(HIGH_POSITION, hi + spare)
                gap_codes = _mask(range(base + lo, base + hi + 1)) & ~_mask(chosen)
                sub = _wanted(_without(rest, chosen[1:]), max(0, wilds - places), sets, runs - 1)
                consider(own, places, gap_codes if lacking else _NO_CODES, gap_codes if places else _NO_CODES, sub)
    if best == 0:
        return 0, _NO_CODES, False
    return best, useful, wild


# --------------------------------------------------------------------------- cards short, value by value
# The plan search above branches on every subset of a suit a run could skip, which a hand of one long
# suit with many wilds turns into hundreds of thousands of plans that all need the same few cards.
# This search walks the run values 3..14 once instead, keeping per state only the Pareto front of
# (naturals lacking, places for wilds) the rest of the hand can reach: the cards short are then
# ``lacking + max(0, places - wilds)`` at best. A state is what the values below left open: sets
# still to place, runs not started, and each open run's naturals (one, or two and more), its length
# so far (up to four: longer changes nothing) and whether it skipped the last value. Its cost grows
# with the suits that hold runs at once, so it is used for hands whose naturals are mostly in one
# suit and whose wilds are many, where the plan search is slowest (see ``_wanted_of``).
#
# Three rules keep one of the equally good ways and drop the others, none losing an answer: no run
# closes or skips a value while a copy of its suit there stays in hand (taking it is never worse); a
# run of four or more closes as soon as it takes a natural (more naturals gain it nothing); a run
# that skipped a value must take a natural later (closing it before the skip costs the same).

_LOW_VALUE = 3
_NSUITS = len(Suit)
_COPY_BITS = 3  # copies of one card in a hand: three decks, and one more card tried
_Open = tuple[int, int, int, int]  # suit index, naturals (1, or 2 for two or more), length (to 4), skipped
_VState = tuple[int, int, tuple[_Open, ...]]  # sets to place, runs not started, open runs (sorted)
_Front = tuple[tuple[int, int], ...]  # (lacking, places) pairs, lacking rising and places falling
_Col = tuple[int, ...]  # copies of one value in each suit, by suit index
_Move = tuple[_VState, int, int]
_VALUE_MEMO: dict[tuple[int, _VState], _Front] = {}
_MOVES_MEMO: dict[tuple[_Col, _VState, int], tuple[_Move, ...]] = {}
_SET_SPLITS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}


class _OverBudget(Exception):
    """The plan search has done its share of work on this hand: the value search takes over."""


class _Budget(threading.local):
    """Choices the plan search may still try on the hand in hand, or None for no limit; one per
    thread, so that a server's threads never spend each other's."""

    def __init__(self) -> None:
        self.left: int | None = None

    def spend(self, work: int) -> None:
        if self.left is not None:
            self.left -= work
            if self.left < 0:
                raise _OverBudget


_BUDGET = _Budget()


#: Choices the plan search may try (a few milliseconds) before the value search takes the hand, ...
_PLAN_BUDGET = 600
#: ... a hand with at most this many naturals outside its longest suit, ...
_OTHER_SUITS_MAX = 4
#: ... at least this many wilds for a contract of one run, one more for two or three runs (with four
#: wilds the plan search of two or three runs finishes in about 10 ms, and the value search is the
#: slower; with three wilds and one run the value search stays a few milliseconds where the plan
#: search of a 15-card suit takes about 30), ...
_VALUE_WILDS_MIN = 4
#: ... and few suits where runs can be open together: suits of two naturals or more, to the power of
#: the runs to plan, at most this many. There the plan search can take seconds (every way to skip
#: naturals of the long suit fills the same gaps with wilds) and the value search takes milliseconds;
#: with runs open in several suits at once the value search is the slower.
_OPEN_SUITS_MAX = 4


def _suits_value_search(nats: tuple[int, ...], wilds: int, runs: int) -> bool:
    if wilds < (_VALUE_WILDS_MIN + 1 if runs >= 2 else _VALUE_WILDS_MIN - 1) or not nats:
        return False
    per_suit: dict[int, int] = {}
    for c in nats:
        per_suit[c // 16] = per_suit.get(c // 16, 0) + 1
    run_suits = sum(1 for n in per_suit.values() if n >= 2)
    return len(nats) - max(per_suit.values()) <= _OTHER_SUITS_MAX and run_suits**runs <= _OPEN_SUITS_MAX


def _pareto(pairs: Mapping[int, int]) -> _Front:
    out: list[tuple[int, int]] = []
    for lack in sorted(pairs):
        places = pairs[lack]
        if not out or places < out[-1][1]:
            out.append((lack, places))
    return tuple(out)


def _front_cost(front: _Front, wilds: int) -> int:
    """Cards short at best over the front with ``wilds`` wilds (fewer than none: places to fill)."""
    return min(lack + max(0, places - wilds) for lack, places in front)


def _run_close(n2: int, l4: int) -> tuple[int, int]:
    """(lacking, places) of closing a run: a lone natural lacks one and has two places, a run of two
    or three naturals' length pads to four."""
    lack = 2 - n2
    return lack, max(0, 4 - l4) - lack


def _set_splits(j: int, avail: int) -> tuple[tuple[int, int], ...]:
    """(lacking, places) of ``j`` sets placed on one rank with ``avail`` copies, each set holding one,
    two or three naturals (a fourth changes nothing)."""
    key = (j, avail)
    found = _SET_SPLITS.get(key)
    if found is None:
        found = tuple(
            (j - x3 - x2, j - x3)
            for x3 in range(j + 1)
            for x2 in range(j - x3 + 1)
            if 3 * x3 + 2 * x2 + (j - x3 - x2) <= avail
        )
        _SET_SPLITS[key] = found
    return found


def _moves(col: _Col, state: _VState, later: int) -> tuple[_Move, ...]:
    """Every way through one value: (state after it, lacking, places). ``later``: suits with a copy
    at a higher value (a run may skip this value only to take one of those)."""
    open_suits = 0
    for run in state[2]:
        open_suits |= 1 << run[0]
    later &= open_suits  # only the suits of open runs matter: one entry serves every hand alike here
    key = (col, state, later)
    found = _MOVES_MEMO.get(key)
    if found is None:
        found = _moves_uncached(col, state, later)
        if len(_MOVES_MEMO) >= _MEMO_LIMIT:
            _MOVES_MEMO.clear()
        _MOVES_MEMO[key] = found
    return found


def _moves_uncached(col: _Col, state: _VState, later: int) -> tuple[_Move, ...]:
    sets_left, unstarted, opens = state
    # Each open run: close (if it did not skip the last value), take a copy, or skip this value. Runs
    # alike choose a multiset of these (the order among them changes nothing).
    per_run: list[list[tuple[tuple[_Open | None, int, int, int, int], ...]]] = []
    for (s, n2, l4, skipped), alike in Counter(opens).items():
        options: list[tuple[_Open | None, int, int, int, int]] = []
        if not skipped:
            lack, places = _run_close(n2, l4)
            options.append((None, lack, places, s, -1))
        if col[s]:
            options.append((None if l4 >= 3 else (s, 2, l4 + 1, 0), 0, 0, s, 1))
        if later >> s & 1:
            options.append(((s, n2, min(4, l4 + 1), 1), 0, 1, s, -1))
        if not options:
            return ()
        per_run.append(list(itertools.combinations_with_replacement(options, alike)))
    out: dict[_VState, dict[int, int]] = {}
    for groups in itertools.product(*per_run):
        use = list(col)
        skips = 0
        kept: list[_Open] = []
        dl = dp = 0
        for new, lack, places, s, how in itertools.chain.from_iterable(groups):
            dl += lack
            dp += places
            if how == 1:
                use[s] -= 1
            elif how == -1:
                skips |= 1 << s
            if new is not None:
                kept.append(new)
        if min(use) < 0:
            continue
        for starts in _starts(use, unstarted):
            left = list(use)
            opened = list(kept)
            for s in starts:
                left[s] -= 1
                opened.append((s, 1, 1, 0))
            avail = sum(left)
            # A run closed or skipped while a copy of its suit stays in hand: taking it instead would
            # be no worse, unless sets take that copy.
            forced = any(left[s] for s in range(_NSUITS) if skips >> s & 1)
            new_state_opens = tuple(sorted(opened))
            runs_left = unstarted - len(starts)
            if not forced:
                _put(out, (sets_left, runs_left, new_state_opens), dl, dp)
            for j in range(1, min(sets_left, avail) + 1):
                for lack, places in _set_splits(j, avail):
                    _put(out, (sets_left - j, runs_left, new_state_opens), dl + lack, dp + places)
    return tuple((st, lack, places) for st, pairs in out.items() for lack, places in _pareto(pairs))


def _put(out: dict[_VState, dict[int, int]], state: _VState, lack: int, places: int) -> None:
    pairs = out.setdefault(state, {})
    if places < pairs.get(lack, _INF):
        pairs[lack] = places


def _starts(use: list[int], unstarted: int) -> tuple[tuple[int, ...], ...]:
    """The suits of the runs that start on this value, each on a copy of its own."""
    key = (*use, unstarted)
    found = _STARTS.get(key)
    if found is None:
        out: list[tuple[int, ...]] = [()]
        suits = [s for s in range(_NSUITS) if use[s] > 0]
        for k in range(1, unstarted + 1):
            for combo in itertools.combinations_with_replacement(suits, k):
                if all(combo.count(s) <= use[s] for s in set(combo)):
                    out.append(combo)
        found = _STARTS[key] = tuple(out)
    return found


_STARTS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


class _Columns:
    """A hand's naturals as copies per value and suit, with what each value's search needs."""

    def __init__(self, nats: Sequence[int]) -> None:
        counts = [[0] * _NSUITS for _ in range(HIGH_POSITION + 2)]
        for code in nats:
            counts[code % 16][code // 16] += 1
        self.cols: list[_Col] = [tuple(c) for c in counts]
        #: later[v]: suits with a copy above v; key[v]: the copies from v up, and v (a memo key).
        self.later = [0] * (HIGH_POSITION + 2)
        self.key = [0] * (HIGH_POSITION + 2)
        mask = packed = 0
        for v in range(HIGH_POSITION, _LOW_VALUE - 1, -1):
            self.later[v] = mask
            col = self.cols[v]
            for s in range(_NSUITS):
                if col[s]:
                    mask |= 1 << s
                packed = packed << _COPY_BITS | col[s]
            self.key[v] = packed << 4 | (v - _LOW_VALUE)


def _end_front(state: _VState) -> _Front:
    sets_left, unstarted, opens = state
    lack = 2 * sets_left + 2 * unstarted
    places = sets_left + 2 * unstarted
    for _s, n2, l4, skipped in opens:
        if skipped:
            return ()
        dl, dp = _run_close(n2, l4)
        lack += dl
        places += dp
    return ((lack, places),)


def _solve(hand: _Columns, v: int, state: _VState) -> _Front:
    """The front of (lacking, places) the values from ``v`` up can reach from ``state``."""
    if v > HIGH_POSITION:
        return _end_front(state)
    key = (hand.key[v], state)
    found = _VALUE_MEMO.get(key)
    if found is not None:
        return found
    col = hand.cols[v]
    if not state[2] and not any(col):
        found = _solve(hand, v + 1, state)
    else:
        pairs: dict[int, int] = {}
        for new, dl, dp in _moves(col, state, hand.later[v]):
            for lack, places in _solve(hand, v + 1, new):
                lk, p = lack + dl, places + dp
                if p < pairs.get(lk, _INF):
                    pairs[lk] = p
        found = _pareto(pairs)
    if len(_VALUE_MEMO) >= _MEMO_LIMIT:
        _VALUE_MEMO.clear()
    _VALUE_MEMO[key] = found
    return found


def _wanted_by_values(nats: tuple[int, ...], wilds: int, sets: int, runs: int) -> _Wanted:
    """Cards short and the cards that help, by the value search: a wild helps when the front with one
    more wild costs less; any natural helps when a meld with no natural is part of a best way (a
    meld fewer, two naturals lacking and its places); otherwise each natural that could matter (of a
    suit or rank the hand holds, one suit of each kind of suit) is tried by joining the states before
    its value, that value with the card added, and the front of the values above."""
    if sets == 0 and runs == 0:
        return 0, _NO_CODES, False
    hand = _Columns(nats)
    front = _solve(hand, _LOW_VALUE, (sets, runs, ()))
    best = _front_cost(front, wilds)
    if best == 0:
        return 0, _NO_CODES, False
    wild = _front_cost(front, wilds + 1) < best
    if (sets and 2 + _front_cost(_solve(hand, _LOW_VALUE, (sets - 1, runs, ())), wilds - 1) == best) or (
        runs and 2 + _front_cost(_solve(hand, _LOW_VALUE, (sets, runs - 1, ())), wilds - 2) == best
    ):
        return best, _ANY, wild
    suits_held = values_held = 0
    for c in nats:
        suits_held |= 1 << (c // 16)
        values_held |= 1 << (c % 16)
    # Suits holding the same copies of every value are alike: one is tried for all.
    alike: dict[tuple[int, ...], list[int]] = {}
    for base in sorted({*_SUIT_BASES, *(c - c % 16 for c in nats)}):
        s = base // 16
        alike.setdefault(tuple(hand.cols[v][s] for v in range(_LOW_VALUE, HIGH_POSITION + 1)), []).append(s)
    useful = _NO_CODES
    for members in alike.values():
        s = members[0]
        held = suits_held >> s & 1
        # A natural sharing neither suit nor rank with the hand helps only as a meld's first natural.
        if not held and not sets:
            continue
        layers = _forward(hand, s, sets, runs, wilds, best)
        for v in range(_LOW_VALUE, HIGH_POSITION + 1):
            if (held or values_held >> v & 1) and _helps(hand, layers[v], v, s, wilds, best):
                for m in members:
                    useful |= 1 << (m * 16 + v)
    return best, useful, wild


def _forward(hand: _Columns, suit: int, sets: int, runs: int, wilds: int, best: int) -> list[dict[_VState, _Front]]:
    """Before each value, the states the values below reach and the front of what they cost, for the
    hand with one more card of ``suit`` somewhere above: only states that could still come in under
    ``best``."""
    layers: list[dict[_VState, _Front]] = [{} for _ in range(HIGH_POSITION + 2)]
    layer: dict[_VState, _Front] = {(sets, runs, ()): ((0, 0),)}
    extra = 1 << suit
    for v in range(_LOW_VALUE, HIGH_POSITION + 1):
        layers[v] = layer
        reached: dict[_VState, dict[int, int]] = {}
        later = hand.later[v] | extra if v < HIGH_POSITION else 0
        for state, front in layer.items():
            for new, dl, dp in _moves(hand.cols[v], state, later):
                for lack, places in front:
                    lk, p = lack + dl, places + dp
                    if lk + max(0, p - wilds) < best:
                        _put(reached, new, lk, p)
        layer = {state: _pareto(pairs) for state, pairs in reached.items()}
    return layers


def _helps(hand: _Columns, layer: dict[_VState, _Front], v: int, suit: int, wilds: int, best: int) -> bool:
    """Whether one more natural of ``suit`` and value ``v`` brings the hand a card closer."""
    col = list(hand.cols[v])
    col[suit] += 1
    with_card = tuple(col)
    for state, front in layer.items():
        for new, dl, dp in _moves(with_card, state, hand.later[v]):
            rest = _solve(hand, v + 1, new)
            for l1, p1 in front:
                for l2, p2 in rest:
                    if l1 + l2 + dl + max(0, p1 + p2 + dp - wilds) < best:
                        return True
    return False


def _split(cards: Sequence[Card]) -> tuple[tuple[int, ...], list[Card]]:
    wilds = sorted((c for c in cards if is_wild(c)), key=_wild_key)
    nats = tuple(sorted(_encode(c) for c in cards if not is_wild(c)))
    return nats, wilds


@dataclass(frozen=True, slots=True)
class ContractArrangement:
    """A lay-down of exactly the contract and what stays in hand, or (``meets`` False) no lay-down."""

    meets: bool
    melds: tuple[tuple[Card, ...], ...]
    kinds: tuple[MeldKind, ...]
    deadwood: tuple[Card, ...]
    points: int

    @property
    def goes_out(self) -> bool:
        return self.meets and not self.deadwood


def best_lay_down(cards: Sequence[Card], contract: Contract) -> ContractArrangement | None:
    """The lay-down of exactly ``contract`` leaving the fewest points in hand (every spare card that
    fits goes into a meld), or None when the cards do not meet the contract."""
    nats, wilds = _split(cards)
    cost, plan = _best(nats, len(wilds), contract.sets, contract.runs, len(wilds) if contract.sets else 0)
    if cost >= _INF:
        return None
    melds: list[list[Card]] = []
    kinds: list[MeldKind] = []
    for kind, codes, length in plan:
        need = length - len(codes)
        melds.append([_decode(c) for c in codes] + [wilds.pop(0) for _ in range(need)])
        kinds.append("set" if kind == "set" else "run")
    # Spare wilds join a set if there is one, else runs that have room.
    for i, meld in enumerate(melds):
        while wilds and (kinds[i] == "set" or len(meld) < MAX_RUN):
            meld.append(wilds.pop(0))
    used = [c for m in melds for c in m]
    deadwood = list(cards)
    for c in used:
        deadwood.remove(c)
    deadwood.sort(key=Card.sort_key)
    # Sets first, then runs, as contracts are said ("one set and two runs").
    order = sorted(range(len(melds)), key=lambda i: kinds[i] != "set")
    ordered = tuple(ordered_meld(melds[i]) for i in order)
    return ContractArrangement(True, ordered, tuple(kinds[i] for i in order), tuple(deadwood), hand_points(deadwood))


def arrange_contract(cards: Sequence[Card], contract: Contract) -> ContractArrangement:
    """The best lay-down, or no melds at all with every card counted when the contract is not met."""
    best = best_lay_down(cards, contract)
    if best is not None:
        return best
    dead = tuple(sorted(cards, key=Card.sort_key))
    return ContractArrangement(False, (), (), dead, hand_points(dead))


def meets_contract(cards: Sequence[Card], contract: Contract) -> bool:
    return cards_short(cards, contract) == 0


def cards_short(cards: Sequence[Card], contract: Contract) -> int:
    """How many more cards the hand needs, at best, to meet ``contract`` (0: it meets it now)."""
    nats, wilds = _split(cards)
    return _wanted_of(nats, len(wilds), contract.sets, contract.runs)[0]


@dataclass(frozen=True, slots=True)
class Wanted:
    """What a hand still needs for its contract: how many cards, and which single cards would bring it
    one card closer. Exactly the cards ``c`` for which ``cards_short(hand + [c]) < cards_short(hand)``.

    ``any_natural``: a best way to the contract leaves a meld with no natural yet, so every natural
    helps; ``naturals`` is then empty (none is named). Otherwise ``naturals`` holds each one that helps."""

    short: int
    naturals: frozenset[Card]
    any_natural: bool
    wild: bool

    def helps(self, card: Card) -> bool:
        if is_wild(card):
            return self.wild
        return self.any_natural or card in self.naturals


def cards_wanted(cards: Sequence[Card], contract: Contract) -> Wanted:
    nats, wilds = _split(cards)
    short, codes, wild = _wanted_of(nats, len(wilds), contract.sets, contract.runs)
    # When any natural helps, none is named (the plan search may have noted some on the way).
    naturals = frozenset() if codes & _ANY else frozenset(_decode(c) for c in _codes_of(codes))
    return Wanted(short, naturals, bool(codes & _ANY), wild)


# --------------------------------------------------------------------------- the table


def lay_off_options(hand: Sequence[Card], table: Mapping[int, Sequence[Card]]) -> list[tuple[Card, int]]:
    """Every (card, meld id) where one card of ``hand`` can join a meld on the table."""
    kinds = {mid: meld_kind(cards) for mid, cards in table.items()}
    out: list[tuple[Card, int]] = []
    for card in dict.fromkeys(hand):
        for mid, cards in table.items():
            if meld_kind([*cards, card]) == kinds[mid]:
                out.append((card, mid))
    return out


def swap_options(
    hand: Sequence[Card], table: Mapping[int, Sequence[Card]]
) -> list[tuple[Card, int, Card, int]]:
    """Every (natural, meld id, wild, other meld id): the natural from ``hand`` replaces the wild in the
    first meld, and the freed wild joins the other meld, both melds staying valid."""
    kinds = {mid: meld_kind(cards) for mid, cards in table.items()}
    out: list[tuple[Card, int, Card, int]] = []
    naturals = [c for c in dict.fromkeys(hand) if not is_wild(c)]
    for mid, cards in table.items():
        for wild in dict.fromkeys(c for c in cards if is_wild(c)):
            rest = list(cards)
            rest.remove(wild)
            for card in naturals:
                if meld_kind([*rest, card]) != kinds[mid]:
                    continue
                for other, other_cards in table.items():
                    if other != mid and meld_kind([*other_cards, wild]) == kinds[other]:
                        out.append((card, mid, wild, other))
    return out



def fits_table(cards: Sequence[Card], table: Mapping[int, Sequence[Card]]) -> bool:
    """Whether any one of ``cards`` can be laid off on the table, or take a wild's place there (the
    freed wild going on to another meld). A yes/no of :func:`lay_off_options` and :func:`swap_options`
    for a large pool of cards, with no list built: the question asked of every card off the table at
    the start of a turn once everyone is down.

    Once every player has laid down, this is the whole test of a dead hand: no new meld can appear,
    so the table changes only when a card joins it; if no card off the table fits it now, none ever
    will (the cards off it only move between hands, stock and pile), and a player who holds a card
    at the start of a turn still holds one after discarding."""
    kinds = {mid: meld_kind(m) for mid, m in table.items()}
    distinct = list(dict.fromkeys(cards))
    for mid, meld in table.items():
        kind = kinds[mid]
        if any(meld_kind([*meld, card]) == kind for card in distinct):
            return True
    naturals = [c for c in distinct if not is_wild(c)]
    for mid, meld in table.items():
        for wild in dict.fromkeys(c for c in meld if is_wild(c)):
            if not any(other != mid and meld_kind([*o, wild]) == kinds[other] for other, o in table.items()):
                continue
            rest = list(meld)
            rest.remove(wild)
            if any(meld_kind([*rest, card]) == kinds[mid] for card in naturals):
                return True
    return False


def most_cards_to_table(cards: Sequence[Card], table: Mapping[int, Sequence[Card]]) -> int:
    """At most how many of ``cards`` could ever join the table, by any lay-offs and swaps in any order
    (no new melds): every wild, and every natural that some meld could hold, a set of its rank or a
    run of its suit with no natural in its place. An upper bound, for the same reason the order is
    ignored: a card a meld could never hold is never counted, and a card that is counted may still
    never fit (the run may never reach it).

    A player who holds ``h`` cards at the start of a turn needs at least ``h`` of these plays to go out
    (each turn draws one card and discards one), so once everyone is down, a table that can take
    fewer cards than the shortest hand holds is a dead hand too."""
    set_ranks: set[Rank] = set()
    run_gaps: set[tuple[Suit, int]] = set()
    for meld in table.values():
        naturals = [c for c in meld if not is_wild(c)]
        if meld_kind(meld) == "set":
            set_ranks.update(c.rank for c in naturals if c.rank is not None)
        elif naturals and naturals[0].suit is not None:
            held = {run_value(c.rank) for c in naturals if c.rank is not None}
            run_gaps.update((naturals[0].suit, v) for v in range(LOW_POSITION + 1, HIGH_POSITION + 1) if v not in held)
    count = 0
    for card in cards:
        if is_wild(card):
            count += 1
        elif card.rank is not None and card.suit is not None:
            count += card.rank in set_ranks or (card.suit, run_value(card.rank)) in run_gaps
    return count
