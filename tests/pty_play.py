"""The installed ``access-game`` in a real pseudo-terminal, started and ended the way every such test does.

A test that means to catch what only a real process shows runs the command itself: ``spawn`` starts it
with its own user data and settings folder (``ACCESS_GAME_HOME``) and nothing of the test runner's own
terminal library or braille display leaking in; ``quit_game`` ends a game as a player does (Q, the
question, Y) and holds the process to a clean exit. Written once here so that what "a clean quit" means
is the same in every test that plays in a terminal.
"""

from __future__ import annotations

import io
import itertools
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pexpect  # in the test extra: a missing one is a failed install, not a skip
import pyte

__all__ = ["COMMAND", "Screen", "exits", "no_word_cut", "quit_game", "shown_whole", "spawn", "terminal_env"]

COMMAND = Path(sys.executable).parent / "access-game"


def terminal_env(home: Path, *, term: str = "dumb", width: int = 200, drop: tuple[str, ...] = (),
                 **extra: str) -> dict[str, str]:
    """The environment of a terminal ``width`` columns wide whose user data and settings live under
    ``home``. TERM=dumb (the default) moves no cursor, so every line is printed as it is said; ``xterm``
    is the full terminal a sighted helper might use. The runner's variables starting with one of
    ``drop`` are left out as well (its locale, its own ACCESS_GAME_ settings); ``extra`` adds
    variables (HOME, TMPDIR, ...)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROMPT_TOOLKIT", "BRLAPI", *drop))}
    env.update(ACCESS_GAME_HOME=str(home), TERM=term, COLUMNS=str(width), LINES="24", **extra)
    return env


def spawn(home: Path, *args: str, term: str = "dumb", width: int = 200, timeout: float = 20,
          env: dict[str, str] | None = None, cwd: Path | None = None, prefix: Sequence[str] = ()) -> Any:
    """``access-game ARGS`` in a pseudo-terminal 24 lines by ``width`` columns, its data under ``home``
    (or in ``env``, a ``terminal_env`` with more in it); ``prefix`` runs it under another command
    (``strace ...``)."""
    command = [*prefix, str(COMMAND), *args]
    return pexpect.spawn(command[0], command[1:], env=env or terminal_env(home, term=term, width=width),
                         dimensions=(24, width), encoding="utf-8", timeout=timeout,
                         cwd=None if cwd is None else str(cwd))


def quit_game(child: Any, *, then: str | None = None, within: float = -1) -> str:
    """Q, the question "Quit the game?" and its y/n prompt, Y: the process ends by itself with exit
    status 0 (after saying ``then``, a pattern, when given; within ``within`` seconds of the answer
    when given, else the child's own timeout). What it printed after the prompt."""
    child.send("q")
    child.expect(r"Quit the game\?")
    child.expect("quit y/n>")
    child.send("y")
    if then is not None:
        child.expect(then, timeout=within)
    return exits(child, 0, within=within)


def exits(child: Any, status: int, *, within: float = -1) -> str:
    """The process ends by itself with exit ``status`` (within ``within`` seconds when given); what it
    printed since the last thing expected."""
    child.expect(pexpect.EOF, timeout=within)
    child.close()
    assert child.exitstatus == status, (child.exitstatus, child.signalstatus, child.before)
    return str(child.before)


def decline_the_lesson(child: Any) -> None:
    """A first start (no settings yet) offers the guided first hand before anything else (tests/lesson
    tries it): a test of what comes after declines it here."""
    child.expect(r"Would you like a guided first hand of Five Crowns")
    child.expect("y/n>")
    child.send("n")


class Screen:
    """Everything a child writes from now on, rendered as its terminal (``columns`` by ``rows``) shows
    it: what a sighted helper sees, and what a screen reader reviewing the screen reads row by row. It
    keeps all that the child's ``expect`` calls read (pexpect's ``logfile_read``)."""

    def __init__(self, child: Any, columns: int = 80, rows: int = 24) -> None:
        self.child = child
        self.columns = columns
        self.rows = rows
        self.log = io.StringIO()
        child.logfile_read = self.log

    def screen(self, seconds: float = 0.6) -> pyte.Screen:
        """The screen once the child has written for ``seconds`` more."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                self.child.read_nonblocking(100000, timeout=0.1)
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                break
        screen = pyte.Screen(self.columns, self.rows)
        pyte.Stream(screen).feed(self.log.getvalue())
        return screen


def shown_whole(screen: pyte.Screen, line: str) -> bool:
    """Whether ``line`` is on the screen from the start of a row, over as many rows as it takes, each row
    ending between two of its words: the rows put back together with a space are the line itself (a
    word cut at a row's end, "que" and "en of stars", puts them back as "que en")."""
    rows = [row.rstrip() for row in screen.display]
    for i, row in enumerate(rows):
        if not row or not line.startswith(row):
            continue
        joined, j = row, i
        while len(joined) < len(line) and j + 1 < len(rows):
            j += 1
            joined += " " + rows[j]
        if joined == line:
            return True
    return False


def no_word_cut(screen: pyte.Screen) -> bool:
    """Whether no row of the screen ends inside a word: a letter or digit in its last column and another
    at the start of the next row is a word the terminal folded in two (a line that happens to fill the
    row exactly, followed by a line starting with a letter, would look the same: the seeded games used
    have none)."""
    rows = screen.display
    return not any(row[-1:].isalnum() and nxt[:1].isalnum() for row, nxt in itertools.pairwise(rows))
