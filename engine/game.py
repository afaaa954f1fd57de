"""A game in play: a ruleset, its state, the action history and the event log.

This is the one place actions are carried out. ``apply`` verifies first, so a refused action raises
:class:`engine.errors.IllegalAction` and changes nothing. The log is kept per seat as well, already
redacted, so a view never has to filter secrets out of the whole log.
Saving turns the game into versioned JSON data (no files here: the application writes them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.actions import Action, action_from_data, action_to_data
from engine.errors import IllegalAction, SaveFormatError
from engine.events import Event, event_from_data, event_to_data, seen_by
from engine.ruleset import Ruleset, get_ruleset

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "Game"]

SAVE_FORMAT = "access-game-save"
SAVE_VERSION = 1


class Game:
    def __init__(self, ruleset: Ruleset, state: Any, *, players: Sequence[str], seed: int,
                 options: Mapping[str, Any] | None) -> None:
        self.ruleset = ruleset
        self.state = state
        self.players = list(players)
        self.seed = seed
        self.options = dict(options or {})
        self.actions: list[Action] = []
        self.log: list[Event] = []
        self._seat_logs: list[list[Event]] = [[] for _ in self.players]

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, game: str, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None) -> Game:
        ruleset = get_ruleset(game)
        state = ruleset.new_state(players, seed=seed, options=options)
        g = cls(ruleset, state, players=players, seed=seed, options=options)
        g._record(ruleset.start(state))
        return g

    # ----------------------------------------------------------------- play
    @property
    def over(self) -> bool:
        return self.ruleset.is_over(self.state)

    def seats_to_act(self) -> tuple[int, ...]:
        return self.ruleset.seats_to_act(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.ruleset.legal_actions(self.state, seat)

    # Legality is asked, never probed: these read the rules and change nothing.
    def why_not(self, action: Action) -> str | None:
        """The rules' reason ``action`` is refused now (a sentence for the player), or None if it is allowed."""
        try:
            self.ruleset.verify(self.state, action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def can(self, action: Action) -> bool:
        """Whether ``action`` is allowed now: the exact check, whatever ``legal_actions`` offers."""
        return self.why_not(action) is None

    def why_not_now(self, seat: int, kind: str | type[Action]) -> str | None:
        """Why ``seat`` may make no move of ``kind`` at all now (``LayOff`` or its kind 'contract_lay_off'),
        whatever its cards: 'it is Ben's turn, not yours', 'draw a card first', 'lay down your contract
        first'. None when some move of that kind may be allowed; then :meth:`why_not` checks the cards."""
        name = kind if isinstance(kind, str) else kind.kind
        return self.ruleset.why_not_now(self.state, seat, name)

    def may(self, seat: int, kind: str | type[Action]) -> bool:
        """May ``seat`` make a move of ``kind`` now (lay off at all, buy at all, draw)? See :meth:`why_not_now`."""
        return self.why_not_now(seat, kind) is None

    def apply(self, action: Action) -> list[Event]:
        self.ruleset.verify(self.state, action)
        events = self.ruleset.apply(self.state, action)
        self.actions.append(action)
        self._record(events)
        return events

    def try_apply(self, action: Action) -> tuple[list[Event], str | None]:
        """Apply, or give the reason the rules refuse it."""
        try:
            return self.apply(action), None
        except IllegalAction as exc:
            return [], str(exc)

    def _record(self, events: list[Event]) -> None:
        self.log.extend(events)
        for seat, seat_log in enumerate(self._seat_logs):
            seat_log.extend(seen_by(events, seat))

    def seat_log(self, seat: int) -> list[Event]:
        return self._seat_logs[seat]

    def view(self, seat: int) -> Any:
        return self.ruleset.view(self.state, seat, self._seat_logs[seat])

    # ----------------------------------------------------------------- saving
    def to_data(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.ruleset.name,
            "players": list(self.players),
            "seed": self.seed,
            "options": dict(self.options),
            "state": self.ruleset.state_to_data(self.state),
            "actions": [action_to_data(a) for a in self.actions],
            "log": [event_to_data(e) for e in self.log],
        }

    @classmethod
    def from_data(cls, data: Any) -> Game:
        """Rebuild a saved game; :class:`SaveFormatError` says why when the data is not a usable save."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFormatError("this is not an access-game save")
        version = data.get("version")
        if not isinstance(version, int):
            raise SaveFormatError("the save has no version number")
        if version > SAVE_VERSION:
            raise SaveFormatError(
                f"the save was written by a newer access-game (save version {version}, this one reads {SAVE_VERSION})"
            )
        try:
            ruleset = get_ruleset(str(data["game"]))
            state = ruleset.state_from_data(data["state"])
            game = cls(ruleset, state, players=data["players"], seed=int(data["seed"]), options=data["options"])
            game.actions = [action_from_data(a) for a in data["actions"]]
            game._record([event_from_data(e) for e in data["log"]])
        except SaveFormatError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise SaveFormatError(f"the save is damaged ({exc.__class__.__name__}: {exc})") from exc
        if ruleset.card_count(state) != len(ruleset.all_cards(state)) and not ruleset.is_over(state):
            raise SaveFormatError("the save is damaged: its cards do not add up to a whole deck")
        return game

    @classmethod
    def replay(cls, data: Mapping[str, Any]) -> Game:
        """Play a save's actions again from its seed: the same game, rebuilt from its history."""
        game = cls.new(str(data["game"]), data["players"], seed=int(data["seed"]), options=data["options"])
        for a in data["actions"]:
            game.apply(action_from_data(a))
        return game
