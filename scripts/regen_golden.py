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
import ast
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: The folder and module that play the other languages' golden games (each game's first golden game).
LANGUAGE_DRIVER = ("tests/golden", "language_golden")


def golden_game_of(path: Path) -> str | None:
    """The catalog game a golden driver writes for: its module-level ``GOLDEN_GAME = "name"``."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        named = isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "GOLDEN_GAME"
                                                     for t in node.targets)
        if named and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return node.value.value
    return None


def golden_drivers() -> list[tuple[str, str]]:
    """Each module under tests/ that names the game it writes golden transcripts for (``GOLDEN_GAME``),
    as (folder, module), in the catalog's order of games: no list of games to keep here. A game of the
    catalog with no driver is an error."""
    from access_game.catalog import games

    found: dict[str, list[tuple[str, str]]] = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        game = golden_game_of(path)
        if game is not None:
            found.setdefault(game, []).append((str(path.parent.relative_to(ROOT)), path.stem))
    names = [e.name for e in games()]
    missing = [n for n in names if n not in found]
    if missing:
        raise SystemExit(f"no golden driver (GOLDEN_GAME = ...) for: {', '.join(missing)}")
    return [driver for name in names for driver in found[name]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rewrite the golden transcripts and docs/keys.md.")
    from speech.i18n import LANGUAGES

    parser.add_argument("--lang", choices=LANGUAGES, help="only this language's golden transcripts")
    args = parser.parse_args(argv)
    if args.lang in (None, LANGUAGES[0]):
        for folder, module in golden_drivers():
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
