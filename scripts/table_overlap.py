"""How much of each game's terminal table is its own: lines per table file, and the share of each game's
table lines that are found, the same, in another game's table.

A line counts when it says something: blank lines, comments and lone closing brackets are left out, and
a line is compared stripped of its indentation (a copy that was re-indented is still a copy). A second
figure leaves out what every module repeats without copying anything (imports, and a lone ``return``,
``else:``, ``@property`` or the like), so what is left is the code itself. A game's
table is every module under access_game/ui/ named for it (contract_*.py, upcard_*.py, gin_table.py...);
the shared tables (hand_table.py, draw_discard_table.py) belong to no game, so what lives there once is
not counted as repeated. A game added to the catalog is measured once its table module is named
``<prefix>_table.py``.

    .venv/bin/python scripts/table_overlap.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "access_game" / "ui"
sys.path.insert(0, str(ROOT))

#: Modules under ui/ that are shared by the tables, not any game's own.
SHARED = ("hand_table.py", "draw_discard_table.py", "table.py", "table_setup.py", "waiting_table.py")


def _game_files() -> dict[str, list[Path]]:
    """Each catalog game's table modules: its table's module and the modules sharing its prefix."""
    from access_game.catalog import games

    out: dict[str, list[Path]] = {}
    for entry in games():
        if entry.table is None:
            continue
        module = entry.table.partition(":")[0].rsplit(".", 1)[-1]
        prefix = module.removesuffix("_table")
        files = sorted(p for p in UI.glob(f"{prefix}_*.py") if p.name not in SHARED)
        out[entry.name] = files
    return out


#: Lines any module may hold without having copied them.
BARE = ("return", "else:", "try:", "@property", "pass", "continue", "break", "finally:")


def _lines(path: Path, *, code_only: bool = False) -> list[str]:
    """The lines that say something, stripped of indentation (``code_only``: imports and bare keywords
    left out too)."""
    kept = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or line in (")", "]", "}", "),", "],", "},", "})", '"""'):
            continue
        if code_only and (line in BARE or line.startswith(("import ", "from "))):
            continue
        kept.append(line)
    return kept


def _shares(files: dict[str, list[Path]], *, code_only: bool) -> None:
    own = {name: [line for p in ps for line in _lines(p, code_only=code_only)] for name, ps in files.items()}
    total_same = total = 0
    for name, lines in own.items():
        others = {line for other, ls in own.items() if other != name for line in ls}
        same = sum(1 for line in lines if line in others)
        total_same += same
        total += len(lines)
        share = 100 * same / len(lines) if lines else 0.0
        print(f"  {name}: {same} of {len(lines)} lines ({share:.1f}%)")
    print(f"  all games: {total_same} of {total} lines ({100 * total_same / max(total, 1):.1f}%)")


def main() -> int:
    files = _game_files()
    print("lines per table file (all lines, as wc -l counts them):")
    for path in sorted({p for ps in files.values() for p in ps} | {UI / n for n in SHARED[:2] if (UI / n).exists()}):
        print(f"  {path.relative_to(ROOT)}: {len(path.read_text(encoding='utf-8').splitlines())}")
    print("share of each game's table lines found in another game's table (every line that says something):")
    _shares(files, code_only=False)
    print("the same, imports and bare keywords left out:")
    _shares(files, code_only=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
