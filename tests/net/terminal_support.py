"""The installed ``access-game`` command in real pseudo-terminals, as a player meets it.

(tests/net is on sys.path under pytest.) A test that means to catch what only a real process shows
(a game its ``join`` process cannot read because nothing imported its rules, a token file another
process wrote) runs the command itself: ``serving`` starts ``access-game serve`` as its own process,
``spawn`` starts ``host`` or ``join`` in a pseudo-terminal with its own user data folder and the
screen-reader speech, which prints every line it says, so a test reads what a blind player hears.
"""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import COMMAND, exits, quit_game, terminal_env
from pty_play import spawn as spawn_command

__all__ = ["COMMAND", "exits", "online", "open_table", "quit_game", "serving", "spawn", "terminal_env", "terminals",
           "words"]


@contextlib.contextmanager
def serving(data: Path, home: Path, *extra: str, errors: list[str] | None = None) -> Iterator[str]:
    """``access-game serve`` on a free port, keeping its tables in ``data`` (``extra``: more of its
    options); the URL it serves on. With ``errors``, what it wrote to standard error is added there
    once it has stopped."""
    proc = subprocess.Popen([str(COMMAND), "serve", "--port", "0", "--data", str(data), *extra],
                            stdout=subprocess.PIPE, stderr=None if errors is None else subprocess.PIPE, text=True,
                            env=terminal_env(home))
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.match(r"Serving on (wss?://\S+)", line)
        assert match, line
        yield match.group(1)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if errors is not None:
            assert proc.stderr is not None
            errors.append(proc.stderr.read())


@contextlib.contextmanager
def terminals() -> Iterator[list[Any]]:
    """A list to put each terminal a test starts in: every one of them is closed at the end, however
    the test ends (a failed test leaves no game process behind)."""
    children: list[Any] = []
    try:
        yield children
    finally:
        for child in children:
            child.close(force=True)


def spawn(home: Path, *args: str, timeout: float = 30, **env: str) -> Any:
    """``access-game ARGS --speech screen-reader`` in a pseudo-terminal, its data under ``home`` (``env``:
    more variables of its environment)."""
    return spawn_command(home, *args, "--speech", "screen-reader", timeout=timeout,
                         env={**terminal_env(home), **env})


def online(home: Path, url: str, name: str, *extra: str, **env: str) -> Any:
    """``access-game online`` at the server ``url`` under ``name`` (``extra``: more of its options)."""
    return spawn(home, "online", "--server", url, "--name", name, *extra, **env)


def words(text: str) -> str:
    """A pattern for a sentence the announcer may wrap at its width: any whitespace between words."""
    return r"\s+".join(re.escape(word) for word in text.split())


def open_table(child: Any, *, listed: bool) -> str:
    """From the lobby's first item, a new table of Five Crowns for two people, no computer player, by
    the keys a player presses (Down, Enter, the numbers, the answer whether to list it); the table's
    code the game says. The host then waits for the second player."""
    child.send("\x1b[B")  # Down: a new table of Five Crowns
    child.expect("New table of Five Crowns")
    child.send("\r")
    child.expect(r"computer players included \(2 to 14\)")
    child.send("2\r")
    child.expect(r"How many of them computer players \(0 to 1\)")
    child.send("0\r")
    child.expect("List the table in the lobby")
    child.send("y" if listed else "n")
    child.expect(r"Table code: ([A-Z0-9]{3}-[A-Z0-9]{3}-[A-Z0-9]{3})")
    code = str(child.match.group(1))
    child.expect("Waiting for players to join: 1 of 2 seats taken.")
    return code
