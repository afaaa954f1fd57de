"""Train the learned value of a kept Five Crowns hand (engine.bots.five_crowns_value) from self-play.

Hard plays hard at tables of 2, 3 and 4 (seeded deals, the players as ``make_agent`` makes them); after
every throw off a last turn the thrower's position is recorded as its features, and when the hand ends
each position is labelled with its seat's points less the mean of the others'. A small network
(engine.learned.value_model.fit, seeded) learns the label from the features, and its weights are
written into the package. The same arguments give the same weights.

    .venv/bin/python scripts/train_five_crowns_value.py [--games 2:300,3:100,4:100] [--seed 7]
        [--epochs 40] [--hidden 32] [--data FILE.npz] [--out engine/learned/weights/five_crowns_value.npz]

``--data`` keeps the positions: read if the file exists (no games played), written otherwise. It prints
the games and positions, the time to play and to train, and the held-out error (the last tenth of the
positions, by game) next to a constant's and a linear model's, so the network's gain can be read.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.actions import Action, Discard  # noqa: E402
from engine.bots.base import Choice, NaturalsFirst  # noqa: E402
from engine.bots.five_crowns_hard import HardFiveCrowns  # noqa: E402
from engine.bots.five_crowns_value import FEATURES, kept_features  # noqa: E402
from engine.events import HandEnded  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.learned.value_model import fit  # noqa: E402
from engine.rules.five_crowns import FiveCrownsView  # noqa: E402

GAME = "five-crowns"
OUT = ROOT / "engine" / "learned" / "weights" / "five_crowns_value.npz"


class Recorder(HardFiveCrowns):
    """Hard, noting the features of the hand it keeps after each throw off a last turn."""

    def __init__(self, seed: int, sink: list[tuple[int, list[float]]]) -> None:
        super().__init__(seed)
        self.sink = sink

    def explain(self, view: FiveCrownsView, legal: Sequence[Action]) -> Choice:
        choice = super().explain(view, legal)
        if isinstance(choice.action, Discard) and not view.last_turn:
            table = self._table(view)
            kept = self.judge.minus(self.judge.key(view.hand), choice.action.card)
            self.sink.append((view.seat, kept_features(self, view, table, kept, choice.action.card)))
        return choice


def play(players: int, deal_seed: int) -> tuple[list[list[float]], list[float]]:
    """One hard-against-hard game: its positions and their labels."""
    g = Game.new(GAME, [f"hard {n + 1}" for n in range(players)], seed=deal_seed)
    pending: list[tuple[int, list[float]]] = []
    agents = [NaturalsFirst(Recorder(deal_seed * 16 + n, pending)) for n in range(players)]
    rows: list[list[float]] = []
    labels: list[float] = []
    while not g.over:
        seat = g.seats_to_act()[0]
        for ev in g.apply(agents[seat].choose(g.view(seat), g.legal_actions(seat))):
            if isinstance(ev, HandEnded):
                points = {r.seat: r.points for r in ev.results}
                for s, row in pending:
                    others = [p for t, p in points.items() if t != s]
                    rows.append(row)
                    labels.append(points[s] - sum(others) / len(others))
                pending.clear()
    return rows, labels


def parse_games(text: str) -> list[tuple[int, int]]:
    out = []
    for part in text.split(","):
        players, games = part.split(":")
        out.append((int(players), int(games)))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", default="2:300,3:100,4:100", help="PLAYERS:GAMES,... played hard against hard")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--data", type=Path)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    began = time.process_time()
    if args.data is not None and args.data.exists():
        with np.load(args.data) as d:
            x, y, game_of = d["x"], d["y"], d["game"]
        print(f"read {len(y)} positions from {args.data}")
    else:
        xs: list[list[float]] = []
        ys: list[float] = []
        games: list[int] = []
        number = 0
        for players, count in parse_games(args.games):
            for i in range(count):
                rows, labels = play(players, args.seed * 100_000 + players * 10_000 + i)
                xs += rows
                ys += labels
                games += [number] * len(rows)
                number += 1
                if number % 50 == 0:
                    print(f"{number} games, {len(ys)} positions, {time.process_time() - began:.0f} s CPU",
                          file=sys.stderr, flush=True)
        x, y, game_of = np.asarray(xs), np.asarray(ys), np.asarray(games)
        print(f"played {number} games ({args.games}): {len(y)} positions in {time.process_time() - began:.0f} s CPU")
        if args.data is not None:
            np.savez_compressed(args.data, x=x, y=y, game=game_of)
    # Hold out the last tenth of the games of each table size's share: positions of one game stay together.
    rng = np.random.default_rng(args.seed)
    held_games = set(rng.choice(int(game_of.max()) + 1, size=max(1, (int(game_of.max()) + 1) // 10),
                                replace=False).tolist())
    held = np.isin(game_of, list(held_games))
    fit_began = time.process_time()
    model = fit(x[~held], y[~held], hidden=(args.hidden,), epochs=args.epochs, seed=args.seed)
    linear = fit(x[~held], y[~held], hidden=(), epochs=args.epochs, seed=args.seed)
    trained = time.process_time() - fit_began

    def mse(pred: np.ndarray) -> float:
        return float(np.mean((pred - y[held]) ** 2))

    print(f"held out {int(held.sum())} positions of {len(held_games)} games: mean squared error "
          f"constant {mse(np.full(int(held.sum()), float(y[~held].mean()))):.1f}, "
          f"linear {mse(linear.predict(x[held])):.1f}, network {mse(model.predict(x[held])):.1f}")
    final = fit(x, y, hidden=(args.hidden,), epochs=args.epochs, seed=args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    final.save(args.out)
    weights = sum(layer.weights.size + layer.bias.size for layer in final.layers)
    print(f"trained in {trained:.0f} s CPU (two models), then on all {len(y)} positions; {len(FEATURES)} features, "
          f"{weights} weights, {args.out.stat().st_size} bytes written to {args.out}")
    print(f"total {time.process_time() - began:.0f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
