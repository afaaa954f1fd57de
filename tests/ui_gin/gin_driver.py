"""Test support: Gin Rummy at the terminal driven by keys, with what was said recorded.

The golden game is a whole seeded game to a low target, the player's moves chosen by the hint's
player (hard) and made only by keys read off the table: Y or N for the up card offered, D or T to
draw, the card's number then X to discard or O to knock. Along the way the player asks for the best
melds (Alt+M), the hint (Shift+H), the scores, the table's facts and the discard pile. Regenerate it,
and the keys section of docs/gin-rummy.md, on purpose with

    .venv/bin/python tests/ui_gin/gin_driver.py
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
from engine.rules.gin_rummy import Knock, PassUpcard  # noqa: E402

#: The catalog game whose golden transcripts this module writes (scripts/regen_golden.py finds it by this).
GOLDEN_GAME = "gin-rummy"


GOLDEN_GAMES = (TargetGolden(GOLDEN_GAME, "Gin Rummy", "tests/ui_gin/gin_driver.py", "gin_seed24_target60", 24, 60),)


def keys_for(h: KeyHarness, action: Action) -> list[str]:
    """The keys that make ``action`` at the table: the card's number first for a card it names."""
    if isinstance(action, PassUpcard):
        return ["n"]
    if isinstance(action, Draw):
        if h.view.phase == "offer":
            return ["y"]
        return ["t" if action.source == "discard" else "d"]
    card = action.card if isinstance(action, Discard | Knock) else None
    to = [] if card is None else [card_key(h.app_.table.order.index(card))]
    return [*to, "o" if isinstance(action, Knock) else "x"]


def play_whole_game(h: KeyHarness) -> None:
    h.start()
    h.press("x")  # a discard before drawing: refused, with the reason
    asked: set[tuple[int, str]] = set()
    for _ in range(2000):
        if h.app_.quitting:
            return
        if h.session.over or h.session.waiting:  # no more games; or let the computer player go on
            h.press("n" if h.session.over else "space")
            continue
        v = h.view
        hand = v.hand_number
        for key in ("i", "alt-m", "H", "s", "k"):
            phase = "discard" if key in ("alt-m", "k") else "draw"
            if v.phase == phase and (hand, key) not in asked:
                asked.add((hand, key))
                h.press(key)
        agent = make_agent(GOLDEN_GAME, "hard", seed=len(h.game.actions))
        for key in keys_for(h, agent.choose(v, h.game.legal_actions(0))):
            h.press(key)
    raise AssertionError("the game did not end")


DRIVER = GoldenDriver(Path(__file__).resolve(), ROOT / "docs" / "gin-rummy.md", GOLDEN_GAMES, play_whole_game,
                      GOLDEN_GAMES[0].harness)
main = DRIVER.main

if __name__ == "__main__":
    raise SystemExit(main())
