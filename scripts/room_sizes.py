"""The largest rooms of the program: its longest classes and modules, in lines.

A class is counted from its first decorator (or its ``class`` line) to its last line, docstrings,
comments and blank lines included, as a reader meets it; a module is every line of its file. The
network's and the online package's classes are held under MAX_CLASS_LINES by
tests/scripts/test_room_sizes.py; this prints the figures for any folder.

    .venv/bin/python scripts/room_sizes.py                        # access_game, the 5 largest of each
    .venv/bin/python scripts/room_sizes.py access_game/net access_game/online --top 10
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The most lines a class of the network or the online package may have (issue 40, rooms by role).
MAX_CLASS_LINES = 400


def class_sizes(folder: Path) -> list[tuple[int, str]]:
    """(lines, 'path:Class') for every class under ``folder``, nested classes too."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                out.append((node.end_lineno - first + 1, f"{path.relative_to(folder.parent)}:{node.name}"))
    return out


def module_sizes(folder: Path) -> list[tuple[int, str]]:
    """(lines, path) for every module under ``folder``."""
    return [(len(path.read_text(encoding="utf-8").splitlines()), str(path.relative_to(folder.parent)))
            for path in sorted(folder.rglob("*.py"))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", default=["access_game"], help="folders to measure")
    parser.add_argument("--top", type=int, default=5, help="how many of each to print")
    args = parser.parse_args(argv)
    for folder in args.folders:
        path = Path(folder).resolve()
        for title, sizes in (("classes", class_sizes(path)), ("modules", module_sizes(path))):
            print(f"{folder}: largest {title}")
            for lines, name in sorted(sizes, reverse=True)[:args.top]:
                print(f"  {lines:5d}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
