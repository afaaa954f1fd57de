"""Measure what keeping a card is worth in upcard rummy, and write engine/bots/upcard_card_fates.py.

Normal computer players play each other; at every discard, each card kept is followed to the end of
the hand: put on the table by its holder (+1), thrown later (0) or still in hand when the hand ends
(-1). The mean fate per kind of situation (see ``situation`` in that module) times the card's value
is what keeping the card earns under normal's own play, which is what the hard player weighs its
discards and draws by: one step of policy improvement over normal, with measured values instead of
guessed chances.

    .venv/bin/python scripts/upcard_card_fates.py --games 200 [--seed 10000]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.actions import Discard  # noqa: E402
from engine.arrange_upcard import is_wild  # noqa: E402
from engine.bots import make_agent  # noqa: E402
from engine.bots.upcard_card_fates import situation  # noqa: E402
from engine.events import Discarded  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.rules.upcard_rummy import LaidOff, Melded, UpcardHandEnded, UpcardView  # noqa: E402

OUT = ROOT / "engine" / "bots" / "upcard_card_fates.py"
BEGIN, END = "# --- measured fates: begin", "# --- measured fates: end"


def _reach(view: UpcardView) -> int:
    others = [s for s in range(len(view.players)) if s != view.seat]
    sizes = [view.hand_sizes[s] for s in others]
    melded = [view.hand_sizes[s] - 1 for s in others if view.melded[s]]
    return max(1, min(sizes + melded))


def play(seed: int, players: int) -> dict[str, list[float]]:
    fates: dict[str, list[float]] = {}
    g = Game.new("upcard-rummy", [f"p{i}" for i in range(players)], seed=seed)
    agents = [make_agent("upcard-rummy", "normal", seed * 7 + i) for i in range(players)]
    pending: list[tuple[int, object, str, int]] = []
    while not g.over:
        seat = g.seats_to_act()[0]
        view = g.view(seat)
        action = agents[seat].choose(view, g.legal_actions(seat))
        if isinstance(action, Discard):
            wild = view.wild_rank
            counts = Counter(c.rank for c in view.hand if not is_wild(c, wild))
            wilds = sum(1 for c in view.hand if is_wild(c, wild))
            kept = list(view.hand)
            kept.remove(action.card)
            table = {m.rank for m in view.table}
            pile = {c.rank for c in view.discard if not is_wild(c, wild)}
            for card in kept:
                key = situation(card, wild, counts, wilds, view.melded[seat], table, pile, _reach(view))
                pending.append((seat, card, key, len(g.log)))
        g.apply(action)
    log = g.log
    ends = [i for i, ev in enumerate(log) if isinstance(ev, UpcardHandEnded)]
    for seat, card, key, at in pending:
        end = next(i for i in ends if i >= at)
        fate = 0.0
        for ev in log[at : end + 1]:
            if isinstance(ev, Melded) and ev.seat == seat and card in ev.cards:
                fate = 1.0
                break
            if isinstance(ev, LaidOff) and ev.seat == seat and ev.card == card:
                fate = 1.0
                break
            if isinstance(ev, Discarded) and ev.seat == seat and ev.card == card:
                break
            if isinstance(ev, UpcardHandEnded):
                fate = -1.0 if card in ev.in_hand[seat] else 1.0
        total = fates.setdefault(key, [0.0, 0])
        total[0] += fate
        total[1] += 1
    return fates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=10_000)
    args = parser.parse_args(argv)
    fates: dict[str, list[float]] = {}
    for i in range(args.games):
        for key, (s, n) in play(args.seed + i, 2 + i % 3).items():  # 2, 3 and 4 at the table
            total = fates.setdefault(key, [0.0, 0])
            total[0] += s
            total[1] += n
    lines = [BEGIN + f" (scripts/upcard_card_fates.py --games {args.games} --seed {args.seed})",
             "FATES: dict[str, tuple[float, int]] = {"]
    lines += [f"    {key!r}: ({s:.0f}, {n:.0f})," for key, (s, n) in sorted(fates.items())]
    lines += ["}", END]
    text = OUT.read_text(encoding="utf-8")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    OUT.write_text(head + "\n".join(lines) + tail, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(fates)} situations, {sum(n for _, n in fates.values()):.0f} cards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
