"""A refusal as JSON data and back, so it can cross the network and be worded by the receiver.

A :class:`engine.reasons.Reason` is its English template (the catalog's key) and its values. On the
wire it is ``{"key": template, "values": {...}}``, each value as plain JSON or a small tagged object:

- text, whole numbers, true/false and null as themselves;
- a card ``{"card": "7h"}`` (its code in card notation, as moves and views write cards), a rank
  ``{"rank": "q"}``, a suit ``{"suit": "st"}``;
- cards ``{"cards": ["9h", "9s"]}``, suits ``{"suits": ["h", "s"]}``, names ``{"names": ["Ann", "Ben"]}``;
- a reason inside a reason ``{"reason": {"key": ..., "values": ...}}``.

A plain string refusal (made outside the engine) is ``{"key": text, "values": {}}``.

Reading data back is strict, because it comes from another program: anything else (an unknown tag, a
card that is not a card, a key whose placeholders are not its values, a format trick such as
``{card.__class__}``, too much of it) is a :class:`ReasonDataError`, and the receiver says a plain
refusal instead of failing.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any, TypeVar

from engine.cards import Card, Rank, Suit
from engine.errors import CardNotationError
from engine.notation import parse_card
from engine.reasons import Reason, english_value

__all__ = ["MAX_KEY_CHARS", "ReasonDataError", "reason_from_data", "reason_to_data"]

#: The longest key read back, the most values a reason has, the most items in a list of them and how
#: deep reasons nest: far beyond any the rules give, and small enough that no frame costs much.
MAX_KEY_CHARS = 1000
MAX_VALUES = 20
MAX_ITEMS = 200
MAX_DEPTH = 4

_RANKS: dict[str, Rank] = {r.code: r for r in Rank}
_SUITS: dict[str, Suit] = {s.value: s for s in Suit}

_T = TypeVar("_T")


class ReasonDataError(ValueError):
    """Data that is not a reason: what is wrong with it, for logs (a player hears a plain refusal)."""


def reason_to_data(reason: str) -> dict[str, Any]:
    """A refusal as data: its key and its values (a plain string: its text and no values)."""
    if not isinstance(reason, Reason):
        return {"key": str(reason), "values": {}}
    return {"key": reason.template, "values": {name: _value_to_data(name, v) for name, v in reason.values.items()}}


def _value_to_data(name: str, value: Any) -> Any:
    if isinstance(value, Reason):
        return {"reason": reason_to_data(value)}
    if value is None or (isinstance(value, bool | int | str) and not isinstance(value, Rank | Suit)):
        return value
    if isinstance(value, Card):
        return {"card": value.code}
    if isinstance(value, Rank):
        return {"rank": value.code}
    if isinstance(value, Suit):
        return {"suit": value.value}
    if isinstance(value, tuple):
        if all(isinstance(v, Card) for v in value):
            return {"cards": [c.code for c in value]}
        if all(isinstance(v, Suit) for v in value):
            return {"suits": [s.value for s in value]}
        if all(isinstance(v, str) for v in value):
            return {"names": list(value)}
    # Any other value crosses as its English words: said as they are, never lost.
    return english_value(name, value)


def reason_from_data(data: Any) -> str:
    """The refusal back from :func:`reason_to_data`: a :class:`Reason` with its values, or the plain
    string it was. :class:`ReasonDataError` for anything else."""
    return _reason(data, 0)


def _reason(data: Any, depth: int) -> str:
    if depth > MAX_DEPTH:
        raise ReasonDataError("reasons nested too deep")
    if not isinstance(data, Mapping) or set(data) != {"key", "values"}:
        raise ReasonDataError("a reason is an object of a key and its values")
    key, values = data["key"], data["values"]
    if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY_CHARS:
        raise ReasonDataError(f"a reason's key is text of 1 to {MAX_KEY_CHARS} characters")
    if not isinstance(values, Mapping) or len(values) > MAX_VALUES:
        raise ReasonDataError(f"a reason's values are an object of at most {MAX_VALUES} names")
    fields = _fields(key)
    if not values:  # a plain refusal, or a reason without values: either is its words
        return Reason(key) if fields == set() and "{" not in key and "}" not in key else key
    if fields is None or not fields <= set(values):
        raise ReasonDataError("a reason's key names a value it does not have, or is not a sentence with blanks")
    read = {}
    for name, value in values.items():
        if not isinstance(name, str) or not name.isidentifier():
            raise ReasonDataError("a reason's values are named by words")
        read[name] = _value(value, depth)
    try:
        return Reason(key, **read)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError) as exc:
        raise ReasonDataError(f"the reason cannot be worded: {exc}") from None


def _fields(key: str) -> set[str] | None:
    """The names of the blanks of ``key``: plain names only ('{card}', never '{card.rank}', '{0}',
    '{card!r}' or '{card:>9}'); None when the key is not a sentence with such blanks."""
    names: set[str] = set()
    try:
        for _text, name, spec, conversion in string.Formatter().parse(key):
            if name is None:
                continue
            if not name.isidentifier() or spec or conversion:
                return None
            names.add(name)
    except ValueError:
        return None
    return names


def _value(data: Any, depth: int) -> Any:
    if data is None or isinstance(data, bool | int | str):
        return data
    if not isinstance(data, Mapping) or len(data) != 1:
        raise ReasonDataError("a reason's value is text, a number, true or false, null or one tagged object")
    ((tag, inner),) = data.items()
    if tag == "reason":
        return _reason(inner, depth + 1)
    if tag == "card":
        return _card(inner)
    if tag == "rank":
        return _coded(inner, _RANKS, "rank")
    if tag == "suit":
        return _coded(inner, _SUITS, "suit")
    if tag in ("cards", "suits", "names"):
        if not isinstance(inner, list) or len(inner) > MAX_ITEMS:
            raise ReasonDataError(f"{tag} are a list of at most {MAX_ITEMS}")
        if tag == "cards":
            return tuple(_card(c) for c in inner)
        if tag == "suits":
            return tuple(_coded(s, _SUITS, "suit") for s in inner)
        if not all(isinstance(n, str) for n in inner):
            raise ReasonDataError("names are text")
        return tuple(inner)
    raise ReasonDataError(f"unknown value tag {str(tag)[:20]!r}")


def _card(code: Any) -> Card:
    if not isinstance(code, str) or len(code) > 4:
        raise ReasonDataError("a card is its code, like 10h, qs or jo")
    try:
        card = parse_card(code)
    except CardNotationError:
        raise ReasonDataError(f"{code!r} is not a card's code") from None
    if card.code != code:
        raise ReasonDataError(f"{code!r} is not a card's code as written: {card.code!r}")
    return card


def _coded(code: Any, known: Mapping[str, _T], what: str) -> _T:
    if not isinstance(code, str) or code not in known:
        raise ReasonDataError(f"{str(code)[:10]!r} is not a {what}'s code")
    return known[code]
