"""The upcard rummy ceiling script: its loop deals as ``access-game simulate`` does, its cheaters play
legal moves and leave the real game untouched, and nothing at the table can reach it."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from access_game.simulate import play_game
from engine.actions import Action, Discard, Draw
from engine.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from script_loader import load_script

ROOT = Path(__file__).resolve().parents[2]


ceiling = load_script("upcard_ceiling")


@pytest.mark.parametrize("index", [0, 1])
def test_the_loop_plays_the_games_simulate_plays(index: int) -> None:
    mine = ceiling.play(ceiling.make_cheater("normal"), 3, index, names=("normal", "normal"))
    theirs = play_game("upcard-rummy", ["normal", "normal"], 3, index)
    assert mine.points == theirs.points
    assert mine.shares == theirs.shares


def test_a_deal_played_from_both_seats_mirrors_between_equal_players() -> None:
    first, second = (ceiling.play(ceiling.make_cheater("normal"), 5, i) for i in (0, 1))
    assert first.points == second.points[::-1]
    split = ceiling.deal_split([first, second, *(ceiling.play(ceiling.make_cheater("normal"), 5, i) for i in (2, 3))])
    assert split is not None
    edge, margin, skill_sd, luck_sd = split
    assert (edge, margin, skill_sd) == (0.0, 0.0, 0.0)
    assert luck_sd > 0


@pytest.mark.parametrize(
    "name", ["clairvoyant", "pi-search:all", "pi-search:all-game", "pi-search:hands-draw", "lookahead-game",
             "lookahead-hands:2"]
)
def test_cheaters_play_legal_moves_to_the_end(name: str) -> None:
    # play() stops at any move the rules refuse; one hand keeps the test short.
    result = ceiling.play(ceiling.make_cheater(name), 0, 1, options={"max_hands": 1})
    assert sum(result.shares) == pytest.approx(1.0)


class _DrawsForever:
    """Draws even when the turn asks for a discard."""

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return Draw(view.seat, "stock")


def test_a_move_the_rules_refuse_stops_the_run() -> None:
    with pytest.raises(RuntimeError, match="refused"):
        ceiling.play(lambda seed: _DrawsForever(), 0, 0)


def test_true_deal_is_the_hidden_state() -> None:
    g = Game.new("upcard-rummy", ["a", "b"], seed=4)
    deal = ceiling.true_deal(g.state)
    assert deal.stock[-1] == int(g.state.stock[-1].rank)  # drawn from the end, as the rules draw
    assert [sum(h) for h in deal.hands] == [len(h) for h in g.state.hands]
    assert len(deal.stock) == len(g.state.stock)


def test_the_look_ahead_leaves_the_real_game_as_it_was() -> None:
    g = Game.new("upcard-rummy", ["a", "b"], seed=2)
    agent = ceiling.LookAhead(0)
    agent.game = g
    discards = 0
    while discards < 3:  # both players' moves, by the look-ahead, until it has weighed three discards
        seat = g.seats_to_act()[0]
        legal = g.legal_actions(seat)
        before, weighed = g.to_data(), agent.rollouts
        action = agent.choose(g.view(seat), legal)
        assert g.to_data() == before
        if isinstance(action, Discard) and len({c.rank for c in g.state.hands[seat]}) > 1:
            assert agent.rollouts > weighed
            discards += 1
        g.apply(action)

def test_nothing_at_the_table_uses_the_ceiling_script() -> None:
    for package in ("engine", "access_game", "speech", "braille"):
        for path in (ROOT / package).rglob("*.py"):
            assert "upcard_ceiling" not in path.read_text(encoding="utf-8"), path
