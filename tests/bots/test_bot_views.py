"""Computer players see what their seat may see and nothing more.

A bot is handed ``Game.view(seat)``: that seat's hand, the others' hand sizes, and the seat's own
redacted log. These tests check the view holds no hidden card, cannot lead back to the game state, and
that a bot's choice cannot depend on hidden cards (two deals that look the same from the seat get the
same answer).
"""

from __future__ import annotations

import gc
from collections import Counter
from typing import Any

import pytest

from engine.actions import Discard, Draw
from engine.bots import agent_levels, make_agent
from engine.events import CardsDealt, Drew
from engine.game import Game
from engine.rules.five_crowns import FiveCrownsState, FiveCrownsView


def _state(game: Game) -> FiveCrownsState:
    return game.state  # type: ignore[no-any-return]


def _advance(game: Game, turns: int) -> None:
    """Play ``turns`` plain turns: some from the stock (secret), some from the pile (public)."""
    for t in range(turns):
        seat = game.seats_to_act()[0]
        game.apply(Draw(seat, "discard" if t % 3 == 1 else "stock"))
        game.apply(Discard(seat, _state(game).hands[seat][0]))


def _reachable(root: object, limit: int = 200_000) -> list[object]:
    """Every object reachable from ``root`` by references (skipping modules, types and functions)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo and len(seen) < limit:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type) or type(obj).__name__ in ("module", "function"):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


def test_a_view_holds_only_its_own_hand_and_a_redacted_log() -> None:
    game = Game.new("five-crowns", ["A", "B", "C"], seed=3)
    _advance(game, 7)
    state = _state(game)
    for seat in range(3):
        view = game.view(seat)
        assert isinstance(view, FiveCrownsView)
        assert Counter(view.hand) == Counter(state.hands[seat])
        assert view.hand_sizes == tuple(len(h) for h in state.hands)
        dealt = [e for e in view.log if isinstance(e, CardsDealt)]
        assert {e.seat for e in dealt if e.cards is not None} == {seat}
        others_stock = [e for e in view.log if isinstance(e, Drew) and e.source == "stock" and e.seat != seat]
        assert others_stock and all(e.card is None for e in others_stock)
        own_stock = [e for e in view.log if isinstance(e, Drew) and e.source == "stock" and e.seat == seat]
        assert all(e.card is not None for e in own_stock)


def test_a_view_cannot_reach_the_game_state() -> None:
    game = Game.new("five-crowns", ["A", "B"], seed=5)
    _advance(game, 5)
    state = _state(game)
    view: FiveCrownsView = game.view(0)
    reach = _reachable(view)
    ids = {id(o) for o in reach}
    assert id(state) not in ids and id(game) not in ids
    assert not any(isinstance(o, FiveCrownsState | Game) for o in reach)
    # Not even one of the state's own lists: the opponent's hand, the stock, the discard pile.
    for hidden in (state.hands[1], state.stock, state.discard, state.hands[0], state.laid_down):
        assert id(hidden) not in ids
    # And it is frozen: a bot cannot write through it.
    with pytest.raises(AttributeError):
        view.hand = ()  # type: ignore[misc]


def _swap_hidden(game: Game, seat: int) -> None:
    """Trade every other seat's cards for stock cards: the game changes, ``seat``'s view does not."""
    state = _state(game)
    for other in range(len(state.hands)):
        if other == seat:
            continue
        n = len(state.hands[other])
        fresh = state.stock[:n]
        state.stock[:n] = state.hands[other]
        state.hands[other] = fresh


@pytest.mark.parametrize("level", agent_levels("five-crowns"))
@pytest.mark.parametrize("phase", ["draw", "discard"])
def test_a_choice_depends_on_the_view_alone(level: str, phase: str) -> None:
    """Two games that differ only in cards the seat to move cannot see get the same answer from it."""
    for seed in range(4):
        for turns in (0, 3, 8):
            games = [Game.new("five-crowns", ["A", "B", "C"], seed=seed) for _ in range(2)]
            for g in games:
                _advance(g, turns)
                if phase == "discard":
                    g.apply(Draw(g.seats_to_act()[0], "stock"))
            seat = games[0].seats_to_act()[0]
            _swap_hidden(games[1], seat)
            assert _state(games[0]).hands != _state(games[1]).hands
            assert _state(games[0]).stock != _state(games[1]).stock
            view_a: Any = games[0].view(seat)
            view_b: Any = games[1].view(seat)
            assert view_a == view_b
            legal = games[0].legal_actions(seat)
            assert legal == games[1].legal_actions(seat)
            a = make_agent("five-crowns", level, seed=9).choose(view_a, legal)
            b = make_agent("five-crowns", level, seed=9).choose(view_b, legal)
            assert a == b and a in legal
