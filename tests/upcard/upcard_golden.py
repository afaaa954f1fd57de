"""The golden upcard rummy game: three computer players, one seed, told to seat 0 in words.

Run this file to rewrite the transcript on purpose after a deliberate change in the rules, the
players or the words, then read the diff before committing it:

    .venv/bin/python tests/upcard/upcard_golden.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.bots import make_agent  # noqa: E402
from engine.game import Game  # noqa: E402
from speech.upcard_words import upcard_transcript  # noqa: E402
from speech.utterance import Verbosity  # noqa: E402

GOLDEN = Path(__file__).with_name("golden_upcard_seed7.txt")
PLAYERS = ("You", "Anna", "Ben")
LEVELS = ("hard", "normal", "easy")
SEED = 7
TARGET = 800
HEADER = [
    f"# Golden transcript: upcard rummy, seed {SEED}, target {TARGET}, players {', '.join(PLAYERS)}, "
    f"computer levels {', '.join(LEVELS)}, told to seat 0 at normal verbosity.",
    "# Regenerate on purpose: .venv/bin/python tests/upcard/upcard_golden.py",
]


def play_golden() -> Game:
    game = Game.new("upcard-rummy", list(PLAYERS), seed=SEED, options={"target": TARGET})
    agents = [make_agent("upcard-rummy", level, SEED * 10 + i) for i, level in enumerate(LEVELS)]
    while not game.over:
        seat = game.seats_to_act()[0]
        game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


def golden_lines() -> list[str]:
    game = play_golden()
    return HEADER + upcard_transcript(game.log, PLAYERS, 0, Verbosity.NORMAL)


#: The catalog game whose golden transcripts this module writes (scripts/regen_golden.py finds it by this).
GOLDEN_GAME = "upcard-rummy"


def main() -> int:
    lines = golden_lines()
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(lines)} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
