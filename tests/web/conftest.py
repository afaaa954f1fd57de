"""The web table's tests: a real ``access-game serve`` process and real WebSocket clients on loopback
(tests/web/web_support.py), the terminal's own commands beside them where lines are compared."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))

from terminal_support import serving


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """The URL of an ``access-game serve`` process keeping its tables in the test's folder."""
    with serving(tmp_path / "tables", tmp_path / "server") as url:
        yield url
