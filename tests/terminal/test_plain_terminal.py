"""The installed command in a real pseudo-terminal: a terminal that takes no control sequences
(TERM=dumb) gets plain lines and not one escape byte; in every terminal the prompt is drawn only
after the opening, never before it (a screen reader would read a stray "draw>" first)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import spawn


def _spawn(home: Path, term: str) -> Any:
    return spawn(home, "--seed", "4", "--speech", "screen-reader", "--braille", "off", term=term, width=80)


def _play(child: Any) -> str:
    child.expect("draw>")
    seen = child.before + child.after
    child.send("d")
    child.expect("discard>")
    seen += child.before + child.after
    child.send("q")
    child.expect("quit y/n>")
    seen += child.before + child.after
    child.send("y")
    child.expect(pexpect.EOF)
    seen += child.before
    child.close()
    assert child.exitstatus == 0
    return str(seen)


def test_a_dumb_terminal_gets_plain_lines_without_one_escape_byte(tmp_path: Path) -> None:
    out = _play(_spawn(tmp_path, "dumb"))
    assert "\x1b" not in out, repr(out[:400])
    lines = [line.strip() for line in out.replace("\r", "").split("\n") if line.strip()]
    assert lines[0].startswith("Five Crowns.")
    # Each key's lines start on the line after the prompt, which stays where it was drawn.
    assert "draw>" in lines and any(line.startswith("You drew the ") for line in lines)
    assert lines.index("draw>") < next(i for i, line in enumerate(lines) if line.startswith("You drew the "))
    assert lines[-1].startswith("Your game is saved")


@pytest.mark.parametrize("term", ["xterm", "dumb"])
def test_the_prompt_is_drawn_only_after_the_opening(tmp_path: Path, term: str) -> None:
    out = _play(_spawn(tmp_path, term))
    assert out.index("Your turn.") < out.index("draw>"), repr(out[:300])


def test_after_the_resume_question_the_game_starts_on_a_line_of_its_own(tmp_path: Path) -> None:
    _play(_spawn(tmp_path, "dumb"))  # leaves a saved game
    child = _spawn(tmp_path, "dumb")
    child.expect("y/n>")
    out = child.before + child.after
    child.send("y")
    child.expect("discard>")  # the saved game was waiting for a discard
    out += child.before + child.after
    child.send("q")
    child.expect("quit y/n>")
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()
    assert "\x1b" not in out
    lines = [line.strip() for line in out.replace("\r", "").split("\n") if line.strip()]
    assert "y/n>" in lines and lines[-1] == "discard>", lines
    assert not any(line.startswith("y/n>") and line != "y/n>" for line in lines), lines
