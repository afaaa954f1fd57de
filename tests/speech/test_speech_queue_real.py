"""Speech queue semantics with real espeak-ng playing through a real sound server (PulseAudio, null sink).

What is checked is what a player hears: the sink's monitor is recorded and the sound in it measured.
Every line of a batch is said to its end when no key is pressed; an urgent line goes first among
those waiting and never cuts the one being said; a key press cuts the line being said at once.
Short sentences at a fast rate keep these tests to a few seconds.
"""

from __future__ import annotations

import time
from pathlib import Path

from speech.announcer import Announcer
from speech.backends.base import VoiceStyle
from speech.backends.espeak_ng import EspeakBackend, espeak_to_wav
from speech.sound_server import NullSinkServer, sounding_seconds
from speech.utterance import Kind, utter

RATE = 450
BATCH = ["Anna drew a card.", "Ben took the 5 of clubs.", "Carla went out."]
URGENT = "Your turn."
LONG = "Anna took the nine of clubs and discarded the king of stars, then Ben drew from the stock. " * 2


def reference_seconds(texts: list[str], folder: Path) -> float:
    """How long the lines take when each is said whole (the same voice, written to a file)."""
    total = 0.0
    for i, text in enumerate(texts):
        path = folder / f"ref{i}.wav"
        espeak_to_wav(text, str(path), rate=RATE)
        total += sounding_seconds(path, gap=0.05).seconds
    return total


def test_the_voice_plays_through_the_sound_server(on_sound_server: NullSinkServer) -> None:
    backend = EspeakBackend(VoiceStyle(rate=RATE))
    try:
        player = backend.player
        assert player is not None and Path(player[0]).name == "pacat", "with a sound server, audio goes to it"
        assert backend.streams, "through one stream kept open, not a player per line"
    finally:
        backend.close()


def test_every_line_of_a_batch_is_said_to_the_end_and_urgent_goes_first(
    on_sound_server: NullSinkServer, tmp_path: Path
) -> None:
    backend = EspeakBackend(VoiceStyle(rate=RATE))
    announcer = Announcer(backend, None)
    recording = on_sound_server.record(tmp_path / "heard.wav")
    try:
        for text in BATCH:
            announcer.announce(text, Kind.OTHERS)
        announcer.announce(utter(URGENT, kind=Kind.MY_TURN, urgent=True))
        assert backend.wait_idle(20.0)
    finally:
        heard = sounding_seconds(recording.stop(), gap=0.05)
        backend.close()
    said = list(backend.said)
    # The first line was already being said; the urgent one went ahead of those still waiting.
    assert [s.text for s in said] == [BATCH[0], URGENT, BATCH[1], BATCH[2]]
    assert not any(s.cut for s in said) and all(s.returncode == 0 for s in said)
    expected = reference_seconds([BATCH[0], URGENT, *BATCH[1:]], tmp_path)
    assert heard.seconds >= 0.85 * expected, (heard, expected)
    assert heard.seconds <= 1.3 * expected + 0.2, (heard, expected)


def test_a_key_press_cuts_the_line_being_said_at_once(on_sound_server: NullSinkServer, tmp_path: Path) -> None:
    backend = EspeakBackend(VoiceStyle(rate=RATE))
    announcer = Announcer(backend, None)
    recording = on_sound_server.record(tmp_path / "heard.wav")
    try:
        announcer.announce(LONG, Kind.OTHERS)
        announcer.announce("Waiting behind it.", Kind.OTHERS)
        time.sleep(0.8)
        procs = backend.processes
        assert procs and all(p.poll() is None for p in procs)
        pressed = time.perf_counter()
        announcer.silence()  # what every key press does
        while any(p.poll() is None for p in procs) and time.perf_counter() - pressed < 1.0:
            time.sleep(0.001)
        stopped_after = time.perf_counter() - pressed
        assert backend.wait_idle(2.0)
    finally:
        heard = sounding_seconds(recording.stop(), gap=0.05)
        backend.close()
    assert stopped_after < 0.05, f"{stopped_after * 1000:.1f} ms"
    said = list(backend.said)
    assert [s.text for s in said] == [LONG] and said[0].cut, "the line was cut and the one waiting dropped"
    whole = reference_seconds([LONG], tmp_path)
    assert heard.seconds < 0.6 * whole, (heard, whole)
