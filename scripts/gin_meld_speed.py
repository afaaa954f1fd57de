"""How fast Gin Rummy's best melding is found: the median and 99th percentile time of one exact search
(engine.arrange_gin), uncached, over random hands of 10 and 11 cards, and of a defender's showdown
with lay-offs.

    .venv/bin/python scripts/gin_meld_speed.py [--hands 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.arrange_gin import _best, arrange_gin, showdown  # noqa: E402
from engine.cards import Card, standard_deck  # noqa: E402


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def line(what: str, times: list[float]) -> str:
    cut = statistics.quantiles(times, n=100)[98]
    return f"{what}: {len(times)} hands, median {statistics.median(times):.3f} ms, p99 {cut:.3f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time Gin Rummy's exact best melding.")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    deck = standard_deck(1, jokers=0)
    search = _best.__wrapped__  # the search itself, not the cache in front of it
    for size in (10, 11):
        hands = [tuple(sorted(rng.sample(deck, size), key=Card.sort_key)) for _ in range(args.hands)]
        print(line(f"best melding, {size} cards", [timed(lambda h=h: search(h)) for h in hands]))
    pairs = [rng.sample(deck, 20) for _ in range(args.hands)]
    knocks = [(p[10:], arrange_gin(p[:10]).melds) for p in pairs]
    print(line("defender's showdown with lay-offs, 10 cards",
               [timed(lambda h=h, m=m: showdown(h, m, may_lay_off=True)) for h, m in knocks]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
