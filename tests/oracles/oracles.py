"""Each game's scoring oracle by its registry name (see oracle_base): what the release fuzzer checks
every move against.

Found, not listed: every ``oracle_*.py`` module beside this one is read, and each Oracle class in it
that names its ``game`` is that game's oracle. A new game adds its oracle's module and nothing here.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from pathlib import Path

from oracle_base import Oracle

__all__ = ["ORACLES", "oracle_for"]


def _found() -> dict[str, Callable[[], Oracle]]:
    found: dict[str, Callable[[], Oracle]] = {}
    for path in sorted(Path(__file__).parent.glob("oracle_*.py")):
        module = importlib.import_module(path.stem)
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Oracle) and cls.__module__ == module.__name__ and cls.game:
                if cls.game in found:
                    raise RuntimeError(f"two oracles for {cls.game}: {found[cls.game]} and {cls}")
                found[cls.game] = cls
    return found


ORACLES: dict[str, Callable[[], Oracle]] = _found()


def oracle_for(game: str) -> Oracle:
    """A fresh oracle for one game of ``game`` (a game without one gets the plain base: no checks)."""
    return ORACLES.get(game, Oracle)()
