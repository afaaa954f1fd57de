"""Regenerate every golden transcript on purpose, after a deliberate change in behaviour.

Each golden game is played key by key (a sensible player's keys, chosen from what the table shows) and
its transcript written; review the diff (git diff tests) before committing it. The English games come
first, then one game of each of the four in French (tests/golden/fr/); ``--lang en`` or ``--lang fr``
rewrites only that language's. Also rewrites
docs/keys.md and the keys sections of the game documents from the command registries.

    .venv/bin/python scripts/regen_golden.py [--lang en|fr]
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: Each test folder with golden games, and the module there that plays and writes them.
DRIVERS = (("tests/ui", "ui_driver"), ("tests/solitaire", "solitaire_driver"),
           ("tests/ui_contract", "contract_driver"), ("tests/ui_upcard", "upcard_driver"),
           ("tests/upcard", "upcard_golden"))
#: The folder and module that play the French golden games (each game's first golden game, in French).
FRENCH_DRIVERS = (("tests/golden", "french_golden"),)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rewrite the golden transcripts and docs/keys.md.")
    parser.add_argument("--lang", choices=("en", "fr"), help="only this language's golden transcripts")
    args = parser.parse_args(argv)
    drivers = {"en": DRIVERS, "fr": FRENCH_DRIVERS}.get(args.lang or "", DRIVERS + FRENCH_DRIVERS)
    for folder, module in drivers:
        sys.path.insert(0, str(ROOT / folder))
        status = importlib.import_module(module).main()
        if status:
            return int(status)
    from access_game.ui.keys_doc import KEYS_DOC, render_keys_doc

    (ROOT / KEYS_DOC).write_text(render_keys_doc(), encoding="utf-8")
    print(f"wrote {KEYS_DOC}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
