"""``access-game bench-anchor``: our Gin Rummy player against OpenSpiel's simple bot, our engine the
referee. OpenSpiel is in the test extra, so these run everywhere the suite does. The mirror checks
itself after every move (hands, up card, stock against our engine's), so every game played here is
also a check that the bot saw exactly our cards."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyspiel

from access_game.bench.anchor import DRAW_UPCARD, os_card, our_card, run_anchor
from engine.cards import STANDARD_RANKS, STANDARD_SUITS, Card


def test_card_numbers_are_openspiels() -> None:
    state = pyspiel.load_game("gin_rummy").new_initial_state()
    seen = set()
    for number in range(52):
        card = our_card(number)
        assert os_card(card) == number
        # OpenSpiel names its card moves "As", "Tc", "Kh": rank then suit letter.
        rank = "A23456789TJQK"[int(card.rank or 0) - 1]
        assert state.action_to_string(number) == f"Chance outcome: {rank}{card.suit}", number
        seen.add(card)
    assert seen == {Card(r, s) for r in STANDARD_RANKS for s in STANDARD_SUITS}


def _figures(level: str, games: int, seed: int, **kw: Any) -> dict[str, Any]:
    data = run_anchor(level, games, seed, **kw).to_data()
    del data["seconds"], data["decision_ms_mean"]
    return data


def test_games_replay_and_add_up() -> None:
    first = _figures("hard", 4, 3)
    assert first == _figures("hard", 4, 3)
    hands = first["hands_won"] + first["hands_lost"] + first["hands_drawn"]
    assert sum(first["outcomes"].values()) == hands > 0
    assert 0 <= first["wins"] <= 4 and first["game_ci95"][0] <= first["game_share"] <= first["game_ci95"][1]
    # A game goes to 100, so someone ends it with 100 points or more before the bonuses: the mean of the
    # two players' totals is at least half that.
    assert first["mean_points"] + first["bot_mean_points"] >= 100


class ThrowsBackTheUpCard:
    """A stand-in for the bot that takes every up card and tries to throw it straight back (OpenSpiel's
    rules allow it, ours do not) and never knocks: the referee must put a legal throw in its place."""

    def __init__(self) -> None:
        self.taken: int | None = None

    def step(self, state: Any) -> int:
        legal: list[int] = state.legal_actions()
        if DRAW_UPCARD in legal:
            self.taken = int(state.upcard())
            return DRAW_UPCARD
        if self.taken is not None and self.taken in legal:
            return self.taken
        return min(a for a in legal if a < 52)

    def restart(self) -> None:
        self.taken = None


def test_a_throw_our_rules_forbid_is_replaced() -> None:
    data = _figures("normal", 2, 5, bot_factory=lambda _player: ThrowsBackTheUpCard())
    assert data["bot_throws_replaced"] > 0
    # A player that never knocks wins a hand only by an undercut.
    assert not {"lost knock", "lost gin", "lost big_gin"} & set(data["outcomes"])


def test_the_command_prints_its_figures(tmp_path: Path) -> None:
    done = subprocess.run([str(Path(sys.executable).parent / "access-game"), "--lang", "en", "bench-anchor",
                           "--level", "easy", "--games", "2", "--seed", "4", "--json"],
                          capture_output=True, text=True, timeout=120, check=True,
                          env={"ACCESS_GAME_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    data = json.loads(done.stdout)
    assert data["games"] == 2 and data["level"] == "easy" and data["game"] == "gin-rummy"
    expected = _figures("easy", 2, 4)
    assert {k: data[k] for k in expected} == expected
