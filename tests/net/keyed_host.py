"""A network table whose host plays through the same table and keys as local play (the shared
``KeyHarness``), with Ben's seat joined from a second client: the start both the remote-keys tests
make, written once.

(tests/net is on sys.path under pytest; the shared harness lives one folder up.)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from client_support import Seat, remote_seat, remote_session
from harness import KeyHarness

from access_game.settings import Settings

__all__ = ["deadline_pump", "keyed_host"]


def keyed_host(url: str, first: dict[str, Any]) -> tuple[KeyHarness, Seat]:
    """Ann opens a table at ``url`` with ``first`` (a create message) and plays it by keys; Ben joins
    it. Both have been shown the table once it began."""
    made: dict[str, Any] = {}

    def host(announcer: Any, settings: Settings) -> Any:
        made["s"] = remote_session(url, "Ann", first, announcer, settings)
        return made["s"]

    ann = KeyHarness(None, session_factory=host)  # type: ignore[arg-type]
    ben = remote_seat(url, "Ben", {"type": "join", "code": made["s"].code})
    ben.pump_until(lambda: ben.session.started)
    ben.session.start()
    deadline_pump(ann, lambda: ann.session.started)
    ann.start()
    return ann, ben


def deadline_pump(h: KeyHarness, done: Callable[[], bool], seconds: float = 10) -> None:
    """Let the keyed seat's session read the server until ``done`` (at most ``seconds``)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, h.spoken[-6:]
        h.session.pump(timeout=0.05)
