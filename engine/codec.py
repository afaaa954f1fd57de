"""One game's moves, events and views as JSON data and back, by the kinds its ruleset declares.

Reading data back needs to know which class a ``kind`` names. The classes come from the ruleset in
hand (its ``moves``, ``events`` and ``view_type``), never from a registry filled as modules happen to
be imported: a process that plays one game (a ``join`` at a contract rummy table, a server loading a
table) reads that game's data whatever else it has or has not imported. Kinds belong to their game,
so two games may name a kind alike, and one game naming two classes alike is refused when its codec
is made instead of one silently replacing the other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, action_from_data, action_to_data
from engine.events import Event, event_from_data, event_to_data
from engine.views_data import view_from_data, view_to_data

__all__ = ["GameCodec", "codec_of"]


def _by_kind(classes: Sequence[type[Any]], what: str, game: str) -> dict[str, type[Any]]:
    found: dict[str, type[Any]] = {}
    for cls in classes:
        kind = cls.kind
        if kind in found and found[kind] is not cls:
            raise ValueError(f"{game}: two {what} are called {kind!r}")
        found[kind] = cls
    return found


@dataclass(frozen=True, slots=True)
class GameCodec:
    """Data of one game both ways; ValueError for anything that is not data of this game."""

    game: str
    actions: Mapping[str, type[Action]]
    events: Mapping[str, type[Event]]
    view_type: type

    def action_from_data(self, data: Mapping[str, Any]) -> Action:
        return action_from_data(data, self.actions)

    def event_from_data(self, data: Mapping[str, Any]) -> Event:
        return event_from_data(data, self.events)

    def view_from_data(self, data: Any, log: Sequence[Event] = ()) -> Any:
        """A seat's view (see engine.views_data), ``log`` its log when the data leaves it out."""
        return view_from_data(data, log, self.view_type, self.events)

    # The other way needs no kinds; here so one object carries a game's data both ways.
    action_to_data = staticmethod(action_to_data)
    event_to_data = staticmethod(event_to_data)
    view_to_data = staticmethod(view_to_data)


_CODECS: dict[type, GameCodec] = {}


def codec_of(ruleset: Any) -> GameCodec:
    """The codec of a ruleset (made once per ruleset class), from what the ruleset declares."""
    cls = type(ruleset)
    codec = _CODECS.get(cls)
    if codec is None:
        name = str(ruleset.name)
        codec = _CODECS[cls] = GameCodec(
            game=name,
            actions=_by_kind(ruleset.moves, "moves", name),
            events=_by_kind(ruleset.events, "events", name),
            view_type=ruleset.view_type,
        )
    return codec
