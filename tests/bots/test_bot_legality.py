"""Computer players only ever choose legal actions, whatever the position.

Two sources of positions: whole games among mixed levels (the positions bots lead each other into),
and positions reached by random legal play (the odd ones bots would avoid: wilds thrown, the stock run
dry, last turns after an early go-out). Every level is asked at every position.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import Agent, agent_levels, make_agent
from engine.bots.knowledge import read_knowledge
from engine.game import Game
from engine.rules.five_crowns import FiveCrownsState

GAME = "five-crowns"
#: The levels the game has (expert only where one is registered).
LEVELS = agent_levels(GAME)


def _check_all_levels(game: Game, seat: int, agents: Mapping[str, Agent]) -> int:
    legal = game.legal_actions(seat)
    view = game.view(seat)
    for level, agent in agents.items():
        action = agent.choose(view, legal)
        assert action in legal, f"{level} chose {action}, not among {legal}"
    return len(agents)


def _check_knowledge(game: Game, seat: int) -> None:
    """The card count never goes negative and accounts for every card the seat cannot place."""
    state: FiveCrownsState = game.state
    view = game.view(seat)
    know = read_knowledge(view)
    assert all(n > 0 for n in know.unseen.values())
    known_elsewhere = sum(sum(h.values()) for s, h in enumerate(know.holding) if s != seat)
    hidden = len(state.stock) + sum(len(h) for s, h in enumerate(state.hands) if s != seat)
    assert know.unseen_total == hidden - known_elsewhere
    # Every card counted unseen really is in the stock or another hand.
    really = Counter(state.stock)
    for s, h in enumerate(state.hands):
        if s != seat:
            really.update(h)
    assert not know.unseen - really


def test_mixed_level_games_make_only_legal_moves() -> None:
    lineups = [
        ("easy", "hard"),
        ("hard", "normal", "easy"),
        ("normal", "easy", "hard", "easy"),
        ("easy", "normal"),
        ("easy", "easy", "normal", "normal", "easy"),
        ("normal", "easy", "easy", "normal", "easy", "normal", "easy"),
    ]
    checked = 0
    for n, lineup in enumerate(lineups * 2):
        game = Game.new(GAME, [f"P{i}" for i in range(len(lineup))], seed=100 + n)
        agents = [make_agent(GAME, level, seed=n * 10 + i) for i, level in enumerate(lineup)]
        while not game.over:
            seat = game.seats_to_act()[0]
            legal = game.legal_actions(seat)
            action = agents[seat].choose(game.view(seat), legal)
            assert action in legal
            if checked % 7 == 0:
                _check_knowledge(game, seat)
            game.apply(action)
            checked += 1
    assert checked > 2000


@settings(max_examples=60)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 9),
    steps=st.integers(0, 120),
    stock_bias=st.floats(0.0, 1.0),
)
def test_every_level_answers_legally_in_random_positions(
    seed: int, players: int, steps: int, stock_bias: float
) -> None:
    """Random legal play (going out whenever the dice say so), asking every level at each position."""
    rng = random.Random(seed)
    game = Game.new(GAME, [f"P{i}" for i in range(players)], seed=seed)
    agents = {level: make_agent(GAME, level, seed=seed) for level in LEVELS}
    asked = 0
    for step in range(steps):
        if game.over:
            break
        seat = game.seats_to_act()[0]
        if step % 4 == 0:
            asked += _check_all_levels(game, seat, agents)
            _check_knowledge(game, seat)
        legal = game.legal_actions(seat)
        draws = [a for a in legal if a.kind == "draw"]
        if draws and len(draws) > 1:
            action = draws[0] if rng.random() < stock_bias else draws[1]
        else:
            action = rng.choice(legal)
        game.apply(action)
    if not game.over:
        asked += _check_all_levels(game, game.seats_to_act()[0], agents)
    assert asked >= len(LEVELS)


def test_an_empty_stock_and_nine_players_on_two_sets() -> None:
    """Nine players on two sets, drawing only from the stock until it is reshuffled."""
    game = Game.new(GAME, [f"P{i}" for i in range(9)], seed=4)
    agents = {level: make_agent(GAME, level, seed=1) for level in LEVELS}
    state: FiveCrownsState = game.state
    reshuffled = False
    for _ in range(2000):
        if game.over or reshuffled:
            break
        seat = game.seats_to_act()[0]
        legal = game.legal_actions(seat)
        _check_all_levels(game, seat, agents)
        _check_knowledge(game, seat)
        action = next((a for a in legal if a.kind == "draw" and a.source == "stock"), None)  # type: ignore[attr-defined]
        if action is None:
            action = next(a for a in legal if a.kind == "discard")
        events = game.apply(action)
        reshuffled = any(e.kind == "stock_reshuffled" for e in events)
    assert reshuffled and state.sets == 2
    seat = game.seats_to_act()[0]
    _check_all_levels(game, seat, agents)
    _check_knowledge(game, seat)
