"""The lobby of one ``serve`` process among several sharing it through Redis (``serve --redis``).

Behind the same interface as access_game.net.lobby.Lobby, whose methods the table server calls without
waiting: what this process does is kept here as before and queued for the others (access_game.net.
redis_bus); what the others say arrives through access_game.net.shared_server, which keeps
:attr:`SharedLobby.remote` (the names online at each other process) and the chat lines here. So a name
is online when it is online anywhere, and ``arrive``/``depart`` say a name came or went only when it
did so for the whole server, not for this process alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from access_game.net.lobby import HISTORY_LINES, Line, Lobby
from access_game.net.redis_bus import RedisBus

__all__ = ["SharedLobby"]


class SharedLobby(Lobby):
    """Presence, the server-wide chat, private messages and bans shared with the other processes."""

    def __init__(self, bus: RedisBus, folder: Path | None = None, admins: Mapping[str, str | None] | None = None,
                 history_lines: int = HISTORY_LINES) -> None:
        super().__init__(folder, admins, history_lines)
        self.bus = bus
        #: The names online at each other process (by its id), as Redis and its messages last said.
        self.remote: dict[str, set[str]] = {}

    # ----------------------------------------------------------------- presence
    def elsewhere(self, name: str) -> bool:
        """Whether ``name`` has a connection at another process."""
        return any(name in names for names in self.remote.values())

    def anywhere(self, name: str) -> bool:
        return name in self.present or self.elsewhere(name)

    def arrive(self, name: str, conn: object) -> bool:
        first_here = super().arrive(name, conn)
        if first_here:
            self.bus.send("presence", name=name, online=True)
        return first_here and not self.elsewhere(name)

    def depart(self, name: str, conn: object) -> bool:
        last_here = super().depart(name, conn)
        if last_here:
            self.bus.send("presence", name=name, online=False)
        return last_here and not self.elsewhere(name)

    def online(self) -> list[str]:
        names = set(self.present).union(*self.remote.values())
        return sorted(names, key=str.casefold)

    # ----------------------------------------------------------------- chat
    def say(self, name: str, text: str) -> Line:
        line = super().say(name, text)
        self.bus.send("said", line=line.to_data())
        return line

    def tell(self, sender: str, to: str, text: str) -> Line:
        line = super().tell(sender, to, text)
        self.bus.send("told", line=line.to_data())
        return line

    def heard_said(self, line: Line) -> None:
        """A line of the server-wide chat said at another process: kept for history here too."""
        self.lobby_lines.append(line)

    def heard_told(self, line: Line) -> None:
        """A private message sent at another process: kept for both of them here too."""
        if line.to is not None:
            self.keep_private(line)

    # ----------------------------------------------------------------- bans
    def ban(self, name: str, addresses: Iterable[str] = (), *, on: bool = True) -> None:
        """Ban (or let back) here, and at every other process (each keeps it in its own bans file)."""
        addresses = list(addresses)
        super().ban(name, addresses, on=on)
        self.bus.send("ban", name=name, addresses=addresses, on=on)

    def heard_ban(self, name: str, addresses: Iterable[str], *, on: bool) -> None:
        """A ban made at another process, kept here too."""
        super().ban(name, addresses, on=on)
