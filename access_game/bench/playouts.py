"""Fast play-outs against play-outs through the engine:
``python -m access_game.bench.playouts [--game gin-rummy|five-crowns] [--hands N] [--seed S] [--players P]``.

Each of ``N`` seeded deals is played to the end of the hand twice in the same process, by the same
greedy policy: through the engine (:func:`engine.fast.policy.engine_gin_playout` or
``engine_five_crowns_playout``: a real game, every move checked, logged and shown as a view) and on
integers (:mod:`engine.fast`). Both results are compared (the exit status is 1 if any differ), and the
time of each play-out is printed as every bench prints timings (access_game.bench.figures): median,
p99, largest. Five Crowns deals go through the hands in turn (deal ``i`` is hand ``1 + i % 11``, reached
by playing the hands before it through the engine, untimed), since a hand's cost grows with its cards.
Caches live as they would in a search: the engine's arranger memo and the fast deadwood tables are
not emptied between play-outs, for either side.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from access_game.bench.figures import percentile, timing_line
from engine.fast.five_crowns import FastFiveCrownsHand
from engine.fast.five_crowns import play_hand as fast_five_crowns
from engine.fast.gin import FastGinHand
from engine.fast.gin import play_hand as fast_gin
from engine.fast.policy import engine_five_crowns_playout, engine_gin_playout
from engine.game import Game
from engine.piles import shuffle_source

GOAL = 10.0


def _gin_pair(seed: int, _index: int, _players: int) -> tuple[Callable[[], object], Callable[[], object]]:
    g = Game.new("gin-rummy", ["a", "b"], seed=seed)
    st = g.state
    hand = FastGinHand.from_cards(st.hands, st.discard, st.stock, st.dealer, st.to_move, st.phase)
    return (lambda: engine_gin_playout(g)), (lambda: fast_gin(hand))


def five_crowns_hand(game: Game) -> FastFiveCrownsHand:
    """The hand under way in ``game`` (at a turn's start), on integers, with the engine's reshuffles."""
    st = game.state
    seed, number = st.seed, st.hand_number
    return FastFiveCrownsHand.from_cards(
        st.hands, st.discard, st.stock, st.wild_rank, st.to_move,
        lambda k: shuffle_source("five-crowns", seed, number, k), st.reshuffles)


def _five_crowns_pair(seed: int, index: int, players: int) -> tuple[Callable[[], object], Callable[[], object]]:
    g = Game.new("five-crowns", [f"p{n}" for n in range(players)], seed=seed)
    while g.state.hand_number < 1 + index % 11:
        engine_five_crowns_playout(g)
    hand = five_crowns_hand(g)
    return (lambda: engine_five_crowns_playout(g)), (lambda: fast_five_crowns(hand))


PAIRS = {"gin-rummy": _gin_pair, "five-crowns": _five_crowns_pair}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.playouts",
                                     description="Time fast play-outs against play-outs through the engine.")
    parser.add_argument("--game", choices=sorted(PAIRS), default="gin-rummy")
    parser.add_argument("--hands", type=int, default=300, help="deals played out (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    parser.add_argument("--players", type=int, default=2, help="Five Crowns players (default 2)")
    args = parser.parse_args(argv)
    clock = time.perf_counter
    engine_ms: list[float] = []
    fast_ms: list[float] = []
    differ = 0
    for i in range(args.hands):
        through_engine, fast = PAIRS[args.game](args.seed + i, i, args.players)
        t0 = clock()
        expected = through_engine()
        t1 = clock()
        got = fast()
        t2 = clock()
        engine_ms.append(1000 * (t1 - t0))
        fast_ms.append(1000 * (t2 - t1))
        differ += got != expected
    ratio = statistics.median(engine_ms) / statistics.median(fast_ms)
    ratio99 = percentile(engine_ms, 0.99) / percentile(fast_ms, 0.99)
    print(f"{args.game}, {args.hands} deals from seed {args.seed}"
          + (f", {args.players} players" if args.game == "five-crowns" else "") + ", one play-out each:")
    print(f"  through the engine: {timing_line(engine_ms, digits=2)}")
    print(f"  fast:               {timing_line(fast_ms, digits=3)}")
    print(f"  faster by {ratio:.1f}x at the median, {ratio99:.1f}x at p99 (goal {GOAL:.0f}x: "
          f"{'met' if ratio >= GOAL else 'NOT met'}); results that differ: {differ}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
