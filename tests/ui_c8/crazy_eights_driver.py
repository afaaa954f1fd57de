"""Test support: Crazy Eights at the terminal driven by keys, with what was said recorded.

The golden game is a whole seeded game of two to a low target, the player's moves chosen by the hint's
player (hard) and made only by keys read off the table: D to draw, N to pass, a card's number then X to
play it; for an eight X asks the suit, answered by the suit's letter. Along the way the player asks for
the hint (Shift+H), the top card, the scores and the table's facts, plays a card that does not match
(refused, with the reason) and answers the suit question once with a key that is no answer.
Regenerate it, and the keys section of docs/crazy-eights.md, on purpose with

    .venv/bin/python tests/ui_c8/crazy_eights_driver.py
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
from engine.rules.crazy_eights import PassTurn, PlayEight  # noqa: E402

#: The catalog game whose golden transcripts this module writes (scripts/regen_golden.py finds it by this).
GOLDEN_GAME = "crazy-eights"

GOLDEN_GAMES = (TargetGolden(GOLDEN_GAME, "Crazy Eights", "tests/ui_c8/crazy_eights_driver.py",
                             "crazy_eights_seed4_target60", 4, 60),)

#: The English answer letter of each suit in the suit question.
SUIT_LETTER = {"c": "c", "d": "d", "h": "h", "s": "s"}


def keys_for(h: KeyHarness, action: Action) -> list[str]:
    """The keys that make ``action`` at the table, read off the hand as the table shows it."""
    order = h.app_.table.order
    if isinstance(action, Draw):
        return ["d"]
    if isinstance(action, PassTurn):
        return ["n"]
    if isinstance(action, PlayEight):
        return [card_key(order.index(action.card)), "x", SUIT_LETTER[action.suit]]
    assert isinstance(action, Discard)
    return [card_key(order.index(action.card)), "x"]


def play_whole_game(h: KeyHarness) -> None:
    h.start()
    asked: set[tuple[int, str]] = set()
    for _ in range(3000):
        if h.app_.quitting:
            return
        if h.session.over or h.session.waiting:  # no more games; or let the computer player go on
            h.press("n" if h.session.over else "space")
            continue
        v = h.view
        hand = v.hand_number
        for key in ("i", "H", "s", "u"):
            if (hand, key) not in asked:
                asked.add((hand, key))
                h.press(key)
        wrong = next((c for c in v.hand if not v.playable(c)), None)
        if wrong is not None and (hand, "wrong") not in asked:  # a card that does not match: refused
            asked.add((hand, "wrong"))
            h.press(card_key(h.app_.table.order.index(wrong)), "x")
        agent = make_agent(GOLDEN_GAME, "hard", seed=len(h.game.actions))
        action = agent.choose(v, h.game.legal_actions(0))
        if isinstance(action, PlayEight) and (0, "other key") not in asked:  # a key that answers nothing
            asked.add((0, "other key"))
            h.press(card_key(h.app_.table.order.index(action.card)), "x", "z")
            keys_for(h, action)
            h.press(SUIT_LETTER[action.suit])
            continue
        for key in keys_for(h, action):
            h.press(key)
    raise AssertionError("the game did not end")


DRIVER = GoldenDriver(Path(__file__).resolve(), ROOT / "docs" / "crazy-eights.md", GOLDEN_GAMES, play_whole_game,
                      GOLDEN_GAMES[0].harness)
main = DRIVER.main

if __name__ == "__main__":
    raise SystemExit(main())
