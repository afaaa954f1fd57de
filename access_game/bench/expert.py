"""The Five Crowns expert against other levels, with its decision times:
``python -m access_game.bench.expert [--players expert,hard,...] [--games N] [--seed S] [--method M]
[--deals D] [--throws T] [--margin M] [--start I]``.

Games are dealt, seated and seeded exactly as ``access-game simulate --game five-crowns --players ...``
deals them (same deal seeds, seat rotation and player seeds), so with the shipped method this prints
simulate's results; ``--method`` (and the play-out search's ``--deals``/``--throws``/``--margin``) try the expert's
other methods on the same games. Every entry named ``expert`` plays the chosen method; the others are
the levels ``make_agent`` makes.

It prints the first entry's win share (Wilson 95% interval), every entry's mean points, and the CPU time
of the experts' decisions (the thread's own, which other work on a shared machine does not inflate):
mean, median, p99 and largest, the figures the expert's goal is stated in (docs/bots.md, "An expert for
Five Crowns").
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from access_game.bench.figures import timing_line
from access_game.simulate import agent_seed, deal_plan, final_standing, wilson_interval
from engine.bots import make_agent
from engine.bots.base import NaturalsFirst
from engine.bots.five_crowns_search import METHODS, PLAYOUT_DEALS, PLAYOUT_MARGIN, PLAYOUT_THROWS, ExpertFiveCrowns
from engine.game import Game

__all__ = ["main", "play"]

GAME = "five-crowns"


def play(levels: Sequence[str], seed: int, index: int, method: str, deals: int, throws: int,
         margin: float = PLAYOUT_MARGIN) -> tuple[tuple[int, ...], tuple[float, ...], list[float]]:
    """Game ``index`` of a simulate run of ``levels``: each entry's points and win share, and the
    experts' decision CPU times in seconds."""
    k = len(levels)
    deal_seed, rotation = deal_plan(index, k, seed)
    entry_of_seat = [(seat + rotation) % k for seat in range(k)]
    g = Game.new(GAME, [f"{levels[e]} {e + 1}" for e in entry_of_seat], seed=deal_seed)
    agents: list[Any] = []
    for e in entry_of_seat:
        s = agent_seed(seed, index, e)
        agents.append(NaturalsFirst(ExpertFiveCrowns(s, method, deals, throws, margin)) if levels[e] == "expert"
                      else make_agent(GAME, levels[e], s))
    cpu: list[float] = []
    while not g.over:
        seat = g.seats_to_act()[0]
        legal = g.legal_actions(seat)
        view = g.view(seat)
        start = time.thread_time()
        action = agents[seat].choose(view, legal)
        if agents[seat].level == "expert":
            cpu.append(time.thread_time() - start)
        g.apply(action)
    points, shares = final_standing(g.log, entry_of_seat)
    return points, shares, cpu


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.expert",
                                     description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--players", default="expert,hard")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--start", type=int, default=0, help="first game number (a multiple of the players)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--method", choices=METHODS, default=METHODS[0])
    parser.add_argument("--deals", type=int, default=PLAYOUT_DEALS)
    parser.add_argument("--throws", type=int, default=PLAYOUT_THROWS)
    parser.add_argument("--margin", type=float, default=PLAYOUT_MARGIN)
    args = parser.parse_args(argv)
    levels = args.players.split(",")
    if args.games < 1 or not 2 <= len(levels) <= 7:
        parser.error("--games is at least 1, --players names 2 to 7 levels")
    points: list[tuple[int, ...]] = []
    wins = 0.0
    cpu: list[float] = []
    for n, index in enumerate(range(args.start, args.start + args.games), 1):
        p, shares, c = play(levels, args.seed, index, args.method, args.deals, args.throws, args.margin)
        points.append(p)
        wins += shares[0]
        cpu += c
        if n % 10 == 0:
            print(f"{n} games: {levels[0]} {wins / n:.1%}", file=sys.stderr, flush=True)
    n = args.games
    lo, hi = wilson_interval(wins / n, n)
    means = ", ".join(f"{lv} {statistics.fmean(p[e] for p in points):.1f}" for e, lv in enumerate(levels))
    searching = args.method.startswith("playout")
    search = f" ({args.deals} deals, {args.throws} throws, margin {args.margin:g})" if searching else ""
    print(f"{args.players}, {n} games from game {args.start} of seed {args.seed}, method {args.method}{search}")
    print(f"{levels[0]} win share {wins / n:.1%} ({wins:g} wins; 95% interval {lo:.1%} to {hi:.1%})")
    print(f"mean points: {means}")
    diffs = [statistics.fmean(p[1:]) - p[0] for p in points]
    print(f"the others' mean points less {levels[0]}'s, a game: {statistics.fmean(diffs):+.2f}")
    if cpu:
        ms = [1000 * t for t in cpu]
        print(f"expert decision CPU: mean {statistics.fmean(ms):.1f} ms, {timing_line(ms)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
