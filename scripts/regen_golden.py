"""Regenerate every golden transcript on purpose, after a deliberate change in behaviour.

Each golden game is played key by key (a sensible player's keys, chosen from what the table shows) and
its transcript written; review the diff (git diff tests) before committing it. The English games come
first, then one game of each of the four in each other language (in the golden folder its description
in speech/languages/ names: tests/golden/fr/, tests/golden/es/); ``--lang CODE`` rewrites only that
language's. Also rewrites docs/keys.md and the keys sections of the game documents from the command
registries.

    .venv/bin/python scripts/regen_golden.py [--lang en|fr|es]
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
#: The folder and module that play the other languages' golden games (each game's first golden game).
LANGUAGE_DRIVER = ("tests/golden", "language_golden")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rewrite the golden transcripts and docs/keys.md.")
    from speech.i18n import LANGUAGES

    parser.add_argument("--lang", choices=LANGUAGES, help="only this language's golden transcripts")
    args = parser.parse_args(argv)
    if args.lang in (None, LANGUAGES[0]):
        for folder, module in DRIVERS:
            sys.path.insert(0, str(ROOT / folder))
            status = importlib.import_module(module).main()
            if status:
                return int(status)
    if args.lang != LANGUAGES[0]:
        folder, module = LANGUAGE_DRIVER
        sys.path.insert(0, str(ROOT / folder))
        status = importlib.import_module(module).main(args.lang)
        if status:
            return int(status)
    from access_game.ui.keys_doc import KEYS_DOC, render_keys_doc

    (ROOT / KEYS_DOC).write_text(render_keys_doc(), encoding="utf-8")
    print(f"wrote {KEYS_DOC}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
