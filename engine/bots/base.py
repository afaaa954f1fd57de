"""The agent interface and the factory that picks a computer player for a game and a level.

A game's players register themselves with :func:`register_agent`; :func:`make_agent` loads the built-in
players on first use, so importing this module stays cheap and a new ruleset only has to register its
own agents to be playable against the computer and to work with ``access-game simulate``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.actions import Action

__all__ = ["BUILTIN_AGENT_MODULES", "LEVELS", "Agent", "agent_levels", "make_agent", "register_agent"]

LEVELS = ("easy", "normal", "hard")

#: Modules whose import registers the built-in players.
BUILTIN_AGENT_MODULES = ("engine.bots.five_crowns",)


class Agent(Protocol):
    level: str

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` knowing only ``view`` (the agent's own seat's view)."""
        ...


_FACTORIES: dict[tuple[str, str], Callable[[int], Agent]] = {}
_loaded = False


def register_agent(game: str, level: str, factory: Callable[[int], Agent]) -> None:
    """Make ``factory(seed)`` the player for ``game`` at ``level``."""
    _FACTORIES[(game, level)] = factory


def _load_builtin() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        # Rulesets may register their own players (solitaire does), so load them too.
        importlib.import_module("engine.rules")
        for name in BUILTIN_AGENT_MODULES:
            importlib.import_module(name)


def agent_levels(game: str) -> tuple[str, ...]:
    """The levels ``game`` has computer players for, easiest first."""
    _load_builtin()
    return tuple(level for level in LEVELS if (game, level) in _FACTORIES)


def make_agent(game: str, level: str, seed: int = 0) -> Agent:
    """A computer player for ``game`` at ``level`` ('easy', 'normal', 'hard'), seeded."""
    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}': levels are {', '.join(LEVELS)}")
    _load_builtin()
    factory = _FACTORIES.get((game, level))
    if factory is None:
        raise ValueError(f"no {level} computer player for {game} yet")
    return factory(seed)


def __getattr__(name: str) -> Any:
    # The first greedy player lived here; it is now the 'normal' Five Crowns player.
    if name == "SimpleFiveCrowns":
        from engine.bots.five_crowns import NormalFiveCrowns

        return NormalFiveCrowns
    raise AttributeError(name)
