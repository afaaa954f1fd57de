"""scripts/five_crowns_ceiling.py: its loop deals as ``simulate`` does, and its cheaters play legally
without changing the game they read."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from access_game.simulate import play_game
from engine.bots import make_agent
from engine.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from script_loader import load_script

ceiling = load_script("five_crowns_ceiling")


@pytest.mark.parametrize("index", [0, 1])
def test_the_loop_reproduces_simulate_hard_against_hard(index: int) -> None:
    # The cheater told nothing is hard, so the loop must give simulate's hard,hard game to the point.
    got = ceiling.play("none", 1, index)
    want = play_game("five-crowns", ("hard", "hard"), 1, index)
    assert got.points == want.points
    assert got.shares == want.shares


@pytest.mark.parametrize("mode", ["next-card", "next-card-draw", "next-card-discard", "open-hand", "both", "lookahead"])
def test_each_cheater_plays_legal_moves_and_leaves_the_game_alone(mode: str) -> None:
    g = Game.new("five-crowns", ["a", "b"], seed=7)
    cheater = ceiling.Cheater(mode, 3)
    hard = make_agent("five-crowns", "hard", 4)
    decisions = 0
    while g.state.hand_number <= 3:
        seat = g.seats_to_act()[0]
        legal = g.legal_actions(seat)
        if seat == 0:
            before = g.to_data()
            cheater.tell(g)
            action = cheater.choose(g.view(seat), legal)
            assert action in legal
            assert g.to_data() == before, "reading the truth changed the game"
            decisions += 1
        else:
            action = hard.choose(g.view(seat), legal)
        g.apply(action)
    assert decisions >= 6


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown mode"):
        ceiling.Cheater("x-ray")


def test_the_summary_names_the_figures() -> None:
    outcomes = [ceiling.Outcome(0, (50, 70), (1.0, 0.0), (0.01,)), ceiling.Outcome(1, (60, 60), (0.5, 0.5), (0.02,))]
    text = ceiling.summary("both", 1, outcomes)
    assert "win share 75.0%" in text
    assert "hard's points less both's, per game: +10.00" in text
    assert "over 1 whole deals (every seat): +10.00" in text


def test_a_run_in_pieces_sums_up_as_one(tmp_path: Path) -> None:
    out = tmp_path / "games.txt"
    out.write_text("1 60 60 0.5\n0 50 70 1\n", encoding="utf-8")
    games = ceiling.read_outcomes(out)
    assert [g.index for g in games] == [0, 1]
    assert games[0].points == (50, 70) and games[1].shares == (0.5, 0.5)
    assert "win share 75.0%" in ceiling.summary("both", 1, games)


@pytest.mark.parametrize(("mode", "players"), [("search", 2), ("search-hands", 4), ("search-deal", 2)])
def test_each_search_player_plays_legal_moves_and_leaves_the_game_alone(mode: str, players: int) -> None:
    g = Game.new("five-crowns", [f"p{n}" for n in range(players)], seed=7)
    searcher = ceiling.SearchCheater(mode, 3)
    hards = [make_agent("five-crowns", "hard", n) for n in range(players)]
    decisions = 0
    while g.state.hand_number <= 3:
        seat = g.seats_to_act()[0]
        legal = g.legal_actions(seat)
        if seat == 0:
            before = g.to_data()
            searcher.tell(g)
            action = searcher.choose(g.view(seat), legal)
            assert action in legal
            assert g.to_data() == before, "reading the truth changed the game"
            decisions += 1
        else:
            action = hards[seat].choose(g.view(seat), legal)
        g.apply(action)
    assert decisions >= 6


def test_the_search_told_nothing_is_the_expert_searching() -> None:
    # The ``search`` mode guesses the hidden cards as the level does, so it plays the level's moves.
    from engine.bots.five_crowns_search import ExpertFiveCrowns

    g = Game.new("five-crowns", ["a", "b"], seed=9)
    searcher = ceiling.SearchCheater("search", 5)
    expert = ExpertFiveCrowns(5, "playout", ceiling.SEARCH_DEALS, margin=ceiling.SEARCH_MARGIN)
    hard = make_agent("five-crowns", "hard", 1)
    while g.state.hand_number <= 3:
        seat = g.seats_to_act()[0]
        legal = g.legal_actions(seat)
        if seat == 0:
            searcher.tell(g)
            action = searcher.choose(g.view(seat), legal)
            assert action == expert.choose(g.view(seat), legal)
        else:
            action = hard.choose(g.view(seat), legal)
        g.apply(action)
