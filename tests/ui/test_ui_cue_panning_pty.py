"""The cue panning setting in F2, in the real program in a real pseudo-terminal, in every language: it
is found in the settings menu, changed with Right, kept in the settings file, and read back as changed
by the next run."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pexpect  # in the test extra: a missing one is a failed install, not a skip
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import spawn

F2 = "\x1bOQ"
RIGHT, DOWN = "\x1b[C", "\x1b[B"

#: The menu item, on and off, as each language writes it (what the player reads and hears).
ENTRIES = {
    "en": ("Sound cues from each seat, left to right: on", "Sound cues from each seat, left to right: off"),
    # French is printed with its typography: a narrow no-break space before ":".
    "fr": ("Signaux sonores de chaque place, de gauche à droite\u202f: activés",
           "Signaux sonores de chaque place, de gauche à droite\u202f: désactivés"),
    "es": ("Señales sonoras de cada asiento, de izquierda a derecha: activadas",
           "Señales sonoras de cada asiento, de izquierda a derecha: desactivadas"),
}


def _open_the_setting(home: Path, lang: str, entry: str) -> Any:
    """A new game, F2, Down until ``entry`` is read (at most once round the menu)."""
    child = spawn(home, "play", "--game", "five-crowns", "--players", "3", "--seed", "4", "--lang", lang,
                  "--speech", "silent", "--new", width=120, timeout=30)
    child.logfile_read = io.StringIO()
    child.expect(r">\s*$")  # the game's prompt
    # An item is read with where it is in the menu: "…, 9 of 23" ("9 sur 22", "9 de 22").
    item = r"\n[^\n]*, \d+ \w+ \d+\r"
    child.send(F2)
    child.expect(item)  # the first item
    for _ in range(40):
        child.send(DOWN)
        if child.expect([r"\n" + re.escape(entry) + r", \d+ \w+ \d+\r", item]) == 0:
            return child
    raise AssertionError(f"{entry!r} not in the settings menu: {child.logfile_read.getvalue()[-2000:]}")


@pytest.mark.parametrize("lang", sorted(ENTRIES))
def test_cue_panning_is_in_the_settings_menu_kept_and_read_back(tmp_path: Path, lang: str) -> None:
    on, off = ENTRIES[lang]
    child = _open_the_setting(tmp_path, lang, on)
    child.send(RIGHT)
    child.expect(re.escape(off))
    (path,) = tmp_path.rglob("settings.json")
    child.expect(pexpect.TIMEOUT, timeout=0.5)  # the change is written as it is made
    assert json.loads(path.read_text()) == {"cue_panning": False}
    child.terminate(force=True)
    # The next run reads it back as changed.
    child = _open_the_setting(tmp_path, lang, off)
    child.terminate(force=True)
