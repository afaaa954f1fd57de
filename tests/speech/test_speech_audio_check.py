"""The honest audio check: self-voicing with nowhere for the audio to go says so once and goes on
printing for a screen reader; a real sound server, a sound card or a named player count as output."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from access_game.game_choice import GameChoice
from access_game.settings import Settings
from access_game.terminal_game import play_in_terminal
from access_game.ui.speech_link import start_output
from speech import audio_check
from speech.audio_check import find_audio_output, sound_server
from speech.sound_server import NullSinkServer


@pytest.fixture
def no_audio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No sound server reachable and no sound card: an empty runtime folder and an empty /dev/snd."""
    runtime = tmp_path / "runtime"
    (runtime / "pulse").mkdir(parents=True)
    snd = tmp_path / "snd"
    snd.mkdir()
    monkeypatch.delenv("PULSE_SERVER", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.setattr(audio_check, "SND_DIR", snd)
    return runtime


def test_nothing_to_play_to_is_found_out(no_audio: Path) -> None:
    output = find_audio_output()
    assert not output.found and "no sound server" in output.how


def test_a_socket_left_behind_by_a_server_that_has_gone_is_no_output(no_audio: Path) -> None:
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(no_audio / "pulse" / "native"))
    stale.close()  # the file stays; nobody listens
    assert (no_audio / "pulse" / "native").exists()
    assert sound_server() is None and not find_audio_output().found


def test_a_sound_card_or_a_named_player_is_output(no_audio: Path, tmp_path: Path) -> None:
    (tmp_path / "snd" / "pcmC0D0p").touch()
    assert find_audio_output().found
    (tmp_path / "snd" / "pcmC0D0p").unlink()
    assert find_audio_output("cat").found  # a player that plays WAV from stdin knows its own device
    missing = find_audio_output("no-such-player -q")
    assert not missing.found and "no-such-player" in missing.how


def test_a_real_sound_server_is_output(on_sound_server: NullSinkServer) -> None:
    output = find_audio_output()
    assert output.found and str(on_sound_server.socket) in output.how


def test_self_voicing_with_no_audio_output_falls_back_to_the_screen_reader_with_a_notice(no_audio: Path) -> None:
    started = start_output(Settings(speech="self-voicing"))
    try:
        assert started.backend.name == "screen-reader" and not started.backend.speaks
        assert started.note is not None and "no audio output" in started.note and "--audio-player" in started.note
        # The voice is wanted back: it is tried again until it can be heard.
        assert started.comeback is not None and not started.speaking
    finally:
        started.backend.close()
    started = start_output(Settings(speech="screen-reader"))
    assert started.note is None and started.backend.name == "screen-reader" and started.comeback is None


def test_the_game_says_it_once_and_carries_on(no_audio: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path / "home"))
    apps: list[Any] = []
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):

        def type_keys(app: Any) -> None:
            apps.append(app)
            inp.send_text("hqy")

        status = play_in_terminal(GameChoice("five-crowns", ["You", "Anna"], "normal", 3),
                                  Settings(speech="self-voicing", cues=False), input=inp, output=DummyOutput(),
                                  cues=None, on_app=type_keys)
    assert status == 0
    printed = apps[0].printer.printed
    notices = [line for line in printed if "There is no audio output here" in line]
    assert len(notices) == 1
    assert any(line.startswith("Your turn") or "Your turn" in line for line in printed)
    assert apps[0].session.announcer.backend.name == "screen-reader"
