"""Benchmark of the exact arranger: ``python -m engine.bench [--hands N] [--seed S] [--no-reference]``.

Deals seeded random hands from a shuffled 116-card Five Crowns set with Kings wild and times, per hand:

- 13 cards: ``min_points`` (points only), ``arrange`` (points and the lay-down);
- 14 cards: ``go_out_discards`` (can the player go out, and with which discards), ``discard_options``
  (the best lay-down after each possible discard: the final turn).

Every call is cold: the arranger keeps no cache between calls (its memo lives inside one call). The
reference solver (the first version, ``engine.arrange._reference_min_points``) runs on the same hands
in the same process with its ``lru_cache`` cleared before each hand; for a 14-card go-out check the
reference's cache is shared by that hand's discards, as the first version's go-out check did. Its
answers are compared with the new solver's, and a mismatch is reported.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from engine.arrange import (
    _reference_min_points,
    _reference_solve,
    arrange,
    discard_options,
    go_out_discards,
    min_points,
)
from engine.cards import Card, Rank, five_crowns_deck

WILD = Rank.KING


def deal(hands: int, size: int, seed: int) -> list[list[Card]]:
    """``hands`` hands of ``size`` cards, each the top of a freshly shuffled set."""
    rng = random.Random(seed)
    deck = five_crowns_deck()
    out: list[list[Card]] = []
    for _ in range(hands):
        rng.shuffle(deck)
        out.append(deck[:size])
    return out


def _time(fn: Callable[[list[Card]], object], hands: Sequence[list[Card]], repeat: int) -> tuple[list[float], list[object]]:
    """Microseconds per hand (the best of ``repeat`` cold calls), and the answers."""
    clock = time.perf_counter_ns
    times: list[float] = []
    answers: list[object] = []
    for hand in hands:
        best = None
        for _ in range(repeat):
            t0 = clock()
            answer = fn(hand)
            t = clock() - t0
            best = t if best is None else min(best, t)
        answers.append(answer)
        times.append((best or 0) / 1000)
    return times, answers


def _pct(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _line(label: str, times: list[float]) -> str:
    return (
        f"  {label:<34} median {statistics.median(times):8.1f} us   p99 {_pct(times, 0.99):8.1f} us   "
        f"max {max(times):8.1f} us   mean {statistics.fmean(times):8.1f} us"
    )


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per size (default 2000)")
    parser.add_argument("--seed", type=int, default=2024, help="deal seed (default 2024)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="time each hand this many times, each call cold, and keep the fastest (default 3)")
    parser.add_argument("--no-reference", action="store_true", help="skip the reference solver")
    args = parser.parse_args(argv)

    print(f"Exact arranger benchmark: {args.hands} seeded hands per size (seed {args.seed}), Kings wild, "
          f"one 116-card set.")
    print(f"Every call is cold (no cache survives a call); each hand is timed {args.repeat} time(s) and the fastest "
          f"kept, to drop pauses caused by other processes.")
    mismatches = 0

    hands13 = deal(args.hands, 13, args.seed)
    t_min, a_min = _time(lambda h: min_points(h, WILD), hands13, args.repeat)
    t_arr, a_arr = _time(lambda h: arrange(h, WILD).points, hands13, args.repeat)
    print("13 cards:")
    print(_line("min_points", t_min))
    print(_line("arrange (with lay-down)", t_arr))
    mismatches += sum(x != y for x, y in zip(a_min, a_arr, strict=True))
    if not args.no_reference:
        t_ref, a_ref = _time(_ref_points, hands13, args.repeat)
        print(_line("reference solver (lru cleared)", t_ref))
        mismatches += sum(x != y for x, y in zip(a_min, a_ref, strict=True))
        print(f"  speed-up of the medians: min_points x{statistics.median(t_ref) / statistics.median(t_min):.1f}, "
              f"arrange x{statistics.median(t_ref) / statistics.median(t_arr):.1f}")

    hands14 = deal(args.hands, 14, args.seed + 1)
    t_go, a_go = _time(lambda h: go_out_discards(h, WILD), hands14, args.repeat)
    t_opt, a_opt = _time(lambda h: [c for c, a in discard_options(h, WILD).items() if a.points == 0], hands14, args.repeat)
    print("14 cards:")
    print(_line("go_out_discards", t_go))
    print(_line("discard_options (all discards)", t_opt))
    mismatches += sum(x != y for x, y in zip(a_go, a_opt, strict=True))
    outs = sum(bool(x) for x in a_go)
    if not args.no_reference:
        t_rgo, a_rgo = _time(_ref_go_out, hands14, args.repeat)
        print(_line("reference go-out (lru per hand)", t_rgo))
        mismatches += sum(x != y for x, y in zip(a_go, a_rgo, strict=True))
        print(f"  speed-up of the medians: go_out_discards x{statistics.median(t_rgo) / statistics.median(t_go):.1f}")
    print(f"  hands that can go out: {outs} of {len(hands14)}")
    print(f"answers that differ between solvers: {mismatches}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
