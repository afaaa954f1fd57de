"""The agent interface and the factory that picks a player for a game and a level."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.actions import Action, Discard, Draw, GoOut
from engine.arrange import arrange, min_points

__all__ = ["LEVELS", "Agent", "make_agent", "register_agent"]

LEVELS = ("easy", "normal", "hard")


class Agent(Protocol):
    level: str

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` knowing only ``view`` (the agent's own seat's view)."""
        ...


_FACTORIES: dict[tuple[str, str], Callable[[int], Agent]] = {}


def register_agent(game: str, level: str, factory: Callable[[int], Agent]) -> None:
    _FACTORIES[(game, level)] = factory


class SimpleFiveCrowns:
    """The greedy floor: take the up card only if it lowers the hand's points; discard the card that
    leaves the fewest points; go out as soon as possible."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        wild = view.wild_rank
        outs = [a for a in legal if isinstance(a, GoOut)]
        if outs:
            return outs[0]
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            top = view.discard_top
            if top is not None and any(a.source == "discard" for a in draws):
                now = arrange(view.hand, wild).points
                with_top = min(
                    min_points([*view.hand[:i], *view.hand[i + 1 :], top], wild) for i in range(len(view.hand))
                )
                if with_top < now:
                    return Draw(view.seat, "discard")
            return Draw(view.seat, "stock") if any(a.source == "stock" for a in draws) else draws[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        best = min(discards, key=lambda a: (_rest_points(view.hand, a.card, wild), -_value(a.card, wild)))
        return best


def _rest_points(hand: Sequence[Any], card: Any, wild: Any) -> int:
    rest = list(hand)
    rest.remove(card)
    return min_points(rest, wild)


def _value(card: Any, wild: Any) -> int:
    from engine.melds import card_points

    return card_points(card, wild)


def make_agent(game: str, level: str, seed: int = 0) -> Agent:
    """A computer player for ``game`` at ``level`` ('easy', 'normal', 'hard'), seeded."""
    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}': levels are {', '.join(LEVELS)}")
    factory = _FACTORIES.get((game, level))
    if factory is not None:
        return factory(seed)
    if game == "five-crowns":
        return SimpleFiveCrowns(seed)
    raise ValueError(f"no computer player for {game} yet")
