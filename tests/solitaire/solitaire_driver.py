"""Test support: Five Crowns solitaire at the terminal driven by keys, with what was said recorded.

``SolitaireHarness`` builds the real parts (session, solitaire table, app, announcer) with a
recording backend. ``keys_for_step`` is a player's move expressed only as key presses read off the
table: the pile's number key, Space, then Home and Right to the card to throw out, Space. The golden
games are whole seeded deals played that way; regenerate them on purpose with

    .venv/bin/python tests/solitaire/solitaire_driver.py
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import DummyInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script to regenerate the golden files
    sys.path.insert(0, str(ROOT))

from access_game.records import RecordBook  # noqa: E402
from access_game.saves import SaveStore  # noqa: E402
from access_game.session import Session  # noqa: E402
from access_game.settings import Settings  # noqa: E402
from access_game.ui.app import GameApp  # noqa: E402
from access_game.ui.printer import LinePrinter  # noqa: E402
from access_game.ui.solitaire_table import PILE_KEYS, SolitaireTable  # noqa: E402
from access_game.ui.speech_link import make_announcer, make_narrator  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.rules.five_crowns_solitaire import SolitaireView  # noqa: E402
from speech.backends.base import RecordingBackend  # noqa: E402

RAW_KEYS = {
    "space": " ",
    "enter": "\r",
    "escape": "\x1b",
    "f1": "\x1bOP",
    "left": "\x1b[D",
    "right": "\x1b[C",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "pageup": "\x1b[5~",
    "pagedown": "\x1b[6~",
}
KEY_OF_PILE = {pile: key for key, pile in PILE_KEYS.items()}
WELCOME = "Five Crowns solitaire. F1 for help."


def raw(keys: Iterable[str]) -> str:
    """Key names as the bytes a terminal sends ('alt-1' is Escape then 1)."""
    out = []
    for k in keys:
        if k in RAW_KEYS:
            out.append(RAW_KEYS[k])
        elif k.startswith("alt-"):
            out.append("\x1b" + k[4:])
        else:
            out.append(k)
    return "".join(out)


class SolitaireHarness:
    def __init__(
        self,
        seed: int,
        records: Path,
        *,
        settings: Settings | None = None,
        save_dir: Path | None = None,
        game: Game | None = None,
    ) -> None:
        self.settings = settings or Settings(speech="silent", cues=False)
        self.backend = RecordingBackend()
        self.output = DummyOutput()
        self.printer = LinePrinter(self.output)
        self.announcer = make_announcer(self.settings, self.printer, self.backend)
        self.game = game or Game.new("solitaire", ["You"], seed=seed)
        self.saves = SaveStore(save_dir, slot="solitaire") if save_dir is not None else None
        self.records = RecordBook(records)
        self.session = Session(
            self.game,
            human_seat=0,
            level="normal",
            announcer=self.announcer,
            narrator=make_narrator(0, self.game.players, self.settings, game="solitaire"),
            settings=self.settings,
            saves=self.saves,
        )
        self.transcript: list[str] = []
        self._mark = 0
        self._app: GameApp | None = None

    @property
    def spoken(self) -> list[str]:
        return self.backend.texts

    @property
    def table(self) -> SolitaireTable:
        assert self._app is not None
        table = self._app.table
        assert isinstance(table, SolitaireTable)
        return table

    @property
    def view(self) -> SolitaireView:
        v = self.session.view()
        assert isinstance(v, SolitaireView)
        return v

    def app(self, inp: object = None) -> GameApp:
        app = GameApp(
            self.session,
            self.printer,
            input=inp,  # type: ignore[arg-type]
            output=self.output,
            table_factory=lambda session, host: SolitaireTable(session, host, records=self.records),
            welcome=WELCOME,
        )
        app.key_listeners.append(self._key)
        self._app = app
        return app

    def _key(self, key: str) -> None:
        self._take()
        self.transcript.append(f"> {key}")

    def start(self, *, resumed: bool = False) -> GameApp:
        app = self.app(DummyInput())
        app.start(resumed=resumed)
        app.printer.flush()
        self._take()
        return app

    def press(self, *keys: str) -> list[str]:
        """Keys through the app's dispatcher, one by one; what was said."""
        assert self._app is not None
        start = len(self.spoken)
        for key in keys:
            self._app.dispatch(key)
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

    def _take(self) -> None:
        self.transcript.extend(self.spoken[self._mark :])
        self._mark = len(self.spoken)


def keys_for_step(h: SolitaireHarness) -> list[str]:
    """The keys a player presses for the step at hand, following the hint by hand (no Shift+N)."""
    v = h.view
    if h.session.over:
        return ["n"]
    if v.phase == "draw":
        return ["d"]
    hint = v.hint()
    assert hint is not None
    if v.phase == "place":
        return [KEY_OF_PILE[hint.pile], "enter"]
    cards = h.table._cards()
    index = cards.index(hint.discard)
    if cards[h.table.pos] == hint.discard:
        return ["x"]
    return ["home", *["right"] * index, "x"]


def play_whole_game(h: SolitaireHarness, *, look_every: int = 7) -> None:
    """A whole deal by keys; every few moves the player also lists the piles and reads one."""
    h.start()
    h.press("P")
    moves = 0
    for _ in range(2000):
        if h._app is not None and h._app.quitting:
            return
        if h.view.phase == "draw" and not h.session.over:
            moves += 1
            if moves % look_every == 0:
                h.press("P", "s")
        for key in keys_for_step(h):
            h.press(key)
    raise AssertionError("the game did not end")


@dataclass(frozen=True)
class GoldenDeal:
    name: str
    seed: int
    verbosity: str = "normal"

    def settings(self) -> Settings:
        return Settings(speech="silent", cues=False, verbosity=self.verbosity)

    def header(self) -> list[str]:
        return [
            f"# Golden transcript {self.name}: Five Crowns solitaire, seed {self.seed}, verbosity {self.verbosity}.",
            "# Lines '> key' are key presses; every other line is what the player was told, in order.",
            "# Regenerate on purpose: .venv/bin/python tests/solitaire/solitaire_driver.py",
        ]


GOLDEN_DEALS = (
    GoldenDeal("solitaire_won_seed6", 6),
    GoldenDeal("solitaire_lost_brief_seed2", 2, verbosity="brief"),
)
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"


def golden_path(g: GoldenDeal) -> Path:
    return GOLDEN_DIR / f"{g.name}.txt"


def record_golden(g: GoldenDeal, records: Path) -> list[str]:
    h = SolitaireHarness(g.seed, records, settings=g.settings())
    play_whole_game(h)
    return [*g.header(), *h.transcript]


def replay_golden(g: GoldenDeal, keys: list[str], records: Path) -> list[str]:
    h = SolitaireHarness(g.seed, records, settings=g.settings())
    h.run_keys(keys)
    return [*g.header(), *h.transcript]


def golden_keys(lines: list[str]) -> list[str]:
    return [line[2:] for line in lines if line.startswith("> ")]


DOC = ROOT / "docs" / "solitaire.md"
KEYS_START = "<!-- keys: generated by tests/solitaire/solitaire_driver.py from the command registry -->"
KEYS_END = "<!-- end of keys -->"


def keys_section(records: Path) -> str:
    """The keys of the solitaire table as docs/solitaire.md shows them, one table per group."""
    h = SolitaireHarness(1, records)
    h.start()
    assert h._app is not None
    text = h._app.registry.markdown("Keys")
    lines = ["#" + line if line.startswith("#") else line for line in text.splitlines()]
    return "\n".join([KEYS_START, *lines, KEYS_END])


def doc_with_keys(doc: str, records: Path) -> str:
    start, end = doc.index(KEYS_START), doc.index(KEYS_END) + len(KEYS_END)
    return doc[:start] + keys_section(records) + doc[end:]


def main() -> int:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        DOC.write_text(doc_with_keys(DOC.read_text(encoding="utf-8"), Path(tmp) / "records.json"), encoding="utf-8")
    print(f"wrote the keys of {DOC.relative_to(ROOT)}")
    GOLDEN_DIR.mkdir(exist_ok=True)
    for g in GOLDEN_DEALS:
        with tempfile.TemporaryDirectory() as tmp:
            lines = record_golden(g, Path(tmp) / "records.json")
        golden_path(g).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {golden_path(g).relative_to(ROOT)} ({len(lines)} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
