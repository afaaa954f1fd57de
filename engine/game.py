"""A game in play: a ruleset, its state, the action history and the event log.

This is the one place actions are carried out. ``apply`` verifies first, so a refused action raises
:class:`engine.errors.IllegalAction` and changes nothing. The log is kept per seat as well, already
redacted, so a view never has to filter secrets out of the whole log.
Saving turns the game into versioned JSON data (no files here: the application writes them).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from engine.actions import Action, action_to_data
from engine.checks import is_whole, require
from engine.codec import GameCodec, codec_of
from engine.errors import IllegalAction, SaveFormatError
from engine.events import Event, event_to_data, seen_by
from engine.names import MAX_NAME_CHARS, read_name
from engine.reasons import Reason, reason_of, shown
from engine.registry import get_ruleset
from engine.ruleset import Ruleset

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "Game"]

SAVE_FORMAT = "access-game-save"
SAVE_VERSION = 1
#: Why a list of players is refused (engine.names: the one rule for every name).
NAMES_RULE = f"each player's name must be 1 to {MAX_NAME_CHARS} printable characters"


class Game:
    def __init__(self, ruleset: Ruleset[Any, Any], state: Any, *, players: Sequence[str], seed: int,
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
        if any(read_name(p) != p for p in players):
            raise ValueError(NAMES_RULE)
        state = ruleset.new_state(players, seed=seed, options=options)
        g = cls(ruleset, state, players=players, seed=seed, options=options)
        g._record(ruleset.start(state))
        return g

    @property
    def codec(self) -> GameCodec:
        """How this game's moves, events and views are written as data and read back."""
        return codec_of(self.ruleset)

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
            return reason_of(exc)
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
        """Carry out ``action`` whole or not at all: a refusal or a failure half-way restores the state."""
        before = _snapshot(self.state)
        try:
            self.ruleset.verify(self.state, action)
            events = self.ruleset.apply(self.state, action)
        except BaseException:
            _restore(self.state, before)
            raise
        self.actions.append(action)
        self._record(events)
        return events

    def try_apply(self, action: Action) -> tuple[list[Event], str | None]:
        """Apply, or give the reason the rules refuse it."""
        try:
            return self.apply(action), None
        except IllegalAction as exc:
            return [], reason_of(exc)

    def _record(self, events: list[Event]) -> None:
        self.log.extend(events)
        for seat, seat_log in enumerate(self._seat_logs):
            seat_log.extend(seen_by(events, seat))

    def seat_log(self, seat: int) -> list[Event]:
        return self._seat_logs[seat]

    def view(self, seat: int) -> Any:
        return self.ruleset.view(self.state, seat, self._seat_logs[seat])

    # ----------------------------------------------------------------- taking back
    def last_move_of(self, seat: int) -> int | None:
        """Where ``seat``'s last action stands in the history (its index), or None if it has made none."""
        for index in range(len(self.actions) - 1, -1, -1):
            if self.actions[index].seat == seat:
                return index
        return None

    def before(self, moves: int) -> Game:
        """The same game as it stood after its first ``moves`` actions: dealt again from the seed and those
        actions played again, so the state, the logs and every view are exactly what they were then
        (shuffles are keyed by the seed, so a stock card drawn again is the same card). What undo is
        made of: the history without the last move and everything after it."""
        if not 0 <= moves <= len(self.actions):
            raise ValueError(f"the game has {len(self.actions)} moves, not {moves}")
        game = Game.new(self.ruleset.name, self.players, seed=self.seed, options=self.options)
        for action in self.actions[:moves]:
            game.apply(action)
        return game

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
        """Rebuild a saved game; :class:`SaveFormatError` says why when the data is not a usable save.

        Nothing else escapes: a save is data from outside (edited, damaged, of another version), and a
        value of the wrong type deep inside must say "damaged", never crash the program that loads it.
        Every value is read strictly (``engine.state_data``), and the state is checked against its
        ruleset's invariants (see ``state_from_data``). The state must also be the one its history
        leads to: its seed and options are the game's, and the saved actions, played again from the
        seed, give exactly the saved state and event log. A save edited by hand, or a history cut or
        swapped, is refused with the first thing that does not match, never resumed as a game that
        could not have been played.
        """
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFormatError(Reason("this is not an access-game save"))
        version = data.get("version")
        if not is_whole(version) or version < 1:
            raise SaveFormatError(Reason("the save has no version number: {value} is not a whole number from 1",
                                         value=repr(version)))
        if version > SAVE_VERSION:
            raise SaveFormatError(Reason("the save was written by a newer access-game (save version {version}, this "
                                         "one reads {reads})", version=version, reads=SAVE_VERSION))
        try:
            name, players, seed, options = data["game"], data["players"], data["seed"], data["options"]
            require(isinstance(name, str), Reason("the game is not named"))
            require(isinstance(players, list) and all(read_name(p) == p for p in players),
                    Reason("each player's name must be 1 to {most} printable characters", most=MAX_NAME_CHARS))
            require(is_whole(seed), Reason("the seed is {value}, not a whole number", value=shown(seed)))
            require(isinstance(options, dict), Reason("the options are not a set of named values"))
            ruleset = get_ruleset(name)
            require(isinstance(data["state"], dict), Reason("the state is not a set of named values"))
            state = ruleset.state_from_data(data["state"])
            require(list(state.players) == players, Reason("the players do not match the game's state"))
            require(state.seed == seed, Reason("the state's seed {value} is not the game's seed {seed}",
                                                value=shown(state.seed), seed=shown(seed)))
            require(state.options == type(state.options).from_data(options),
                    Reason("the state's rule options are not the game's"))
            require(isinstance(data["actions"], list) and isinstance(data["log"], list),
                    Reason("the history is not a list"))
            game = cls._replayed(ruleset, players, seed, options, data["actions"])
            require(ruleset.state_to_data(game.state) == ruleset.state_to_data(state),
                    Reason("its moves, played again, do not lead to its state"))
            # Compared as events, so a save written before an event gained a field with a default still loads.
            codec = codec_of(ruleset)
            require([codec.event_from_data(e) for e in data["log"]] == game.log,
                    Reason("its moves, played again, do not give its record of events"))
        except SaveFormatError:
            raise
        except (Exception, RecursionError) as exc:
            error = f"{exc.__class__.__name__}: {exc}"
            raise SaveFormatError(Reason("the save is damaged ({error})", error=error)) from exc
        return game

    @classmethod
    def _replayed(cls, ruleset: Ruleset[Any, Any], players: Sequence[str], seed: int, options: Mapping[str, Any],
                  actions: Sequence[Any]) -> Game:
        """The game dealt from ``seed`` with ``actions`` applied in turn; a move the rules refuse is named."""
        game = cls.new(ruleset.name, players, seed=seed, options=options)
        codec = codec_of(ruleset)
        for number, entry in enumerate(actions, 1):
            try:
                game.apply(codec.action_from_data(entry))
            except IllegalAction as exc:
                raise SaveFormatError(Reason("the save is damaged: move {number} of its history is refused ({why})",
                                             number=number, why=reason_of(exc))) from None
        return game

    @classmethod
    def replay(cls, data: Mapping[str, Any]) -> Game:
        """Play a save's actions again from its seed: the same game, rebuilt from its history."""
        return cls._replayed(get_ruleset(str(data["game"])), data["players"], int(data["seed"]), data["options"],
                             data["actions"])


_MUTABLE_TYPES: dict[type, bool] = {}


def _mutable(value: Any) -> bool:
    """Whether a value of this type can change in place (containers and non-frozen dataclasses)."""
    kind = type(value)
    known = _MUTABLE_TYPES.get(kind)
    if known is None:
        params = getattr(kind, "__dataclass_params__", None)
        known = issubclass(kind, list | dict | set) or (params is not None and not params.frozen)
        _MUTABLE_TYPES[kind] = known
    return known


def _copy(value: Any) -> Any:
    """A copy of every mutable container in ``value``; immutable leaves (cards, frozen melds) are shared."""
    if not _mutable(value):
        return value
    if isinstance(value, list):
        # State lists hold one kind of thing: a list of cards or numbers is copied in one step.
        if not value or not _mutable(value[0]):
            return list(value)
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    twin = copy.copy(value)
    for name, field_value in _snapshot(value).items():
        setattr(twin, name, field_value)
    return twin


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _snapshot(state: Any) -> dict[str, Any]:
    """The state's fields, deep enough that mutating the state in place cannot reach the copy.

    Cheaper than a deep copy (cards and frozen melds are shared) and than a save round trip, so every
    action can afford one.
    """
    names = _FIELD_NAMES.get(type(state))
    if names is None:
        names = _FIELD_NAMES[type(state)] = tuple(f.name for f in fields(state))
    return {name: _copy(getattr(state, name)) for name in names}


def _restore(state: Any, snapshot: dict[str, Any]) -> None:
    for name, value in snapshot.items():
        setattr(state, name, value)
