"""Test support: Five Crowns at the terminal driven by keys (the shared harness is tests/harness.py).

``Harness`` is the shared key harness set up for Five Crowns. ``keys_for_decision`` is a player's
choice expressed only as key presses (move to a card by its number, then X or O), so a whole game can
be played through the interface the way a person would, and its transcript kept as a golden file.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
for _path in (ROOT, ROOT / "tests"):  # run as a script, or from another test folder
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from harness import KeyHarness, card_key, check_golden, golden_keys, raw  # noqa: E402, F401

from access_game.settings import Settings  # noqa: E402
from access_game.ui.app import GameApp  # noqa: E402
from engine.arrange_five_crowns import discard_options, min_points  # noqa: E402
from engine.game import Game  # noqa: E402

__all__ = ["GOLDEN_GAMES", "GoldenGame", "Harness", "can_go_out", "card_key", "golden_keys", "golden_path",
           "keys_for_decision", "play_until", "raw", "record_golden", "replay_golden"]

PLAYERS = ["You", "Anna", "Ben", "Carla"]


class Harness(KeyHarness):
    """A Five Crowns game (or any game, given ``game``) at the terminal, the player in ``human_seat``."""

    def __init__(
        self,
        seed: int = 7,
        players: Sequence[str] = tuple(PLAYERS),
        settings: Settings | None = None,
        save_dir: Path | None = None,
        game: Game | None = None,
        human_seat: int = 0,
        level: str = "normal",
    ) -> None:
        game = game or Game.new("five-crowns", list(players), seed=seed)
        welcome = "Five Crowns. F1 for help." if game.ruleset.name == "five-crowns" else None
        super().__init__(game, settings=settings, save_dir=save_dir, level=level, human_seat=human_seat,
                         welcome=welcome)


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


#: The catalog game whose golden transcripts this module writes (scripts/regen_golden.py finds it by this).
GOLDEN_GAME = "five-crowns"


def main() -> int:
    """Rewrite the Five Crowns golden transcripts (scripts/regen_golden.py runs every game's)."""
    for game in GOLDEN_GAMES:
        path = golden_path(game)
        path.parent.mkdir(parents=True, exist_ok=True)
        lines = record_golden(game)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(GOLDEN_DIR.parents[1])} ({len(lines)} lines)")
    return 0
