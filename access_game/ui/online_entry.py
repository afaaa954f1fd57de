"""From a local game to a server's lobby: "Play online" in the game's menu (Ctrl+O).

Two questions on the prompt line, each a text entry like the table's chat: the server's address, then
the player's name there, each typed in already as it was last time (kept in settings, so the next time
is Enter, Enter). A bad address or name is said and the same question asked again with what was
typed; Escape at either goes back to the game. When both are good the game is saved and this app ends
with the request in ``app.next_online``: the launcher (access_game.terminal_game) opens the same lobby
as ``access-game online --server URL --name NAME`` and, when it is left, comes back to the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from access_game.table_plan import YOU
from access_game.ui.text_entry import TextEntry
from engine.names import MAX_NAME_CHARS, read_name
from speech import online_words as ow
from speech.i18n import _

if TYPE_CHECKING:
    from access_game.ui.app_protocol import GameApp

__all__ = ["OnlineRequest", "ask_online", "server_address"]

@dataclass(frozen=True, slots=True)
class OnlineRequest:
    """The lobby to open: the server's address and the player's name there, both checked."""

    server: str
    name: str


def server_address(text: str) -> str | None:
    """The server address ``text`` gives (ws:// or wss://, a host, a good port if any), or None: the same
    rule as ``online --server``."""
    address = text.strip()
    try:
        parts = urlsplit(address)
        parts.port  # noqa: B018 - a bad port raises here
    except ValueError:
        return None
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        return None
    return address


def ask_online(app: GameApp) -> None:
    """Ask the server's address, then the name; then leave for the lobby (see the module's docstring)."""
    settings = app.session.settings
    _ask_address(app, settings.online_server)


def _ask_address(app: GameApp, typed: str) -> None:
    def given(text: str) -> None:
        address = server_address(text)
        if address is None:
            app.say_line(ow.bad_address(text))
            _ask_address(app, text)
            return
        _ask_name(app, address, _remembered_name(app))

    entry = TextEntry(ow.address_opening(typed), app.say_line, on_text=given, cancelled=_(ow.CANCELLED),
                      prompt=ow.ADDRESS_PROMPT)
    entry.text = typed
    app.open(entry)


def _ask_name(app: GameApp, address: str, typed: str) -> None:
    def given(text: str) -> None:
        name = read_name(text)
        if name is None:
            app.say_line(ow.bad_name(MAX_NAME_CHARS))
            _ask_name(app, address, text)
            return
        _leave_for_lobby(app, OnlineRequest(address, name))

    entry = TextEntry(ow.name_opening(typed), app.say_line, on_text=given, cancelled=_(ow.CANCELLED),
                      prompt=ow.NAME_PROMPT, limit=MAX_NAME_CHARS)
    entry.text = typed
    app.open(entry)


def _remembered_name(app: GameApp) -> str:
    """The name used on a server last time, else the player's name at this table (not the default)."""
    session = app.session
    if session.settings.online_name:
        return str(session.settings.online_name)
    name = str(session.players[session.human_seat])
    return "" if name == YOU else name  # the name every local game gives the player: not one to offer


def _leave_for_lobby(app: GameApp, request: OnlineRequest) -> None:
    """Keep the address and name for next time, save the game, and end this app for the lobby."""
    app.change_settings(app.session.settings.replace(online_server=request.server, online_name=request.name))
    app.say_line(ow.opening_lobby(request.server))
    app.next_online = request
    app.leave()
