"""End to end: the installed `access-game` command in a real pseudo-terminal (24 x 80).

Start, help, draw, discard, save, quit; start again and resume; then a crash (the process killed mid
turn) and a resume that finds the game exactly where the last action left it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")

COMMAND = Path(sys.executable).parent / "access-game"
F1 = "\x1bOP"
CTRL_S = "\x13"


def _spawn(home: Path, *args: str) -> Any:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PROMPT_TOOLKIT")}
    env.update(ACCESS_GAME_HOME=str(home), TERM="xterm", COLUMNS="80", LINES="24")
    child = pexpect.spawn(str(COMMAND), list(args), env=env, dimensions=(24, 80), encoding="utf-8", timeout=20)
    return child


@pytest.mark.skipif(not COMMAND.exists(), reason="access-game is not installed in this environment")
def test_start_help_draw_discard_save_quit_restart_resume(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "4", "--speech", "screen-reader")
    child.expect("F1 lists the keys")
    child.expect("Your turn.")
    child.expect("draw>")
    child.send(F1)
    child.expect("Help for Five Crowns")
    child.expect("Q: Quit")
    child.send("d")
    child.expect("You drew the ")
    child.expect("discard>")
    child.send(" ")
    child.expect("You discarded the ")
    child.expect("draw>")
    child.send(CTRL_S)
    child.expect("Saved to ")
    child.send("q")
    child.expect("Quit the game")
    child.send("y")
    child.expect("Goodbye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
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
    child.send("q")
    child.expect("Quit the game")
    child.send("y")
    child.expect(pexpect.EOF)


@pytest.mark.skipif(not COMMAND.exists(), reason="access-game is not installed in this environment")
def test_not_a_terminal_says_so_in_one_line_and_exits_2(tmp_path: Path) -> None:
    env = dict(os.environ, ACCESS_GAME_HOME=str(tmp_path))
    done = subprocess.run([str(COMMAND)], stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["access-game: play needs a terminal: standard input is not one."]
    assert not (tmp_path / "data").exists(), "nothing is written"
