"""What a table and the app may ask of a game in play: the one session interface.

A game played at this terminal against computer players (:class:`access_game.session.Session`) and a
seat at a table on a server (:class:`access_game.online.remote_session.RemoteSession`) look the same to
the terminal table: the same keys, speech, braille, history, hints and settings work for both because
the tables and the app use only what is listed here, never the engine's ``Game`` itself. The local
session answers from its ``Game``; the remote one from what the server sent this seat (its own view,
the legal moves, the reasons no move of a kind may be made now), which is all a player may know.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from access_game.settings import Settings
from engine.actions import Action
from engine.events import Event
from speech.utterance import Kind, Utterance

__all__ = ["EventListener", "SeatInfo", "TableSession", "TableTalk"]

EventListener = Callable[[Sequence[Event]], None]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat at a network table, as the server's table message tells it."""

    seat: int
    name: str
    #: A person plays it (else a computer player, on the server).
    human: bool
    #: The person's terminal is connected now.
    connected: bool
    #: A computer player plays for the person while they are away (the people at the table voted).
    stand_in: bool = False


class TableTalk(Protocol):
    """What a seat at a network table adds: chat, the seats, and (for the host) handing a seat over.

    A local game has none of it (``TableSession.network`` is None), so these keys are not offered there.
    """

    @property
    def is_host(self) -> bool: ...

    def chat(self, text: str) -> None:
        """Tell everyone at the table a line of text."""
        ...

    def seats(self) -> list[SeatInfo]: ...

    def waiting_for(self) -> list[int]:
        """The seats whose person the table is waiting for."""
        ...

    @property
    def dealt(self) -> bool:
        """The game at the table has begun (before it, free seats are handed over, not stood in for)."""
        ...

    def hand_over(self, seat: int) -> None:
        """(Host only, before the deal) let a computer player take a free seat."""
        ...

    def stand_in(self, seat: int) -> None:
        """Vote for a computer player to play an absent player's seat until they are back."""
        ...

    def remove(self, seat: int) -> None:
        """(Host only) remove the player at ``seat``, who is here, from the table."""
        ...

    def describe_table(self) -> None:
        """Say who sits where, who is away and whom the table waits for."""
        ...


class TableSession(Protocol):
    """The game in play, as the terminal table sees it (see the module docstring)."""

    settings: Settings
    #: Called with each action's events, already redacted for this seat.
    listeners: list[EventListener]
    #: Why the last save failed (None: saved, or not saved at all).
    save_problem: str | None
    #: Puts the lines said so far out at once (set by the app to its printer's flush): the player's own
    #: move is confirmed before anything else happens.
    put_out: Callable[[], None] | None

    @property
    def announcer(self) -> Any: ...

    @property
    def saves(self) -> Any:
        """Where the game is saved after every move (None: not saved here, as at a network table)."""
        ...

    @property
    def level(self) -> str: ...

    # ----- who is who
    @property
    def players(self) -> list[str]: ...

    @property
    def human_seat(self) -> int: ...

    @property
    def computer_seats(self) -> list[int]:
        """Seats this terminal lets move with Space (pace 'step'); none at a network table."""
        ...

    @property
    def ruleset_name(self) -> str: ...

    @property
    def game_seed(self) -> int | None:
        """The seed of the shuffles when this seat may know it (a local game), else None."""
        ...

    @property
    def move_count(self) -> int:
        """How far the game has gone (seeds each hint's player)."""
        ...

    @property
    def network(self) -> TableTalk | None: ...

    # ----- the game as this seat knows it
    def view(self) -> Any: ...

    def legal_actions(self) -> list[Action]:
        """The moves offered to this seat now (what the hint's player chooses among)."""
        ...

    def seats_to_act(self) -> tuple[int, ...]: ...

    @property
    def over(self) -> bool: ...

    @property
    def my_turn(self) -> bool: ...

    @property
    def bots_to_move(self) -> bool: ...

    @property
    def waiting(self) -> bool: ...

    # ----- speaking
    def say(self, *parts: str | Any, kind: Kind = ..., urgent: bool = ...) -> None: ...

    def say_all(self, utterances: Sequence[Utterance]) -> None: ...

    def refuse(self, reason: str) -> None: ...

    def show_only(self, line: str) -> None: ...

    # ----- acting
    def refused_now(self, kind: str | type[Action]) -> bool: ...

    def act(self, action: Action) -> bool: ...

    def step(self) -> bool: ...

    @property
    def undos(self) -> int:
        """How many moves the player has taken back in this game (0 at a network table)."""
        ...

    def undo(self) -> Action | None:
        """Take back the player's last move and the moves after it, saying what was taken back: the move
        taken back, or None (the reason said) when nothing can be: no move yet, the game over, a network
        table."""
        ...

    def advance(self) -> None: ...

    # ----- saving, settings, new games
    def autosave(self) -> None: ...

    def save_now(self) -> None: ...

    def save_to(self, store: Any) -> None:
        """Write the game to another save store (raises OSError as the store does)."""
        ...

    def change_settings(self, settings: Settings) -> None: ...

    def new_game(self, seed: int) -> None: ...

    def start(self) -> None: ...

    def resume(self) -> None: ...
