"""A braille display reached directly through BRLTTY's BrlAPI (Linux).

Why directly: a display under BRLTTY or Orca follows the cursor, and the game's cursor rests on its
prompt line, so the news is never under the reader's fingers without review commands. Through BrlAPI
the game writes the newest message to the display itself and reads the display's own keys (panning,
line up and down, routing) to move through it.

What is written: dots. Words in the literary braille the reader chose (liblouis, at their grade) and
cards in the card code (:mod:`braille.display_cells`), sent with writeDots, so BRLTTY's text table
(computer braille) never changes them; the cutting of a message into the display's windows is there
too, apart, so that asking whether a display is present loads none of it. Only without liblouis are
words sent as text, through BRLTTY's own table.

The binding is Debian's python3-brlapi (BrlAPI is not on PyPI); a virtual environment's Python
imports it from the system folder, which is put on the path only for that import. BRLAPI_HOST and
BRLAPI_AUTH say which server and which key, as for every BrlAPI client.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, TypeVar

from braille.call_thread import CallThread, Unanswered
from braille.cells import is_unicode_braille
from braille.system_modules import SYSTEM_PACKAGES, import_system_module

__all__ = [
    "SYSTEM_PACKAGES",
    "BrlapiDisplay",
    "DisplayKey",
    "DisplayUnavailable",
    "load_brlapi",
]

T = TypeVar("T")


class DisplayUnavailable(RuntimeError):
    """No BrlAPI here, no server answering, or the display went away."""


def load_brlapi() -> ModuleType | None:
    """The brlapi module, from this Python's path or else Debian's system folder; None when absent."""
    return import_system_module("brlapi", "brlapi*.so")


# ----------------------------------------------------------------------------- keys
@dataclass(frozen=True, slots=True)
class DisplayKey:
    """A display key as the game uses it: 'pan-left', 'pan-right', 'line-up', 'line-down', 'top',
    'bottom', 'route' (``column``: which routing key), or 'other'."""

    name: str
    column: int = 0


_COMMANDS = {
    "FWINLT": "pan-left",
    "FWINRT": "pan-right",
    "LNUP": "line-up",
    "LNDN": "line-down",
    "TOP": "top",
    "TOP_LEFT": "top",
    "BOT": "bottom",
    "BOT_LEFT": "bottom",
}


def decode_key(brlapi: Any, code: int) -> DisplayKey:
    """A BrlAPI key code (command keys: the type bit, a block, an argument) as a :class:`DisplayKey`."""
    if code & brlapi.KEY_TYPE_MASK != brlapi.KEY_TYPE_CMD:
        return DisplayKey("other")
    block = code & brlapi.KEY_CMD_BLK_MASK
    argument = code & brlapi.KEY_CMD_ARG_MASK
    if block == brlapi.KEY_CMD_ROUTE:
        return DisplayKey("route", argument)
    if block == 0:
        for name, meaning in _COMMANDS.items():
            if argument == getattr(brlapi, f"KEY_CMD_{name}", -1):
                return DisplayKey(meaning)
    return DisplayKey("other")


def accepted_codes(brlapi: Any) -> list[int]:
    """The command codes the game takes from the display; every other key stays with BRLTTY."""
    codes = [brlapi.KEY_TYPE_CMD | getattr(brlapi, f"KEY_CMD_{name}") for name in _COMMANDS
             if hasattr(brlapi, f"KEY_CMD_{name}")]
    return [*codes, brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_ROUTE]


# ----------------------------------------------------------------------------- the display
#: Seconds any call to BRLTTY (write, read a key, leave the display) may take before the link is given up.
CALL_LIMIT = 1.0


class BrlapiDisplay:
    """A connection to a BrlAPI server holding the display in TTY mode; every call may raise
    DisplayUnavailable (the connection is gone, or BRLTTY did not answer in time).

    Every library call runs in the connection's own thread (braille.call_thread) and is waited for at
    most ``timeout`` seconds when connecting and ``limit`` seconds after that: a BRLTTY that stops
    answering costs the game one such wait, never a hang, and the link is then given up.
    """

    def __init__(self, host: str | None = None, auth: str | None = None, *, timeout: float = 1.0,
                 limit: float = CALL_LIMIT) -> None:
        brlapi = load_brlapi()
        if brlapi is None:
            raise DisplayUnavailable("BrlAPI is not installed (Debian: apt-get install brltty python3-brlapi)")
        self._brlapi = brlapi
        host = host if host is not None else os.environ.get("BRLAPI_HOST")
        auth = auth if auth is not None else os.environ.get("BRLAPI_AUTH")
        self.host = host or "the local BrlAPI server"
        self._limit = limit
        self._calls = CallThread("brlapi")
        self._conn: Any = None
        self._conn = self._connect(host, auth, timeout)
        try:
            self.width, self.driver, self._fd = self._call(self._take_display)
        except DisplayUnavailable as exc:
            self.close()
            raise DisplayUnavailable(f"the braille display could not be used: {exc}") from exc
        if self.width <= 0:
            self.close()
            raise DisplayUnavailable("BrlAPI answered, but there is no braille display")

    def _connect(self, host: str | None, auth: str | None, timeout: float) -> Any:
        """Connect in the connection's thread, so a server that never answers holds the game up
        ``timeout`` at most."""
        try:
            return self._calls.call(lambda: self._brlapi.Connection(host.encode() if host else None,
                                                                    auth.encode() if auth else None), timeout)
        except Unanswered:
            self._calls.close()
            raise DisplayUnavailable(f"the BrlAPI server at {self.host} did not answer within {timeout:g} s") from None
        except BaseException as exc:
            self._calls.close()
            first_line = (str(exc).strip().splitlines() or [""])[0]
            why = first_line.rsplit(": ", 1)[-1].strip()
            detail = f" ({why})" if why else ""
            raise DisplayUnavailable(f"no BrlAPI server answers at {self.host}{detail}") from exc

    def _take_display(self) -> tuple[int, str, int]:
        """(cells, driver name, file descriptor), with the display in TTY mode and only the game's keys
        taken: in the connection's thread."""
        conn, brlapi = self._conn, self._brlapi
        columns, rows = conn.displaySize
        driver = bytes(conn.driverName).decode(errors="replace")
        try:  # the terminal's own console when BRLTTY can tell which it is, else the display's root
            conn.enterTtyMode()
        except Exception:
            conn.enterTtyModeWithPath([])
        with contextlib.suppress(Exception):  # keys the game does not use stay with BRLTTY
            conn.ignoreKeys(brlapi.rangeType_all, [0])
            conn.acceptKeys(brlapi.rangeType_command, accepted_codes(brlapi))
        return int(columns) * max(1, int(rows)), driver, int(conn.fileDescriptor)

    def _call(self, fn: Callable[[], T]) -> T:
        """``fn()`` in the connection's thread, within the limit; any failure is DisplayUnavailable."""
        if self._conn is None:
            raise DisplayUnavailable("the braille display link is closed")
        try:
            return self._calls.call(fn, self._limit)
        except Unanswered as exc:
            raise DisplayUnavailable(f"the braille display did not answer within {exc.limit:g} s") from None
        except Exception as exc:
            raise DisplayUnavailable(f"the braille display link was lost: {exc}") from exc

    def write(self, text: str) -> None:
        """Show ``text``: Unicode braille cells as their dots exactly (writeDots, the rest of the display
        blank); anything else as text, through BRLTTY's text table."""
        conn = self._conn
        if all(map(is_unicode_braille, text)):
            dots = bytes(ord(ch) - 0x2800 for ch in text[: self.width]).ljust(self.width, b"\0")
            self._call(lambda: conn.writeDots(dots))
        else:
            self._call(lambda: conn.writeText(text))

    def contraction_table(self) -> str | None:
        """The contraction table BRLTTY uses for this reader ('en-ueb-g2'), from BrlAPI's parameters:
        'none' when it contracts nothing (no table, or a grade 1 one); None when it cannot say."""
        conn, brlapi = self._conn, self._brlapi
        param = getattr(brlapi, "PARAM_LITERARY_BRAILLE_TABLE", None)
        if param is None:
            return None
        try:
            value = self._call(lambda: conn.getParameter(param, 0, getattr(brlapi, "PARAMF_GLOBAL", 1)))
        except DisplayUnavailable:
            return None
        name = value.decode(errors="replace") if isinstance(value, bytes) else str(value)
        return name.strip() or None

    def read_key(self, timeout: float = 0.2) -> DisplayKey | None:
        """The next key within ``timeout`` seconds, or None (run in a thread of its own).

        The wait happens outside the library, on the connection's file descriptor: a thread blocked
        inside libbrlapi's readKey would hold every other call up. Reading the key that arrived is one
        more call in the connection's thread, within the limit.
        """
        import select

        conn = self._conn
        if conn is None:
            raise DisplayUnavailable("the braille display link is closed")
        try:
            ready, _, _ = select.select([self._fd], [], [], timeout)
        except (OSError, ValueError) as exc:
            raise DisplayUnavailable(f"the braille display link was lost: {exc}") from exc
        if not ready:
            return None
        code = self._call(lambda: conn.readKey(False))
        if code is None:
            return None
        return decode_key(self._brlapi, int(code))

    def close(self) -> None:
        """Give the display back to BRLTTY and disconnect, within the limit; a BRLTTY that does not
        answer is left as it is (its connection goes when the program ends)."""
        conn = getattr(self, "_conn", None)
        if conn is None:
            return
        self._conn = None

        def leave() -> None:
            with contextlib.suppress(Exception):
                conn.leaveTtyMode()
            with contextlib.suppress(Exception):
                conn.closeConnection()

        with contextlib.suppress(Unanswered):
            self._calls.call(leave, self._limit)
        self._calls.close()
