"""Regenerate the golden transcripts in tests/golden/ on purpose, after a deliberate change in behaviour.

Each golden game is played key by key (a sensible player's keys, chosen from what the table shows) and
its transcript written; review the diff (git diff tests/golden) before committing it. Also rewrites
docs/keys.md from the command registry.

    .venv/bin/python scripts/regen_golden.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "ui"))

from ui_driver import GOLDEN_GAMES, golden_path, record_golden  # noqa: E402

from access_game.ui.keys_doc import KEYS_DOC, render_keys_doc  # noqa: E402


def main() -> int:
    for game in GOLDEN_GAMES:
        path = golden_path(game)
        path.parent.mkdir(parents=True, exist_ok=True)
        lines = record_golden(game)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)} ({len(lines)} lines)")
    doc = ROOT / KEYS_DOC
    doc.write_text(render_keys_doc(), encoding="utf-8")
    print(f"wrote {KEYS_DOC}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
