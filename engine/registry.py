"""The registry of rulesets: a game's name (as typed on the command line) to its rules.

The registry finds each module of :mod:`engine.rules` that names its ruleset in ``RULESET``. The rules
modules import nothing of the registry, so the engine's imports run one way: the registry finds the
rules, the rules know only cards, melds, events and engine.checks.

A name registered twice, or one ruleset class registered under two names, is refused loudly, and so
is a ruleset whose moves or events name one kind twice (engine.codec checks that as it builds the
game's codec): nothing is ever silently replaced.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from collections.abc import Callable
from typing import Any

from engine.codec import codec_of
from engine.ruleset import Ruleset

__all__ = ["get_ruleset", "register_ruleset", "ruleset_names"]

#: Any game's rules: the registry holds games of every state and view type.
AnyRuleset = Ruleset[Any, Any]

_REGISTRY: dict[str, Callable[[], AnyRuleset]] = {}
_discovered = False
#: Discovery has finished (``_discovered``: it has begun); the lock lets one thread discover.
_complete = False
_DISCOVERY = threading.RLock()


def register_ruleset(name: str, factory: Callable[[], AnyRuleset]) -> None:
    """Make ``factory()`` the ruleset called ``name``.

    Refused: a second registration of a name, the same factory under a second name (two names for one
    game would give its saves two names), and a game whose kinds clash.
    """
    if name in _REGISTRY:
        raise ValueError(f"a ruleset is already registered as '{name}'")
    for other, known in _REGISTRY.items():
        if known is factory:
            raise ValueError(f"{factory!r} is already registered as '{other}'")
    codec_of(factory())  # a game naming one kind twice is refused here, not at its first save
    _REGISTRY[name] = factory


def _load_builtin() -> None:
    """Register every module of :mod:`engine.rules` that names its ruleset in ``RULESET``.

    Once, whichever thread asks first: another thread asking meanwhile waits for the whole list (it
    must never find the discovery begun and the registry still empty), while the discovering thread's
    own questions during it (a ruleset's codec asks) are answered from what is registered so far.
    """
    global _discovered, _complete
    if _complete:
        return
    with _DISCOVERY:
        if _discovered:  # done by another thread while this one waited, or asked again from within
            return
        _discovered = True
        import engine.rules

        for info in pkgutil.iter_modules(engine.rules.__path__, "engine.rules."):
            module = importlib.import_module(info.name)
            ruleset = getattr(module, "RULESET", None)
            if ruleset is not None:
                register_ruleset(ruleset.name, ruleset)
        _complete = True


def ruleset_names() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def get_ruleset(name: str) -> AnyRuleset:
    _load_builtin()
    try:
        return _REGISTRY[name]()
    except KeyError:
        raise ValueError(f"unknown game '{name}': games are {', '.join(sorted(_REGISTRY))}") from None
