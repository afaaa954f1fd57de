"""End to end: the installed `access-game` command in a real pseudo-terminal (24 x 80).

Start, help, draw, discard, save, quit; start again and resume; then a crash (the process killed mid
turn) and a resume that finds the game exactly where the last action left it; the terminal closed
(SIGHUP) mid turn, and nothing lost; solitaire through `play --game solitaire`, in its own save slot.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import COMMAND, quit_game, spawn

F1 = "\x1bOP"
CTRL_S = "\x13"


def _spawn(home: Path, *args: str) -> Any:
    """The game in a full terminal of 24 x 80."""
    return spawn(home, *args, term="xterm", width=80)


def test_start_help_draw_discard_save_quit_restart_resume(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "4", "--speech", "screen-reader", "--first-dealer", "you")
    child.expect("F1 lists the keys")
    child.expect("Your turn.")
    child.expect("draw>")
    child.send(F1)
    child.expect("Help for Five Crowns")
    child.expect("help>")
    child.send(F1)  # again: every section
    child.expect("Q: Quit")
    child.send("d")  # any other key closes the help and does its work
    child.expect("You drew the ")
    child.expect("discard>")
    child.send("x")
    child.expect("You discarded the ")
    child.expect("draw>")
    child.send(CTRL_S)
    child.expect("Saved to")
    quit_game(child, then="Goodbye.")
    assert (tmp_path / "data" / "saves" / "current.json").exists()

    child = _spawn(tmp_path)
    child.expect("You have a saved game of Five Crowns")
    child.expect("Resume")
    child.send("y")
    child.expect("Resumed Five Crowns against Anna, Ben and Carla")
    child.expect("Your hand: ")
    child.expect("your turn: draw")
    child.send("d")
    child.expect("You drew the ")
    child.expect("discard>")
    # A crash: the process dies at once, with nothing closed or flushed.
    child.kill(signal.SIGKILL)
    child.close()

    child = _spawn(tmp_path)
    child.expect("Resume")
    child.send("y")
    child.expect("your turn: discard")
    quit_game(child)


def test_not_a_terminal_says_so_in_one_line_and_exits_2(tmp_path: Path) -> None:
    env = dict(os.environ, ACCESS_GAME_HOME=str(tmp_path))
    done = subprocess.run([str(COMMAND)], stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["access-game: play needs a terminal: standard input is not one."]
    assert not (tmp_path / "data").exists(), "nothing is written"


def _exit_of(child: Any, timeout: float = 10.0) -> tuple[int | None, int | None]:
    """Wait for the process to end on its own; (exit status, signal that killed it)."""
    import time

    proc = child.ptyproc
    deadline = time.monotonic() + timeout
    while proc.isalive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not proc.isalive(), "the game did not end when its terminal went away"
    return proc.exitstatus, proc.signalstatus


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this system")
@pytest.mark.parametrize("how", ["close the terminal", "send SIGHUP"])
def test_a_closed_terminal_loses_nothing(tmp_path: Path, how: str) -> None:
    import re

    child = _spawn(tmp_path, "--seed", "4", "--speech", "screen-reader")
    child.expect("draw>")
    child.send("d")
    child.expect(r"You drew the ([^.]+)\.")
    drawn = child.match.group(1)
    child.expect("discard>")
    if how == "close the terminal":
        child.ptyproc.fileobj.close()  # the terminal window closes: the kernel hangs up the game
    else:
        child.kill(signal.SIGHUP)
    status, killed_by = _exit_of(child)
    assert (status, killed_by) == (128 + signal.SIGHUP, None), "it saved and left by itself"
    assert not (tmp_path / "data" / "crash.log").exists()

    child = _spawn(tmp_path)
    child.expect("Resume it")
    child.send("y")
    child.expect("Your hand: ([^\r\n]+)")
    assert re.search(rf"\b{re.escape(drawn)}\b", child.match.group(1)), "the drawn card is still in the hand"
    child.expect("your turn: discard")
    quit_game(child)


def test_play_game_solitaire_plays_in_its_own_save_slot(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "play", "--game", "solitaire", "--seed", "6", "--speech", "screen-reader")
    child.expect("Five Crowns solitaire. F1 lists the keys")
    child.expect("Press D to turn up the next card")
    child.expect("draw>")
    child.send("d")
    child.expect("You turn up ")
    child.expect("place ")
    quit_game(child, then="run access-game solitaire again to go on")
    saves = tmp_path / "data" / "saves"
    assert sorted(p.name for p in saves.iterdir()) == ["solitaire.json"]
