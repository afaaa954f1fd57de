"""The save format of a game state, written once for every ruleset.

Each ruleset lists its state's fields in save order, each with how it is written to plain data and
read back (:class:`Field`); :func:`dump_fields` and :func:`load_fields` do the rest. The common kinds
of field (seat numbers, card lists, per-seat hands and scores) have one codec each here, so the four
rulesets read and write them alike. The key order of the saved mapping is the order of the list, so
a save file's bytes do not depend on how the codecs are shared.

Reading is strict: a save is data from outside, and a value of the wrong type is refused with its name
(:class:`SaveFormatError`), never converted: ``to_move: 0.7`` is not seat 0, ``hand_number: "1"`` not
hand 1, and ``all_wild_melds: "no"`` not true (:func:`read_options` checks each option against the type
its class declares).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import partial
from types import UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from engine.cards import Card
from engine.errors import SaveFormatError
from engine.notation import card_codes, read_codes
from engine.reasons import Reason, shown

_O = TypeVar("_O")

#: Reads a list of card codes into cards (the ruleset's own card notation).
CardReader = Callable[[Iterable[str]], list[Card]]


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a saved state: its name (attribute and key), how it is written and read."""

    name: str
    dump: Callable[[Any], Any]
    load: Callable[[Any, CardReader], Any]


def _same(value: Any) -> Any:
    return value


def _refuse(name: str, value: Any, kind: str) -> SaveFormatError:
    return SaveFormatError(Reason("the save is damaged: {name} is {value}, not {kind}", name=name, value=shown(value),
                                  kind=kind))


def whole_value(name: str, value: Any) -> int:
    """A whole number as saved: never 0.7 read as 0, "1" as 1, or true as 1."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise _refuse(name, value, Reason("a whole number"))
    return value


def flag_value(name: str, value: Any) -> bool:
    """True or false as saved: never "no" read as true."""
    if not isinstance(value, bool):
        raise _refuse(name, value, Reason("true or false"))
    return value


def _list(name: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise _refuse(name, value, Reason("a list"))
    return value


def plain(name: str) -> Field:
    """Written and read as it stands (the phase, a JSON-ready value); the ruleset checks it."""
    return Field(name, _same, lambda v, _: v)


def whole(name: str) -> Field:
    return Field(name, _same, lambda v, _: whole_value(name, v))


def optional_whole(name: str) -> Field:
    return Field(name, _same, lambda v, _: None if v is None else whole_value(name, v))


def flag(name: str) -> Field:
    return Field(name, _same, lambda v, _: flag_value(name, v))


def optional_flag(name: str) -> Field:
    return Field(name, _same, lambda v, _: None if v is None else flag_value(name, v))


def _name(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise _refuse(name, value, Reason("a name"))
    return value


def names(name: str) -> Field:
    return Field(name, list, lambda v, _: [_name(name, p) for p in _list(name, v)])


def wholes(name: str) -> Field:
    """A list of whole numbers (seats, per-seat counts)."""
    return Field(name, list, lambda v, _: [whole_value(name, s) for s in _list(name, v)])


def flags(name: str) -> Field:
    return Field(name, list, lambda v, _: [flag_value(name, x) for x in _list(name, v)])


def cards(name: str) -> Field:
    return Field(name, card_codes, lambda v, read: read(_list(name, v)))


def card_lists(name: str) -> Field:
    """A list of card lists (the hands, the piles)."""
    return Field(name, lambda v: [card_codes(h) for h in v],
                 lambda v, read: [read(_list(name, h)) for h in _list(name, v)])


def score_lists(name: str) -> Field:
    """Per seat, the points of each hand."""
    return Field(name, lambda v: [list(s) for s in v],
                 lambda v, _: [[whole_value(name, x) for x in _list(name, s)] for s in _list(name, v)])


def optional_score_lists(name: str) -> Field:
    """Per seat, the points of each hand, None for a hand the seat sat out (a play-off)."""
    return Field(name, lambda v: [list(s) for s in v],
                 lambda v, _: [[None if x is None else whole_value(name, x) for x in _list(name, s)]
                               for s in _list(name, v)])


def read_options(cls: type[_O], data: Mapping[str, Any] | None, game: str) -> _O:
    """A game's options from data, each checked against the type its class declares: a flag is true or
    false (``"no"`` is not true), a number whole (never 0.7, ``"1"`` or true), a choice one of its
    values. Unknown names are refused. The class's own checks (ranges) follow in its ``from_data``."""
    if data is None:
        return cls()
    if not isinstance(data, Mapping):
        raise ValueError(f"the {game} options are not a set of named values")
    hints = _hints(cls)
    unknown = set(data) - set(hints)
    if unknown:
        raise ValueError(f"unknown {game} option(s): {', '.join(sorted(map(str, unknown)))}")
    for key, value in data.items():
        if not _fits(hints[key], value):
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:39] + "…"
            raise ValueError(f"the {game} option {key} is {shown}, not {_kind(hints[key])}")
    return cls(**data)


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The resolved type of each field of an options class (cached: read once per class)."""
    known = _HINTS.get(cls)
    if known is None:
        names_ = {f.name for f in fields(cls)}
        known = {k: v for k, v in get_type_hints(cls).items() if k in names_}
        _HINTS[cls] = known
    return known


def _fits(hint: Any, value: Any) -> bool:
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if get_origin(hint) is Literal:
        return any(type(value) is type(choice) and value == choice for choice in get_args(hint))
    if get_origin(hint) in (Union, UnionType):
        return any(_fits(h, value) for h in get_args(hint))
    if hint is type(None):
        return value is None
    return False  # a kind of option this reader does not know: refused, never guessed


def _kind(hint: Any) -> str:
    if hint is bool:
        return "true or false"
    if hint is int:
        return "a whole number"
    if hint is str:
        return "a word"
    if hint is type(None):
        return "none"
    if get_origin(hint) is Literal:
        return " or ".join(repr(c) for c in get_args(hint))
    return " or ".join(_kind(h) for h in get_args(hint))


def options(from_data: Callable[[Any], Any]) -> Field:
    """The game's options, written by their own ``to_data`` and read by ``from_data``."""
    return Field("options", lambda o: o.to_data(), lambda v, _: from_data(v))


def dump_fields(state: object, fields: Sequence[Field]) -> dict[str, Any]:
    """The state as plain data, its keys in the order of ``fields``."""
    return {f.name: f.dump(getattr(state, f.name)) for f in fields}


def load_fields(data: Mapping[str, Any], fields: Sequence[Field], parse: Callable[[str], Card]) -> dict[str, Any]:
    """The constructor arguments of a state read from ``data``, field by field in order."""
    read: CardReader = partial(read_codes, parse=parse)
    return {f.name: f.load(data[f.name], read) for f in fields}


def shared_view_fields(state: Any, seat: int, log: Sequence[object]) -> dict[str, Any]:
    """The view fields every dealt game shares, as one seat may see them: the seat's own hand and
    only the sizes of the others, the top discard, the stock's size, whose turn, the scores so far.
    Each ruleset adds its own fields to these when it builds its view."""
    return {
        "seat": seat,
        "players": tuple(state.players),
        "hand": tuple(state.hands[seat]),
        "hand_sizes": tuple(len(h) for h in state.hands),
        "discard_top": state.discard[-1] if state.discard else None,
        "stock_size": len(state.stock),
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "phase": state.phase,
        "went_out": state.went_out,
        "scores": tuple(tuple(s) for s in state.scores),
        "totals": tuple(state.totals()),
        "winners": tuple(state.winners),
        "log": tuple(log),
    }
