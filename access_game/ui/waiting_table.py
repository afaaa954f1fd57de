"""The table before a network game begins: no cards yet, but the keys that need none already work.

While the host waits for friends to join, the prompt is up: chat (/), the seats (Shift+U), handing a
free seat to a computer player (Shift+V, the host), F1, F2, the history and Ctrl+C to leave, the same
keys as at the table. Everything a game key would do waits for the deal, so this table has no commands
of its own; the app's network and core commands are all it offers. The app ends by itself when the game
begins, and the game's own table opens.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from access_game.session_api import TableSession
from access_game.ui.registry import Command
from engine.events import Event
from speech.i18n import pgettext

__all__ = ["WaitingTable"]


class WaitingTable:
    """A table with only the app's commands, for a game not dealt yet (see access_game.ui.table.Table)."""

    def __init__(self, session: TableSession, host: Any) -> None:
        from access_game.catalog import game as catalog_game

        self.session = session
        self.game_name = session.ruleset_name
        self.title = catalog_game(self.game_name).title  # F1: "Help for Five Crowns: …"

    def groups(self) -> list[tuple[str, str]]:
        return []

    def commands(self) -> list[Command]:
        return []

    def prompt(self) -> str:
        return pgettext("prompt", "waiting")

    def opening(self, resumed: bool) -> None:
        """Nothing to say: the lobby's lines (who joins) come from the server as they happen."""

    def on_events(self, events: Sequence[Event]) -> None:
        """No game, no events; the game's own table follows them once it is dealt."""

    def reset(self) -> None:
        """A lobby has no game to play again."""

    def undone(self, move: Any) -> None:
        """No moves in the lobby to take back (a network table refuses undo anyway)."""

    def after_news(self) -> None:
        """No moves in the lobby."""
