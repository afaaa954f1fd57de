"""The exact arranger for Five Crowns hands: the lay-down that leaves the fewest penalty points.

Search: branch on the lowest natural card (by suit, then rank). It is deadwood, or the lowest card of
a book of its rank, or the lowest natural of a run in its suit; wilds are a budget. Once one meld
exists, spare wilds cost nothing (they join a book, or lengthen or split a run), so leftover wilds
score only in a hand with no meld at all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.cards import JOKER, Card, Rank, Suit
from engine.melds import MAX_RUN_LENGTH, card_points, is_wild

__all__ = ["Arrangement", "arrange", "discard_options", "go_out_discards", "min_points"]

_SUITS = tuple(Suit)
_INF = 10**9


@dataclass(frozen=True, slots=True)
class Arrangement:
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    points: int

    @property
    def goes_out(self) -> bool:
        return not self.deadwood


def _encode(card: Card) -> int:
    assert card.rank is not None and card.suit is not None
    return card.suit.index * 16 + int(card.rank)


def _decode(code: int) -> Card:
    return Card(Rank(code % 16), _SUITS[code // 16])


# A plan: tuple of melds, each a tuple of codes; -1 stands for a wild.
_Plan = tuple[tuple[int, ...], ...]


@lru_cache(maxsize=200_000)
def _solve(nats: tuple[int, ...], wilds: int) -> tuple[int, _Plan]:
    """Fewest deadwood points of ``nats`` with at least one meld, using at most ``wilds`` wilds."""
    if not nats:
        return (_INF, ())
    first = nats[0]
    rest = nats[1:]
    best_cost = _INF
    best_plan: _Plan = ()

    # 1. The lowest card is deadwood.
    cost, plan = _solve(rest, wilds)
    if cost < _INF:
        cost += first % 16
        if cost < best_cost:
            best_cost, best_plan = cost, plan

    def consider(meld: tuple[int, ...], remaining: tuple[int, ...], used: int) -> None:
        nonlocal best_cost, best_plan
        w = wilds - used
        dead = sum(c % 16 for c in remaining)
        if dead < best_cost:
            best_cost, best_plan = dead, (meld,)
        sub_cost, sub_plan = _solve(remaining, w)
        if sub_cost < best_cost:
            best_cost, best_plan = sub_cost, (meld, *sub_plan)

    # 2. A book of its rank: any sub-multiset of the other naturals of that rank.
    rank = first % 16
    same = [i for i, c in enumerate(rest) if c % 16 == rank]
    seen: set[tuple[int, ...]] = set()
    for mask in range(1 << len(same)):
        chosen = tuple(rest[same[j]] for j in range(len(same)) if mask >> j & 1)
        if chosen in seen:
            continue
        seen.add(chosen)
        need = max(0, 3 - 1 - len(chosen))
        if need > wilds:
            continue
        picked = {same[j] for j in range(len(same)) if mask >> j & 1}
        remaining = tuple(c for i, c in enumerate(rest) if i not in picked)
        consider((first, *chosen, *([-1] * need)), remaining, need)

    # 3. A run from this card upward in its suit; each later position is a natural (if held) or a wild.
    suit_base = first - rank

    def extend(pos: int, meld: tuple[int, ...], remaining: tuple[int, ...], used: int) -> None:
        length = len(meld)
        if length >= 1 and any(c != -1 for c in meld[1:]) or length >= 3:
            pad = max(0, 3 - length)
            if used + pad <= wilds and length + pad <= MAX_RUN_LENGTH:
                # only count runs whose last position holds a natural (trailing wilds are padding)
                if meld[-1] != -1:
                    consider((*meld, *([-1] * pad)), remaining, used + pad)
        if pos > 13 or length >= MAX_RUN_LENGTH:
            return
        code = suit_base + pos
        if code in remaining:
            idx = remaining.index(code)
            extend(pos + 1, (*meld, code), remaining[:idx] + remaining[idx + 1 :], used)
        if used < wilds:
            extend(pos + 1, (*meld, -1), remaining, used + 1)

    extend(rank + 1, (first,), rest, 0)
    return best_cost, best_plan


def _split(cards: Sequence[Card], wild_rank: Rank | None) -> tuple[list[Card], list[Card]]:
    naturals = [c for c in cards if not is_wild(c, wild_rank)]
    wilds = [c for c in cards if is_wild(c, wild_rank)]
    # Jokers first: melds take the costliest wilds, so the cheapest are the ones left over.
    wilds.sort(key=lambda c: -card_points(c, wild_rank))
    return naturals, wilds


def min_points(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> int:
    """Penalty points left by the best lay-down of ``cards``."""
    return arrange(cards, wild_rank, all_wild_melds=all_wild_melds).points


def arrange(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> Arrangement:
    """The lay-down of ``cards`` that leaves the fewest penalty points (ties: fewest cards left)."""
    naturals, wilds = _split(cards, wild_rank)
    nats = tuple(sorted(_encode(c) for c in naturals))
    nat_points = sum(c % 16 for c in nats)
    wild_points = sum(card_points(c, wild_rank) for c in wilds)
    all_wild_ok = len(wilds) >= 3 and (all_wild_melds or any(c != JOKER for c in wilds))
    # No meld of naturals: the wilds alone may still make one.
    no_meld_cost = nat_points + (0 if all_wild_ok else wild_points)
    cost, plan = _solve(nats, len(wilds))
    if cost <= no_meld_cost and plan:
        return _build(plan, nats, wilds, cost)
    if all_wild_ok:
        ordered = sorted(wilds, key=lambda c: c == JOKER)  # wild-rank cards first: a true book
        return Arrangement((tuple(ordered),), tuple(_decode(c) for c in nats), nat_points)
    return Arrangement((), tuple(_decode(c) for c in nats) + tuple(wilds), nat_points + wild_points)


def _build(plan: _Plan, nats: tuple[int, ...], wilds: list[Card], cost: int) -> Arrangement:
    pool = list(wilds)
    remaining = Counter(nats)
    melds: list[list[Card]] = []
    kinds: list[str] = []
    for meld in plan:
        cards: list[Card] = []
        for code in meld:
            if code == -1:
                cards.append(pool.pop(0))
            else:
                remaining[code] -= 1
                cards.append(_decode(code))
        natural_ranks = {code % 16 for code in meld if code != -1}
        natural_suits = {code // 16 for code in meld if code != -1}
        is_book = len(natural_ranks) == 1 and (len(natural_suits) > 1 or meld.count(meld[0]) > 1 or len(meld) == 3
                                               and meld[1] == -1 and meld[2] == -1)
        kinds.append("book" if is_book else "run")
        melds.append(cards)
    # Spare wilds join a book, else a run with room, else split a full run to make room.
    for w in pool:
        for i, kind in enumerate(kinds):
            if kind == "book" or len(melds[i]) < MAX_RUN_LENGTH:
                if kind == "book":
                    melds[i].append(w)
                else:
                    _append_to_run(melds[i], w)
                break
        else:
            full = melds[0]
            melds[0] = full[:3]
            melds.append(full[3:])
            kinds.append("run")
            _append_to_run(melds[-1], w)
    deadwood = tuple(_decode(c) for c in sorted(remaining.elements()))
    return Arrangement(tuple(tuple(m) for m in melds), deadwood, cost)


def _append_to_run(run: list[Card], wild: Card) -> None:
    # A run can grow at its low end when its top is the king; either end is the same meld otherwise.
    top = max((int(c.rank) for c in run if c.rank is not None), default=0)
    if top == 13:
        run.insert(0, wild)
    else:
        run.append(wild)


def discard_options(
    cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True
) -> dict[Card, Arrangement]:
    """For each distinct card: the best lay-down of the rest if that card is discarded."""
    out: dict[Card, Arrangement] = {}
    for card in dict.fromkeys(cards):
        rest = list(cards)
        rest.remove(card)
        out[card] = arrange(rest, wild_rank, all_wild_melds=all_wild_melds)
    return out


def go_out_discards(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> list[Card]:
    """The distinct cards whose discard lets the rest all meld (empty: cannot go out)."""
    return [c for c, a in discard_options(cards, wild_rank, all_wild_melds=all_wild_melds).items() if a.points == 0]
