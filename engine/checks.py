"""The checks every ruleset makes: an action's field types before any rule reads them, and a loaded
state's invariants (the ``require…`` helpers), so a damaged save is refused when it is loaded.

Rules modules import these and nothing of the registry (engine.registry) or the protocol
(engine.ruleset): the checks sit below the rules, the registry above them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable
from dataclasses import fields
from typing import TypeGuard

from engine.actions import Action
from engine.cards import Card, Rank, Suit
from engine.errors import IllegalAction, SaveFormatError
from engine.reasons import Reason, shown

__all__ = [
    "SOURCES",
    "check_action_types",
    "is_whole",
    "require",
    "require_deck",
    "require_number",
    "require_per_seat",
    "require_seat",
]

#: The piles a Draw may name.
SOURCES = ("stock", "discard")


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
    # A plain str: a subclass (an enum member such as a Suit) is no word a client sends, and compares
    # equal to one while saving as another type.
    "str": (lambda v: type(v) is str, "a word"),
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
    """Refuse a loaded state unless ``ok``; ``what`` says which invariant it breaks: a :class:`Reason`,
    so the player hears it in their language (speech.refusal_words words it from the catalog)."""
    if not ok:
        raise SaveFormatError(Reason("the save is damaged: {what}", what=what))


def require_number(value: object, name: str, low: int, high: int | None = None) -> None:
    """A whole number (never true/false) from ``low`` to ``high``."""
    ok = is_whole(value) and low <= value and (high is None or value <= high)
    if ok:
        return
    if high is None:
        require(ok, Reason("{name} is {value}, not a whole number from {low}", name=name, value=shown(value), low=low))
    require(ok, Reason("{name} is {value}, not a whole number from {low} to {high}", name=name, value=shown(value),
                       low=low, high=high))


def require_seat(value: object, seats: Collection[int], name: str) -> None:
    if not (is_whole(value) and value in seats):
        require(False, Reason("{name} is {value}, not one of the seats {seats}", name=name, value=shown(value),
                              seats=", ".join(str(s) for s in sorted(seats))))


def require_per_seat(values: Collection[object], players: int, name: str) -> None:
    require(len(values) == players, Reason("{name}: {count} for {players} players", name=name, count=len(values),
                                           players=players))


def require_deck(found: Iterable[Card], deck: Iterable[Card]) -> None:
    """The cards found are exactly the game's cards, each as many times as the deck holds it."""
    have, want = Counter(found), Counter(deck)
    if have == want:
        return
    wrong = (have - want) or (want - have)
    card = min(wrong, key=Card.sort_key)
    require(False, Reason("its cards do not add up to the game's deck: it holds {have} of {the_card} where the "
                          "game has {want}", have=have[card], the_card=card, want=want[card]))
