"""A real game app driven key by key, for the saving tests (tests/saves is on sys.path under pytest)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import DummyInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from access_game.saves import SaveStore
from access_game.session import Session
from access_game.settings import Settings
from access_game.ui.app import GameApp
from access_game.ui.printer import LinePrinter
from access_game.ui.speech_link import make_announcer, make_narrator
from engine.game import Game
from speech.backends.base import RecordingBackend


class SavingTable:
    """Five Crowns for four at the terminal, saved in ``save_dir``; ``press`` returns what was said."""

    def __init__(self, save_dir: Path, *, seed: int = 7) -> None:
        settings = Settings(speech="silent", cues=False)
        self.backend = RecordingBackend()
        self.output = output = DummyOutput()
        printer = LinePrinter(output)
        announcer = make_announcer(settings, printer, self.backend)
        game = Game.new("five-crowns", ["You", "Anna", "Ben", "Carla"], seed=seed)
        self.session = Session(game, human_seat=0, level="normal", announcer=announcer,
                               narrator=make_narrator(0, game.players, settings, game=game.ruleset.name),
                               settings=settings, saves=SaveStore(save_dir))
        self.app = GameApp(self.session, printer, input=DummyInput(), output=output, welcome="Five Crowns.")
        self.app.start(resumed=False)
        printer.flush()
        self._mark = len(self.spoken)

    @property
    def spoken(self) -> list[str]:
        return self.backend.texts

    def run_keys(self, text: str) -> list[str]:
        """Type ``text`` (terminal bytes: '\x03' is Ctrl+C) into a fresh app through real prompt_toolkit
        key bindings, until the app exits; what was said."""
        with create_pipe_input() as inp, create_app_session(input=inp, output=self.output):
            app = GameApp(self.session, self.app.printer, input=inp, output=self.output)
            inp.send_text(text)
            asyncio.run(asyncio.wait_for(app.run_async(resumed=True), timeout=60))
        self.app = app
        new = self.spoken[self._mark :]
        self._mark = len(self.spoken)
        return new

    def press(self, key: str) -> list[str]:
        self.app.dispatch(key)
        new = self.spoken[self._mark :]
        self._mark = len(self.spoken)
        return new
