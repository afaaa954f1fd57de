"""The one interface every game implements, and the registry that names them.

A ruleset is a stateless object; the state it creates is a plain mutable dataclass of its own. The
:class:`engine.game.Game` wrapper is the only caller of ``apply``: it checks legality first with
``verify``, so a refused action leaves the state untouched, and it keeps the event log.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import fields
from typing import Any, Protocol, TypeGuard

from engine.actions import Action
from engine.cards import Card, Rank, Suit
from engine.errors import IllegalAction, SaveFormatError
from engine.events import Event
from engine.reasons import Reason, shown

__all__ = [
    "SOURCES",
    "Ruleset",
    "check_action_types",
    "get_ruleset",
    "is_whole",
    "register_ruleset",
    "require",
    "require_deck",
    "require_number",
    "require_per_seat",
    "require_seat",
    "ruleset_names",
]

#: The piles a Draw may name.
SOURCES = ("stock", "discard")


class Ruleset(Protocol):
    #: Registry name, as typed on the command line: 'five-crowns'.
    name: str
    #: Title for people: 'Five Crowns'.
    title: str
    min_players: int
    max_players: int
    #: Every kind of move of the game.
    moves: tuple[type[Action], ...]
    #: Every kind of event the game sends (its log is read back from these: saves, a seat on a server).
    events: tuple[type[Event], ...]
    #: The class of a seat's view (``view`` returns one), which a client rebuilds from data.
    view_type: type

    @staticmethod
    def parse_card(text: str) -> Card:
        """A card's code read as this game's deck has it ('10h', 'jo'); CardNotationError otherwise."""
        ...

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


def is_whole(value: object) -> TypeGuard[int]:
    """An int that is not a bool (True is an int to Python, never a seat or a count here)."""
    return isinstance(value, int) and not isinstance(value, bool)



def _is_card(value: object) -> bool:
    if not isinstance(value, Card):
        return False
    rank, suit = value.rank, value.suit
    return (rank is None and suit is None) or (isinstance(rank, Rank) and isinstance(suit, Suit))


def _is_cards(value: object) -> bool:
    return isinstance(value, tuple | list) and all(_is_card(c) for c in value)


#: How each field annotation used by actions is checked (annotations are strings: postponed evaluation).
_FIELD_CHECKS: dict[str, tuple[Callable[[object], bool], str]] = {
    "int": (is_whole, "a whole number"),
    "int | None": (lambda v: v is None or is_whole(v), "a whole number or nothing"),
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "str": (lambda v: isinstance(v, str), "a word"),
    "Card": (_is_card, "a card"),
    "Card | None": (lambda v: v is None or _is_card(v), "a card or nothing"),
    "tuple[Card, ...]": (_is_cards, "a list of cards"),
    "tuple[tuple[Card, ...], ...]": (lambda v: isinstance(v, tuple | list) and all(_is_cards(m) for m in v),
                                     "a list of melds"),
    "Source": (lambda v: isinstance(v, str) and v in SOURCES, "the stock or the discard pile"),
}


def check_action_types(action: object, players: int) -> None:
    """Refuse an action whose fields are not of the types its class declares, before any rule reads them.

    Rules compare and index with these values; a float seat or a string where a card belongs would
    otherwise pass a comparison and fail half-way through ``apply`` (or be taken for seat 1 when it
    is ``True``). Every ruleset's ``verify`` calls this first.
    """
    if not isinstance(action, Action):
        raise IllegalAction(Reason("that is not a move"))
    for f in fields(action):
        value = getattr(action, f.name)
        check = _FIELD_CHECKS.get(str(f.type))
        if check is None:
            raise IllegalAction(Reason("{kind}: {field} cannot be checked", kind=action.kind, field=f.name))
        ok, what = check
        if not ok(value):
            raise IllegalAction(Reason("{kind}: {field} must be {what}, not {value}", kind=action.kind, field=f.name,
                                        what=what, value=shown(value)))
    if not 0 <= action.seat < players:
        raise IllegalAction(Reason("there is no seat {seat}", seat=action.seat))


# --------------------------------------------------------------------------- loaded states
# A save is checked against the rules' own invariants when it is loaded, so a damaged or edited save
# is refused then, with the invariant it breaks, rather than crashing at the first move after resuming.


def require(ok: bool, what: str) -> None:
    """Refuse a loaded state unless ``ok``; ``what`` says which invariant it breaks."""
    if not ok:
        raise SaveFormatError(Reason("the save is damaged: {what}", what=what))


def require_number(value: object, name: str, low: int, high: int | None = None) -> None:
    """A whole number (never true/false) from ``low`` to ``high``."""
    top = "" if high is None else f" to {high}"
    ok = is_whole(value) and low <= value and (high is None or value <= high)
    require(ok, f"{name} is {value!r}, not a whole number from {low}{top}")


def require_seat(value: object, seats: Collection[int], name: str) -> None:
    require(is_whole(value) and value in seats, f"{name} is {value!r}, not one of the seats {sorted(seats)}")


def require_per_seat(values: Collection[object], players: int, name: str) -> None:
    require(len(values) == players, f"there are {len(values)} {name} for {players} players")


def require_deck(found: Iterable[Card], deck: Iterable[Card]) -> None:
    """The cards found are exactly the game's cards, each as many times as the deck holds it."""
    have, want = Counter(found), Counter(deck)
    if have == want:
        return
    wrong = (have - want) or (want - have)
    card = min(wrong, key=Card.sort_key)
    require(False, f"its cards do not add up to the game's deck: it holds {have[card]} of the {card.name} "
                   f"where the game has {want[card]}")


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
