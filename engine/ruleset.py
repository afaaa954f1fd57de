"""The one interface every game implements: the ``Ruleset`` protocol, generic over its state and view.

A ruleset is a stateless object; the state it creates is a plain mutable dataclass of its own. The
:class:`engine.game.Game` wrapper is the only caller of ``apply``: it checks legality first with
``verify``, so a refused action leaves the state untouched, and it keeps the event log. The registry
that names the rulesets is engine.registry; the checks every ruleset makes are engine.checks. This
module imports no rules: each rules module types its ``RULESET`` by the protocol (under
``TYPE_CHECKING``), so mypy checks every game against it, and the registry finds the rules by discovery.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from engine.actions import Action
from engine.cards import Card
from engine.events import Event

__all__ = ["Ruleset"]

#: A game's state (a mutable dataclass of its own) and a seat's view of it (a frozen dataclass).
S = TypeVar("S")
V = TypeVar("V", covariant=True)


class Ruleset(Protocol[S, V]):
    """A game's rules over its own state ``S`` and seat view ``V``: the seam between the engine and a game.

    Generic so a type checker follows a game's state and view through ``Game`` and the computer
    players without casts; code that holds any game at all says ``Ruleset[Any, Any]``.
    """

    # Read-only attributes, so a ruleset may hold them as class attributes (as every game does).
    @property
    def name(self) -> str:
        """Registry name, as typed on the command line: 'five-crowns'."""
        ...

    @property
    def title(self) -> str:
        """Title for people: 'Five Crowns'."""
        ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def moves(self) -> tuple[type[Action], ...]:
        """Every kind of move of the game."""
        ...

    @property
    def events(self) -> tuple[type[Event], ...]:
        """Every kind of event the game sends (its log is read back from these: saves, a seat on a server)."""
        ...

    @property
    def view_type(self) -> type[V]:
        """The class of a seat's view (``view`` returns one), which a client rebuilds from data."""
        ...

    def parse_card(self, text: str) -> Card:
        """A card's code read as this game's deck has it ('10h', 'jo'); CardNotationError otherwise."""
        ...

    def new_state(self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None) -> S:
        """A fresh game, not yet dealt."""
        ...

    def start(self, state: S) -> list[Event]:
        """Deal the first hand; the events of the start of the game."""
        ...

    def seats_to_act(self, state: S) -> tuple[int, ...]:
        """Seats that may act now (several while a discard may be bought out of turn)."""
        ...

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """The moves a computer player chooses among: a move generator, not always the exact legal set.

        Exact (every legal move, nothing more) in Five Crowns and solitaire. Contract rummy offers one
        lay-down, the one leaving the fewest points, of the many a hand may allow; upcard rummy offers
        the sensible melds and takes from the discard pile, while more are legal. The exact check of
        one move is :meth:`verify` (``Game.can`` / ``Game.why_not``); whether a kind of move is possible
        at all now is :meth:`why_not_now` (``Game.may``). Never send a made-up action to learn either.
        """
        ...

    def why_not_now(self, state: S, seat: int, kind: str) -> str | None:
        """Why ``seat`` may make no move of ``kind`` (an action class's ``kind``) now, whatever its cards:
        the game is over, it is another's turn, draw first, lay down your contract first. None when
        some move of that kind may be legal (``verify`` then checks the particular cards).

        ``verify`` asks this first, so the two can never disagree.
        """
        ...

    def verify(self, state: S, action: Action) -> None:
        """Raise :class:`engine.errors.IllegalAction` with the reason, changing nothing."""
        ...

    def apply(self, state: S, action: Action) -> list[Event]:
        """Carry out a verified action."""
        ...

    def view(self, state: S, seat: int, log: Sequence[Event]) -> V:
        """What ``seat`` may know, with ``log`` already redacted for that seat."""
        ...

    def is_over(self, state: S) -> bool:
        ...

    def state_to_data(self, state: S) -> dict[str, Any]:
        ...

    def state_from_data(self, data: Mapping[str, Any]) -> S:
        ...

    def card_count(self, state: S) -> int:
        """How many cards the game holds; every place a card can be adds up to this."""
        ...

    def all_cards(self, state: S) -> list[Card]:
        """Every card where it lies now, for conservation checks."""
        ...
