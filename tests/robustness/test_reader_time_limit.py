"""A file system that stops answering costs the program a few seconds once, never the start.

A read that never returns cannot be made for real here (it needs a network share that goes away, or
a user-space file system, and neither is available on this machine), so the edge is held up in the
process itself: ``os.read`` in the reader's own thread sleeps for an hour, as a read on a dead network
share would block. Everything up to that edge is the real program: ``access-game play`` in a
pseudo-terminal, its settings read through the guarded reader, the time limit (lowered to half a
second for the test), the sentence, the game, and an exit that does not wait for the stuck thread.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

#: The program with every read of settings.json held up, as on a file system that stopped answering.
STUCK = """
import os, sys, threading, time
import access_game.datafiles as datafiles
datafiles.READ_SECONDS = 0.5
real_read = os.read
def read(fd, n):
    if threading.current_thread().name == "access-game file settings.json":
        time.sleep(3600)
    return real_read(fd, n)
os.read = read
from access_game.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_settings_file_that_never_answers_is_said_and_the_game_goes_on(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text('{"cards": "both"}', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROMPT_TOOLKIT", "BRLAPI"))}
    env.update(ACCESS_GAME_HOME=str(tmp_path), TERM="dumb", COLUMNS="200", LINES="24")
    started = time.monotonic()
    child = pexpect.spawn(sys.executable, ["-c", STUCK, "--seed", "4", "--speech", "screen-reader", "--braille", "off"],
                          env=env, dimensions=(24, 200), encoding="utf-8", timeout=20)
    child.expect("draw>")
    said = " ".join(str(child.before).split())
    assert "is damaged: it did not answer within 0.5 seconds; using the defaults." in said, said
    child.send("q")
    child.expect("Quit the game")
    child.send("y")
    child.expect("Goodbye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in str(child.before)
    assert time.monotonic() - started < 15, "two reads held up cost their time limit, no more"
    [kept] = (tmp_path / "config").glob("settings.damaged-*.json")
    assert kept.read_text(encoding="utf-8") == '{"cards": "both"}', "kept aside, unchanged"
