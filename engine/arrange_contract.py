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
counters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
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
    "contract_for_hand",
    "hand_points",
    "is_wild",
    "lay_down_problem",
    "lay_off_options",
    "meets_contract",
    "meld_kind",
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
        raise ValueError(f"there is no contract {hand_number}: contracts are 1 to {len(CONTRACTS)}")
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
                          fault=_meld_fault(meld))
        if kind == "set":
            sets += 1
        else:
            runs += 1
    if (sets, runs) != (contract.sets, contract.runs):
        return Reason("the contract is {sets} and {runs}, not {laid_sets} and {laid_runs}", sets=contract.sets,
                      runs=contract.runs, laid_sets=sets, laid_runs=runs)
    return None


def _meld_fault(cards: Sequence[Card]) -> str:
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


def _run_choices(first: int, rest: tuple[int, ...], max_gaps: int, min_naturals: int) -> list[tuple[int, ...]]:
    """The naturals of every run whose lowest natural is ``first`` and whose inner gaps need at most
    ``max_gaps`` wilds. ``first`` is the lowest card left, so its suit's cards lead ``rest``."""
    top = first - first % 16 + HIGH_POSITION
    higher: list[int] = []
    for c in rest:
        if c > top:
            break
        if c > first and (not higher or higher[-1] != c):
            higher.append(c)
    out: list[tuple[int, ...]] = []
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


# Bounded memos: a whole game fills about 30,000 entries; answers for one hand help the next turns.
@lru_cache(maxsize=50_000)
def _best(nats: tuple[int, ...], wilds: int, sets: int, runs: int, cap: int) -> tuple[int, _Plan]:
    """Fewest points left in hand laying down exactly ``sets`` sets and ``runs`` runs from ``nats``
    and ``wilds`` wilds. ``cap``: spare wilds the melds already planned can still take (a set takes
    any number; a run grows to 13 at most)."""
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
        for chosen in _run_choices(first, rest, wilds, MIN_NATURALS):
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


_ANY = -1  # in a set of wanted codes: any natural at all would help
_NO_CODES: frozenset[int] = frozenset()
_SUIT_BASES = tuple(s.index * 16 for s in STANDARD_SUITS)
#: (cards short, naturals that would help, whether a wild would help)
_Wanted = tuple[int, frozenset[int], bool]


@lru_cache(maxsize=100_000)
def _wanted(nats: tuple[int, ...], wilds: int, sets: int, runs: int) -> _Wanted:
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
        return MIN_NATURALS * (sets + runs) + max(0, places - wilds), frozenset((_ANY,)), places > wilds
    first, rest = nats[0], nats[1:]
    best, useful, wild = _wanted(rest, wilds, sets, runs)
    if best == 0:
        return 0, _NO_CODES, False

    def consider(own: int, places: int, lacking: frozenset[int], gaps: frozenset[int], sub: _Wanted) -> None:
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
        same_rank = frozenset(base + value for base in _SUIT_BASES)
        # Naturals beyond three never bring a set closer; they only use up cards.
        for chosen in _set_choices(first, rest, 1, MIN_SET):
            n = len(chosen)
            lacking = max(0, MIN_NATURALS - n)
            places = max(0, MIN_SET - n - lacking)
            own = lacking + max(0, places - wilds)
            if own > best:
                continue
            sub = _wanted(_without(rest, chosen[1:]), max(0, wilds - places), sets - 1, runs)
            consider(own, places, same_rank if lacking else _NO_CODES, same_rank if places else _NO_CODES, sub)
    if runs:
        base = first - first % 16
        # A run's cost is at least its inner gaps less the wilds: wider runs cannot be as good.
        for chosen in _run_choices(first, rest, best + wilds, 1):
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
                gap_codes = frozenset(base + v for v in range(lo, hi + 1)) - frozenset(chosen)
                sub = _wanted(_without(rest, chosen[1:]), max(0, wilds - places), sets, runs - 1)
                consider(own, places, gap_codes if lacking else _NO_CODES, gap_codes if places else _NO_CODES, sub)
    return best, useful, wild


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
    return _wanted(nats, len(wilds), contract.sets, contract.runs)[0]


@dataclass(frozen=True, slots=True)
class Wanted:
    """What a hand still needs for its contract: how many cards, and which single cards would bring it
    one card closer. Exactly the cards ``c`` for which ``cards_short(hand + [c]) < cards_short(hand)``."""

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
    short, codes, wild = _wanted(nats, len(wilds), contract.sets, contract.runs)
    naturals = frozenset(_decode(c) for c in codes if c != _ANY)
    return Wanted(short, naturals, _ANY in codes, wild)


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
