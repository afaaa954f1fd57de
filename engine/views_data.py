"""Per-seat views as plain JSON data and back, for sending a seat's view over a network.

A view is one seat's knowledge (its own hand, hand sizes, the table, the scores), already free of
other seats' secrets, so encoding it generically is safe: whatever the view holds, the seat may know.
The encoding follows each view class's field annotations, so a new ruleset's view needs nothing
written here; decoding checks every value against those annotations, so data from outside that does
not fit raises ValueError instead of building a view a table would trip over later.

The view's own ``log`` field is left out unless asked for: a client keeps the log from the events
it was sent, and gives it back to :func:`view_from_data`. Which view class and which events to read
are the game's (engine.codec has them from its ruleset).
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.events import Event, event_from_data, event_to_data
from engine.notation import parse_card

__all__ = ["view_from_data", "view_to_data"]

#: Deeper than any view nests (view -> table meld -> cards): a bound against hostile data.
_MAX_DEPTH = 12


_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _encode(value: Any) -> Any:
    # Ordered by how often each kind appears in a view: numbers and cards first.
    if value is None or type(value) in (bool, int, str):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        if value and isinstance(value[0], Card):
            return [c.code for c in value]
        return [_encode(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Event):
        return event_to_data(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: _encode(getattr(value, name)) for name in _field_names(type(value))}
    if isinstance(value, Mapping):
        # JSON keys are strings only; pairs keep int keys (seats) ints.
        return [[_encode(k), _encode(v)] for k, v in value.items()]
    raise TypeError(f"a view cannot hold a {type(value).__name__}")


def view_to_data(view: Any, *, with_log: bool = False) -> dict[str, Any]:
    """The view as JSON data: ``{"view": class name, field: value, ...}``; the log only if asked."""
    if not dataclasses.is_dataclass(view) or isinstance(view, type):
        raise TypeError("a view is a dataclass instance")
    data: dict[str, Any] = {"view": type(view).__name__}
    for name in _field_names(type(view)):
        if name != "log" or with_log:
            data[name] = _encode(getattr(view, name))
    return data


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _fail(what: str, value: Any) -> ValueError:
    shown = repr(value)
    return ValueError(f"{what}: {shown[:40]}")


def _decode(hint: Any, value: Any, depth: int, kinds: Mapping[str, type[Event]]) -> Any:
    if depth > _MAX_DEPTH:
        raise ValueError("the view nests too deeply")
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        if len(options) != 1:
            raise ValueError(f"cannot read a value of {hint}")
        return _decode(options[0], value, depth + 1, kinds)
    if origin is typing.Literal:
        if value not in args or not isinstance(value, str | int):
            raise _fail(f"not one of {args}", value)
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise _fail("not a list", value)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, depth + 1, kinds) for v in value)
        if len(args) != len(value):
            raise _fail(f"not {len(args)} values", value)
        return tuple(_decode(a, v, depth + 1, kinds) for a, v in zip(args, value, strict=True))
    if origin in (Mapping, dict, typing.Mapping):
        if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 for p in value):
            raise _fail("not a list of pairs", value)
        return {_decode(args[0], k, depth + 1, kinds): _decode(args[1], v, depth + 1, kinds) for k, v in value}
    if hint is Any:
        return value
    if not isinstance(hint, type):
        raise ValueError(f"cannot read a value of {hint}")
    if hint is Card:
        if not isinstance(value, str):
            raise _fail("not a card", value)
        return parse_card(value)
    if issubclass(hint, Event):
        if not isinstance(value, dict):
            raise _fail("not an event", value)
        return event_from_data(value, kinds)
    if issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except ValueError:
            raise _fail(f"not a {hint.__name__}", value) from None
    if hint is bool:
        if not isinstance(value, bool):
            raise _fail("not true or false", value)
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise _fail("not a whole number", value)
        return value
    if hint is str:
        if not isinstance(value, str):
            raise _fail("not a word", value)
        return value
    if dataclasses.is_dataclass(hint):
        return _decode_dataclass(hint, value, depth + 1, kinds)
    raise ValueError(f"cannot read a value of {hint}")


def _decode_dataclass(cls: type, value: Any, depth: int, kinds: Mapping[str, type[Event]],
                      given: Mapping[str, Any] | None = None) -> Any:
    if not isinstance(value, dict):
        raise _fail(f"not a {cls.__name__}", value)
    hints = _hints(cls)
    kwargs: dict[str, Any] = dict(given or {})
    for f in dataclasses.fields(cls):
        if not f.init or f.name in kwargs:
            continue
        if f.name not in value:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ValueError(f"{cls.__name__} lacks {f.name}")
            continue
        try:
            kwargs[f.name] = _decode(hints[f.name], value[f.name], depth, kinds)
        except (KeyError, TypeError) as exc:
            raise ValueError(f"{cls.__name__}.{f.name}: {exc}") from None
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{cls.__name__}: {exc}") from None


def view_from_data(data: Any, log: Sequence[Event], view_type: type, kinds: Mapping[str, type[Event]]) -> Any:
    """The ``view_type`` view ``data`` encodes, with ``log`` as its log when the data leaves it out and
    ``kinds`` the game's events (engine.codec gives both from the game's ruleset); ValueError when the
    data is not such a view or a value does not fit its field."""
    if not isinstance(data, dict):
        raise ValueError("a view is a set of named values")
    if data.get("view") != view_type.__name__:
        raise _fail(f"not a {view_type.__name__}", data.get("view"))
    fields = dict(data)
    del fields["view"]
    given = ({"log": tuple(log)} if "log" not in fields and "log" in {f.name for f in dataclasses.fields(view_type)}
             else None)
    return _decode_dataclass(view_type, fields, 0, kinds, given)
