"""The real voices installed here: espeak-ng (a process per message) and pyttsx3 (espeak-ng inside).

There is no sound card in CI, so these check what can be measured: audio written to files, and
processes started, queued and stopped, never that sound was heard.
"""

from __future__ import annotations

import sys
import time
import wave
from pathlib import Path

import pytest

from speech.backends import BackendUnavailable, Factory, backend_chain, make_backend, self_voicing_order
from speech.backends.base import VoiceStyle
from speech.backends.espeak_ng import EspeakBackend, espeak_args, espeak_to_wav
from speech.sound_server import NullSinkServer

SENTENCE = "Anna took the 9 of clubs and discarded the king of stars."

# Reads a WAV stream from stdin no faster than a sound card would play it (22050 Hz, 16 bit mono).
REALTIME_SINK = (
    sys.executable,
    "-c",
    "import sys, time\n"
    "while True:\n"
    "    chunk = sys.stdin.buffer.read(4410)\n"
    "    if not chunk: break\n"
    "    time.sleep(0.1)\n",
)


def wav_seconds(path: Path) -> float:
    with wave.open(str(path), "rb") as w:
        return w.getnframes() / w.getframerate()


def test_espeak_ng_writes_a_wav_of_plausible_length(tmp_path: Path) -> None:
    path = tmp_path / "sentence.wav"
    espeak_to_wav(SENTENCE, str(path), rate=175)
    seconds = wav_seconds(path)
    words = len(SENTENCE.split())
    # 175 words a minute is 3.4 s for 11 words; allow for pauses and espeak's own pacing.
    assert 0.5 * words / 175 * 60 < seconds < 2.0 * words / 175 * 60, seconds
    faster = tmp_path / "fast.wav"
    espeak_to_wav(SENTENCE, str(faster), rate=350)
    assert wav_seconds(faster) < 0.75 * seconds


def test_espeak_arguments_carry_rate_voice_and_volume() -> None:
    assert espeak_args("espeak-ng", rate=220, voice="en-us", volume=0.5) == [
        "espeak-ng",
        "-s",
        "220",
        "-v",
        "en-us",
        "-a",
        "50",
    ]
    assert espeak_args("espeak-ng", rate=5, volume=9) == ["espeak-ng", "-s", "80", "-a", "200"]
    assert espeak_args("espeak-ng", pitch=30) == ["espeak-ng", "-p", "30"]
    assert espeak_args("espeak-ng", pitch=150) == ["espeak-ng", "-p", "99"]


def test_the_voice_setting_is_a_variant_of_the_language_s_voice_with_its_pitch(tmp_path: Path) -> None:
    """F2's voice, pitch and volume reach espeak-ng's command line; a variant it lacks is left out."""
    backend = EspeakBackend(VoiceStyle(rate=200, volume=1.1, pitch=40, variant="f2"), player=None)
    try:
        args = backend.command()
        assert args[args.index("-v") + 1].endswith("+f2")
        assert args[args.index("-p") + 1] == "40" and args[args.index("-a") + 1] == "110"
    finally:
        backend.close()
    plain = EspeakBackend(VoiceStyle(rate=200, voice="en", variant="no-such-variant"), player=None)
    try:
        assert plain.voice == "en" and "-p" not in plain.command()
    finally:
        plain.close()


def _espeak(chain: list[Factory], at: int) -> EspeakBackend:
    backend = chain[at]()
    assert isinstance(backend, EspeakBackend)
    return backend


def test_one_style_goes_whole_to_the_first_voice_and_without_its_voice_name_to_a_fallback(
        on_sound_server: NullSinkServer) -> None:
    """The chain carries one VoiceStyle: the voice asked for gets all of it; espeak-ng standing in for
    another voice keeps rate, volume, pitch and variant but not a voice name meant for that other one."""
    first = _espeak(backend_chain("espeak-ng", style=VoiceStyle(220, "fr", 0.5, 30, "f2")), 0)
    try:
        assert first.command()[1:] == ["-s", "220", "-v", "fr+f2", "-a", "50", "-p", "30"]
    finally:
        first.close()
    names = ["pyttsx3", *(n for n in self_voicing_order() if n != "pyttsx3")]  # the chain asking for pyttsx3
    chain = backend_chain("pyttsx3", style=VoiceStyle(220, "no-such-voice-xx", 0.5, 30, "f2"))
    fallback = _espeak(chain, names.index("espeak-ng"))
    try:
        args = fallback.command()
        assert "no-such-voice-xx" not in args and args[args.index("-v") + 1].endswith("+f2")
        assert args[args.index("-s") + 1] == "220" and args[args.index("-p") + 1] == "30"
    finally:
        fallback.close()


def test_an_f2_change_of_how_the_voice_sounds_is_heard_from_a_new_voice_at_once(
        on_sound_server: NullSinkServer) -> None:
    """F2's pitch and voice make a new style, and a new style starts a new voice; other settings do not."""
    from access_game.settings import Settings
    from access_game.ui.speech_link import make_announcer, start_output, voice_changed, voice_style
    from access_game.ui.terminal_output import apply_settings

    before = Settings(speech="espeak-ng", rate=250, cues=False)
    after = before.replace(pitch=40, voice="m1")
    assert voice_style(before) == VoiceStyle(rate=250)
    assert voice_style(after) == VoiceStyle(rate=250, pitch=40, variant="m1")
    assert voice_changed(before, after) and not voice_changed(before, before.replace(cards="both", width=60))
    started = start_output(before)
    printed: list[str] = []
    announcer = make_announcer(before, printed.append, started.backend, started.fallbacks)
    try:
        assert isinstance(announcer.backend, EspeakBackend) and "-p" not in announcer.backend.command()
        apply_settings(announcer, before, after, own_backend=True)
        args = announcer.backend.command()
        assert announcer.backend is not started.backend and isinstance(announcer.backend, EspeakBackend)
        assert args[args.index("-p") + 1] == "40" and args[args.index("-v") + 1].endswith("+m1")
        assert args[args.index("-s") + 1] == "250"
    finally:
        announcer.close()


def test_a_key_press_stops_the_one_speaking_within_50_ms_and_an_urgent_line_never_does() -> None:
    backend = EspeakBackend(VoiceStyle(rate=175), player=REALTIME_SINK)
    try:
        backend.speak(SENTENCE * 3)
        time.sleep(0.3)
        first = backend.processes
        assert first and all(p.poll() is None for p in first), "the first message should still be playing"
        backend.speak("Your turn.", urgent=True)
        time.sleep(0.1)
        assert all(p.poll() is None for p in first), "an urgent line must not cut the one being said"
        assert backend.queued == 1
        started = time.perf_counter()
        backend.stop()
        while any(p.poll() is None for p in first) and time.perf_counter() - started < 1.0:
            time.sleep(0.001)
        stopped_after = time.perf_counter() - started
        assert stopped_after < 0.05, f"took {stopped_after * 1000:.1f} ms"
        assert backend.queued == 0
    finally:
        backend.close()


def test_ordinary_messages_queue_behind_the_one_speaking() -> None:
    backend = EspeakBackend(VoiceStyle(rate=400), player=REALTIME_SINK)
    try:
        backend.speak("One, two, three.")
        backend.speak("Four.")
        backend.speak("Five.")
        assert backend.queued == 2
        first = backend.processes
        deadline = time.monotonic() + 10
        while backend.queued and time.monotonic() < deadline:
            time.sleep(0.02)
        assert backend.queued == 0
        assert all(p.poll() is not None for p in first), "the first finished before the next started"
        backend.stop()
        assert backend.queued == 0
    finally:
        backend.close()


def test_espeak_ng_s_own_output_without_a_sound_card_is_stopped_and_started_again_without_failing() -> None:
    backend = EspeakBackend(player=None)
    try:
        for _ in range(4):
            backend.speak("Hello.", urgent=True)
            time.sleep(0.15)
            backend.stop()
        backend.speak("Still here.")
        assert backend.wait_idle(10) and backend.failed is None
    finally:
        backend.close()


@pytest.mark.parametrize("voice", ["espeak-ng", "pyttsx3"])
def test_a_voice_with_nowhere_to_play_is_not_built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   voice: str) -> None:
    """espeak-ng exits 0 talking to nobody and pyttsx3 writes files nobody plays: neither is claimed."""
    from speech import audio_check

    (tmp_path / "runtime").mkdir()
    (tmp_path / "snd").mkdir()
    monkeypatch.delenv("PULSE_SERVER", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "runtime"))
    monkeypatch.setattr(audio_check, "SND_DIR", tmp_path / "snd")
    with pytest.raises(BackendUnavailable, match="no sound server answers and there is no sound card"):
        make_backend(voice)


def test_espeak_ng_missing_is_unavailable() -> None:
    with pytest.raises(BackendUnavailable, match="not installed"):
        EspeakBackend(binary="no-such-espeak-binary")


def test_an_unknown_espeak_voice_is_refused() -> None:
    with pytest.raises(BackendUnavailable, match="no voice"):
        EspeakBackend(VoiceStyle(voice="no-such-voice-xx"))


def test_pyttsx3_initialises_against_espeak_ng_and_writes_audio(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    from speech.backends.pyttsx3_voice import Pyttsx3Backend

    backend = Pyttsx3Backend(VoiceStyle(rate=180, volume=0.8), player=None)
    try:
        path = tmp_path / "pyttsx3.wav"
        backend.save(SENTENCE, str(path))
        seconds = wav_seconds(path)
        assert 1.0 < seconds < 8.0, seconds
        second = tmp_path / "again.wav"
        backend.save("Your turn.", str(second))
        assert 0.2 < wav_seconds(second) < seconds
        assert wav_seconds(path) == seconds  # the first file was not overwritten
        backend.speak("Spoken with no sound card.")
        backend.speak("Cut short.", urgent=True)
        backend.stop()
        time.sleep(0.2)
    finally:
        backend.close()
    out, err = capfd.readouterr()
    assert out == "" and err == "", "pyttsx3 must not write to the terminal"
