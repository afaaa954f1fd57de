"""News under the cursor: with the setting on, the newest message stays on the prompt line, right after
the cursor, until the next key, so a braille display that follows the cursor shows it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pexpect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import Screen, spawn


def test_the_newest_message_waits_on_the_prompt_line_after_the_cursor(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"news_on_prompt": True, "speech": "screen-reader"}))
    child = spawn(tmp_path, "--seed", "46", "--braille", "off", "--first-dealer", "you", term="xterm", width=80)
    term = Screen(child)
    try:
        child.expect("draw>")
        screen = term.screen()
        row = screen.display[screen.cursor.y].rstrip()
        # Hints are on: the newest line is that the up card goes out, said after "Your turn."
        assert row == "draw> The jack of clubs lets you go out: take it.", row
        assert screen.cursor.x == len("draw>")  # the cursor on the space before the news
        child.send("d")
        screen = term.screen()
        row = screen.display[screen.cursor.y].rstrip()
        assert row.startswith("discard> You can go out"), row
        # The news is also printed above, as always: the prompt line only repeats the newest line.
        assert any(r.startswith("You can go out") for r in screen.display[: screen.cursor.y])
    finally:
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
        child.close()
