"""Benchmark of the contract rummy arranger and its memos: ``python -m access_game.bench.contract [--hands N]
[--seed S] [--games G] [--wanted]``.

1. ``cards_wanted`` on seeded random 18-card hands (the most a player holds between turns, after three
   buys) from two decks, and as many seeded hands of one long suit (duplicates included) with three
   to eight wilds, under every contract, each call cold (the memos emptied first): median, p99 and
   the slowest, in milliseconds of CPU time (the machine may be shared); then the slowest hands
   known, each timed cold (fastest of three). ``--wanted`` times only this.
2. Garbage collection: ``G`` games of four computer players (hard and three normal) fill the memos as a
   game does; then a full collection is timed with the memos full and again with them emptied (fastest
   of five each), and the longest collection pause seen during play is reported. A full collection
   walks every object the collector tracks; the memos hold only untracked tuples and ints, so they add
   nothing to it.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Sequence

from access_game.bench.figures import percentile
from engine.arrange_contract import CONTRACTS, Contract, cards_wanted, clear_memos, is_wild
from engine.cards import STANDARD_SUITS, Card, standard_deck
from engine.notation import parse_card

#: The slowest hands found: a legal hand dealt at random (contract 8), and hands of one suit with
#: many wilds (contracts 8 and 4), which are rare in play but the worst case of the search.
SLOW_HANDS: tuple[tuple[str, int], ...] = (
    ("3s 7d 5s 7c 7s 3s 10c 7h 8c 7s 10s js 6c 8d jd 4c 4s 4c", 8),
    ("6s 4d jc jh 5d 3d 5s as 9c qh 7h jd 10d 8h 10h 2d kc 3h", 8),
    ("kh ah 2c 3h 4h 9h 3h 5h 2d 8h 2s qh jo 7h jo 10h 6h 2d", 8),
    ("2h jh 2d 9h qh 8h 2c 10h 7h kh 5h jo 2c jo jo 6h 4h 3h", 4),
)


def _cold_ms(hand: Sequence[Card], contract: Contract, repeat: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        clear_memos()
        start = time.process_time()
        cards_wanted(hand, contract)
        best = min(best, time.process_time() - start)
    return 1000 * best


def bench_wanted(hands: int, seed: int) -> None:
    rng = random.Random(seed)
    deck = standard_deck(2)
    random_hands: list[list[Card]] = []
    for _ in range(hands):
        rng.shuffle(deck)
        random_hands.append(deck[:18])
    _report(f"{hands} random 18-card hands", random_hands)
    _report(f"{hands} hands of one long suit and many wilds", [_long_suit_hand(rng, deck) for _ in range(hands)])
    for text, number in SLOW_HANDS:
        hand = [parse_card(w) for w in text.split()]
        print(f"cards_wanted, contract {number}, {text}: {_cold_ms(hand, CONTRACTS[number - 1], 3):.1f} ms")


def _long_suit_hand(rng: random.Random, deck: Sequence[Card]) -> list[Card]:
    """18 cards: three to eight wilds, up to four naturals of other suits, the rest (duplicates
    included) of one suit: the shape that is slowest for the plan search."""
    suit = rng.choice(STANDARD_SUITS)
    wilds = rng.randint(3, 8)
    others = rng.randint(0, 4)
    same = [c for c in deck if not is_wild(c) and c.suit == suit]
    other = [c for c in deck if not is_wild(c) and c.suit != suit]
    return (rng.sample(same, 18 - wilds - others) + rng.sample(other, others)
            + rng.sample([c for c in deck if is_wild(c)], wilds))


def _report(label: str, hands: Sequence[Sequence[Card]]) -> None:
    """Each hand under every contract, each call cold: median, p99 and the slowest, in milliseconds."""
    timed: list[tuple[float, int, Sequence[Card]]] = []
    for hand in hands:
        timed += [(_cold_ms(hand, c), n, hand) for n, c in enumerate(CONTRACTS, 1)]
    times = [t for t, _, _ in timed]
    slowest, number, hand = max(timed, key=lambda row: row[0])
    print(f"cards_wanted, {label} x {len(CONTRACTS)} contracts, cold: median {statistics.median(times):.2f} ms, "
          f"p99 {percentile(times, 0.99):.2f} ms, slowest {slowest:.1f} ms (contract {number}: "
          f"{' '.join(c.code for c in hand)})")


def bench_gc(games: int, seed: int) -> None:
    from engine.bots import make_agent
    from engine.game import Game

    pauses: list[float] = []
    started = [0.0]

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            pauses.append(1000 * (time.perf_counter() - started[0]))

    gc.callbacks.append(watch)
    try:
        for i in range(games):
            levels = ["hard", "normal", "normal", "normal"]
            game = Game.new("contract-rummy", [f"{level} {n}" for n, level in enumerate(levels)], seed=seed + i)
            agents = [make_agent("contract-rummy", level, seed + i + n) for n, level in enumerate(levels)]
            while not game.over:
                seat = game.seats_to_act()[0]
                game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
    finally:
        gc.callbacks.remove(watch)
    full = _full_collection_ms()
    clear_memos()
    empty = _full_collection_ms()
    print(f"garbage collection over {games} games: longest pause {max(pauses, default=0.0):.1f} ms; "
          f"a full collection takes {full:.1f} ms with the memos full, {empty:.1f} ms with them empty")


def _full_collection_ms() -> float:
    gc.collect()
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        gc.collect()
        best = min(best, time.perf_counter() - start)
    return 1000 * best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.contract", description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="random hands to time (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the hands and games (default 1)")
    parser.add_argument("--games", type=int, default=4, help="games to fill the memos (default 4; 0 skips)")
    parser.add_argument("--wanted", action="store_true", help="time cards_wanted only (as --games 0)")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.games < 0:
        parser.error("--hands must be at least 1 and --games at least 0")
    bench_wanted(args.hands, args.seed)
    if args.games and not args.wanted:
        bench_gc(args.games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
