"""Two oracles for ``cards_wanted``, written apart from the engine's search.

``brute_short`` and ``brute_wanted``: every way to deal a small hand's cards into the contract's
melds and the hand, each meld completed with the fewest cards added; a card helps when adding it
lowers that count. Slow (exponential in the hand), obviously right, for hands of up to eight cards.

``plan_wanted``: the search ``cards_wanted`` used before its value-by-value search, kept as it was
(every plan that needs the fewest cards, and the union of the cards filling their gaps), for large
hands where brute force is out of reach.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from engine.arrange_contract import (
    HIGH_POSITION,
    MAX_RUN,
    MIN_NATURALS,
    MIN_RUN,
    MIN_SET,
    Contract,
    _run_choices,
    _run_length,
    _set_choices,
    _split,
    _without,
    is_wild,
    run_value,
)
from engine.cards import JOKER, STANDARD_RANKS, STANDARD_SUITS, Card

#: One card of every kind a deck holds: each natural, and one wild for them all.
KINDS: tuple[Card, ...] = (
    *(card for s in STANDARD_SUITS for r in STANDARD_RANKS if not is_wild(card := Card(r, s))),
    JOKER,
)
INF = 10**6


def _completion(group: Sequence[Card], kind: str) -> tuple[int, bool]:
    """Fewest cards to add so that ``group`` becomes a meld of ``kind`` (INF when none can), and
    whether the group holds no natural."""
    naturals = [c for c in group if not is_wild(c)]
    n, m = len(naturals), len(group)
    lacking = max(0, MIN_NATURALS - n)  # naturals that must be added: a wild cannot stand for them
    if kind == "set":
        if len({c.rank for c in naturals}) > 1:
            return INF, False
        return lacking + max(0, MIN_SET - m - lacking), n == 0
    if len({c.suit for c in naturals}) > 1 or len({c.rank for c in naturals}) != n:
        return INF, False
    values = [run_value(c.rank) for c in naturals if c.rank is not None]
    span = max(values) - min(values) + 1 if values else 0
    length = max(MIN_RUN, span, m + lacking)  # added naturals sit next to the others
    if length > MAX_RUN or (values and max(values) > HIGH_POSITION):
        return INF, False
    return length - m, n == 0


def brute_plans(hand: Sequence[Card], contract: Contract) -> tuple[int, bool]:
    """(cards short, whether some way that short leaves a meld with no natural)."""
    kinds = ["set"] * contract.sets + ["run"] * contract.runs
    best, empty_meld = INF, False
    # Copies of one card are alike: deal each card's copies as counts over the melds and the hand.
    distinct = list(dict.fromkeys(hand))
    ways = [_counts(hand.count(card), len(kinds) + 1) for card in distinct]
    for assign in itertools.product(*ways):
        groups: list[list[Card]] = [[] for _ in kinds]
        for card, counts in zip(distinct, assign, strict=True):
            for where, n in enumerate(counts[: len(kinds)]):
                groups[where] += [card] * n
        total, empty = 0, False
        for group, kind in zip(groups, kinds, strict=True):
            added, no_natural = _completion(group, kind)
            total += added
            empty = empty or no_natural
        if total < best:
            best, empty_meld = total, empty
        elif total == best:
            empty_meld = empty_meld or empty
    return best, empty_meld


def _counts(copies: int, places: int) -> list[tuple[int, ...]]:
    """Every way to share ``copies`` alike cards among ``places`` places."""
    if places == 1:
        return [(copies,)]
    return [(k, *rest) for k in range(copies + 1) for rest in _counts(copies - k, places - 1)]


def brute_short(hand: Sequence[Card], contract: Contract) -> int:
    return brute_plans(hand, contract)[0]


def brute_wanted(hand: Sequence[Card], contract: Contract) -> tuple[int, frozenset[Card], bool, bool]:
    """(short, the naturals that help, whether some fewest-cards way leaves a meld with no natural,
    whether a wild helps). A meld with no natural is what ``any_natural`` names: any natural at all
    would start it."""
    short, empty = brute_plans(hand, contract)
    if short == 0:
        return 0, frozenset(), False, False
    helping = frozenset(c for c in KINDS if brute_short([*hand, c], contract) < short)
    naturals = frozenset(c for c in helping if not is_wild(c))
    return short, naturals, empty, JOKER in helping


# --------------------------------------------------------------------------- the search as it was


def _mask(codes: Sequence[int] | range) -> int:
    out = 0
    for c in codes:
        out |= 1 << c
    return out


_ANY = 1
_SUIT_BASES = tuple(s.index * 16 for s in STANDARD_SUITS)
_Wanted = tuple[int, int, bool]


def plan_wanted(hand: Sequence[Card], contract: Contract) -> tuple[int, int, bool]:
    """(short, bit mask of helping natural codes with bit 0 for any natural, whether a wild helps)."""
    nats, wilds = _split(hand)
    memo: dict[tuple[tuple[int, ...], int, int, int], _Wanted] = {}
    return _plans(nats, len(wilds), contract.sets, contract.runs, memo)


def _plans(nats: tuple[int, ...], wilds: int, sets: int, runs: int,
           memo: dict[tuple[tuple[int, ...], int, int, int], _Wanted]) -> _Wanted:
    key = (nats, wilds, sets, runs)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _plans_uncached(nats, wilds, sets, runs, memo)
    return found


def _plans_uncached(nats: tuple[int, ...], wilds: int, sets: int, runs: int,
                    memo: dict[tuple[tuple[int, ...], int, int, int], _Wanted]) -> _Wanted:
    if sets == 0 and runs == 0:
        return 0, 0, False
    if not nats:
        places = sets + 2 * runs
        return MIN_NATURALS * (sets + runs) + max(0, places - wilds), _ANY, places > wilds
    first, rest = nats[0], nats[1:]
    best, useful, wild = _plans(rest, wilds, sets, runs, memo)
    if best == 0:
        return 0, 0, False

    def consider(own: int, places: int, lacking: int, gaps: int, sub: _Wanted) -> None:
        nonlocal best, useful, wild
        total = own + sub[0]
        if total > best:
            return
        shortage = places > wilds or sub[2]
        wanted = lacking | sub[1] | (gaps if shortage else 0)
        if total < best:
            best, useful, wild = total, wanted, shortage
        else:
            useful, wild = useful | wanted, wild or shortage

    if sets:
        value = first % 16
        same_rank = _mask([base + value for base in _SUIT_BASES])
        for chosen in _set_choices(first, rest, 1, MIN_SET):
            n = len(chosen)
            lacking = max(0, MIN_NATURALS - n)
            places = max(0, MIN_SET - n - lacking)
            own = lacking + max(0, places - wilds)
            if own > best:
                continue
            sub = _plans(_without(rest, chosen[1:]), max(0, wilds - places), sets - 1, runs, memo)
            consider(own, places, same_rank if lacking else 0, same_rank if places else 0, sub)
            if best == 0:
                return 0, 0, False
    if runs:
        base = first - first % 16
        for chosen in _run_choices(first, rest, best + wilds, 1, skips=bool(sets) or runs > 1):
            if best == 0:
                break
            n = len(chosen)
            lacking = max(0, MIN_NATURALS - n)
            longest = max(MIN_RUN, min(MAX_RUN, wilds + n + lacking)) if n == 1 else _run_length(chosen)
            for length in range(_run_length(chosen), longest + 1):
                places = length - n - lacking
                own = lacking + max(0, places - wilds)
                if own > best:
                    continue
                lo, hi = chosen[0] % 16, chosen[-1] % 16
                spare = length - (hi - lo + 1)
                lo, hi = max(3, lo - spare), min(HIGH_POSITION, hi + spare)
                gap_codes = _mask(range(base + lo, base + hi + 1)) & ~_mask(chosen)
                sub = _plans(_without(rest, chosen[1:]), max(0, wilds - places), sets, runs - 1, memo)
                consider(own, places, gap_codes if lacking else 0, gap_codes if places else 0, sub)
    if best == 0:
        return 0, 0, False
    return best, useful, wild
