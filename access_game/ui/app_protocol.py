"""The application that runs a table, as the parts it builds see it: a protocol, so that the app
imports its commands (core_commands, online_entry) and none of them imports the app back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from prompt_toolkit.application import Application

    from access_game.session_api import TableSession
    from access_game.settings import Settings
    from access_game.ui.modes import Mode
    from access_game.ui.printer import LinePrinter
    from access_game.ui.registry import CommandRegistry
    from access_game.ui.table import Table

__all__ = ["GameApp"]


class GameApp(Protocol):
    """What the shared commands (core_commands) and the way online (online_entry) ask of the application
    that runs a table, access_game.ui.app's GameApp."""

    session: TableSession
    table: Table
    registry: CommandRegistry
    printer: LinePrinter
    application: Application[int]
    #: Set when the game ends for the lobby ("play online"): the launcher opens it once the app exits.
    next_online: Any
    quitting: bool

    def open(self, mode: Mode) -> None: ...

    def say_line(self, text: str) -> None: ...

    def change_settings(self, settings: Settings) -> None: ...

    def quit_now(self, message: str = "") -> None: ...

    def leave(self) -> None: ...

    def set_up_table(self, *, after_game: bool = False) -> None: ...

    def _dispatch(self, key: str) -> None: ...
