"""espeak-ng's audio player stopped (SIGSTOP) or its sound server wedged: nothing waits for ever.

Real espeak-ng playing through the stream the voice keeps open (pacat) into a real PulseAudio (null
sink). A player stopped mid-line is killed half a second after a key press cuts it, or once the line
overruns its time limit, and the next line plays; a sound server that stops answering ends the voice
at once, with that reason, and whoever holds the voice is told without waiting for the next line.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator

import pytest

from speech.backends import espeak_ng
from speech.backends.base import VoiceStyle
from speech.backends.espeak_ng import CUT_GRACE, EspeakBackend
from speech.sound_server import NullSinkServer

LONG = "Anna took the nine of clubs and discarded the king of stars, then Ben drew from the stock. " * 3


def _playing(backend: EspeakBackend, timeout: float = 3.0) -> int:
    """The pid of the player of the line being said, once it runs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        procs = backend.processes
        if len(procs) == 2 and procs[1].poll() is None:
            return procs[1].pid
        time.sleep(0.01)
    raise AssertionError("no player started")


def _ended(backend: EspeakBackend, pid: int, timeout: float) -> float | None:
    """Seconds until the process ``pid`` of the backend is gone (None: not within ``timeout``)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if not any(p.pid == pid for p in backend.processes):
            return time.monotonic() - started
        time.sleep(0.005)
    return None


@pytest.fixture
def voice(on_sound_server: NullSinkServer) -> Iterator[EspeakBackend]:
    backend = EspeakBackend(VoiceStyle(rate=300))
    try:
        yield backend
    finally:
        backend.close()


def test_a_stopped_player_cut_by_a_key_is_killed_and_the_next_line_plays(voice: EspeakBackend) -> None:
    voice.speak(LONG)
    pid = _playing(voice)
    os.kill(pid, signal.SIGSTOP)  # SIGTERM alone would wait for a SIGCONT that never comes
    voice.stop()
    took = _ended(voice, pid, CUT_GRACE + 1.0)
    assert took is not None and took < CUT_GRACE + 0.5, took
    voice.speak("Still here.")
    assert voice.wait_idle(10)
    assert voice.failed is None
    assert voice.said[-1].text == "Still here." and voice.said[-1].returncode == 0


def test_a_stopped_player_nobody_cuts_is_killed_once_the_line_overruns(voice: EspeakBackend,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(espeak_ng, "LINE_GRACE", 1.5)
    line = "Hello there."
    limit = espeak_ng.line_limit(line, 300)
    voice.speak(line)
    pid = _playing(voice)
    os.kill(pid, signal.SIGSTOP)
    took = _ended(voice, pid, limit + 2.0)
    assert took is not None and took < limit + 0.5, (took, limit)
    assert voice.said[-1].returncode == -signal.SIGKILL and voice.failed is None  # one failure is not a loss
    voice.speak("Still here.")
    assert voice.wait_idle(10) and voice.said[-1].returncode == 0


def test_a_sound_server_that_stops_answering_ends_the_voice_at_once_and_says_why(
        tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    with NullSinkServer() as server:
        for name in ("PULSE_SERVER", "PULSE_SINK"):
            monkeypatch.setenv(name, server.env[name])
        backend = EspeakBackend(VoiceStyle(rate=300))
        told = threading.Event()
        backend.watch(told.set)
        try:
            backend.speak(LONG)
            _playing(backend)
            assert server.pid is not None
            os.kill(server.pid, signal.SIGSTOP)
            try:
                backend.stop()  # the key press: the player ends, and the server is asked whether it answers
                assert told.wait(3.0)
            finally:
                os.kill(server.pid, signal.SIGCONT)
            assert backend.failed == "the sound server stopped answering"
        finally:
            backend.close()
