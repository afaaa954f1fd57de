"""The live table server every remote-session test plays on: real websockets on loopback, its table
directory in the test's own folder; and ``served``, the installed ``access-game serve`` as its own
process, for the tests that run the commands in real terminals."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client_support import LiveServer
from terminal_support import serving


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(tmp_path / "tables") as live:
        yield live


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """The URL of an ``access-game serve`` process keeping its tables in the test's folder."""
    with serving(tmp_path / "tables", tmp_path / "server") as url:
        yield url
