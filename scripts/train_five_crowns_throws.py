"""Train the Five Crowns throw chooser (engine.bots.five_crowns_throws) on play-outs of the true hands.

Hard plays hard at a table of two (seeded deals). At every throw off a last turn, hard's own throw and
its next best are each played to the hand's end by the fast play-outs on deals that hold every
opponent's true hand (the stock dealt from the cards left), and each next-best throw is labelled with
its mean points gained over hard's throw. Its row is what the seat could see
(engine.bots.five_crowns_throws.throw_row, the same rows the player builds). A small network learns
the label from the row (engine.learned.value_model.fit, seeded); the same arguments give the same
weights.

    .venv/bin/python scripts/train_five_crowns_throws.py play --games 120 --start 0 --data A.npz
    .venv/bin/python scripts/train_five_crowns_throws.py train A.npz B.npz [--hidden 16] [--epochs 40]
        [--out engine/learned/weights/five_crowns_throws.npz]

``play`` runs in pieces (one a core); ``train`` reads the pieces, holds out a tenth of the games, and
prints the held-out error and what each way of choosing would have gained over hard on the held-out
positions, in points a decision, by their true labels: the search's rule as the expert plays it, and
the model at several margins. Then it trains on everything and writes the weights.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import cast

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.actions import Discard  # noqa: E402
from engine.bots.base import Choice, NaturalsFirst  # noqa: E402
from engine.bots.five_crowns_hard import HardFiveCrowns, _Table  # noqa: E402
from engine.bots.five_crowns_search import PLAYOUT_MARGIN, ExpertFiveCrowns  # noqa: E402
from engine.bots.five_crowns_throws import THROW_FEATURES  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.fast.five_crowns import hand_int, kind_of  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.learned.value_model import fit  # noqa: E402
from engine.rules.five_crowns import FiveCrownsState, FiveCrownsView  # noqa: E402

GAME = "five-crowns"
OUT = ROOT / "engine" / "learned" / "weights" / "five_crowns_throws.npz"
#: True-hand deals a position's labels are the mean over.
LABEL_DEALS = 16
PLAYERS = 2


class Recorder(ExpertFiveCrowns):
    """Hard, noting at each throw the trained method's rows and each row's true gain over hard."""

    def __init__(self, seed: int, sink: list[tuple[list[float], float, float]]) -> None:
        super().__init__(seed, "trained")
        self.sink = sink
        self.game: Game | None = None

    def _discard(self, view: FiveCrownsView, discards: list[Discard], table: _Table) -> Choice:
        base = HardFiveCrowns._discard(self, view, discards, table)
        if view.last_turn or view.went_out is not None:
            return base
        assert isinstance(base.action, Discard)
        options = self.options(view, table, discards, base.action.card)
        if len(options) < 2:
            return base
        rows = self.throw_rows(view, table, options)
        # The expert's search rule, for comparison: its 32-deal means, as the level plays.
        means = self.search(view, table, options, self.deals)
        for i, row in enumerate(rows, 1):
            self.sink.append((row, self._true_gain(view, table, options, i), means[i] - means[0]))
        return base

    def _true_gain(self, view: FiveCrownsView, table: _Table, options: Sequence[Card], i: int) -> float:
        assert self.game is not None
        st = cast(FiveCrownsState, self.game.state)
        hands = [0 if s == view.seat else hand_int(h) for s, h in enumerate(st.hands)]
        pile = [kind_of(c) for c in st.discard]
        rest = table.unseen.copy()
        for s, held in enumerate(st.hands):
            if s != view.seat:
                rest.subtract(Counter(held) - table.know.holding[s])
        pool = [kind_of(c) for c in sorted((+rest).elements(), key=lambda c: c.sort_key())]
        rng = random.Random(f"five-crowns/throws/{self.seed}/{len(view.log)}/{view.seat}")
        judge = self.judge
        hand = judge.key(view.hand)
        total = 0.0
        for _ in range(LABEL_DEALS):
            rng.shuffle(pool)
            deal = (hands, pool[:view.stock_size], pile)
            total += (self._play_out(view, deal, judge.minus(hand, options[i]), options[i])
                      - self._play_out(view, deal, judge.minus(hand, options[0]), options[0]))
        return total / LABEL_DEALS


def play(deal_seed: int) -> list[tuple[list[float], float, float]]:
    sink: list[tuple[list[float], float, float]] = []
    g = Game.new(GAME, [f"hard {n + 1}" for n in range(PLAYERS)], seed=deal_seed)
    recorders = [Recorder(deal_seed * 16 + n, sink) for n in range(PLAYERS)]
    agents = [NaturalsFirst(r) for r in recorders]
    while not g.over:
        seat = g.seats_to_act()[0]
        recorders[seat].game = g
        g.apply(agents[seat].choose(g.view(seat), g.legal_actions(seat)))
    return sink


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("--games", type=int, default=120)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--data", type=Path, required=True)
    t = sub.add_parser("train")
    t.add_argument("data", type=Path, nargs="+")
    t.add_argument("--seed", type=int, default=11)
    t.add_argument("--hidden", type=int, default=16)
    t.add_argument("--epochs", type=int, default=40)
    t.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    began = time.process_time()
    if args.command == "play":
        xs, ys, searched, games = [], [], [], []
        for i in range(args.start, args.start + args.games):
            for row, label, guess in play(args.seed * 100_000 + 20_000 + i):
                xs.append(row)
                ys.append(label)
                searched.append(guess)
                games.append(i)
            if (i - args.start + 1) % 10 == 0:
                print(f"{i - args.start + 1} games, {len(ys)} rows, {time.process_time() - began:.0f} s CPU",
                      file=sys.stderr, flush=True)
        np.savez_compressed(args.data, x=np.asarray(xs), y=np.asarray(ys), search=np.asarray(searched),
                            game=np.asarray(games))
        print(f"played games {args.start}-{args.start + args.games - 1}: {len(ys)} rows in "
              f"{time.process_time() - began:.0f} s CPU, written to {args.data}")
        return 0
    parts = [np.load(f) for f in args.data]
    x = np.concatenate([d["x"] for d in parts])
    y = np.concatenate([d["y"] for d in parts])
    search = np.concatenate([d["search"] for d in parts])
    game = np.concatenate([d["game"] for d in parts])
    rng = np.random.default_rng(args.seed)
    ids = np.unique(game)
    held = np.isin(game, rng.choice(ids, size=max(1, len(ids) // 10), replace=False))
    print(f"{len(y)} rows of {len(ids)} games; held out {int(held.sum())} rows of {len(ids) // 10} games")
    fit_began = time.process_time()
    model = fit(x[~held], y[~held], hidden=(args.hidden,), epochs=args.epochs, seed=args.seed)
    linear = fit(x[~held], y[~held], hidden=(), epochs=args.epochs, seed=args.seed)
    trained = time.process_time() - fit_began
    # The same network without the search's two columns: a chooser that needs no play-outs to decide.
    direct = fit(x[~held][:, 2:], y[~held], hidden=(args.hidden,), epochs=args.epochs, seed=args.seed)
    yh = y[held]

    def mse(pred: np.ndarray) -> float:
        return float(np.mean((pred - yh) ** 2))

    net, lin = model.predict(x[held]), linear.predict(x[held])
    print(f"held-out mean squared error: none {mse(np.zeros(len(yh))):.1f}, the guessed search's gain "
          f"{mse(x[held, 0]):.1f}, linear {mse(lin):.1f}, network {mse(net):.1f}")
    print("held-out correlation with the true gain: " + ", ".join(
        f"{name} {np.corrcoef(pred, yh)[0, 1]:.3f}" for name, pred in
        [("guessed search", x[held, 0]), ("read search", x[held, 1]), ("hard's score", x[held, 2]),
         ("32-deal search", search[held]), ("linear", lin), ("network", net)]))
    print(f"trained in {trained:.1f} s CPU (two models)")
    # What each rule gains over hard on the held-out positions, by their true labels.
    decisions = _positions(x[held])
    for name, pred, margin in [("search as the expert plays (32 deals, margin 6)", search[held], PLAYOUT_MARGIN),
                               ("search, margin 1", search[held], 1.0),
                               *[(f"network, margin {m:g}", model.predict(x[held]), m) for m in (0.0, 1.0, 2.0, 4.0)],
                               *[(f"linear, margin {m:g}", linear.predict(x[held]), m) for m in (0.0, 2.0)],
                               *[(f"network without the search, margin {m:g}", direct.predict(x[held][:, 2:]), m)
                                 for m in (0.0, 2.0)]]:
        gain, changed = _rule_gain(decisions, np.asarray(pred), yh, margin)
        gain += 0.0  # no "-0.000"
        print(f"{name}: {gain:+.3f} points a throw decision gained over hard ({changed} of {len(decisions)} changed)")
    final = fit(x, y, hidden=(args.hidden,), epochs=args.epochs, seed=args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    final.save(args.out)
    weights = sum(layer.weights.size + layer.bias.size for layer in final.layers)
    print(f"{len(THROW_FEATURES)} features, {weights} weights, {args.out.stat().st_size} bytes written to {args.out}")
    return 0


def _positions(x: np.ndarray) -> list[list[int]]:
    """The held-out rows grouped by decision: rows of one decision share the moment's features."""
    groups: list[list[int]] = []
    last: tuple[float, ...] | None = None
    moment = slice(3 + 8, None)
    for i, row in enumerate(x):
        key = tuple(row[moment])
        if key != last:
            groups.append([])
            last = key
        groups[-1].append(i)
    return groups


def _rule_gain(groups: list[list[int]], pred: np.ndarray, y: np.ndarray, margin: float) -> tuple[float, int]:
    """The mean true gain over hard (points the seat saves, a decision) of playing the throw predicted
    best when it beats hard by ``margin``; the labels are the seat's points less the others', so a
    gain is a label's negative."""
    total = 0.0
    changed = 0
    for rows in groups:
        best = min(rows, key=lambda r: pred[r])
        if pred[best] < -margin:
            total += y[best]
            changed += 1
    return -total / len(groups), changed


if __name__ == "__main__":
    raise SystemExit(main())
