"""Speech in order in a real game: the game's own voice (real espeak-ng through the private PulseAudio
these tests start) says the computer players' moves, then the "your turn" tone, then "Your turn", in
the order they were printed; nothing jumps the queue and nothing cuts a line but the player's key.

What is compared is the voice's own log of what it started (EspeakBackend.said: every line and sound
file, in the order played, with whether a key cut it) against the lines printed, and the sink's
recording shows it was heard. Deal: Five Crowns, seed 11, three players, the player dealing: Ben
takes the up card, Carla goes out, and the player's turn is their last one.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput

from access_game.session import Session
from access_game.settings import Settings
from access_game.ui.app import GameApp
from access_game.ui.printer import LinePrinter
from access_game.ui.speech_link import make_announcer, make_narrator
from engine.game import Game
from speech.announcer import Announcer
from speech.backends.base import VoiceStyle
from speech.backends.espeak_ng import EspeakBackend
from speech.cues import Cues
from speech.sound_server import NullSinkServer, sounding_seconds

RATE = 450


@dataclass
class Table:
    app: GameApp
    announcer: Announcer
    backend: EspeakBackend
    cue_file: str


@pytest.fixture
def table(on_sound_server: NullSinkServer, tmp_path: Path) -> Iterator[Table]:
    settings = Settings(speech="self-voicing", cues=True)
    backend = EspeakBackend(VoiceStyle(rate=RATE))
    assert backend.sounds_in_line, "through the sound server's player, cues wait in the voice's queue"
    cues = Cues(True, cache_dir=tmp_path / "cues")
    printer = LinePrinter(DummyOutput())
    game = Game.new("five-crowns", ["You", "Ben", "Carla"], seed=11)
    announcer = make_announcer(settings, printer, backend)
    announcer.cues = cues
    session = Session(game, human_seat=0, level="normal", announcer=announcer, cues=cues,
                      narrator=make_narrator(0, game.players, settings, game="five-crowns"), settings=settings)
    app = GameApp(session, printer, input=DummyInput(), output=printer.output, welcome="Five Crowns.")
    try:
        yield Table(app, announcer, backend, str(cues.wav_path("your_turn")))
    finally:
        backend.close()
        cues.close()


def test_computer_moves_then_the_cue_then_your_turn_are_heard_in_the_order_printed(
    table: Table, on_sound_server: NullSinkServer, tmp_path: Path
) -> None:
    recording = on_sound_server.record(tmp_path / "heard.wav")
    try:
        table.app.start(resumed=False)
        table.app.printer.flush()
        assert table.backend.wait_idle(60.0)
    finally:
        heard = sounding_seconds(recording.stop(), gap=0.05)
    printed = [e.text for e in table.announcer.history.entries]
    said = list(table.backend.said)
    assert [s.text for s in said if not s.sound] == printed  # every line, in the order printed
    assert not any(s.cut for s in said) and all(s.returncode == 0 for s in said)
    order = [s.text if not s.sound else "<your turn cue>" for s in said]
    # Whatever the computer players did before the first turn (it follows their levels), every move of
    # theirs is heard before the cue, and the cue just before the turn's own line.
    moves = [i for i, t in enumerate(order) if t.startswith(("Ben took", "Ben drew", "Carla took", "Carla drew"))]
    cue = order.index("<your turn cue>")
    assert said[cue].text == table.cue_file
    assert moves and all(i < cue for i in moves) and order[cue + 1].startswith("Your turn"), order
    assert order.count("<your turn cue>") == 1
    voiced = sum(s.ended - s.started for s in said)
    assert heard.seconds >= 0.6 * voiced, (heard, voiced)  # the sink played it, not only the log


def test_only_the_players_key_cuts_the_voice_and_drops_what_waits(table: Table) -> None:
    table.app.start(resumed=False)
    table.app.printer.flush()
    deadline = time.monotonic() + 5.0
    while not table.backend.processes and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)
    assert table.backend.queued > 0, "the opening is still waiting to be said"
    assert not any(s.cut for s in table.backend.said), "nothing cut it before the key"
    table.app.dispatch("h")  # the player reads their hand
    table.app.printer.flush()
    assert table.backend.wait_idle(30.0)
    said = list(table.backend.said)
    assert sum(s.cut for s in said) == 1, said
    assert not any(s.sound for s in said), "the your-turn cue waiting was dropped with its line"
    assert "Your turn, last turn." not in [s.text for s in said]
    assert said[-1].text == table.announcer.history.entries[-1].text  # the answer to H, said whole
    assert not said[-1].cut
