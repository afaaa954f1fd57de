"""The game's own voice speaks French when the game does: real espeak-ng and real pyttsx3.

espeak-ng's phoneme output (--ipa) shows which language's rules read a line: French gives the
uvular r of "cœur" (kœʁ), English reads the same letters as an English word. The audio is checked
as WAV bytes written by the backend's own command and as sound on the private sound server.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import wave
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from speech.backends.ao2 import Ao2Backend
from speech.backends.base import VoiceStyle
from speech.backends.espeak_ng import EspeakBackend, espeak_to_wav, has_voice
from speech.backends.voices import espeak_voice, matches_language, pick_language_voice
from speech.i18n import set_language
from speech.sound_server import NullSinkServer, sounding_seconds

LINE = "La dame de cœur."


@pytest.fixture
def french() -> Iterator[None]:
    set_language("fr")
    try:
        yield
    finally:
        set_language("en")


def espeak() -> str:
    exe = shutil.which("espeak-ng")
    assert exe, "espeak-ng is installed by .ci/run"
    return exe


def ipa(command: list[str], text: str) -> str:
    """What espeak-ng would say for ``text`` with this command line, as phonemes (nothing played)."""
    return subprocess.run([*command, "-q", "--ipa", "--", text], capture_output=True, check=True, timeout=10,
                          text=True).stdout


def test_espeak_ng_here_has_a_french_voice() -> None:
    listing = subprocess.run([espeak(), "--voices=fr"], capture_output=True, text=True, check=True).stdout
    assert "roa/fr " in listing.replace("\t", " ")
    assert has_voice(espeak(), "fr")
    assert not has_voice(espeak(), "xx-nowhere")


def test_the_french_voice_is_chosen_in_french_and_none_in_english(french: None) -> None:
    assert espeak_voice() == "fr"
    backend = EspeakBackend(player=None)
    try:
        assert backend.voice == "fr"
        assert backend.command()[-2:] == ["-v", "fr"]
        assert "kˈœʁ" in ipa(backend.command(), LINE)
        set_language("en")  # the setting changed: the next line is English again
        assert backend.voice is None and "-v" not in backend.command()
        assert "ʁ" not in ipa(backend.command(), LINE)
    finally:
        backend.close()


def test_a_voice_named_by_the_player_wins_over_the_language(french: None) -> None:
    backend = EspeakBackend(VoiceStyle(voice="fr-be"), player=None)
    try:
        assert backend.voice == "fr-be"
        set_language("en")
        assert backend.voice == "fr-be"
    finally:
        backend.close()


COPY_STDIN = (sys.executable, "-c", "import shutil, sys; shutil.copyfileobj(sys.stdin.buffer, open(sys.argv[1], 'wb'))")


def wav_seconds(path: Path) -> float:
    with wave.open(str(path), "rb") as w:
        return w.getnframes() / w.getframerate()


def samples(path: Path) -> bytes:
    """The samples of a WAV file: a stream (--stdout) has no length in its header, so they are read
    from after the data chunk's header to the end."""
    data = path.read_bytes()
    return data[data.index(b"data") + 8 :]


def test_the_backend_produces_french_audio_through_its_player(french: None, tmp_path: Path) -> None:
    out = tmp_path / "fr.wav"
    backend = EspeakBackend(VoiceStyle(rate=175), player=(*COPY_STDIN, str(out)))
    try:
        backend.speak(LINE)
        assert backend.wait_idle(10)
    finally:
        backend.close()
    said = backend.said[-1]
    assert said.text == LINE and said.returncode == 0 and not said.cut
    assert 0.5 < len(samples(out)) / 2 / 22050 < 4.0  # 16-bit mono at espeak-ng's 22050 Hz
    # The same bytes as espeak-ng itself makes with the French voice, and not those of its default voice.
    same = tmp_path / "same.wav"
    subprocess.run([espeak(), "-s", "175", "-v", "fr", "-w", str(same), "--", LINE], check=True)
    english = tmp_path / "en.wav"
    subprocess.run([espeak(), "-s", "175", "-w", str(english), "--", LINE], check=True)
    assert samples(out) == samples(same)
    assert samples(out) != samples(english)


def test_espeak_to_wav_follows_the_language(french: None, tmp_path: Path) -> None:
    ours = tmp_path / "ours.wav"
    espeak_to_wav(LINE, str(ours), rate=175)
    same = tmp_path / "same.wav"
    subprocess.run([espeak(), "-s", "175", "-v", "fr", "-w", str(same), "--", LINE], check=True)
    assert ours.read_bytes() == same.read_bytes()


def test_french_is_heard_on_the_sound_server(french: None, on_sound_server: NullSinkServer, tmp_path: Path) -> None:
    recording = on_sound_server.record(tmp_path / "heard.wav")
    backend = EspeakBackend(VoiceStyle(rate=175))
    try:
        assert backend.player is not None, "the private sound server answers, so its player is used"
        backend.speak(LINE)
        assert backend.wait_idle(10)
    finally:
        backend.close()
    heard = sounding_seconds(recording.stop())
    assert heard.seconds > 0.4, heard


def test_pyttsx3_takes_a_french_system_voice_in_french(french: None, tmp_path: Path) -> None:
    from speech.backends.pyttsx3_voice import Pyttsx3Backend

    backend = Pyttsx3Backend(player=None)
    try:
        voice = backend._run(backend.language_voice, 5.0)
        assert voice is not None and "fr" in voice.lower(), voice
        english = backend._run(lambda: backend.language_voice("en"), 5.0)
        assert english != voice
        path = tmp_path / "pyttsx3-fr.wav"
        backend.save(LINE, str(path))
        assert wav_seconds(path) > 0.3
    finally:
        backend.close()


def test_a_voice_list_is_searched_by_code_then_region_then_name() -> None:
    voices = [
        SimpleNamespace(id="en", name="English", languages=["en-gb"]),
        SimpleNamespace(id="be", name="French (Belgium)", languages=["fr-be"]),
        SimpleNamespace(id="fr", name="French (France)", languages=[b"\x05fr-fr"]),
        SimpleNamespace(id="sapi", name="Microsoft Hortense Desktop - French", languages=[]),
    ]
    assert [matches_language(v, "fr") for v in voices] == [0, 2, 3, 1]
    assert pick_language_voice(voices, "fr") == "fr"
    assert pick_language_voice(voices[3:], "fr") == "sapi"
    assert pick_language_voice(voices[:1], "fr") is None


class _Dispatcher:
    """Stands in for speech-dispatcher, which is not installed here: the settings it is sent."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self._client = self

    def set_language(self, code: str) -> None:
        self.calls.append(("language", code))

    def set_rate(self, rate: int) -> None:
        self.calls.append(("rate", rate))

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.calls.append(("speak", text))


def test_speech_dispatcher_is_told_the_language(french: None) -> None:
    output = _Dispatcher()
    backend = Ao2Backend(loader=lambda: output)
    try:
        assert ("language", "fr") in output.calls
    finally:
        backend.close()


def test_the_game_s_own_voice_setting_starts_espeak_ng_speaking_french(french: None, tmp_path: Path) -> None:
    """The path a player takes: the settings ask for espeak-ng, the game starts its output, and the
    backend it gets speaks French without anyone naming a voice."""
    from access_game.settings import Settings
    from access_game.ui.speech_link import start_output

    out = tmp_path / "game.wav"
    script = tmp_path / "copy_wav.py"
    script.write_text(COPY_STDIN[2], encoding="utf-8")
    player = f"{sys.executable} {script} {out}"  # the setting is a command split on spaces
    started = start_output(Settings(speech="espeak-ng", audio_player=player))
    backend = started.backend
    try:
        assert started.note is None and isinstance(backend, EspeakBackend)
        assert backend.voice == "fr"
        backend.speak(LINE)
        assert backend.wait_idle(10)
    finally:
        backend.close()
    assert samples(out) and backend.said[-1].returncode == 0
