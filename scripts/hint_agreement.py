"""How often a hint and its key agree: whole games of every catalog game played by the hint alone.

At each of the player's turns the hint is asked (H) and exactly the keys it names are typed, through
prompt_toolkit pipe input into the running table; the move the game records is checked against the
hint's (tests/hints/hint_play.py, which tests/hints/test_hint_agreement.py runs on fewer games). Prints,
per game, the whole games played, the hints followed and the mismatches (each one described), and the
kinds of move the hints named; exits 1 if any hint and its key disagreed.

    .venv/bin/python scripts/hint_agreement.py [--games N] [--first-seed S] [--game NAME ...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT, ROOT / "tests", ROOT / "tests" / "hints"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from hint_play import HINT_GAMES, Tally, play_by_hints  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="whole games per catalog game (default 10)")
    parser.add_argument("--first-seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--game", action="append", choices=[e.name for e in HINT_GAMES],
                        help="only this game (again for more); default every game of the catalog")
    args = parser.parse_args(argv)
    mismatches = 0
    for entry in HINT_GAMES:
        if args.game and entry.name not in args.game:
            continue
        total = Tally(entry.name)
        for seed in range(args.first_seed, args.first_seed + args.games):
            total.add(play_by_hints(entry, seed))
        print(total.line(), flush=True)
        for problem in total.mismatches:
            print(f"  {problem}")
        mismatches += len(total.mismatches)
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
