"""How a game plugs into the terminal interface: a table.

The app and the session are the same for every game; a table is what one game adds: its commands
(with keys and descriptions, which then appear in the help, the Escape menu and docs/keys.md), the
short text of the prompt line, what to say when a game starts or is resumed, and how it follows the
events (a cursor in the hand, a sort order). Tables are registered by ruleset name, so the play
command needs no game-specific code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from access_game.ui.modes import Mode
from access_game.ui.registry import Command
from engine.events import Event

if TYPE_CHECKING:
    from access_game.session import Session

__all__ = ["Host", "Table", "TableFactory", "make_table", "register_table", "table_names"]


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


TableFactory = Callable[["Session", Host], Table]

_TABLES: dict[str, TableFactory] = {}


def register_table(game_name: str, factory: TableFactory) -> None:
    _TABLES[game_name] = factory


def _load_builtin() -> None:
    import access_game.ui.five_crowns_table  # noqa: F401  (registers itself)


def table_names() -> list[str]:
    _load_builtin()
    return sorted(_TABLES)


def make_table(session: Session, host: Host) -> Table:
    _load_builtin()
    name = session.game.ruleset.name
    try:
        factory = _TABLES[name]
    except KeyError:
        raise ValueError(f"there is no table for {name} yet: tables are {', '.join(sorted(_TABLES))}") from None
    return factory(session, host)
