"""The installed ``access-game`` in a real pseudo-terminal, started and ended the way every such test does.

A test that means to catch what only a real process shows runs the command itself: ``spawn`` starts it
with its own user data and settings folder (``ACCESS_GAME_HOME``) and nothing of the test runner's own
terminal library or braille display leaking in; ``quit_game`` ends a game as a player does (Q, the
question, Y) and holds the process to a clean exit. Written once here so that what "a clean quit" means
is the same in every test that plays in a terminal.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pexpect  # in the test extra: a missing one is a failed install, not a skip

__all__ = ["COMMAND", "exits", "quit_game", "spawn", "terminal_env"]

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
