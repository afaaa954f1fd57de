"""The same seed plays the same game: bots use no clock and no unseeded randomness."""

from __future__ import annotations

import pytest

from access_game.simulate import play_game
from engine.actions import action_to_data
from engine.bots import agent_levels, make_agent
from engine.game import Game

GAME = "five-crowns"


def _play(lineup: tuple[str, ...], seed: int, agent_seed: int) -> Game:
    game = Game.new(GAME, [f"P{i}" for i in range(len(lineup))], seed=seed)
    agents = [make_agent(GAME, level, seed=agent_seed + i) for i, level in enumerate(lineup)]
    while not game.over:
        seat = game.seats_to_act()[0]
        game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


def test_a_seeded_game_replays_action_for_action() -> None:
    lineup = ("easy", "hard", "normal")
    first = _play(lineup, seed=21, agent_seed=5)
    second = _play(lineup, seed=21, agent_seed=5)
    assert [action_to_data(a) for a in first.actions] == [action_to_data(a) for a in second.actions]
    assert first.log == second.log
    # The recorded game replays from its save too.
    assert Game.replay(first.to_data()).log == first.log


def test_the_easy_players_seed_changes_its_play() -> None:
    """Its mistakes are random but seeded: another seed makes other mistakes."""
    a = _play(("easy", "easy"), seed=3, agent_seed=1)
    b = _play(("easy", "easy"), seed=3, agent_seed=2)
    assert a.actions != b.actions


@pytest.mark.parametrize("level", agent_levels(GAME))
def test_a_player_asked_twice_answers_the_same(level: str) -> None:
    """Warm caches must not change an answer: a fresh player and a used one agree."""
    game = Game.new(GAME, ["A", "B"], seed=8)
    used = make_agent(GAME, level, seed=4)
    for _ in range(30):
        seat = game.seats_to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        answer = used.choose(view, legal)
        if level != "easy":  # the easy player's dice roll on; only its seeded sequence repeats
            assert make_agent(GAME, level, seed=4).choose(view, legal) == answer
        game.apply(answer)


def test_simulated_games_are_functions_of_their_number() -> None:
    one = play_game(GAME, ("normal", "easy"), seed=7, index=3)
    two = play_game(GAME, ("normal", "easy"), seed=7, index=3)
    assert (one.points, one.shares) == (two.points, two.shares)
    assert [len(t) for t in one.decision_seconds] == [len(t) for t in two.decision_seconds]
