"""The one interface every game implements, and the registry that names them.

A ruleset is a stateless object; the state it creates is a plain mutable dataclass of its own. The
:class:`engine.game.Game` wrapper is the only caller of ``apply``: it checks legality first with
``verify``, so a refused action leaves the state untouched, and it keeps the event log.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from engine.actions import Action
from engine.events import Event

__all__ = ["Ruleset", "get_ruleset", "register_ruleset", "ruleset_names"]


class Ruleset(Protocol):
    #: Registry name, as typed on the command line: 'five-crowns'.
    name: str
    #: Title for people: 'Five Crowns'.
    title: str
    min_players: int
    max_players: int

    def new_state(self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None) -> Any:
        """A fresh game, not yet dealt."""
        ...

    def start(self, state: Any) -> list[Event]:
        """Deal the first hand; the events of the start of the game."""
        ...

    def seats_to_act(self, state: Any) -> tuple[int, ...]:
        """Seats that may act now (several while a discard may be bought out of turn)."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """The moves a computer player chooses among: a move generator, not always the exact legal set.

        Exact (every legal move, nothing more) in Five Crowns and solitaire. Contract rummy offers one
        lay-down, the one leaving the fewest points, of the many a hand may allow; upcard rummy offers
        the sensible melds and takes from the discard pile, while more are legal. The exact check of
        one move is :meth:`verify` (``Game.can`` / ``Game.why_not``); whether a kind of move is possible
        at all now is :meth:`why_not_now` (``Game.may``). Never send a made-up action to learn either.
        """
        ...

    def why_not_now(self, state: Any, seat: int, kind: str) -> str | None:
        """Why ``seat`` may make no move of ``kind`` (an action class's ``kind``) now, whatever its cards:
        the game is over, it is another's turn, draw first, lay down your contract first. None when
        some move of that kind may be legal (``verify`` then checks the particular cards).

        ``verify`` asks this first, so the two can never disagree.
        """
        ...

    def verify(self, state: Any, action: Action) -> None:
        """Raise :class:`engine.errors.IllegalAction` with the reason, changing nothing."""
        ...

    def apply(self, state: Any, action: Action) -> list[Event]:
        """Carry out a verified action."""
        ...

    def view(self, state: Any, seat: int, log: Sequence[Event]) -> Any:
        """What ``seat`` may know, with ``log`` already redacted for that seat."""
        ...

    def is_over(self, state: Any) -> bool:
        ...

    def state_to_data(self, state: Any) -> dict[str, Any]:
        ...

    def state_from_data(self, data: Mapping[str, Any]) -> Any:
        ...

    def card_count(self, state: Any) -> int:
        """How many cards the game holds; every place a card can be adds up to this."""
        ...

    def all_cards(self, state: Any) -> list[Any]:
        """Every card where it lies now, for conservation checks."""
        ...


_REGISTRY: dict[str, Callable[[], Ruleset]] = {}
_discovered = False


def register_ruleset(name: str, factory: Callable[[], Ruleset]) -> None:
    """Make ``factory()`` the ruleset called ``name``; a second registration of a name is refused."""
    if name in _REGISTRY:
        raise ValueError(f"a ruleset is already registered as '{name}'")
    _REGISTRY[name] = factory


def _load_builtin() -> None:
    """Register every module of :mod:`engine.rules` that names its ruleset in ``RULESET``.

    The rules modules import nothing of the registry (nor of the computer players), so the engine's
    imports run one way: the registry finds the rules, the rules know only cards, melds and events.
    """
    global _discovered
    if _discovered:
        return
    _discovered = True
    import engine.rules

    for info in pkgutil.iter_modules(engine.rules.__path__, "engine.rules."):
        module = importlib.import_module(info.name)
        ruleset = getattr(module, "RULESET", None)
        if ruleset is not None:
            register_ruleset(ruleset.name, ruleset)


def ruleset_names() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def get_ruleset(name: str) -> Ruleset:
    _load_builtin()
    try:
        return _REGISTRY[name]()
    except KeyError:
        raise ValueError(f"unknown game '{name}': games are {', '.join(sorted(_REGISTRY))}") from None
