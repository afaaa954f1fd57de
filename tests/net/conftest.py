"""The live table server every remote-session test plays on: real websockets on loopback, its table
directory in the test's own folder."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client_support import LiveServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(tmp_path / "tables") as live:
        yield live
