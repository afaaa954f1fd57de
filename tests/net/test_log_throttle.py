"""The server's log says each kind of warning or error once an interval, then how many more there were
(access_game.net.log_throttle), through a real logging handler writing to a real stream."""

from __future__ import annotations

import io
import logging
import time

from access_game.net.log_throttle import Throttle


def test_the_same_error_is_said_once_an_interval_with_a_count() -> None:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logging.Formatter("%(message)s"))
    handler.addFilter(Throttle(interval=0.5))
    log = logging.getLogger("access_game.test_throttle")
    log.addHandler(handler)
    log.propagate = False
    try:
        for i in range(100):
            log.error("table %s: the disk is full", f"T{i}")
        for _ in range(3):
            try:
                raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")
            except UnicodeEncodeError:
                log.exception("connection failed")
        log.warning("another kind of line")
        log.info("below warnings: never held back")
        time.sleep(0.6)
        log.error("table %s: the disk is full", "T100")
    finally:
        log.removeHandler(handler)
        log.propagate = True
    lines = [line for line in out.getvalue().splitlines() if not line.startswith((" ", "Traceback"))]
    assert lines[0] == "table T0: the disk is full"
    assert lines.count("connection failed") == 1 and out.getvalue().count("Traceback") == 1
    assert "another kind of line" in lines
    assert lines[-1].startswith("table T100: the disk is full (and 99 more like it in the last ")
    assert sum(line.startswith("table T") for line in lines) == 2
