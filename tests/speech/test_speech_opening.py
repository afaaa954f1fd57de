"""The opening of a real game in self-voicing mode: every message printed is handed to the voice, in
order, and nothing stops the voice until the player presses a key."""

from __future__ import annotations

from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput

from access_game.session import Session
from access_game.settings import Settings
from access_game.ui.app import GameApp
from access_game.ui.printer import LinePrinter
from access_game.ui.speech_link import make_announcer, make_narrator
from engine.game import Game
from speech.backends.base import RecordingBackend


def test_the_opening_of_a_three_player_game_is_spoken_whole_and_a_key_stops_it() -> None:
    settings = Settings(speech="self-voicing", cues=False)
    backend = RecordingBackend()
    printer = LinePrinter(DummyOutput())
    game = Game.new("five-crowns", ["You", "Anna", "Ben"], seed=11)
    announcer = make_announcer(settings, printer, backend)
    session = Session(game, human_seat=0, level="normal", announcer=announcer,
                      narrator=make_narrator(0, game.players, settings, game="five-crowns"), settings=settings)
    app = GameApp(session, printer, input=DummyInput(), output=printer.output, welcome="Five Crowns.")
    app.start(resumed=False)
    printer.flush()
    said = [e.text for e in announcer.history.entries]
    assert len(said) >= 5
    assert backend.texts == said  # every message, in order
    assert backend.stops == 0  # an urgent "your turn" never silenced what came before it
    assert any("Your cards" in t or "Your hand" in t for t in said)
    app.dispatch("h")
    assert backend.stops == 1  # the player's key press
