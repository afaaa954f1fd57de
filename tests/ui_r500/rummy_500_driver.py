"""Test support: Rummy 500 at the terminal driven by keys, with what was said recorded.

The golden game is a whole seeded game to a low target, the player's moves chosen by the hint's player
(hard) and made only by keys read off the table: D to draw; Down to walk the pile cursor deeper, then T
to take the pile down to it; the cards' numbers with Space to select a meld, then Enter; a card's number
then Shift+O to lay it off, or X to discard it. Along the way the player asks for the best melds (Alt+M),
the hint (Shift+H), the scores, the table's facts, the discard pile and the melds on the table.
Regenerate it, and the keys section of docs/rummy-500.md, on purpose with

    .venv/bin/python tests/ui_r500/rummy_500_driver.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for _path in (ROOT, ROOT / "tests"):  # run as a script to regenerate the golden file
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from golden_driver import GoldenDriver, TargetGolden  # noqa: E402
from harness import KeyHarness, card_key  # noqa: E402

from engine.actions import Action, Discard, Draw  # noqa: E402
from engine.bots import make_agent  # noqa: E402
from engine.rules.rummy_500 import LayOff, Meld, TakePile  # noqa: E402

#: The catalog game whose golden transcripts this module writes (scripts/regen_golden.py finds it by this).
GOLDEN_GAME = "rummy-500"


GOLDEN_GAMES = (TargetGolden(GOLDEN_GAME, "Rummy 500", "tests/ui_r500/rummy_500_driver.py",
                             "rummy_500_seed11_target150", 11, 150),)


def keys_for(h: KeyHarness, action: Action) -> list[str]:
    """The keys that make ``action`` at the table, read off the hand as the table shows it."""
    order = h.app_.table.order
    if isinstance(action, Draw):
        return ["d"]
    if isinstance(action, TakePile):
        return ["down"] * (action.count - 1) + ["t"]
    if isinstance(action, Meld):
        keys = [k for card in action.cards for k in (card_key(order.index(card)), "space")]
        return [*keys, "enter"]
    if isinstance(action, LayOff):
        return [card_key(order.index(action.card)), "O"]
    assert isinstance(action, Discard)
    return [card_key(order.index(action.card)), "x"]


def play_whole_game(h: KeyHarness) -> None:
    h.start()
    h.press("x")  # a discard before drawing: refused, with the reason
    asked: set[tuple[int, str]] = set()
    for _ in range(3000):
        if h.app_.quitting:
            return
        if h.session.over or h.session.waiting:  # no more games; or let the computer player go on
            h.press("n" if h.session.over else "space")
            continue
        v = h.view
        hand = v.hand_number
        for key in ("i", "alt-m", "H", "s", "k", "a", "m"):
            phase = "discard" if key in ("alt-m", "a", "m") else "draw"
            if v.phase == phase and (hand, key) not in asked and (key not in ("a", "m") or v.table):
                asked.add((hand, key))
                h.press(key)
        agent = make_agent(GOLDEN_GAME, "hard", seed=len(h.game.actions))
        for key in keys_for(h, agent.choose(v, h.game.legal_actions(0))):
            h.press(key)
    raise AssertionError("the game did not end")


DRIVER = GoldenDriver(Path(__file__).resolve(), ROOT / "docs" / "rummy-500.md", GOLDEN_GAMES, play_whole_game,
                      GOLDEN_GAMES[0].harness)
main = DRIVER.main

if __name__ == "__main__":
    raise SystemExit(main())
