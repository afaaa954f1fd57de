"""Events: plain records of what happened, appended to the game's log.

An event is addressed: ``private_to`` names the only seat that may see its secret part (the card
drawn from the stock, the cards dealt to a hand). :func:`seen_by` gives each listener its own copy
with the secret removed, so speech, braille, bots and saves all read one log and nobody learns what
their seat could not know.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.cards import Card, Rank
from engine.notation import parse_card

__all__ = [
    "COMMON_EVENTS",
    "CardsDealt",
    "Discarded",
    "Drew",
    "Event",
    "GameEnded",
    "GameStarted",
    "HandEnded",
    "HandStarted",
    "LaidDown",
    "PlayerResult",
    "StockReshuffled",
    "TurnStarted",
    "WentOut",
    "event_from_data",
    "event_to_data",
    "seen_by",
]


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = "event"
    #: Fields hidden from every seat but ``private_to``.
    secret_fields: ClassVar[tuple[str, ...]] = ()
    #: What the event means whatever game it belongs to: a game's own event for a player going out or
    #: a hand ending (with that game's fields) says so here, so a cue, a count of turns per hand or any
    #: other reader treats every game alike without knowing each game's events.
    goes_out: ClassVar[bool] = False
    ends_hand: ClassVar[bool] = False

    @property
    def private_to(self) -> int | None:
        return None


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    game: str
    players: tuple[str, ...]
    kind: ClassVar[str] = "game_started"


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A new hand is dealt: what every dealt game says as a hand opens. ``seats`` are the seats playing
    it (a game that leaves some out of a hand says so). A game's own facts of the hand are in its own
    event (Five Crowns' play-off: engine.rules.five_crowns.FiveCrownsHandStarted)."""

    hand_number: int
    hands_total: int
    dealer: int
    cards_dealt: int
    wild_rank: Rank | None
    up_card: Card | None
    first_player: int
    seats: tuple[int, ...] = ()
    kind: ClassVar[str] = "hand_started"

    def extra_hand(self) -> bool:
        """Whether this hand is played past the hands the game is made of (a tie's play-off): a game
        whose own event knows more says so in its subclass, so a narrator reads no game's rules."""
        return bool(self.hands_total) and self.hand_number > self.hands_total


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """The cards a seat was dealt; only that seat sees them."""

    seat: int
    cards: tuple[Card, ...] | None
    kind: ClassVar[str] = "cards_dealt"
    secret_fields: ClassVar[tuple[str, ...]] = ("cards",)

    @property
    def private_to(self) -> int | None:
        return self.seat


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    last_turn: bool = False
    kind: ClassVar[str] = "turn_started"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A draw; from the stock the card is the drawer's secret, from the discard pile everyone saw it."""

    seat: int
    source: str
    card: Card | None
    kind: ClassVar[str] = "drew"
    secret_fields: ClassVar[tuple[str, ...]] = ("card",)

    @property
    def private_to(self) -> int | None:
        return self.seat if self.source == "stock" else None


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    seat: int
    card: Card
    kind: ClassVar[str] = "discarded"


@dataclass(frozen=True, slots=True)
class StockReshuffled(Event):
    cards: int
    kind: ClassVar[str] = "stock_reshuffled"


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    seat: int
    melds: tuple[tuple[Card, ...], ...]
    discard: Card
    kind: ClassVar[str] = "went_out"
    goes_out: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class LaidDown(Event):
    """After a last turn: the best lay-down of the kept cards, and what is left to score."""

    seat: int
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    points: int
    kind: ClassVar[str] = "laid_down"


@dataclass(frozen=True, slots=True)
class PlayerResult:
    seat: int
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    points: int
    total: int


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    hand_number: int
    went_out: int | None
    results: tuple[PlayerResult, ...]
    kind: ClassVar[str] = "hand_ended"
    ends_hand: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    kind: ClassVar[str] = "game_ended"


#: The events every dealt game may share; each ruleset lists the ones it sends in its ``events``.
COMMON_EVENTS: tuple[type[Event], ...] = (
    GameStarted,
    HandStarted,
    CardsDealt,
    TurnStarted,
    Drew,
    Discarded,
    StockReshuffled,
    WentOut,
    LaidDown,
    HandEnded,
    GameEnded,
)


def seen_by(events: Iterable[Event], seat: int | None) -> list[Event]:
    """Each event as ``seat`` may know it (``None``: a spectator who sees no secrets)."""
    out: list[Event] = []
    for ev in events:
        owner = ev.private_to
        if owner is not None and owner != seat and ev.secret_fields:
            ev = dataclasses.replace(ev, **{name: None for name in ev.secret_fields})
        out.append(ev)
    return out


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Rank):
        return int(value)
    if isinstance(value, PlayerResult):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    return value


def event_to_data(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": event.kind}
    for f in dataclasses.fields(event):
        data[f.name] = _encode(getattr(event, f.name))
    return data


def _cards(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, str):
        return parse_card(value)
    return tuple(_cards(v) for v in value)


def _decode_field(name: str, annotation: str, value: Any) -> Any:
    if value is None:
        return None
    if annotation.startswith("Rank"):
        return Rank(value)
    if "PlayerResult" in annotation:
        return tuple(
            PlayerResult(
                seat=r["seat"],
                melds=_cards(r["melds"]),
                deadwood=_cards(r["deadwood"]),
                points=r["points"],
                total=r["total"],
            )
            for r in value
        )
    if "Card" in annotation:
        return _cards(value)
    if isinstance(value, list):
        return tuple(_decode_field(name, "", v) if isinstance(v, list) else v for v in value)
    return value


def event_from_data(data: Mapping[str, Any], kinds: Mapping[str, type[Event]]) -> Event:
    """The event ``data`` holds, of one of the game's own ``kinds`` (see engine.codec: a game's kinds
    come from its ruleset, never from whatever modules happen to be imported); ValueError otherwise."""
    cls = kinds.get(str(data.get("kind")))
    if cls is None:
        raise ValueError(f"unknown event kind {data.get('kind')!r}")
    kwargs = {
        f.name: _decode_field(f.name, str(f.type), data[f.name]) for f in dataclasses.fields(cls) if f.name in data
    }
    return cls(**kwargs)
