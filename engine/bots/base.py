"""The agent interface and the factory that picks a computer player for a game and a level.

A game's players register themselves with :func:`register_agent`; :func:`make_agent` imports a game's
player module on first use, so importing this module stays cheap and a new ruleset only has to put its
players in ``engine/bots/<game>.py`` and register them to be playable against the computer and to work
with ``access-game simulate``.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.actions import Action

__all__ = ["LEVELS", "Agent", "agent_levels", "make_agent", "register_agent"]

LEVELS = ("easy", "normal", "hard")


class Agent(Protocol):
    level: str

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` knowing only ``view`` (the agent's own seat's view)."""
        ...


_FACTORIES: dict[tuple[str, str], Callable[[int], Agent]] = {}
_loaded: set[str] = set()


def register_agent(game: str, level: str, factory: Callable[[int], Agent]) -> None:
    """Make ``factory(seed)`` the player for ``game`` at ``level``; a second one for the same game and
    level is refused rather than silently replacing the first."""
    if (game, level) in _FACTORIES:
        raise ValueError(f"a {level} computer player for {game} is already registered")
    _FACTORIES[(game, level)] = factory


def _load_players(game: str) -> None:
    """Import the module that registers ``game``'s players: by convention ``engine.bots.<game>`` with
    dashes as underscores (five-crowns: engine/bots/five_crowns.py)."""
    if game in _loaded:
        return
    _loaded.add(game)
    module = game.replace("-", "_")
    if module.isidentifier() and importlib.util.find_spec(f"engine.bots.{module}") is not None:
        importlib.import_module(f"engine.bots.{module}")


def agent_levels(game: str) -> tuple[str, ...]:
    """The levels ``game`` has computer players for, easiest first."""
    _load_players(game)
    return tuple(level for level in LEVELS if (game, level) in _FACTORIES)


def make_agent(game: str, level: str, seed: int = 0) -> Agent:
    """A computer player for ``game`` at ``level`` ('easy', 'normal', 'hard'), seeded."""
    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}': levels are {', '.join(LEVELS)}")
    _load_players(game)
    factory = _FACTORIES.get((game, level))
    if factory is None:
        raise ValueError(f"no {level} computer player for {game} yet")
    return factory(seed)

