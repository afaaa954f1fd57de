"""Test support for every game: a table at the terminal driven by keys, with what was said recorded.

``KeyHarness`` builds the real parts a player meets (session, the game's table from the catalog, app,
announcer, narrator) with a recording backend in place of a voice. Keys go either through the app's
dispatcher one by one (``press``), or as the bytes a terminal sends through prompt_toolkit pipe input
(``run_keys``). The transcript keeps each key ('> x') between what was said, which is what the golden
files hold. Each game's driver (tests/ui/ui_driver.py, tests/solitaire/solitaire_driver.py,
tests/ui_contract/contract_driver.py, tests/ui_upcard/upcard_driver.py) adds only how a sensible
player of that game chooses keys, and its golden games (written and checked by tests/golden_driver.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

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

__all__ = ["RAW_KEYS", "KeyHarness", "card_key", "check_golden", "golden_keys", "keys_section", "play_piped", "raw",
           "state_resaved", "with_section"]

#: The bytes a terminal sends for each key name that is not itself one character.
RAW_KEYS = {
    "space": " ",
    "enter": "\r",
    "escape": "\x1b",
    "tab": "\t",
    "s-tab": "\x1b[Z",
    "f1": "\x1bOP",
    "f2": "\x1bOQ",
    "left": "\x1b[D",
    "right": "\x1b[C",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "s-up": "\x1b[1;2A",
    "s-down": "\x1b[1;2B",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "pageup": "\x1b[5~",
    "pagedown": "\x1b[6~",
    "c-home": "\x1b[1;5H",
    "c-end": "\x1b[1;5F",
    "c-s": "\x13",
    "c-n": "\x0e",
    "c-o": "\x0f",
    "c-z": "\x1a",
    "c-c": "\x03",
    "backspace": "\x7f",
}


def raw(keys: Iterable[str]) -> str:
    """Key names to the bytes a terminal sends ('alt-1' is Escape then 1)."""
    out = []
    for k in keys:
        if k in RAW_KEYS:
            out.append(RAW_KEYS[k])
        elif k.startswith("alt-"):
            out.append("\x1b" + k[4:])
        else:
            out.append(k)
    return "".join(out)


def play_piped(choice: Any, first: Iterable[str], keys: Iterable[str], backend: RecordingBackend, saves: SaveStore,
               *, force_new: bool = False) -> int:
    """A game as the play command runs it (``play_in_terminal``: the resume question, the save slot, the
    goodbye), silent and without cues, its keys typed through prompt_toolkit pipe input: ``first``
    before the start (the answers to its questions), ``keys`` once the game's app exists. Its exit
    status; what was said is in ``backend``."""
    from access_game.terminal_game import play_in_terminal

    out = DummyOutput()
    with create_pipe_input() as inp, create_app_session(input=inp, output=out):
        inp.send_text(raw(first))

        def type_keys(app: Any) -> None:
            inp.send_text(raw(keys))

        return play_in_terminal(choice, Settings(speech="silent", cues=False), input=inp, output=out,
                                backend=backend, saves=saves, cues=None, on_app=type_keys, force_new=force_new)


def state_resaved(game: Game) -> Game:
    """A copy of ``game`` whose state went through the save format, written as JSON and read back.

    For a stacked deal in a test: it has no history that plays again from its seed, so as a whole save
    it would be refused (``Game.from_data`` replays the history); its state alone is what is checked.
    """
    import copy
    import json

    copied = copy.copy(game)
    copied.state = game.ruleset.state_from_data(json.loads(json.dumps(game.ruleset.state_to_data(game.state))))
    return copied


def card_key(index: int) -> str:
    """The key that moves to card ``index`` (0-based): 1 to 9, 0 for the tenth, Alt+1 to Alt+9 beyond."""
    if index < 9:
        return str(index + 1)
    if index == 9:
        return "0"
    return f"alt-{index - 9}"


def golden_keys(lines: list[str]) -> list[str]:
    """The keys a golden transcript typed, in order."""
    return [line[2:] for line in lines if line.startswith("> ")]


def check_golden(path: Path, replay: Callable[[list[str]], list[str]]) -> None:
    """Type the golden file's keys again (``replay``) and fail with a readable diff if anything said changed.
    A change that is meant is written by scripts/regen_golden.py and reviewed as a diff."""
    import difflib

    import pytest

    expected = path.read_text(encoding="utf-8").splitlines()
    keys = golden_keys(expected)
    assert keys and keys[-1] == "n", "a golden game ends by declining to play again"
    actual = replay(keys)
    if actual != expected:
        diff = "\n".join(difflib.unified_diff(expected, actual, "golden", "now", lineterm="", n=2))
        pytest.fail(f"the transcript of {path.stem} changed; if that is meant, run scripts/regen_golden.py.\n"
                    f"{diff[:6000]}")


def keys_section(registry: Any, start: str, end: str, *, deeper: int = 2) -> str:
    """A game document's keys, a table per help group, between its ``start`` and ``end`` markers; the
    headings ``deeper`` levels below the document's own."""
    text = registry.markdown("Keys")
    lines = ["#" * deeper + line if line.startswith("#") else line for line in text.splitlines()]
    return "\n".join([start, *lines, end])


def with_section(doc: str, start: str, end: str, section: str) -> str:
    """``doc`` with the text from ``start`` to ``end`` replaced by ``section``."""
    a, b = doc.index(start), doc.index(end) + len(end)
    return doc[:a] + section + doc[b:]


class KeyHarness:
    def __init__(
        self,
        game: Game,
        *,
        settings: Settings | None = None,
        save_dir: Path | None = None,
        slot: str | None = None,
        level: str = "normal",
        human_seat: int = 0,
        welcome: str | None = None,
        table_factory: Callable[..., Any] | None = None,
        session_factory: Callable[[Any, Settings], Any] | None = None,
    ) -> None:
        self.settings = settings or Settings(speech="silent", cues=False)
        self.backend = RecordingBackend()
        self.output = DummyOutput()
        self.printer = LinePrinter(self.output)
        self.announcer = make_announcer(self.settings, self.printer, self.backend)
        self.game = game
        self.saves = (SaveStore(save_dir, slot=slot) if slot else SaveStore(save_dir)) if save_dir is not None else None
        # Another session behind the same interface (a seat at a network table) is built around the
        # harness's announcer by ``session_factory(announcer, settings)``; ``game`` is then None.
        self.session: Any = session_factory(self.announcer, self.settings) if session_factory is not None else Session(
            game,
            human_seat=human_seat,
            level=level,
            announcer=self.announcer,
            narrator=make_narrator(human_seat, game.players, self.settings, game=game.ruleset.name),
            settings=self.settings,
            saves=self.saves,
        )
        self.welcome = welcome
        self.table_factory = table_factory
        self.keys_pressed: list[str] = []
        self.transcript: list[str] = []
        self._mark = 0
        self._app: GameApp | None = None

    @property
    def spoken(self) -> list[str]:
        return self.backend.texts

    @property
    def app_(self) -> GameApp:
        assert self._app is not None, "start the harness first"
        return self._app

    @property
    def view(self) -> Any:
        return self.session.view()

    def app(self, inp: Any = None) -> GameApp:
        extra: dict[str, Any] = {}
        if self.welcome is not None:
            extra["welcome"] = self.welcome
        if self.table_factory is not None:
            extra["table_factory"] = self.table_factory
        app = GameApp(self.session, self.printer, input=inp, output=self.output, **extra)
        app.key_listeners.append(self._key)
        self._app = app
        return app

    def _key(self, key: str) -> None:
        self._take()
        self.keys_pressed.append(key)
        self.transcript.append(f"> {key}")

    def start(self, *, resumed: bool = False) -> GameApp:
        """Start the app without a terminal; keys then go through ``press``."""
        app = self.app(DummyInput())
        app.start(resumed=resumed)
        app.printer.flush()
        self._take()
        return app

    def press(self, *keys: str) -> list[str]:
        """Keys through the app's dispatcher, one by one; what was said."""
        start = len(self.spoken)
        for key in keys:
            self.app_.dispatch(key)
        self._take()
        return self.spoken[start:]

    def run_keys(self, keys: Iterable[str], *, resumed: bool = False) -> GameApp:
        """Type ``keys`` through prompt_toolkit pipe input until the app exits (end with quitting)."""
        with create_pipe_input() as inp, create_app_session(input=inp, output=self.output):
            the_app = self.app(inp)
            inp.send_text(raw(keys))
            asyncio.run(asyncio.wait_for(the_app.run_async(resumed=resumed), timeout=120))
        self._take()
        return the_app

    def finish(self) -> list[str]:
        """The whole transcript: keys pressed ('> d') between what was said."""
        self._take()
        return self.transcript

    def _take(self) -> None:
        self.transcript.extend(self.spoken[self._mark :])
        self._mark = len(self.spoken)
