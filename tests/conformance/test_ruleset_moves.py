"""Each ruleset declares its moves once (``moves``); the network table asks the rules about each kind."""

from __future__ import annotations

import sys

import pytest

from engine.actions import Action
from engine.game import Game
from engine.registry import get_ruleset, ruleset_names


@pytest.mark.parametrize("name", ruleset_names())
def test_moves_are_every_move_class_of_the_rules_and_each_can_be_asked_about(name: str) -> None:
    rules = get_ruleset(name)
    kinds = [move.kind for move in rules.moves]
    assert len(kinds) == len(set(kinds)), kinds
    module = sys.modules[type(rules).__module__]
    own = {obj for obj in vars(module).values()
           if isinstance(obj, type) and issubclass(obj, Action) and obj is not Action
           and obj.__module__ == module.__name__}
    assert own <= set(rules.moves), own - set(rules.moves)
    players = ["Ann"] if rules.max_players == 1 else ["Ann", "Ben"]
    game = Game.new(name, players, seed=3)
    for kind in kinds:
        reason = game.why_not_now(game.seats_to_act()[0], kind)
        assert reason is None or isinstance(reason, str)
    assert any(game.why_not_now(game.seats_to_act()[0], kind) is None for kind in kinds)
