"""Undo in the installed `access-game`, in a real pseudo-terminal: Ctrl+Z (the byte the terminal sends,
0x1A) takes back the discard and the computer players' turns after it; quitting and starting again
resumes the game as the undo left it, the save counting the undo; Ctrl+Z then takes back the draw.
A SIGTSTP (Ctrl+Z typed while the terminal is out of raw mode for a moment) is undo as well, never a
game stopped in the background."""

from __future__ import annotations

import json
import re
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import quit_game, spawn

CTRL_Z = "\x1a"


def test_ctrl_z_undoes_quit_resume_and_the_undo_stuck(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "4", "--speech", "screen-reader", "--first-dealer", "you", term="xterm",
                  width=200)
    child.expect("draw>")
    child.send("d")
    child.expect(r"You drew the ([^.]+)\.")
    drawn = child.match.group(1)
    child.expect("discard>")
    child.send("x")
    child.expect(r"You discarded the ([^.]+)\.")
    discarded = child.match.group(1)
    child.expect("draw>")
    child.send(CTRL_Z)
    child.expect(rf"Undone: you discarded the {re.escape(discarded)}; [^\r\n]*turns? taken back\. Your turn\.")
    child.expect("discard>")
    quit_game(child, then="Goodbye.")
    save = json.loads((tmp_path / "data" / "saves" / "current.json").read_text(encoding="utf-8"))
    assert save["undos"] == 1
    assert save["game"]["actions"][-1]["kind"] == "draw", "the discard is gone from the save"

    child = spawn(tmp_path, term="xterm", width=200)
    child.expect("Resume it")
    child.send("y")
    child.expect("Your hand: ([^\r\n]+)")
    assert discarded in child.match.group(1), "the discarded card is back in the hand"
    child.expect("discard>")
    child.kill(signal.SIGTSTP)  # as a Ctrl+Z typed while a line is printed arrives
    child.expect(rf"Undone: you drew the {re.escape(drawn)} from the stock\. Your turn\.")
    child.expect("draw>")
    child.send(CTRL_Z)
    child.expect("Nothing to undo: you have made no move in this game yet.")
    quit_game(child)
    save = json.loads((tmp_path / "data" / "saves" / "current.json").read_text(encoding="utf-8"))
    assert save["undos"] == 2
    assert all(move["seat"] != 0 for move in save["game"]["actions"]), "only the computer players' first turns"
