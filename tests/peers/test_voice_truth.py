"""Saying the truth about the voice, as a player meets it: the installed game in a real pseudo-terminal,
speaking through a real sound server (a private PulseAudio with a null sink, recorded from its monitor).

The sound server goes away mid-game: the loss is printed with its reason, no stand-in that cannot be
heard either is claimed, keys go on being answered, and when the server is started again the game
says its voice is back, unasked, and is heard again. espeak-ng missing at the start: the stand-in
(pyttsx3) is named with the reason and is heard; once espeak-ng is there the game goes back to it.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pexpect
import pytest

from speech.sound_server import NullSinkServer, sounding_seconds

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import COMMAND, quit_game

LOST = "The game cannot speak now because the sound server stopped answering"
BACK = r"The game's voice is back \(espeak-ng\)\."
INFO = r"Hand \d+ of \d+, \d+ cards dealt"


@pytest.fixture
def server() -> Iterator[NullSinkServer]:
    """A sound server of this test's own: it is ended and started again."""
    with NullSinkServer() as private:
        yield private


def _spawn(server: NullSinkServer, home: Path, **env: str) -> Any:
    environ = {k: v for k, v in server.env.items() if not k.startswith("PROMPT_TOOLKIT")}
    environ.update(ACCESS_GAME_HOME=str(home), TERM="xterm", **env)
    child = pexpect.spawn(str(COMMAND), ["play", "--seed", "4", "--players", "2", "--first-dealer", "you",
                                         "--speech", "self-voicing", "--braille", "off"],
                          env=environ, dimensions=(24, 200), encoding="utf-8", timeout=10)
    child.expect("draw>")
    return child


def _expect_all(child: Any, patterns: Sequence[str], timeout: float) -> None:
    """Every pattern appears, in whatever order (a notice from the voice's own thread may come first)."""
    left = list(patterns)
    deadline = time.monotonic() + timeout
    while left:
        found = child.expect(left, timeout=max(0.0, deadline - time.monotonic()))
        del left[found]


def _heard_after(server: NullSinkServer, child: Any, key: str, answer: str, path: Path) -> float:
    """Seconds of sound the null sink played in the two seconds after ``key`` was answered (paplay takes
    over a second to start playing into the null sink)."""
    recording = server.record(path)
    child.send(key)
    child.expect(answer)
    time.sleep(2.0)
    return sounding_seconds(recording.stop()).seconds


def test_the_voice_lost_is_said_and_comes_back_with_the_sound_server(server: NullSinkServer,
                                                                      tmp_path: Path) -> None:
    child = _spawn(server, tmp_path)
    try:
        child.send("i")
        child.expect(INFO)
        server.halt()
        child.send("w")
        _expect_all(child, ["are wild: ", LOST], timeout=5)
        child.send("h")
        child.expect(r"\d+ cards: ", timeout=3)
        # The stand-ins were not claimed: pyttsx3 plays through the same server, which is gone.
        assert "Speaking with" not in child.before
        server.start()
        child.expect(BACK, timeout=10)  # unasked: no key was pressed
        assert _heard_after(server, child, "i", INFO, tmp_path / "heard.wav") > 0.3
        quit_game(child, within=5)
    finally:
        child.close(force=True)


def test_a_missing_espeak_ng_is_said_and_the_game_goes_back_to_it_once_there(server: NullSinkServer,
                                                                               tmp_path: Path) -> None:
    programs = tmp_path / "bin"  # the path: the sound server's player, and no espeak-ng
    programs.mkdir()
    paplay, espeak = shutil.which("paplay"), shutil.which("espeak-ng")
    assert paplay is not None and espeak is not None
    os.symlink(paplay, programs / "paplay")
    child = _spawn(server, tmp_path, PATH=str(programs))
    try:
        assert "Speaking with pyttsx3 because espeak-ng is not installed." in child.before
        assert _heard_after(server, child, "i", INFO, tmp_path / "pyttsx3.wav") > 0.3
        os.symlink(espeak, programs / "espeak-ng")
        child.expect(BACK, timeout=10)
        assert _heard_after(server, child, "i", INFO, tmp_path / "espeak.wav") > 0.3
        quit_game(child, within=5)
    finally:
        child.close(force=True)
