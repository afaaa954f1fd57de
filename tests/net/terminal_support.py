"""The installed ``access-game`` command in real pseudo-terminals, as a player meets it.

(tests/net is on sys.path under pytest.) A test that means to catch what only a real process shows
(a game its ``join`` process cannot read because nothing imported its rules, a token file another
process wrote) runs the command itself: ``serving`` starts ``access-game serve`` as its own process,
``spawn`` starts ``host`` or ``join`` in a pseudo-terminal with its own user data folder and the
screen-reader speech, which prints every line it says, so a test reads what a blind player hears.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect

__all__ = ["COMMAND", "serving", "spawn", "terminal_env", "words"]

COMMAND = Path(sys.executable).parent / "access-game"


def terminal_env(home: Path) -> dict[str, str]:
    """A plain terminal (TERM=dumb: no cursor movement, every line printed as it is said) whose user
    data and settings live under ``home``; nothing of the test runner's own speech or braille leaks in."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROMPT_TOOLKIT", "BRLAPI"))}
    env.update(ACCESS_GAME_HOME=str(home), TERM="dumb", COLUMNS="200", LINES="24")
    return env


@contextlib.contextmanager
def serving(data: Path, home: Path) -> Iterator[str]:
    """``access-game serve`` on a free port, keeping its tables in ``data``; the URL it serves on."""
    proc = subprocess.Popen([str(COMMAND), "serve", "--port", "0", "--data", str(data)],
                            stdout=subprocess.PIPE, text=True, env=terminal_env(home))
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.match(r"Serving on (ws://\S+)", line)
        assert match, line
        yield match.group(1)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def spawn(home: Path, *args: str, timeout: float = 30) -> Any:
    """``access-game ARGS --speech screen-reader`` in a pseudo-terminal, its data under ``home``."""
    return pexpect.spawn(str(COMMAND), [*args, "--speech", "screen-reader"], env=terminal_env(home),
                         dimensions=(24, 200), encoding="utf-8", timeout=timeout)


def words(text: str) -> str:
    """A pattern for a sentence the announcer may wrap at its width: any whitespace between words."""
    return r"\s+".join(re.escape(word) for word in text.split())
