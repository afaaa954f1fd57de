"""Benchmark of the exact arranger:
``python -m access_game.bench.arranger [--hands N] [--seed S] [--repeat R] [--no-reference]``.

Deals seeded random hands from a shuffled 116-card Five Crowns set with Kings wild and times, per hand:

- 13 cards: ``min_points`` (points only) and ``arrange`` (points and the lay-down);
- 14 cards: ``go_out_discards`` (can the player go out, and with which discards) and ``discard_options``
  (the best lay-down after each possible discard: the final turn).

Cache state: every call is cold. The arranger keeps no cache between calls (its memo lives inside one
call), so nothing learnt on one hand helps the next. Each hand is timed ``--repeat`` times (default 3),
each call cold, and the fastest kept: that drops pauses caused by other processes on a shared machine,
not work of the arranger. ``--repeat 1`` gives single-shot figures.

Baseline: the reference solver (the first version, ``engine.arrange_five_crowns._reference_min_points``: tuples and
an ``lru_cache``) runs on the same hands in the same process, with its cache cleared before each call
(13 cards) or each hand (14 cards, where that hand's discards share it, as the first go-out check did).
All answers are compared; the exit status is 1 if any differ.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from access_game.bench.figures import percentile
from engine.arrange_five_crowns import (
    _reference_min_points,
    _reference_solve,
    arrange,
    discard_options,
    go_out_discards,
    min_points,
)
from engine.cards import Card, Rank, five_crowns_deck

WILD = Rank.KING
GOAL_MEDIAN_US = 100.0
GOAL_P99_US = 1000.0


def deal(hands: int, size: int, seed: int) -> list[list[Card]]:
    """``hands`` hands of ``size`` cards, each the top of a freshly shuffled set."""
    rng = random.Random(seed)
    deck = five_crowns_deck()
    out: list[list[Card]] = []
    for _ in range(hands):
        rng.shuffle(deck)
        out.append(deck[:size])
    return out


Timed = tuple[list[float], list[object]]


def _time(fn: Callable[[list[Card]], object], hands: Sequence[list[Card]], repeat: int) -> Timed:
    """Microseconds per hand (the fastest of ``repeat`` cold calls), and the answers."""
    clock = time.perf_counter_ns
    times: list[float] = []
    answers: list[object] = []
    for hand in hands:
        best = -1
        answer: object = None
        for _ in range(max(1, repeat)):
            t0 = clock()
            answer = fn(hand)
            t = clock() - t0
            if best < 0 or t < best:
                best = t
        answers.append(answer)
        times.append(best / 1000)
    return times, answers


def _against_reference(label: str, reference: Callable[[list[Card]], object], hands: list[list[Card]], rep: int,
                       answers: list[object]) -> tuple[list[float], int]:
    """The reference solver timed on the same hands and its line printed; its times and how many of its
    answers differ from ``answers`` (the arranger's, which must agree)."""
    times, theirs = _time(reference, hands, rep)
    print(_line(label, times))
    return times, _differ(answers, theirs)


def _line(label: str, times: list[float]) -> str:
    return (
        f"  {label:<46} median {statistics.median(times):8.1f} us   p99 {percentile(times, 0.99):8.1f} us   "
        f"max {max(times):8.1f} us"
    )


def _goal(label: str, times: list[float]) -> str:
    med, top = statistics.median(times), percentile(times, 0.99)
    ok = med <= GOAL_MEDIAN_US and top <= GOAL_P99_US
    return (f"  goal for 13 cards, {label} (median <= {GOAL_MEDIAN_US:.0f} us, p99 <= {GOAL_P99_US:.0f} us): "
            f"{'met' if ok else 'NOT met'}")


def _ref_points(hand: list[Card]) -> int:
    _reference_solve.cache_clear()
    return _reference_min_points(hand, WILD)


def _ref_go_out(hand: list[Card]) -> list[Card]:
    _reference_solve.cache_clear()
    out: list[Card] = []
    for card in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(card)
        if _reference_min_points(rest, WILD) == 0:
            out.append(card)
    return out


def _go_out_by_options(hand: list[Card]) -> list[Card]:
    return [c for c, a in discard_options(hand, WILD).items() if a.points == 0]


def _two_ways(hands: Sequence[list[Card]], repeat: int, first: tuple[str, Callable[[list[Card]], object]],
              second: tuple[str, Callable[[list[Card]], object]]) -> tuple[Timed, Timed, int]:
    """Two ways to the same answer timed over the same hands, a line each under the hands' size; and how
    many hands they answer differently (it must be none)."""
    timed = [_time(fn, hands, repeat) for _label, fn in (first, second)]
    print(f"{len(hands[0])} cards:")
    for (label, _fn), (times, _answers) in zip((first, second), timed, strict=True):
        print(_line(label, times))
    return timed[0], timed[1], _differ(timed[0][1], timed[1][1])


def _differ(a: list[object], b: list[object]) -> int:
    return sum(x != y for x, y in zip(a, b, strict=True))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.arranger",
                                     description="Time the exact arranger.")
    parser.add_argument("--hands", type=int, default=2000, help="hands per size (default 2000)")
    parser.add_argument("--seed", type=int, default=2024, help="deal seed (default 2024)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="time each hand this many times, each call cold, and keep the fastest (default 3)")
    parser.add_argument("--no-reference", action="store_true", help="skip the reference solver")
    args = parser.parse_args(argv)
    rep = args.repeat

    print(f"Exact arranger benchmark: {args.hands} seeded hands per size (seed {args.seed}), Kings wild, "
          f"dealt from a shuffled 116-card set.")
    print(f"Cold: no cache survives a call. Each hand timed {rep} time(s), the fastest kept. Microseconds.")
    differ = 0

    hands13 = deal(args.hands, 13, args.seed)
    (t_min, a_min), (t_arr, _a), wrong = _two_ways(
        hands13, rep, ("min_points (points only)", lambda h: min_points(h, WILD)),
        ("arrange (points and lay-down)", lambda h: arrange(h, WILD).points))
    differ += wrong
    if not args.no_reference:
        t_ref, wrong = _against_reference("reference solver (cache cleared per call)", _ref_points, hands13, rep, a_min)
        differ += wrong
        base = statistics.median(t_ref)
        print(f"  median speed-up over the reference: min_points x{base / statistics.median(t_min):.1f}, "
              f"arrange x{base / statistics.median(t_arr):.1f}")
    print(_goal("min_points", t_min))
    print(_goal("arrange", t_arr))

    hands14 = deal(args.hands, 14, args.seed + 1)
    (t_go, a_go), _opt, wrong = _two_ways(hands14, rep, ("go_out_discards", lambda h: go_out_discards(h, WILD)),
                                          ("discard_options (lay-down for every discard)", _go_out_by_options))
    differ += wrong
    if not args.no_reference:
        t_rgo, wrong = _against_reference("reference go-out check (cache per hand)", _ref_go_out, hands14, rep, a_go)
        differ += wrong
        print(f"  median speed-up over the reference: go_out_discards "
              f"x{statistics.median(t_rgo) / statistics.median(t_go):.1f}")
    print(f"  hands that can go out: {sum(bool(x) for x in a_go)} of {len(hands14)}")
    print(f"answers that differ between solvers: {differ}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
