"""How a game plugs into the terminal interface: a table.

The app and the session are the same for every game; a table is what one game adds: its commands
(with keys and descriptions, which then appear in the help, the Escape menu and docs/keys.md), the
short text of the prompt line, what to say when a game starts or is resumed, and how it follows the
events (a cursor in the hand, a sort order). Tables are registered by ruleset name, so the play
command needs no game-specific code; each registration also says what the launcher needs before a
table exists (the resume question, the save slot, the command that goes on with a saved game).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from access_game.ui.modes import Mode
from access_game.ui.registry import Command
from engine.events import Event
from engine.game import Game

if TYPE_CHECKING:
    from access_game.session import Session

__all__ = [
    "Host",
    "Table",
    "TableEntry",
    "TableFactory",
    "make_table",
    "register_table",
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


TableFactory = Callable[["Session", Host], Table]


@dataclass(frozen=True, slots=True)
class TableEntry:
    """What the launcher needs to know of a game before its table exists: the resume question is
    asked, and the save slot chosen, before any session is built."""

    game_name: str
    title: str
    factory: TableFactory
    #: Each game keeps its own saved game, so starting one never replaces another's game in progress.
    save_slot: str
    #: The command that goes on with a saved game of this kind ('access-game solitaire').
    command: str
    #: The question asked at start when a game of this kind is saved: where it stands, then 'Resume it?'.
    resume_question: Callable[[Game, int], str]


_TABLES: dict[str, TableEntry] = {}


def register_table(
    game_name: str,
    factory: TableFactory,
    *,
    title: str | None = None,
    resume_question: Callable[[Game, int], str] | None = None,
    save_slot: str | None = None,
    command: str | None = None,
) -> None:
    """Make ``factory`` the table of ``game_name``. Left out: the title is the factory's ``title``, the
    question names the game only, the save slot is the game's name (Five Crowns keeps ``current``,
    where its saves have always been) and the command is ``access-game play --game <name>``."""
    _TABLES[game_name] = TableEntry(
        game_name,
        title or str(getattr(factory, "title", game_name)),
        factory,
        save_slot or game_name,
        command or f"access-game play --game {game_name}",
        resume_question or _plain_question,
    )


def _plain_question(game: Game, seat: int) -> str:
    return f"You have a saved game of {game.ruleset.title}. Resume it?"


def _load_builtin() -> None:
    import access_game.ui.contract_table
    import access_game.ui.upcard_table  # noqa: F401
    from access_game.ui import five_crowns_table, solitaire_table  # noqa: F401  (each registers itself)


def table_names() -> list[str]:
    """The games that can be played at the terminal, Five Crowns first, then in the order of _MENU_ORDER."""
    _load_builtin()
    rank = {name: i for i, name in enumerate(_MENU_ORDER)}
    return sorted(_TABLES, key=lambda name: (rank.get(name, len(rank)), name))


_MENU_ORDER = ("five-crowns", "solitaire", "contract-rummy", "upcard-rummy")


def table_entries() -> list[TableEntry]:
    return [_TABLES[name] for name in table_names()]


def table_entry(game_name: str) -> TableEntry:
    _load_builtin()
    try:
        return _TABLES[game_name]
    except KeyError:
        raise ValueError(f"there is no table for {game_name} yet: tables are {', '.join(_TABLES)}") from None


def make_table(session: Session, host: Host) -> Table:
    return table_entry(session.game.ruleset.name).factory(session, host)
