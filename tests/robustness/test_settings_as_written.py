"""A settings file with a value the game cannot use: each such setting named once at start, its
default used, and the file left as the player wrote it until they change a setting in F2, when only
what they changed is written.

Before, ``"width": 5`` or ``"speech": "telepathy"`` silently became the default, and the next F2
change wrote the whole file again from the game's settings: every value the player had written by
hand and the game could not use was lost, and this run's ``--speech`` flag was kept as if chosen.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import quit_game, spawn

from access_game.settings import Settings, load_settings, save_settings

F2, DOWN, RIGHT, ESCAPE = "\x1bOQ", "\x1b[B", "\x1b[C", "\x1b"
HAND_WRITTEN = {"width": 5, "speech": "telepathy", "verbosity": "brief", "mystery": 1, "cues": False}


def _spawn(home: Path) -> Any:
    """A new game each time (the one saved by the run before is kept aside)."""
    return spawn(home, "--new", "--seed", "4", "--speech", "screen-reader", "--braille", "off")


def test_bad_settings_are_named_once_kept_as_written_and_only_a_change_is_written(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    text = json.dumps(HAND_WRITTEN, indent=4)
    path.write_text(text, encoding="utf-8")

    child = _spawn(tmp_path)
    child.expect("draw>")
    start = " ".join(str(child.before).split())
    assert start.count("holds settings that cannot be used") == 1, start
    for named in ("width 5", 'speech "telepathy"', '"mystery": no such setting'):
        assert start.count(named) == 1, (named, start)
    assert "verbosity" not in start and "cues" not in start, "the usable ones are used, not named"
    quit_game(child)
    assert path.read_text(encoding="utf-8") == text, "a run without a settings change leaves the file as it was"

    child = _spawn(tmp_path)
    child.expect("draw>")
    child.send(F2)
    child.expect("settings>")
    for key in (DOWN, DOWN, DOWN, DOWN, DOWN, RIGHT):  # past rate, voice, pitch, volume to verbosity: brief to normal
        child.send(key)
        child.expect("settings>")
    child.send(ESCAPE)
    child.expect("draw>")
    quit_game(child)
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept == {**HAND_WRITTEN, "verbosity": "normal"}, "only the setting changed is written; --speech is not"


def test_a_change_is_written_into_the_file_as_it_is_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"rate": 9999, "rules": {"five-crowns": {"tie_break": "playoff", "odd": 1}},
                                "newer": [1]}), encoding="utf-8")
    settings, note = load_settings(path)
    assert note is not None and "rate 9999" in note and "odd" in note
    changed = settings.with_rule("upcard-rummy", "target", 1500).replace(cards="both")
    save_settings(changed, path, before=settings)
    assert json.loads(path.read_text(encoding="utf-8")) == {
        "rate": 9999, "newer": [1], "cards": "both",
        "rules": {"five-crowns": {"tie_break": "playoff", "odd": 1}, "upcard-rummy": {"target": 1500}}}


def test_without_a_file_only_the_change_is_written(tmp_path: Path) -> None:
    """The rest are the defaults, or this run's flags (``--speech silent``), which are not kept."""
    path = tmp_path / "settings.json"
    save_settings(Settings(speech="silent", cards="both"), path, before=Settings(speech="silent"))
    assert json.loads(path.read_text(encoding="utf-8")) == {"cards": "both"}
    assert load_settings(path) == (Settings(cards="both"), None)


@pytest.mark.parametrize("text", ["[1, 2", "[1, 2]"])
def test_a_file_damaged_since_the_start_is_kept_aside_before_a_change_is_written(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    save_settings(Settings(pace="step"), path, before=Settings())
    assert load_settings(path) == (Settings(pace="step"), None)
    [kept] = tmp_path.glob("settings.damaged-*.json")
    assert kept.read_text(encoding="utf-8") == text
