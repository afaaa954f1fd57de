"""How a game plugs into the terminal interface: a table.

The app and the session are the same for every game; a table is what one game adds: its commands
(with keys and descriptions, which then appear in the help, the Escape menu and docs/keys.md), the
short text of the prompt line, what to say when a game starts or is resumed, and how it follows the
events (a cursor in the hand, a sort order). Which table plays which game is written in the game
catalog (access_game.catalog), with what the launcher needs before a table exists (the resume
question, the save slot, the command that goes on with a saved game); the play command needs no
game-specific code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from access_game.catalog import GameEntry, games
from access_game.ui.modes import Mode
from access_game.ui.registry import Command
from engine.actions import Action
from engine.events import Event

if TYPE_CHECKING:
    from access_game.session_api import TableSession

__all__ = [
    "Host",
    "Table",
    "make_table",
    "table_entries",
    "table_entry",
    "table_names",
]


class Host(Protocol):
    """What the app offers a table: opening a modal state (a menu, a question, a number entry)."""

    def open(self, mode: Mode) -> None: ...

    def say_line(self, text: str) -> None:
        """Say one line of words (for modes, which speak plain text)."""
        ...


class Table(Protocol):
    #: The ruleset this table plays: 'five-crowns'.
    game_name: str
    title: str

    def groups(self) -> list[tuple[str, str]]:
        """Extra command groups (id, title) beyond access_game.ui.registry.GROUPS; usually none."""
        ...

    def commands(self) -> list[Command]:
        ...

    def prompt(self) -> str:
        """A few words for the prompt line ('draw', 'discard', 'wait'); it is redrawn only when it changes."""
        ...

    def opening(self, resumed: bool) -> None:
        """Say where the game stands (after the deal, or on resuming)."""
        ...

    def on_events(self, events: Sequence[Event]) -> None:
        """Follow the game: events are already redacted for the player's seat."""
        ...

    def reset(self) -> None:
        """A new game began in the same session (play again)."""
        ...

    def undone(self, move: Action) -> None:
        """The player's ``move`` was taken back (undo): follow the game as it now stands, the hand and
        cursors as they were before that move."""
        ...

    def after_news(self) -> None:
        """Go on with a move the player asked for that had to wait for others' answers: at a network
        table those come as news between key presses (contract rummy's D, pass and draw once nobody
        buys). Called after each key and after news has been said."""
        ...


#: The catalog's games that have a table, by name (filled on first use).
_TABLES: dict[str, GameEntry] = {}


def _load() -> dict[str, GameEntry]:
    if not _TABLES:
        _TABLES.update((entry.name, entry) for entry in games() if entry.table is not None)
    return _TABLES


def table_names() -> list[str]:
    """The games that can be played at the terminal, in the catalog's menu order."""
    return [e.name for e in table_entries()]


def table_entries() -> list[GameEntry]:
    tables = _load()
    return [e for e in games() if e.name in tables]


def table_entry(game_name: str) -> GameEntry:
    try:
        return _load()[game_name]
    except KeyError:
        raise ValueError(f"there is no table for {game_name} yet: tables are {', '.join(_load())}") from None


def make_table(session: TableSession, host: Host) -> Table:
    table: Table = table_entry(session.ruleset_name).factory(session, host)
    return table
