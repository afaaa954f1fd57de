"""A voice without gaps, heard at a real sound server: the lines of a burst follow each other at once, a
key still cuts the voice at once, and the history keeps every line.

Real espeak-ng writes into the one stream the voice keeps open in a private PulseAudio (null sink);
the sink's monitor is recorded from before the first line, and each line is found in the recording by
its own length (the same line written to a file and measured the same way), as
``python -m access_game.bench.voice_gaps`` does for whole game openings.

The bounds: the goal is at most 0.25 s of silence between lines, and the voice leaves 0.1 s
(speech.backends.pcm_stream.KEEP_TAIL). The median must meet the goal. The slowest gap is allowed
0.6 s: on a busy two-core machine the voice's thread can be kept from the processor for a few hundred
milliseconds, and a line whose audio arrives that late leaves the stream empty for that long; that is
rare, and the median shows whether it is the rule. Before the stream every gap was 0.3 s to 0.4 s here
(espeak-ng's own trailing silence and a new player per line), and 1 s to 2 s on a loaded machine.
"""

from __future__ import annotations

import array
import itertools
import shutil
import statistics
import time
import wave
from collections.abc import Iterator
from pathlib import Path

import pytest

from access_game.bench.figures import percentile
from access_game.bench.voice_gaps import Heard, find_lines, line_length, measure_game, sound_spans
from speech.announcer import Announcer
from speech.backends.base import VoiceStyle
from speech.backends.espeak_ng import EspeakBackend, espeak_to_wav
from speech.backends.pcm_stream import KEEP_TAIL, PcmFormat, Trimmer, to_stream
from speech.sound_server import NullSinkServer
from speech.utterance import Kind

RATE = 250
BURST = [
    "Anna took the 9 of clubs and discarded the king of stars.",
    "Ben drew from the stock and discarded the 3 of hearts.",
    "Carla took the 3 of hearts.",
    "Carla discarded the jack of spades.",
    "Hand 2 of 11. 4s are wild.",
    "The up card is the 8 of diamonds.",
    "Your cards: 4 of clubs, wild; 7 of hearts; 7 of spades; queen of stars.",
    "Your turn.",
]
LONG = "Anna took the nine of clubs and discarded the king of stars, then Ben drew from the stock. " * 3


@pytest.fixture
def voice(on_sound_server: NullSinkServer) -> Iterator[EspeakBackend]:
    backend = EspeakBackend(VoiceStyle(rate=RATE))
    assert backend.streams, "with pacat and a sound server, one stream is kept open"
    try:
        yield backend
    finally:
        backend.close()


def test_the_lines_of_a_burst_follow_each_other_without_a_gap(
        voice: EspeakBackend, on_sound_server: NullSinkServer, tmp_path: Path) -> None:
    heard = Heard(on_sound_server.env)
    announcer = Announcer(voice, None)
    try:
        for text in BURST:
            announcer.announce(text, Kind.OTHERS)
        assert voice.wait_idle(60.0)
        time.sleep(0.3)
    finally:
        samples = heard.stop()
    lengths = [line_length(text, RATE, tmp_path) for text in BURST]
    where = find_lines(sound_spans(samples), lengths)
    assert len(where) == len(BURST), (where, lengths)  # every line heard whole, in order
    gaps = [b[0] - a[1] for a, b in itertools.pairwise(where)]
    assert statistics.median(gaps) <= 0.25, gaps
    assert percentile(gaps, 0.95) <= 0.6, gaps
    assert min(gaps) >= 0.03, gaps  # a pause is still heard: lines do not run into each other
    assert [s.text for s in voice.said] == BURST and not any(s.cut for s in voice.said)


def test_a_key_cuts_the_voice_at_once_and_the_history_keeps_every_line(
        voice: EspeakBackend, on_sound_server: NullSinkServer) -> None:
    heard = Heard(on_sound_server.env)
    announcer = Announcer(voice, None)
    waiting = ["Waiting behind it.", "And this one too."]
    try:
        announcer.announce(LONG, Kind.OTHERS)
        for text in waiting:
            announcer.announce(text, Kind.OTHERS)
        time.sleep(1.5)
        pressed = time.monotonic()
        announcer.silence()  # what every key press does
        time.sleep(1.5)
    finally:
        samples = heard.stop()
    spans = sound_spans(samples)
    key = heard.at(pressed)
    before = [s for s in spans if s[0] < key]
    after = [s for s in spans if s[0] >= key]
    assert before, "the long line was being heard when the key came"
    # Sound already on its way out when the key came (the server's 0.1 s latency) may still be heard;
    # nothing after that, and nothing of the lines that were waiting.
    assert before[-1][1] <= key + 0.15, (before[-1], key)
    assert not after, after
    said = list(voice.said)
    assert [s.text for s in said] == [LONG] and said[0].cut
    assert [e.text for e in announcer.history.entries] == [LONG, *waiting]
    announcer.announce("The answer to the key.", Kind.INFO)
    assert voice.wait_idle(10.0) and voice.said[-1].text == "The answer to the key." and not voice.said[-1].cut


def _trailing_quiet(samples: array.array[int], channels: int, rate: int, quiet: int = 64) -> float:
    n = len(samples)
    while n > 0 and abs(samples[n - 1]) <= quiet:
        n -= 1
    return (len(samples) - n) / channels / rate


def test_espeak_ng_s_own_trailing_silence_is_cut_to_the_pause_kept(tmp_path: Path) -> None:
    path = tmp_path / "line.wav"
    espeak_to_wav("Your turn.", str(path), rate=200)  # the settings' rate
    with wave.open(str(path), "rb") as w:
        source = PcmFormat(w.getframerate(), w.getnchannels())
        data = w.readframes(w.getnframes())
    assert _trailing_quiet(array.array("h", data), 1, source.rate) >= KEEP_TAIL + 0.05  # what espeak-ng leaves
    stream = PcmFormat(source.rate, 2)
    trim = Trimmer(stream)
    out = b"".join(trim.push(to_stream(data[i:i + 4096], source)) for i in range(0, len(data), 4096)) + trim.end()
    played = array.array("h", out)
    assert abs(_trailing_quiet(played, 2, stream.rate) - KEEP_TAIL) < 0.01
    assert played[0::2] == played[1::2], "a mono line is heard on both sides"
    whole = array.array("h", data)
    assert played[0::2] == whole[: len(played) // 2], "nothing of the line itself is cut"


def test_a_game_s_opening_in_a_real_terminal_is_said_without_gaps(tmp_path: Path) -> None:
    """The installed program in a real pseudo-terminal with its own voice, as the figures measure it
    (``python -m access_game.bench.voice_gaps`` does every game; one here, a run takes half a minute)."""
    figures = measure_game("five-crowns", seed=1, rate=200, folder=tmp_path)
    assert figures.lines >= 4 and figures.found == figures.lines, figures
    assert statistics.median(figures.gaps) <= 0.25, figures
    assert percentile(figures.gaps, 0.95) <= 0.6, figures
    assert figures.to_your_turn is not None and figures.to_your_turn < figures.speech_before + 4.0, figures


def test_a_stream_player_that_fails_ends_the_voice_after_a_few_lines(
        on_sound_server: NullSinkServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pacat that cannot play (here one that exits at once, as one refused by its server does) fails
    each line, and three in a row lose the voice, so the game moves on to the next one."""
    programs = tmp_path / "bin"
    programs.mkdir()
    (programs / "pacat").write_text("#!/bin/sh\nexit 1\n")
    (programs / "pacat").chmod(0o755)
    for tool in ("espeak-ng", "paplay"):
        found = shutil.which(tool)
        assert found is not None
        (programs / tool).symlink_to(found)
    monkeypatch.setenv("PATH", str(programs))
    backend = EspeakBackend(VoiceStyle(rate=RATE))
    try:
        assert backend.streams
        for text in BURST[:3]:
            backend.speak(text)
        assert backend.wait_idle(20.0)
        assert backend.failed == "espeak-ng failed 3 times in a row", list(backend.said)
    finally:
        backend.close()
