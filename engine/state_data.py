"""The save format of a game state, written once for every ruleset.

Each ruleset lists its state's fields in save order, each with how it is written to plain data and
read back (:class:`Field`); :func:`dump_fields` and :func:`load_fields` do the rest. The common kinds
of field (seat numbers, card lists, per-seat hands and scores) have one codec each here, so the four
rulesets read and write them alike. The key order of the saved mapping is the order of the list, so
a save file's bytes do not depend on how the codecs are shared.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.cards import Card
from engine.notation import card_codes, read_codes

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


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def plain(name: str) -> Field:
    """Written and read as it stands (the phase, a JSON-ready value)."""
    return Field(name, _same, lambda v, _: v)


def whole(name: str) -> Field:
    return Field(name, _same, lambda v, _: int(v))


def optional_whole(name: str) -> Field:
    return Field(name, _same, lambda v, _: _optional_int(v))


def flag(name: str) -> Field:
    return Field(name, _same, lambda v, _: bool(v))


def optional_flag(name: str) -> Field:
    return Field(name, _same, lambda v, _: None if v is None else bool(v))


def names(name: str) -> Field:
    return Field(name, list, lambda v, _: [str(p) for p in v])


def wholes(name: str) -> Field:
    """A list of whole numbers (seats, per-seat counts)."""
    return Field(name, list, lambda v, _: [int(s) for s in v])


def flags(name: str) -> Field:
    return Field(name, list, lambda v, _: [bool(x) for x in v])


def cards(name: str) -> Field:
    return Field(name, card_codes, lambda v, read: read(v))


def card_lists(name: str) -> Field:
    """A list of card lists (the hands, the piles)."""
    return Field(name, lambda v: [card_codes(h) for h in v], lambda v, read: [read(h) for h in v])


def score_lists(name: str) -> Field:
    """Per seat, the points of each hand."""
    return Field(name, lambda v: [list(s) for s in v], lambda v, _: [[int(x) for x in s] for s in v])


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
