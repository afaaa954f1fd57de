"""Which of upcard rummy hard's choices gain anything: a mixed player against normal.

The mixed player makes one kind of decision as hard does and the rest as normal does, or is hard with
one habit set back to normal's; it plays normal over seat-rotated games exactly as
``access-game simulate`` deals them, and the line printed is its win share (95% interval) and its mean
points per game less normal's (with a 95% margin).

    .venv/bin/python scripts/upcard_decisions.py hard 200
    .venv/bin/python scripts/upcard_decisions.py kind:draw 200        # or kind:play, kind:discard
    .venv/bin/python scripts/upcard_decisions.py search:draw 400 2 0 search.txt   # the play-out search
    .venv/bin/python scripts/upcard_decisions.py habit:avoids_feeding 200 [players] [seed] [per-game file]
    .venv/bin/python scripts/upcard_decisions.py compare a.txt b.txt   # paired: b less a, game by game

Searches: the variants of ``engine.bots.upcard_rummy_search.CONFIGS`` (``draw``: digs by play-outs;
``draw+holds``: and holding a new meld back; ``endgame``: digs, discards and holds for the game's win
once a hand may reach the target; ``all``: digs and discards everywhere, on fewer deals).

Kinds: ``draw`` (stock, or dig into the pile and how deep), ``play`` (a melded player's melds and
lay-offs; the first meld is chosen alike at both levels), ``discard``. Habits: the fields of
``engine.bots.upcard_rummy.Style`` in which hard differs from normal.
"""

from __future__ import annotations

import math
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from access_game.bench.figures import percentile  # noqa: E402
from access_game.simulate import play_game, wilson_interval  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.bots import base  # noqa: E402
from engine.bots.upcard_rummy import STYLES, UpcardAgent  # noqa: E402
from engine.bots.upcard_rummy_search import CONFIGS, SearchAgent  # noqa: E402

GAME = "upcard-rummy"
KINDS = ("draw", "play", "discard")


class MixedAgent:
    """Hard for the decision kinds named, normal for the others."""

    def __init__(self, kinds: set[str], seed: int) -> None:
        self.level = "hard"
        self.kinds = kinds
        self.hard = UpcardAgent("hard", seed)
        self.normal = UpcardAgent("normal", seed)

    def _by(self, kind: str) -> UpcardAgent:
        return self.hard if kind in self.kinds else self.normal

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if view.phase == "draw":
            return self._by("draw")._draw(view, legal)
        if view.may_lay_off:
            player = self._by("play")
            step = player._next_play(view, player._context(view))
            if step is not None:
                return step
        elif not view.melded[view.seat]:
            first = self.normal._first_meld(view, legal)
            if first is not None:
                return first
        player = self._by("discard")
        return player._discard(view, player._context(view))


def factory(spec: str) -> Callable[[int], Any]:
    if spec == "hard":
        return lambda seed: UpcardAgent("hard", seed)
    what, _, names = spec.partition(":")
    if what == "search" and names in CONFIGS:
        return lambda seed: SearchAgent(seed, CONFIGS[names])
    chosen = set(names.split("+"))
    if what == "kind" and chosen <= set(KINDS):
        return lambda seed: MixedAgent(chosen, seed)
    habits = {f.name for f in fields(STYLES["hard"])}
    if what == "habit" and chosen <= habits:
        style = replace(STYLES["hard"], **{n: getattr(STYLES["normal"], n) for n in chosen})

        def make(seed: int) -> UpcardAgent:
            agent = UpcardAgent("hard", seed)
            agent.style = style
            return agent

        return make
    raise SystemExit(f"unknown player {spec!r}: hard, kind:{'|'.join(KINDS)}, habit:{'|'.join(sorted(habits))} "
                     f"or search:{'|'.join(CONFIGS)}")


def compare(first: Path, second: Path) -> int:
    """Two runs over the same games (same seed, same count): the second's gain, game by game. Each
    hand is dealt from the game's seed and the hand number, so both runs meet the same up cards and
    the pairing takes the luck of the deal out of the difference."""
    a = [tuple(map(float, line.split())) for line in first.read_text().splitlines()]
    b = [tuple(map(float, line.split())) for line in second.read_text().splitlines()]
    n = min(len(a), len(b))
    for i, name in ((0, "win share"), (1, "points less normal's")):
        d = [b[k][i] - a[k][i] for k in range(n)]
        margin = 1.96 * statistics.stdev(d) / math.sqrt(n)
        scale = 100 if i == 0 else 1
        print(f"{name}: {statistics.mean(d) * scale:+.1f} (+/- {margin * scale:.1f}) over {n} games")
    return 0


def main(argv: Sequence[str]) -> int:
    if len(argv) < 2:
        raise SystemExit(__doc__)
    if argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    spec, games = argv[0], int(argv[1])
    players = int(argv[2]) if len(argv) > 2 else 2
    seed = int(argv[3]) if len(argv) > 3 else 0
    base._load_players(GAME)
    base._FACTORIES[(GAME, "hard")] = factory(spec)  # this process only: the mixed player sits as hard
    results = [play_game(GAME, ["hard"] + ["normal"] * (players - 1), seed, i) for i in range(games)]
    share = sum(r.shares[0] for r in results) / games
    low, high = wilson_interval(share, games)
    diff = [r.points[0] - statistics.mean(r.points[1:]) for r in results]
    margin = 1.96 * statistics.stdev(diff) / math.sqrt(games) if games > 1 else math.inf
    if len(argv) > 4:  # one line a game (win share, points less normal's), for paired comparisons
        Path(argv[4]).write_text("".join(f"{r.shares[0]} {d}\n" for r, d in zip(results, diff, strict=True)))
    times = sorted(t for r in results for t in r.decision_cpu_seconds[0])
    p99 = percentile(times, 0.99) if times else 0.0
    print(f"{spec}: {games} games, {players} players: win share {share:.1%} ({low:.1%}-{high:.1%}), "
          f"points less normal's {statistics.mean(diff):+.0f} (+/- {margin:.0f}); "
          f"decision CPU {statistics.mean(times) * 1000 if times else 0.0:.1f} ms mean, {p99 * 1000:.0f} ms p99")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
