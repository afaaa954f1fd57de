"""Train the learned Gin Rummy value from self-play, seeded, and ship it in the package.

Games of hard against hard (``--level``) are played through the engine; at every throw that does not
end the hand, the position the throw leaves is recorded as the throwing seat sees it
(:func:`engine.learned.gin_features.features`), labelled with the points the hand brought that seat
(won: plus, lost: minus, drawn: 0). A small network (:func:`engine.learned.value_model.fit`) learns the
label from the row; the weights go to engine/learned/weights/gin_value.npz, and a few rows with the
values the trained model gives them to tests/data/gin_value_rows.json, which the test holds the
shipped weights to.

    .venv/bin/python scripts/train_gin_value.py [--games 1500] [--seed 1]

It prints the time taken, the positions and the model's size. Same arguments, same weights.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import numpy as np

from engine.actions import Discard
from engine.bots import make_agent
from engine.bots.gin_rummy_expert import view_masks
from engine.fast.gin import card_index
from engine.game import Game
from engine.learned.gin_features import FEATURES, features
from engine.learned.value_model import fit
from engine.rules.gin_rummy import GinHandEnded

ROOT = Path(__file__).resolve().parents[1]
WEIGHTS = ROOT / "engine" / "learned" / "weights" / "gin_value.npz"
ROWS = ROOT / "tests" / "data" / "gin_value_rows.json"


def positions(games: int, seed: int, level: str) -> tuple[list[list[float]], list[float]]:
    """Feature rows and their labels from ``games`` self-play games."""
    rows: list[list[float]] = []
    labels: list[float] = []
    for index in range(games):
        game = Game.new("gin-rummy", ["A", "B"], seed=seed * 100_003 + index)
        rng = random.Random(f"train {seed} {index}")
        agents = [make_agent("gin-rummy", level, rng.getrandbits(32)) for _ in range(2)]
        pending: list[tuple[int, list[float]]] = []
        while not game.over:
            seat = game.seats_to_act()[0]
            view = game.view(seat)
            action = agents[seat].choose(view, game.legal_actions(seat))
            if isinstance(action, Discard):
                hand, unseen, picked, refused, stock, totals = view_masks(view)
                thrown = card_index(action.card)
                pending.append((seat, features(hand ^ (1 << thrown), thrown, unseen, picked, refused, stock,
                                               totals)))
            for ev in game.apply(action):
                if isinstance(ev, GinHandEnded):
                    for who, row in pending:
                        won = 0 if ev.winner is None else ev.points if ev.winner == who else -ev.points
                        rows.append(row)
                        labels.append(float(won))
                    pending = []
    return rows, labels


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--hidden", type=int, default=32)
    args = parser.parse_args()
    start = time.process_time()
    rows, labels = positions(args.games, args.seed, args.level)
    played = time.process_time() - start
    x, y = np.asarray(rows), np.asarray(labels)
    model = fit(x, y, hidden=(args.hidden,), epochs=args.epochs, seed=args.seed)
    trained = time.process_time() - start - played
    WEIGHTS.parent.mkdir(parents=True, exist_ok=True)
    model.save(WEIGHTS)
    sample = x[:: max(1, len(x) // 8)][:8]
    ROWS.parent.mkdir(parents=True, exist_ok=True)
    ROWS.write_text(json.dumps({"features": list(FEATURES), "rows": sample.tolist(),
                                "values": [round(float(v), 9) for v in model.predict(sample)]}, indent=1) + "\n")
    residual = float(np.mean((model.predict(x) - y) ** 2))
    print(f"{len(rows)} positions from {args.games} games of {args.level} against itself: {played:.0f} s CPU; "
          f"trained in {trained:.0f} s CPU; mean squared error {residual:.1f} (label variance {float(np.var(y)):.1f}); "
          f"{WEIGHTS.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
