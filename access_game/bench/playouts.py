"""Fast play-outs against play-outs through the engine:
``python -m access_game.bench.playouts [--game gin-rummy|five-crowns] [--hands N] [--seed S] [--players P]
[--repeat R]``.

Each of ``N`` seeded deals is played to the end of the hand twice in the same process, by the same
greedy policy: through the engine (:func:`engine.fast.policy.engine_gin_playout` or
``engine_five_crowns_playout``: a real game, every move checked, logged and shown as a view) and on
integers (:mod:`engine.fast`). Both results are compared (the exit status is 1 if any differ), and the
CPU time of each play-out (the thread's own, which other work on a shared machine does not inflate) is
printed as every bench prints timings (access_game.bench.figures): median, p99, largest. Five Crowns
deals go through the hands in turn (deal ``i`` is hand ``1 + i % 11``, reached by playing the hands
before it through the engine, untimed), since a hand's cost grows with its cards.
Caches live as they would in a search: the engine's memos and the fast tables are not emptied between
play-outs, for either side. ``--repeat R`` plays ``R`` play-outs from each deal, its stock shuffled
afresh each time (seeded), as a search weighing a move plays the hand out again and again from one
position: there the fast tables serve the play-outs after the first.
"""

from __future__ import annotations

import argparse
import random
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


def _gin_deal(seed: int, _index: int, _players: int) -> Game:
    return Game.new("gin-rummy", ["a", "b"], seed=seed)


def _gin_pair(g: Game) -> tuple[Callable[[], object], Callable[[], object]]:
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


def _five_crowns_deal(seed: int, index: int, players: int) -> Game:
    g = Game.new("five-crowns", [f"p{n}" for n in range(players)], seed=seed)
    while g.state.hand_number < 1 + index % 11:
        engine_five_crowns_playout(g)
    return g


def _five_crowns_pair(g: Game) -> tuple[Callable[[], object], Callable[[], object]]:
    hand = five_crowns_hand(g)
    return (lambda: engine_five_crowns_playout(g)), (lambda: fast_five_crowns(hand))


#: Per game: the deal of play-out ``i``, and the two play-outs of a game standing at a hand's start.
GAMES: dict[str, tuple[Callable[[int, int, int], Game], Callable[[Game], tuple[Callable[[], object],
                                                                              Callable[[], object]]]]] = {
    "gin-rummy": (_gin_deal, _gin_pair), "five-crowns": (_five_crowns_deal, _five_crowns_pair)}


def _positions(deal: Game, seed: int, index: int, repeat: int) -> list[Game]:
    """The deal itself, or (``repeat`` > 1) that many copies of it with the stock shuffled afresh: the
    play-outs a search makes from one position, each a guess at the cards it cannot see."""
    if repeat == 1:
        return [deal]
    data = deal.to_data()
    copies = []
    for r in range(repeat):
        copy = Game.from_data(data)
        random.Random(f"{seed}/{index}/{r}").shuffle(copy.state.stock)
        copies.append(copy)
    return copies


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.playouts",
                                     description="Time fast play-outs against play-outs through the engine.")
    parser.add_argument("--game", choices=sorted(GAMES), default="gin-rummy")
    parser.add_argument("--hands", type=int, default=300, help="deals played out (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    parser.add_argument("--players", type=int, default=2, help="Five Crowns players (default 2)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="play-outs from each deal, its stock shuffled afresh each time, as a search makes them "
                             "(default 1: each deal once)")
    args = parser.parse_args(argv)
    clock = time.thread_time  # CPU time: what the other work on a shared machine does not inflate
    engine_ms: list[float] = []
    fast_ms: list[float] = []
    differ = 0
    deal_of, pair_of = GAMES[args.game]
    for i in range(args.hands):
        for position in _positions(deal_of(args.seed + i, i, args.players), args.seed, i, args.repeat):
            through_engine, fast = pair_of(position)
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
    each = "one play-out each" if args.repeat == 1 else f"{args.repeat} play-outs each, the stock shuffled afresh"
    print(f"{args.game}, {args.hands} deals from seed {args.seed}"
          + (f", {args.players} players" if args.game == "five-crowns" else "") + f", {each}:")
    print(f"  through the engine: {timing_line(engine_ms, digits=2)}")
    print(f"  fast:               {timing_line(fast_ms, digits=3)}")
    print(f"  faster by {ratio:.1f}x at the median, {ratio99:.1f}x at p99 (goal {GOAL:.0f}x: "
          f"{'met' if ratio >= GOAL else 'NOT met'}); results that differ: {differ}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
