"""The exact arranger for Five Crowns hands: the lay-down that leaves the fewest penalty points.

Model. Wild-rank cards and jokers are wilds; every other card is a natural. Once a hand holds one meld,
every spare wild can join a meld (a book takes any number; a run grows to 11 cards; a full run is split
in two or turned into books), so wilds score only in a hand with no meld at all. The problem is
therefore: cover as many natural points as possible with books and runs of naturals whose missing
cards cost at most ``W`` wilds in all (``W`` = the wilds held). A book of ``n`` naturals misses
``max(0, 3 - n)`` cards; a run misses its inner gaps plus ``max(0, 3 - span)``. Ties between lay-downs
of equal points go to the one that leaves the fewest cards (the value searched is points x scale +
cards), so a hand that can go out by discarding its one leftover card shows that card.

Search. The naturals are the slots of one packed integer (a small count field per distinct card, with a
guard bit, so "does this meld fit" and "take it out" are one subtraction each). Every meld of two or
more naturals the hand can make is listed once per hand, filed under its lowest slot; the book of one
natural and two wilds is implicit. A natural in no listed meld ("loose") can only be such a book or
deadwood, so loose cards stay out of the search: the best ``k`` of them take ``2k`` wilds. The search
takes the lowest natural left: it is in a meld filed under it, or in its own book, or deadwood.
Lowest cards no meld can take any more are stripped in a loop; results are memoised per (naturals
left, wilds left) for the one call; a branch is skipped when it cannot beat the best found. Going out
needs only the fewest wilds that meld every natural: a smaller search with no deadwood branch.

All work is per call: no cache lives between calls. ``_reference_min_points`` is the first, slower
solver (tuples and a shared ``lru_cache``), kept as an independent check for tests and the benchmark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from operator import itemgetter, mul

from engine.arrangement import Arrangement
from engine.cards import Card, Rank, Suit
from engine.five_crowns_melds import MAX_RUN_LENGTH, MAX_RUN_RANK, MIN_RUN_RANK, card_points, is_wild

__all__ = ["arrange", "discard_options", "go_out_discards", "lowest_card_melds", "min_points"]

_INF = 10**9
_LO = int(MIN_RUN_RANK)
_HI = int(MAX_RUN_RANK)


# --------------------------------------------------------------------------------------------------
# Per-hand tables

_SUITS = tuple(Suit)
_SUIT_BASE = {s: 16 * i for i, s in enumerate(_SUITS)}
_CARD_OF = {16 * i + int(r): Card(r, s) for i, s in enumerate(_SUITS) for r in Rank}
_UNITS2 = [1 << (2 * i) for i in range(64)]  # slots of one bit and a guard bit: hands without twin cards
_LOWEST2 = {u: i for i, u in enumerate(_UNITS2)}
_TABLES: dict[int, tuple[list[int], dict[int, int]]] = {}


def _tables(bits: int, n: int) -> tuple[list[int], dict[int, int]]:
    """Slot units and lowest-bit -> slot for fields of ``bits`` bits (constant tables, built once)."""
    if n > 64:
        units = [1 << (i * bits) for i in range(n)]
        return units, {u << b: i for i, u in enumerate(units) for b in range(bits - 1)}
    table = _TABLES.get(bits)
    if table is None:
        units = [1 << (i * bits) for i in range(64)]
        table = _TABLES[bits] = (units, {u << b: i for i, u in enumerate(units) for b in range(bits - 1)})
    return table[0][:n], table[1]


def _split(cards: Sequence[Card], wild_rank: Rank | None) -> tuple[list[int], list[Card]]:
    """The naturals as codes (16 x suit + rank) and the wilds, jokers first."""
    wild = -1 if wild_rank is None else int(wild_rank)
    codes: list[int] = []
    jokers: list[Card] = []
    ranked: list[Card] = []
    base = _SUIT_BASE
    for c in cards:
        r = c.rank
        if r is None:
            jokers.append(c)
        elif r == wild:
            ranked.append(c)
        else:
            codes.append(base[c.suit] + r)  # type: ignore[index]
    return codes, jokers + ranked


def _all_wild_ok(wilds: Sequence[Card], all_wild_melds: bool) -> bool:
    """Whether ``wilds`` alone make a meld (a book of wilds)."""
    return len(wilds) >= 3 and (all_wild_melds or any(c.rank is not None for c in wilds))


# A listed meld: (packed counts, wilds needed, value melded: points x scale + cards).
_Meld = tuple[int, int, int]
_NONE: tuple[_Meld, ...] = ()
_by_need = itemgetter(1)


class _Hand:
    """The naturals of one hand as slots of a packed count vector, and every meld they can make."""

    __slots__ = ("bits", "cands", "codes", "field", "guard", "least", "loose", "lowest", "pts", "root", "root_pts",
                 "root_val", "scale", "tied", "units", "vals", "wcap")

    def __init__(self, codes: list[int], wcap: int) -> None:
        codes = sorted(codes)  # suit, then rank: a suit's cards are consecutive slots
        n = len(codes)
        counts: list[int] = []
        distinct = set(codes)
        if len(distinct) == n:  # no twin cards: one bit per slot
            slots = codes
            dup = False
            bits = 2
            units = _UNITS2[:n] if n <= 64 else [1 << (2 * i) for i in range(n)]
            lowest = _LOWEST2 if n <= 64 else {u: i for i, u in enumerate(units)}
            root = sum(units)
        else:
            slots = sorted(distinct)
            counts = [codes.count(c) for c in slots]
            n = len(slots)
            dup = True
            bits = max(counts).bit_length() + 1  # count field plus a guard bit
            units, lowest = _tables(bits, n)
            root = sum(map(mul, units, counts))
        ranks = [c & 15 for c in slots]
        self.bits = bits
        self.codes = slots
        self.wcap = wcap
        self.units = units
        self.lowest = lowest
        self.pts = ranks  # a natural's points are its rank
        self.guard = sum(units) << (bits - 1)
        self.field = (1 << (bits - 1)) - 1
        self.root = root
        self.root_pts = sum(map(mul, ranks, counts)) if dup else sum(ranks)
        # The search maximises the value melded: points first, then cards (so ties leave the fewest cards).
        scale = len(codes) + 1
        self.scale = scale
        self.vals = vals = [r * scale + 1 for r in ranks]
        self.root_val = self.root_pts * scale + len(codes)
        #: cands[slot]: the listed melds whose lowest card is ``slot``, fewest wilds first
        cands: list[Sequence[_Meld]] = [_NONE] * n
        self.cands = cands

        # Books of two or more naturals (copies of one card count): need max(0, 3 - size) wilds.
        groups: dict[int, list[int]] = {}
        for i, r in enumerate(ranks):
            same = groups.get(r)
            if same is None:
                groups[r] = [i]
            else:
                same.append(i)
        twins = {i for i, k in enumerate(counts) if k > 1}
        for grp in groups.values():
            size = len(grp)
            if not dup or twins.isdisjoint(grp):
                if size == 1:
                    continue
                rank = vals[grp[0]]
                if size == 2:
                    if wcap:
                        i, j = grp
                        cands[i] = [(units[i] + units[j], 1, 2 * vals[i])]
                    continue
                for a in range(size - 1):
                    i = grp[a]
                    ui = units[i]
                    found = [(ui + units[j], 1, 2 * rank) for j in grp[a + 1 :]] if wcap else []
                    if size - a >= 3:
                        opts = [(ui, 1)]
                        for j in grp[a + 1 :]:
                            uj = units[j]
                            opts += [(p + uj, k + 1) for p, k in opts]
                        found[:0] = [(p, 0, k * rank) for p, k in opts if k >= 3]
                    if found:
                        cands[i] = found
            else:  # twin cards: a book may hold both copies
                rank = vals[grp[0]]  # the value of one card of the rank
                if size == 1 and counts[grp[0]] == 2:  # just a pair of twins
                    if wcap:
                        cands[grp[0]] = [(2 * units[grp[0]], 1, 2 * rank)]
                    continue
                for a in range(size):
                    i = grp[a]
                    ui = units[i]
                    opts = [(ui * k, k) for k in range(1, counts[i] + 1)]
                    for j in grp[a + 1 :]:
                        uj = units[j]
                        opts += [(p + uj * k, t + k) for p, t in opts for k in range(1, counts[j] + 1)]
                    found = [(p, 3 - k if k < 3 else 0, k * rank) for p, k in opts if k > 1 and k > 2 - wcap]
                    if found:
                        found.sort(key=_by_need)
                        cands[i] = found

        # Runs: a card and a set of higher cards of its suit (one copy each); gaps cost wilds.
        reach = wcap + 1
        starts = [i for i in range(n - 1) if slots[i + 1] - slots[i] <= reach and slots[i] ^ slots[i + 1] < 16
                  and ranks[i] >= _LO]
        for i in starts:
            rank = ranks[i]
            suit = slots[i] >> 4
            found = cands[i]  # type: ignore[assignment]
            if not found:
                found = []
                cands[i] = found
            add = found.append
            stack = [(units[i], rank, 0, vals[i], i + 1)]
            while stack:
                p, top, gaps, got, k = stack.pop()
                while k < n:
                    r = ranks[k]
                    if slots[k] >> 4 != suit:
                        break
                    g = gaps + r - top - 1
                    if g > wcap:
                        break  # the cards above only widen the gap
                    q = p + units[k]
                    worth = got + vals[k]
                    if r - rank >= 2:
                        add((q, g, worth))
                    elif wcap:
                        add((q, 1, worth))  # two cards side by side: one wild makes three
                    k += 1
                    if k < n and slots[k] >> 4 == suit and g + ranks[k] - r <= reach:
                        stack.append((q, r, g, worth, k))
            if len(found) > 1:
                found.sort(key=_by_need)

        #: least[slot]: the fewest wilds a meld filed under ``slot`` or a later slot needs (2: its own book)
        least = [2] * n + [_INF]
        linked = 0
        low = _INF
        for i in range(n - 1, -1, -1):
            f = cands[i]
            if f:
                if f[0][1] < low:
                    low = f[0][1]
                for meld in f:
                    linked |= meld[0]
            if low < 2:
                least[i] = low
        self.least = least
        #: tied: the fields of the slots in some listed meld; loose: the other slots, most points first
        if dup:  # a slot is tied when any bit of its field is set
            spread = linked
            for b in range(1, bits - 1):
                spread |= linked >> b
            linked = (spread & sum(units)) * self.field
        self.tied = linked
        loose = [i for i in range(n) if not linked & units[i]]
        if len(loose) > 1:
            loose.sort(key=ranks.__getitem__, reverse=True)
        self.loose = loose

    def slots_of(self, packed: int) -> list[int]:
        """The slots of a packed vector, with multiplicity, lowest first."""
        out: list[int] = []
        lowest = self.lowest
        units = self.units
        while packed:
            i = lowest[packed & -packed]
            out.append(i)
            packed -= units[i]
        return out

    def loose_in(self, state: int) -> list[int]:
        """The loose slots of ``state`` with multiplicity, most points first."""
        if self.bits == 2:
            return [i for i in self.loose if state & self.units[i]]
        fld = self.field
        bits = self.bits
        return [i for i in self.loose for _ in range((state >> (i * bits)) & fld)]


# --------------------------------------------------------------------------------------------------
# The two searches


def _cover_fn(h: _Hand, picks: dict[int, tuple[int, int]]) -> Callable[[int, int, int], int]:
    """``cover(state, w, rem)``: the most value of ``state`` (worth ``rem``) melded with ``w`` wilds.

    Value is points x ``h.scale`` + cards: the most points, and among those the most cards.

    ``picks`` receives, per memo key, the best choice for the lowest card: (packed meld, wilds) or (0, 0)
    for deadwood.
    """
    memo: dict[int, int] = {}
    lowest = h.lowest
    units = h.units
    pts = h.vals
    guard = h.guard
    cands = h.cands
    least = h.least
    stride = h.wcap + 1

    def cover(state: int, w: int, rem: int) -> int:
        while state:
            i = lowest[state & -state]
            if least[i] > w:
                return 0  # no meld left within the wilds
            if w >= 2:
                break  # the card's own book fits
            fits = False
            for m, need, _ in cands[i]:
                if need > w:
                    break
                if ((state | guard) - m) & guard == guard:
                    fits = True
                    break
            if fits:
                break
            state -= units[i]  # no meld can take the lowest card any more: it is deadwood
            rem -= pts[i]
        else:
            return 0
        key = state * stride + w
        best = memo.get(key)
        if best is not None:
            return best
        # A child whose lowest card no meld within its wilds can reach is worth 0: skip the call.
        best = 0
        pick = (0, 0)
        for m, need, p in cands[i]:
            if need > w:
                break
            if ((state | guard) - m) & guard == guard:
                rest = state - m
                w2 = w - need
                v = p + cover(rest, w2, rem - p) if rest and least[lowest[rest & -rest]] <= w2 else p
                if v > best:
                    best = v
                    pick = (m, need)
                    if v == rem:
                        break
        p = pts[i]
        u = units[i]
        rest = state - u
        reach = least[lowest[rest & -rest]] if rest else _INF
        if w >= 2 and best < rem:  # the card with two wilds
            v = p + cover(rest, w - 2, rem - p) if reach <= w - 2 else p
            if v > best:
                best = v
                pick = (u, 2)
        if best < rem - p and reach <= w:  # deadwood: leaving it out covers at most the rest
            v = cover(rest, w, rem - p)
            if v > best:
                best = v
                pick = (0, 0)
        memo[key] = best
        picks[key] = pick
        return best

    return cover


def _need_fn(h: _Hand) -> Callable[[int, int], int]:
    """``need(state, budget)``: the fewest wilds that meld every natural of ``state``, or ``_INF`` if more
    than ``budget``. The memo keeps exact answers, and lower bounds (as ``-1 - bound``) from failed tries.
    """
    memo: dict[int, int] = {}
    lowest = h.lowest
    units = h.units
    guard = h.guard
    cands = h.cands
    self_book = h.wcap >= 2

    def need(state: int, budget: int) -> int:
        known = memo.get(state)
        if known is not None:
            if known >= 0:
                return known if known <= budget else _INF
            if -1 - known > budget:
                return _INF
        best = _INF
        i = lowest[state & -state]
        for m, k, _ in cands[i]:
            if k > budget or k >= best:
                break
            if ((state | guard) - m) & guard == guard:
                rest = state - m
                v = k + need(rest, min(budget, best - 1) - k) if rest else k
                if v < best:
                    best = v
        if self_book and budget >= 2 and best > 2:  # the card with two wilds
            rest = state - units[i]
            v = 2 + need(rest, min(budget, best - 1) - 2) if rest else 2
            if v < best:
                best = v
        if best <= budget:
            memo[state] = best
            return best
        memo[state] = -2 - budget  # needs at least budget + 1
        return _INF

    return need


# --------------------------------------------------------------------------------------------------
# Laying the cards out


class _Run:
    __slots__ = ("cards", "lo")

    def __init__(self, lo: int, cards: list[Card]) -> None:
        self.lo = lo
        self.cards = cards

    def grow(self, wild: Card) -> None:
        if self.lo + len(self.cards) - 1 < _HI:
            self.cards.append(wild)
        else:
            self.lo -= 1
            self.cards.insert(0, wild)


def _lay_out(h: _Hand, plan: list[int], dead: list[int], wilds: list[Card], points: int,
             wild_rank: Rank | None) -> Arrangement:
    """Cards for a plan of natural melds (at least one); the spare wilds join melds."""
    pool = list(wilds)
    books: list[list[Card]] = []
    runs: list[_Run] = []
    order: list[list[Card] | _Run] = []
    codes_of = h.codes
    for packed in plan:
        codes = [codes_of[s] for s in h.slots_of(packed)]
        lo = codes[0] & 15
        hi = codes[-1] & 15
        if lo == hi:
            book = [_CARD_OF[c] for c in codes]
            while len(book) < 3:
                book.append(pool.pop())
            books.append(book)
            order.append(book)
        else:
            cards: list[Card] = []
            at = lo
            for c in codes:
                while at < c & 15:  # a gap
                    cards.append(pool.pop())
                    at += 1
                cards.append(_CARD_OF[c])
                at += 1
            run = _Run(lo, cards)
            if len(cards) < 3:
                run.grow(pool.pop())
            runs.append(run)
            order.append(run)
    while pool:
        if books:
            books[0].extend(pool)
            pool.clear()
            break
        room = [r for r in runs if len(r.cards) < MAX_RUN_LENGTH]
        if room:
            for r in room:
                while pool and len(r.cards) < MAX_RUN_LENGTH:
                    r.grow(pool.pop())
            continue
        # Every meld is a full run: rebuild the first one as books, or split it in two runs.
        full = runs[0]
        idx = order.index(full)
        nat = [c for c in full.cards if not is_wild(c, wild_rank)]
        if 2 * len(nat) <= len(full.cards) - len(nat) + len(pool):
            spare = [c for c in full.cards if is_wild(c, wild_rank)] + pool
            new_books = [[c, spare.pop(), spare.pop()] for c in nat]
            new_books[0].extend(spare)
            pool.clear()
            runs.pop(0)
            order[idx : idx + 1] = new_books
            books.extend(new_books)
        else:
            # 5+ naturals in 11 places: some cut leaves 3+ cards and a natural on each side.
            places = [full.lo + k for k, c in enumerate(full.cards) if not is_wild(c, wild_rank)]
            cut = next(k for k in range(full.lo + 2, full.lo + 8) if min(places) <= k < max(places))
            head = _Run(full.lo, full.cards[: cut - full.lo + 1])
            tail = _Run(cut + 1, full.cards[cut - full.lo + 1 :])
            runs[0:1] = [head, tail]
            order[idx : idx + 1] = [head, tail]
    melds = tuple([tuple(m.cards) if isinstance(m, _Run) else tuple(m) for m in order])
    deadwood = tuple([_CARD_OF[codes_of[s]] for s in dead])
    return Arrangement(melds, deadwood, points)


# --------------------------------------------------------------------------------------------------
# Public API


class _Solver:
    """One hand's tables and searches, shared by every discard of that hand."""

    __slots__ = ("_cover", "_need", "all_wild_melds", "hand", "picks", "wild_rank", "wilds")

    def __init__(self, cards: Sequence[Card], wild_rank: Rank | None, all_wild_melds: bool) -> None:
        self.wild_rank = wild_rank
        self.all_wild_melds = all_wild_melds
        codes, self.wilds = _split(cards, wild_rank)  # jokers first: melds take them, cheap ones are left
        self.hand = _Hand(codes, min(len(self.wilds), 2 * len(codes)))
        self.picks: dict[int, tuple[int, int]] = {}
        self._cover: Callable[[int, int, int], int] | None = None
        self._need: Callable[[int, int], int] | None = None

    def without(self, card: Card) -> tuple[int, int, list[Card]]:
        """(naturals state, its points, wilds) once ``card`` is taken out of the hand."""
        h = self.hand
        if is_wild(card, self.wild_rank):
            wilds = list(self.wilds)
            wilds.remove(card)
            return h.root, h.root_val, wilds
        assert card.suit is not None and card.rank is not None
        i = h.codes.index(_SUIT_BASE[card.suit] + card.rank)
        return h.root - h.units[i], h.root_val - h.vals[i], self.wilds

    def best_cover(self, state: int, w: int, rem: int) -> tuple[int, list[int], int]:
        """(most value melded, the loose slots of ``state``, how many of them take two wilds each)."""
        h = self.hand
        loose = h.loose_in(state) if h.loose else []
        if not loose:
            if self._cover is None:
                self._cover = _cover_fn(h, self.picks)
            return self._cover(state, w, rem), loose, 0
        pts = h.vals
        tied = state & h.tied
        rem_tied = rem
        for i in loose:
            rem_tied -= pts[i]
        if tied and self._cover is None:
            self._cover = _cover_fn(h, self.picks)
        cover = self._cover
        best = best_k = acc = 0
        for k in range(min(len(loose), w // 2) + 1):
            if k:
                acc += pts[loose[k - 1]]
            if acc + rem_tied <= best:
                continue
            v = acc + cover(tied, w - 2 * k, rem_tied) if tied and cover else acc
            if v > best:
                best, best_k = v, k
        return best, loose, best_k

    def points(self, state: int, rem: int, wilds: list[Card]) -> int:
        """Points left by the best lay-down of naturals ``state`` (worth ``rem``) and ``wilds``."""
        scale = self.hand.scale
        covered = self.best_cover(state, min(len(wilds), self.hand.wcap), rem)[0] if state else 0
        if covered:
            return (rem - covered) // scale
        if not wilds or _all_wild_ok(wilds, self.all_wild_melds):
            return rem // scale
        return rem // scale + sum(card_points(c, self.wild_rank) for c in wilds)

    def goes_out(self, state: int, wilds: list[Card]) -> bool:
        if not state:
            return not wilds or _all_wild_ok(wilds, self.all_wild_melds)
        h = self.hand
        budget = len(wilds) - 2 * len(h.loose_in(state))
        if budget < 0:
            return False
        tied = state & h.tied
        if not tied:
            return True
        if self._need is None:
            self._need = _need_fn(h)
        return self._need(tied, budget) <= budget

    def arrangement(self, state: int, rem: int, wilds: list[Card]) -> Arrangement:
        h = self.hand
        w = min(len(wilds), h.wcap)
        if state:
            target, loose, k = self.best_cover(state, w, rem)
        else:
            target, loose, k = 0, [], 0
        if not target:
            dead = tuple([_CARD_OF[h.codes[i]] for i in h.slots_of(state)])
            if _all_wild_ok(wilds, self.all_wild_melds):
                meld = tuple(sorted(wilds, key=lambda c: c.rank is None))  # wild-rank cards first
                return Arrangement((meld,), dead, rem // h.scale)
            return Arrangement((), dead + tuple(wilds), self.points(state, rem, wilds))
        points = (rem - target) // h.scale
        units = h.units
        plan = [units[i] for i in loose[:k]]
        dead_slots = loose[k:]
        w -= 2 * k
        state &= h.tied
        guard = h.guard
        stride = h.wcap + 1
        picks = self.picks
        lowest = h.lowest
        least = h.least
        while state:  # follow the picks, stripping the cards the search stripped
            i = lowest[state & -state]
            if least[i] > w:
                dead_slots.extend(h.slots_of(state))
                break
            fits = w >= 2
            if not fits:
                for m, need, _ in h.cands[i]:
                    if need > w:
                        break
                    if ((state | guard) - m) & guard == guard:
                        fits = True
                        break
            m, need = picks[state * stride + w] if fits else (0, 0)
            if m:
                plan.append(m)
                state -= m
                w -= need
            else:
                dead_slots.append(i)
                state -= units[i]
        dead_slots.sort()
        return _lay_out(h, plan, dead_slots, wilds, points, self.wild_rank)


def min_points(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> int:
    """Penalty points left by the best lay-down of ``cards`` (no lay-down is built)."""
    s = _Solver(cards, wild_rank, all_wild_melds)
    return s.points(s.hand.root, s.hand.root_val, s.wilds)


def arrange(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> Arrangement:
    """The lay-down of ``cards`` that leaves the fewest penalty points (ties: the fewest cards left)."""
    s = _Solver(cards, wild_rank, all_wild_melds)
    return s.arrangement(s.hand.root, s.hand.root_val, s.wilds)


def discard_options(
    cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True
) -> dict[Card, Arrangement]:
    """For each distinct card: the best lay-down of the rest if that card is discarded (the final turn)."""
    s = _Solver(cards, wild_rank, all_wild_melds)
    return {card: s.arrangement(*s.without(card)) for card in dict.fromkeys(cards)}


def go_out_discards(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> list[Card]:
    """The distinct cards whose discard lets the rest all meld (empty: cannot go out)."""
    s = _Solver(cards, wild_rank, all_wild_melds)
    h = s.hand
    if h.loose and 2 * (len(h.loose_in(h.root)) - 1) > len(s.wilds):
        return []  # whatever the discard, two loose cards or more are left than the wilds can book
    out: list[Card] = []
    for card in dict.fromkeys(cards):
        state, _, wilds = s.without(card)
        if s.goes_out(state, wilds):
            out.append(card)
    return out


# --------------------------------------------------------------------------------------------------
# Reference solver (the first version): tuples of codes, a shared lru_cache. For tests and benchmarks.

def _encode(card: Card) -> int:
    assert card.rank is not None and card.suit is not None
    return card.suit.index * 16 + int(card.rank)


@lru_cache(maxsize=200_000)
def _reference_solve(nats: tuple[int, ...], wilds: int) -> int:
    """Fewest deadwood points of ``nats`` with at least one meld, using at most ``wilds`` wilds."""
    if not nats:
        return _INF
    first = nats[0]
    rest = nats[1:]
    best = _INF
    sub = _reference_solve(rest, wilds)
    if sub < _INF:
        best = sub + first % 16

    for remaining, used in lowest_card_melds(first, rest, wilds):
        best = min(best, sum(c % 16 for c in remaining), _reference_solve(remaining, wilds - used))
    return best


def lowest_card_melds(first: int, rest: tuple[int, ...], wilds: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every meld that takes the encoded natural card ``first`` (the lowest of the hand's naturals:
    ``rest`` holds the others, in order), as the naturals it leaves and the wilds it takes, at most
    ``wilds``: a book of its rank with any of the others of that rank, and a run upward in its suit,
    each later rank a natural of ``rest`` or a wild, ending on a natural. Each way of picking is given
    once. The searches that split a hand into melds (the reference solver here, the solitaire's
    closing check) recurse on what each meld leaves."""
    rank = first % 16
    same = [i for i, c in enumerate(rest) if c % 16 == rank]
    seen: set[tuple[int, ...]] = set()
    for mask in range(1 << len(same)):
        picked = {same[j] for j in range(len(same)) if mask >> j & 1}
        chosen = tuple(rest[i] for i in sorted(picked))
        need = max(0, 2 - len(chosen))
        if chosen in seen or need > wilds:
            continue
        seen.add(chosen)
        yield tuple(c for i, c in enumerate(rest) if i not in picked), need
    if _LO <= rank <= _HI:
        yield from _runs_up(first - rank, rank + 1, 1, 1, False, rest, 0, wilds)


def _runs_up(suit_base: int, pos: int, length: int, naturals: int, last_natural: bool, remaining: tuple[int, ...],
             used: int, wilds: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """The runs of ``lowest_card_melds`` from a run of ``length`` cards so far, ``pos`` the next rank: a run
    of two naturals is padded to three by a wild."""
    if last_natural and naturals >= 2:
        pad = max(0, 3 - length)
        if used + pad <= wilds:
            yield remaining, used + pad
    if pos > _HI or length >= MAX_RUN_LENGTH:
        return
    code = suit_base + pos
    if code in remaining:
        i = remaining.index(code)
        yield from _runs_up(suit_base, pos + 1, length + 1, naturals + 1, True, remaining[:i] + remaining[i + 1 :],
                            used, wilds)
    if used < wilds:
        yield from _runs_up(suit_base, pos + 1, length + 1, naturals, False, remaining, used + 1, wilds)


def _reference_min_points(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> int:
    """The first solver's answer, for cross-checks. Clear ``_reference_solve.cache_clear()`` to time it cold."""
    naturals = [c for c in cards if not is_wild(c, wild_rank)]
    wilds = [c for c in cards if is_wild(c, wild_rank)]
    nats = tuple(sorted(_encode(c) for c in naturals))
    nat_points = sum(c % 16 for c in nats)
    wild_points = sum(card_points(c, wild_rank) for c in wilds)
    no_meld = nat_points + (0 if _all_wild_ok(wilds, all_wild_melds) or not wilds else wild_points)
    return min(no_meld, _reference_solve(nats, len(wilds)))

