"""Shared parts of the robustness tests: random games of every ruleset and wrongly made actions.

A wrongly made action is a legal action with one field replaced by a value of the wrong type (a float
or a bool where a seat belongs, a string where a card belongs, a list of strings for a meld) or by a
number out of every range. Each must be refused with IllegalAction and leave the state byte-identical.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from access_game.catalog import games
from engine.actions import Action
from engine.cards import JOKER, Card, Suit
from engine.errors import IllegalAction
from engine.game import Game

#: The most players a random game seats: larger tables play the same rules, only slower.
MOST_PLAYERS = 6
#: Every game of the catalog (by its ruleset's name), with the table sizes the random games use.
GAMES = {e.ruleset: (e.player_range[0], min(e.player_range[1], MOST_PLAYERS)) for e in games()}

#: Values of the wrong type for any field.
WRONG_VALUES: tuple[object, ...] = (None, True, False, 1.0, 0.0, "0", "7h", "", b"x", [], (), {}, object(),
                                    float("nan"), Suit.HEARTS)
#: Values of the right type for whole-number fields that no game accepts.
OUT_OF_RANGE: tuple[int, ...] = (-1, -(10**9), 10**9, 2**64)
#: A Card built around the checks: a rank that is a plain number.
FORGED_CARD = object.__new__(Card)
object.__setattr__(FORGED_CARD, "rank", 7)
object.__setattr__(FORGED_CARD, "suit", "h")


@dataclass
class Counts:
    games: int = 0
    actions: int = 0
    refused: int = 0
    wrongly_typed: int = 0
    files: int = 0
    by_game: dict[str, int] = field(default_factory=dict)


def new_game(name: str, seed: int) -> Game:
    low, high = GAMES[name]
    players = random.Random(seed).randint(low, high)
    return Game.new(name, [f"P{i}" for i in range(players)], seed=seed)


def snapshot(game: Game) -> str:
    """The whole saved game as text: what "byte-identical" is compared on."""
    return json.dumps(game.to_data(), sort_keys=True)


def state_text(game: Game) -> str:
    return json.dumps(game.ruleset.state_to_data(game.state), sort_keys=True)


def wrong_versions(action: Action, rng: random.Random) -> Iterator[tuple[Action, bool]]:
    """Variants of ``action`` with one field made wrong: (variant, whether the wrong value is of a wrong type)."""
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        wrongs: list[tuple[object, bool]] = [(v, True) for v in rng.sample(WRONG_VALUES, 4)]
        if isinstance(value, int) and not isinstance(value, bool):
            wrongs += [(rng.choice(OUT_OF_RANGE), False)]
        if isinstance(value, Card):
            wrongs += [(FORGED_CARD, True), (value.code, True)]
        if isinstance(value, tuple) and value:
            first = value[0]
            if isinstance(first, Card):
                wrongs += [(tuple(c.code for c in value), True), ((*value, None), True)]
            elif isinstance(first, tuple):
                wrongs += [(tuple([c.code for c in m] for m in value), True), (((JOKER, 3),), True)]
        for wrong, typed in wrongs:
            if wrong == value and type(wrong) is type(value):
                continue
            yield dataclasses.replace(action, **{f.name: wrong}), typed


def check_wrongly_made(game: Game, legal: list[Action], rng: random.Random) -> tuple[int, int]:
    """Up to three of the ``legal`` moves, each with one field made wrong in every way: each refused with
    IllegalAction, the game byte-identical after. How many were refused, and how many of a wrong type."""
    before, state_before = snapshot(game), state_text(game)
    refused = typed = 0
    for action in rng.sample(legal, min(3, len(legal))):
        for wrong, wrong_type in wrong_versions(action, rng):
            try:
                game.apply(wrong)
            except IllegalAction:
                refused += 1
                typed += wrong_type
            else:
                raise AssertionError(f"{wrong} was made")
    assert state_text(game) == state_before
    assert snapshot(game) == before
    return refused, typed
