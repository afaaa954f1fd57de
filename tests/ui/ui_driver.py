"""Test support: a game at the terminal driven by keys, with what was said recorded.

``Harness`` builds the real parts a player meets (session, table, app, announcer, narrator) with a
recording backend in place of a voice. ``keys_for_decision`` is a player's choice expressed only as
key presses (move to a card by its number, then X or O), so a whole game can be played through
the interface the way a person would, and its transcript kept as a golden file.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass, field
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
from engine.arrange import discard_options, min_points
from engine.game import Game
from speech.backends.base import RecordingBackend

PLAYERS = ["You", "Anna", "Ben", "Carla"]

#: Printable names for keys in transcripts, and the raw bytes a terminal sends for them.
RAW_KEYS = {
    "space": " ",
    "enter": "\r",
    "escape": "\x1b",
    "f1": "\x1bOP",
    "f2": "\x1bOQ",
    "left": "\x1b[D",
    "right": "\x1b[C",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "pageup": "\x1b[5~",
    "pagedown": "\x1b[6~",
    "c-home": "\x1b[1;5H",
    "c-end": "\x1b[1;5F",
    "c-s": "\x13",
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


@dataclass
class Harness:
    seed: int = 7
    players: list[str] = field(default_factory=lambda: list(PLAYERS))
    settings: Settings = field(default_factory=lambda: Settings(speech="silent", cues=False))
    save_dir: Path | None = None
    game: Game | None = None
    human_seat: int = 0
    level: str = "normal"

    def __post_init__(self) -> None:
        self.backend = RecordingBackend()
        self.output = DummyOutput()
        self.printer = LinePrinter(self.output)
        self.announcer = make_announcer(self.settings, self.printer, self.backend)
        game = self.game or Game.new("five-crowns", self.players, seed=self.seed)
        self.saves = SaveStore(self.save_dir) if self.save_dir is not None else None
        self.session = Session(
            game,
            human_seat=self.human_seat,
            level=self.level,
            announcer=self.announcer,
            narrator=make_narrator(self.human_seat, game.players, self.settings, game=game.ruleset.name),
            settings=self.settings,
            saves=self.saves,
        )
        self.keys_pressed: list[str] = []
        self.transcript: list[str] = []
        self._mark = 0

    @property
    def spoken(self) -> list[str]:
        return self.backend.texts

    def app(self, inp: Any = None) -> GameApp:
        app = GameApp(self.session, self.printer, input=inp, output=self.output, welcome="Five Crowns. F1 for help.")
        app.key_listeners.append(self._key)
        self._app = app
        return app

    def _key(self, key: str) -> None:
        self._take_transcript()
        self.keys_pressed.append(key)
        self.transcript.append(f"> {key}")

    # ----- running through prompt_toolkit pipe input
    def run_keys(self, keys: Iterable[str], *, resumed: bool = False) -> GameApp:
        """Start the app, type ``keys`` through a pipe, run until the app exits (end keys with quit)."""
        with create_pipe_input() as inp, create_app_session(input=inp, output=self.output):
            the_app = self.app(inp)
            inp.send_text(raw(keys))
            asyncio.run(asyncio.wait_for(the_app.run_async(resumed=resumed), timeout=120))
        return the_app

    # ----- running key by key, deciding each from what the table shows
    def start(self, *, resumed: bool = False) -> GameApp:
        app = self.app(DummyInput())
        app.start(resumed=resumed)
        app.printer.flush()
        self._take_transcript()
        return app

    def press(self, key: str) -> list[str]:
        """One key through the app's dispatcher; returns what was said."""
        self._app.dispatch(key)
        return self._take_transcript()

    def finish(self) -> list[str]:
        """The whole transcript: keys pressed ('> d') between what was said."""
        self._take_transcript()
        return self.transcript

    def _take_transcript(self) -> list[str]:
        new = self.spoken[self._mark :]
        self._mark = len(self.spoken)
        self.transcript.extend(new)
        return new


def card_key(index: int) -> str:
    """The key that moves to card ``index`` (0-based): 1-9, 0 for the tenth, Alt+1.. beyond."""
    if index < 9:
        return str(index + 1)
    if index == 9:
        return "0"
    return f"alt-{index - 9}"


def keys_for_decision(app: GameApp) -> list[str]:
    """The keys a sensible player presses now: take the up card when it helps, else draw; go out when
    possible; otherwise discard the card that leaves the fewest points."""
    session = app.session
    table: Any = app.table
    if session.over:
        return ["n"]
    if session.waiting:
        return ["space"]
    if not session.my_turn:
        return []
    view = session.view()
    wild = view.wild_rank
    if view.phase == "draw":
        if view.discard_top is not None:
            now = min_points(view.hand, wild)
            with_top = min(a.points for a in discard_options([*view.hand, view.discard_top], wild).values())
            if with_top < now:
                return ["t"]
        return ["d"]
    opts = discard_options(view.hand, wild)
    outs = [c for c, a in opts.items() if a.points == 0]
    if outs and not view.last_turn:
        return [card_key(table.order.index(outs[0])), "o"]
    best = min(opts, key=lambda c: (opts[c].points, c.sort_key()))
    return [card_key(table.order.index(best)), "x"]


def play_whole_game(h: Harness, *, extra_every_hand: tuple[str, ...] = ("h", "w")) -> list[str]:
    """Play a whole game by keys; returns the keys pressed (the transcript is in ``h.transcript``)."""
    app = h.start()
    hand_seen = -1
    for _ in range(5000):
        if app.quitting:
            break
        view = h.session.view()
        if not h.session.over and view.hand_number != hand_seen and h.session.my_turn:
            hand_seen = view.hand_number
            for k in extra_every_hand:
                h.press(k)
        keys = keys_for_decision(app)
        if not keys:
            raise AssertionError("the game is waiting for nobody")
        for k in keys:
            h.press(k)
    else:
        raise AssertionError("the game did not end")
    return h.keys_pressed


# ----- golden transcripts

@dataclass(frozen=True)
class GoldenGame:
    """A whole seeded game kept as a golden transcript."""

    name: str
    seed: int
    players: tuple[str, ...] = tuple(PLAYERS)
    verbosity: str = "normal"
    pace: str = "all"

    def settings(self) -> Settings:
        return Settings(speech="silent", cues=False, verbosity=self.verbosity, pace=self.pace)

    def header(self) -> list[str]:
        return [
            f"# Golden transcript {self.name}: Five Crowns, seed {self.seed}, players {', '.join(self.players)}, "
            f"level normal, verbosity {self.verbosity}, pace {self.pace}.",
            "# Lines '> key' are key presses; every other line is what the player was told, in order.",
            "# Regenerate on purpose: .venv/bin/python scripts/regen_golden.py",
        ]


GOLDEN_GAMES = (
    GoldenGame("five_crowns_seed11", 11),
    GoldenGame("five_crowns_brief_step_seed5", 5, players=("Sam", "Anna", "Ben"), verbosity="brief", pace="step"),
)

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden"


def golden_path(g: GoldenGame) -> Path:
    return GOLDEN_DIR / f"{g.name}.txt"


def record_golden(g: GoldenGame) -> list[str]:
    """Play the game key by key, choosing each key from what the table shows; the transcript lines."""
    h = Harness(seed=g.seed, players=list(g.players), settings=g.settings())
    play_whole_game(h)
    return [*g.header(), *h.finish()]


def replay_golden(g: GoldenGame, keys: list[str]) -> list[str]:
    """Type the golden file's keys through prompt_toolkit pipe input; the transcript lines."""
    h = Harness(seed=g.seed, players=list(g.players), settings=g.settings())
    # Ctrl+C after the keys: if the game went differently and never reached its end, the app still
    # stops at once and the diff shows where the games parted.
    h.run_keys([*keys, "c-c"])
    return [*g.header(), *h.finish()]


def golden_keys(lines: list[str]) -> list[str]:
    return [line[2:] for line in lines if line.startswith("> ")]


def play_until(h: Harness, goal: Any, *, limit: int = 3000) -> GameApp:
    """Start and play sensible keys until ``goal(app)`` holds at a moment the player may press a key."""
    app = h.start()
    for _ in range(limit):
        if goal(app):
            return app
        keys = keys_for_decision(app)
        if not keys or h.session.over:
            break
        for k in keys:
            h.press(k)
    raise AssertionError("the game never reached the state the test needs")


def can_go_out(app: GameApp) -> bool:
    s = app.session
    if not s.my_turn:
        return False
    v = s.view()
    if v.phase != "discard" or v.last_turn:
        return False
    return any(a.points == 0 for a in discard_options(v.hand, v.wild_rank).values())


def main() -> int:
    """Rewrite the Five Crowns golden transcripts (scripts/regen_golden.py runs every game's)."""
    for game in GOLDEN_GAMES:
        path = golden_path(game)
        path.parent.mkdir(parents=True, exist_ok=True)
        lines = record_golden(game)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(GOLDEN_DIR.parents[1])} ({len(lines)} lines)")
    return 0
