"""A real braille display on a machine without one: BRLTTY's TTY driver drawing on a tmux pseudo-terminal.

BRLTTY's "tt" driver shows a 40-cell, one-line display on a terminal, as its text and as Unicode
braille cells, and turns some of that terminal's keys into display commands (arrows: panning left and
right, line up and down). With tmux holding the terminal, what the display shows is read back with
``capture-pane`` and its keys pressed with ``send-keys``. BRLTTY's BrlAPI server listens on a TCP
port of its own with no key, so a BrlAPI client reaches it at :attr:`TtyDisplay.host`. Used by the
braille display tests and by ``python -m access_game.bench.output --braille``.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import time
from functools import partial
from types import TracebackType

from speech.programs import need_program

__all__ = ["TtyDisplay"]

#: BrlAPI's TCP ports are 4101 + the number after the host's colon.
BRLAPI_PORT_BASE = 4101


#: How many displays this process started: each takes a port and a tmux socket after the last one's,
#: so one started right after another stopped never meets the port or socket still closing.
_started = itertools.count()

#: The path of a program this needs, or FileNotFoundError naming the packages that bring it.
_need = partial(need_program, packages="brltty tmux")


def _free_number(start: int) -> int:
    """The first BrlAPI host number from ``start`` whose port nobody listens on."""
    import socket

    for number in range(start, start + 200):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.settimeout(0.1)
            if s.connect_ex(("127.0.0.1", BRLAPI_PORT_BASE + number)) != 0:
                return number
    raise RuntimeError("no free BrlAPI port")


class TtyDisplay:
    """BRLTTY with its TTY driver on a private tmux server; ``stop()`` ends both."""

    def __init__(self, *, number: int | None = None, start_timeout: float = 10.0,
                 contraction_table: str | None = None) -> None:
        """``contraction_table``: BRLTTY's own contraction table (``-c``), as a reader's configuration
        names it; what BrlAPI reports to the game as the reader's grade."""
        self.tmux = _need("tmux")
        brltty = _need("brltty")
        self.number = number if number is not None else _free_number(20 + os.getpid() % 4000 + 7 * next(_started))
        self.socket = f"access-game-brl-{os.getpid()}-{self.number}"
        #: What a BrlAPI client passes as its host (BRLAPI_HOST).
        self.host = f"127.0.0.1:{self.number}"
        self._tmux("new-session", "-d", "-x", "80", "-y", "6", "sleep 100000")
        pty = self._tmux("display", "-p", "#{pane_tty}").strip()
        self._brltty = subprocess.Popen(
            [brltty, "-n", "-b", "tt", "-d", pty, "-x", "no", "-s", "no", "-A", f"auth=none,host={self.host}",
             "-q", *(["-c", contraction_table] if contraction_table else [])],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + start_timeout
        while "\u2800" not in self.capture():
            if self._brltty.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("brltty did not start its TTY display")
            time.sleep(0.05)
        self._wait_for_port(deadline)

    @property
    def pid(self) -> int | None:
        """BRLTTY's process id while it runs (to stop it with SIGSTOP, as a wedged BRLTTY would be)."""
        return self._brltty.pid if self._brltty.poll() is None else None

    def _wait_for_port(self, deadline: float) -> None:
        import socket

        while True:
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
                s.settimeout(0.2)
                if s.connect_ex(("127.0.0.1", BRLAPI_PORT_BASE + self.number)) == 0:
                    return
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("brltty's BrlAPI server did not start")
            time.sleep(0.05)

    def _tmux(self, *args: str) -> str:
        done = subprocess.run([self.tmux, "-L", self.socket, "-f", "/dev/null", *args], capture_output=True,
                              text=True, timeout=10, check=False)
        return done.stdout

    def capture(self) -> str:
        return self._tmux("capture-pane", "-p")

    def cells(self) -> str:
        """What the display shows, as Unicode braille cells, without the blank cells at its end."""
        for line in self.capture().splitlines():
            if line and all(0x2800 <= ord(ch) <= 0x28FF for ch in line.strip()):
                return line.rstrip().rstrip("\u2800")
        return ""

    def text(self) -> str:
        """The display's text line, as the driver shows it beside the cells."""
        lines = self.capture().splitlines()
        return lines[0].rstrip() if lines else ""

    def wait_for(self, cells: str, timeout: float = 3.0) -> bool:
        """Until the display starts with ``cells``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.cells().startswith(cells):
                return True
            time.sleep(0.005)
        return False

    def press(self, key: str) -> None:
        """A display key through its terminal: Left/Right pan, Up/Down line up and down."""
        self._tmux("send-keys", key)

    def stop(self) -> None:
        if self._brltty.poll() is None:
            self._brltty.terminate()
            try:
                self._brltty.wait(5)
            except subprocess.TimeoutExpired:
                self._brltty.kill()
                self._brltty.wait()
        self._tmux("kill-server")

    def __enter__(self) -> TtyDisplay:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()
