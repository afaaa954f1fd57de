"""Upcard rummy hard and the search player built beside it: seeded, blind to hidden cards, legal
everywhere, and the search choosing well where the choice is plain.

The search variant tested here searches every choice it can (digs, discards, holds, playing for the
game) on a few deals, so every path of it runs; the low targets put the game's end in view.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, Discard
from engine.bots import make_agent
from engine.bots.base import Agent
from engine.bots.upcard_playout import Deal, Playout
from engine.bots.upcard_rummy_search import SearchAgent, SearchConfig
from engine.game import Game
from engine.rules.upcard_rummy import LayOff, Meld, PlayerWentOut, TakeDiscards, UpcardState, UpcardView

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "upcard"))
from upcard_tables import c, make_table  # type: ignore[import-not-found]

GAME = "upcard-rummy"
EVERYTHING = SearchConfig(deals=6, discards=True, holds=True, for_game=True)


def _player(kind: str, seed: int) -> Agent:
    return make_agent(GAME, "hard", seed) if kind == "hard" else SearchAgent(seed, EVERYTHING)


def _state(game: Game) -> UpcardState:
    state = game.state
    assert isinstance(state, UpcardState)
    return state


def _view(game: Game, seat: int) -> UpcardView:
    view = game.view(seat)
    assert isinstance(view, UpcardView)
    return view


def _play(kind: str, seed: int, target: int) -> list[Action]:
    game = Game.new(GAME, ["a", "b", "c"], seed=seed, options={"target": target})
    agents = [_player(kind, seed * 10), make_agent(GAME, "normal", seed * 10 + 1), _player(kind, seed * 10 + 2)]
    chosen: list[Action] = []
    while not game.over:
        seat = game.seats_to_act()[0]
        action = agents[seat].choose(game.view(seat), game.legal_actions(seat))
        game.apply(action)
        chosen.append(action)
    return chosen


@pytest.mark.parametrize("kind", ["hard", "search"])
def test_it_repeats_itself_under_a_seed(kind: str) -> None:
    first = _play(kind, 3, target=700)
    assert first == _play(kind, 3, target=700)
    assert any(isinstance(a, TakeDiscards) for a in first)


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), steps=st.integers(0, 160),
       kind=st.sampled_from(["hard", "search"]))
def test_it_plays_legally_in_any_position(seed: int, players: int, steps: int, kind: str) -> None:
    """Random legal play leads where bots would not go (wilds thrown, a dry stock, last turns); the
    player is asked at every position on the way and must answer with a legal move."""
    rng = random.Random(seed)
    game = Game.new(GAME, [f"p{i}" for i in range(players)], seed=seed, options={"target": 400})
    hard = _player(kind, seed)
    for _ in range(steps):
        if game.over:
            break
        seat = game.seats_to_act()[0]
        legal = game.legal_actions(seat)
        action = hard.choose(game.view(seat), legal)
        # The rules' own check: legal_actions offers one meld per size, not every choice of cards.
        assert game.why_not(action) is None, action
        game.apply(action if rng.random() < 0.5 else rng.choice(legal))


@pytest.mark.parametrize("kind", ["hard", "search"])
def test_it_sees_only_its_seats_view(kind: str) -> None:
    """Deal the cards hidden from seat 0 (the opponents' hands but their up cards, and the stock) some
    other way: the view is the same, and so is every choice."""
    game = Game.new(GAME, ["a", "b"], seed=9, options={"target": 300})
    agents = [make_agent(GAME, "normal", 1), make_agent(GAME, "normal", 2)]
    checked = 0
    for _ in range(400):
        if game.over:
            break
        seat = game.seats_to_act()[0]
        if seat == 0:
            twin = Game.new(GAME, ["a", "b"], seed=9, options={"target": 300})
            twin.state = _reshuffled_hidden(game)
            twin._seat_logs = [list(game.seat_log(s)) for s in range(2)]
            assert game.view(0) == twin.view(0)
            mine = _player(kind, 5).choose(game.view(0), game.legal_actions(0))
            again = _player(kind, 5).choose(twin.view(0), twin.legal_actions(0))
            assert mine == again
            checked += 1
        game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
    assert checked > 30


def _reshuffled_hidden(game: Game) -> UpcardState:
    import copy

    state = copy.deepcopy(_state(game))
    rng = random.Random(7)
    hidden = list(state.stock)
    kept: list[list[int]] = []
    for s in range(1, len(state.hands)):
        up = state.up_cards[s]
        keep = [i for i, card in enumerate(state.hands[s]) if card == up][:1]
        kept.append(keep)
        hidden += [card for i, card in enumerate(state.hands[s]) if i not in keep]
    rng.shuffle(hidden)
    for s, keep in zip(range(1, len(state.hands)), kept, strict=True):
        size = len(state.hands[s]) - len(keep)
        state.hands[s] = [state.hands[s][i] for i in keep] + [hidden.pop() for _ in range(size)]
    state.stock = hidden
    return state


def test_the_search_digs_for_two_aces() -> None:
    game = make_table(
        ["9h 9s 4c 6c 3d", "3c 7d 8c"],
        table=[(0, "kh kd ks")],
        discard="3h 9c ac 5d ah kc 5h",
    )
    action = SearchAgent(1, SearchConfig(deals=24, discards=True)).choose(_view(game, 0), game.legal_actions(0))
    assert isinstance(action, TakeDiscards) and action.count == 6


def test_the_search_goes_out_when_it_can() -> None:
    game = make_table(["9h 9s 9c kc 5c 4d", "3c 7d 8c ac ah"], table=[(1, "kh kd ks")], melded=[True, True],
                      phase="discard", target=300)
    agent = SearchAgent(1, EVERYTHING)
    while _state(game).to_move == 0 and not game.over:
        action = agent.choose(_view(game, 0), game.legal_actions(0))
        assert isinstance(action, Meld | LayOff | Discard)
        game.apply(action)
    assert any(isinstance(e, PlayerWentOut) and e.seat == 0 for e in game.log)
    assert game.actions[-1] == Discard(0, c("4d"))


def test_a_play_out_keeps_every_card_and_ends_the_hand() -> None:
    rng = random.Random(4)
    deck = [r for r in range(1, 14) if r != 2 for _ in range(8)]
    for trial in range(200):
        rng.shuffle(deck)
        hands = [[0] * 14 for _ in range(3)]
        for s in range(3):
            for r in deck[s * 8 : (s + 1) * 8]:
                hands[s][r] += 1
        p = Playout(Deal(hands, deck[25:], [deck[24]], [False] * 14, [False] * 3, 5), 5, random.Random(trial))
        p.run(2)
        held = sum(sum(h) for h in p.d.hands)
        assert held + len(p.d.stock) + len(p.d.pile) + sum(p.down) == 96
        assert all(n >= 0 for h in p.d.hands for n in h)
        assert p.went_out is not None or not p.d.stock
        if p.went_out is not None:
            assert not any(p.d.hands[p.went_out])
