"""The server's log, with each kind of warning or error said at most once a minute.

A public server meets the same fault again and again: a database that is down fails every sign-in, a
client's bug sends the same bad frame a thousand times. Each of those written whole (a traceback with
it) fills the disk and hides the one line that differs. So the log keeps, per kind of line (the
logger, the level, the words before their values are filled in, and the kind of exception), the first
one of each interval and drops the others, counting them: the next one written says how many there
were ("and 41 more like it in the last 60 s"). Lines below WARNING are not held back.
"""

from __future__ import annotations

import logging
import sys
import time
from collections import OrderedDict
from dataclasses import dataclass

__all__ = ["INTERVAL_SECONDS", "Throttle", "install"]

#: Seconds during which a line of one kind is said once.
INTERVAL_SECONDS = 60.0
#: Kinds of line remembered (the least recently seen forgotten first).
KINDS_REMEMBERED = 1000


@dataclass(slots=True)
class _Seen:
    at: float
    held: int = 0


class Throttle(logging.Filter):
    """A filter that lets one line of each kind through per ``interval`` (see the module docstring)."""

    def __init__(self, interval: float = INTERVAL_SECONDS) -> None:
        super().__init__()
        self.interval = interval
        self._seen: OrderedDict[tuple[str, int, str, str], _Seen] = OrderedDict()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        failure = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] is not None else ""
        kind = (record.name, record.levelno, str(record.msg), failure)
        now = time.monotonic()
        seen = self._seen.get(kind)
        if seen is not None and now - seen.at < self.interval:
            seen.held += 1
            self._seen.move_to_end(kind)
            return False
        if seen is not None and seen.held:
            record.msg = f"{record.getMessage()} (and {seen.held} more like it in the last {now - seen.at:.0f} s)"
            record.args = None
        self._seen[kind] = _Seen(now)
        self._seen.move_to_end(kind)
        while len(self._seen) > KINDS_REMEMBERED:
            self._seen.popitem(last=False)
        return True


def install(interval: float = INTERVAL_SECONDS) -> logging.Handler:
    """Write the program's warnings and errors to stderr as Python does by default (the words alone, a
    traceback after them), each kind at most once per ``interval``; the handler."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter("%(message)s"))
    handler.addFilter(Throttle(interval))
    logging.getLogger("access_game").addHandler(handler)
    return handler
