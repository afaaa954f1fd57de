"""Actions: what a seat asks the engine to do, as frozen values.

Every action names its seat, so out-of-turn actions (buying in contract rummy) are ordinary actions,
and bots and humans submit exactly the same values. Each action turns into plain JSON data and back,
which is how saves record the history. Which kinds a game has is its ruleset's ``moves``; decoding
reads them from there (engine.codec).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from engine.cards import Card
from engine.notation import parse_card

__all__ = [
    "Action",
    "Discard",
    "Draw",
    "GoOut",
    "action_from_data",
    "action_to_data",
]

Source = Literal["stock", "discard"]


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    kind: ClassVar[str] = "action"

    @property
    def hand_card(self) -> Card | None:
        """The one card of the mover's hand this move puts down alone (a discard, the card left to discard
        going out, a knock's face-down card), so that a table can point at it when it is hinted; None
        for a move that names no such card."""
        return None


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top card of the stock or of the discard pile."""

    source: Source = "stock"
    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put one card from the hand on the discard pile, ending the turn."""

    card: Card
    kind: ClassVar[str] = "discard"

    @property
    def hand_card(self) -> Card | None:
        return self.card


@dataclass(frozen=True, slots=True)
class GoOut(Action):
    """Lay the whole hand down in melds and discard the one card left."""

    discard: Card
    kind: ClassVar[str] = "go_out"

    @property
    def hand_card(self) -> Card | None:
        return self.discard


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    return value


def action_to_data(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": action.kind}
    for f in fields(action):
        data[f.name] = _encode(getattr(action, f.name))
    return data


def _decode(value: Any, annotation: str) -> Any:
    if "Card" in annotation and "tuple" not in annotation and isinstance(value, str):
        return parse_card(value)
    if "tuple[tuple[Card" in annotation and isinstance(value, list):
        return tuple(tuple(parse_card(c) for c in meld) for meld in value)
    if "tuple[Card" in annotation and isinstance(value, list):
        return tuple(parse_card(c) for c in value)
    if isinstance(value, list):
        return tuple(value)
    return value


def action_from_data(data: Mapping[str, Any], kinds: Mapping[str, type[Action]]) -> Action:
    """The move ``data`` holds, of one of the game's own ``kinds`` (its ruleset's ``moves``, by kind: see
    engine.codec); ValueError for a kind the game does not have."""
    cls = kinds.get(str(data.get("kind")))
    if cls is None:
        raise ValueError(f"unknown action kind {data.get('kind')!r}")
    kwargs = {f.name: _decode(data[f.name], str(f.type)) for f in fields(cls) if f.name in data}
    return cls(**kwargs)
