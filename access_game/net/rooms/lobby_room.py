"""The lobby at the table server: the table list and who follows it, presence (with its grace), the
server-wide chat, private messages, a table's chat and each one's history, and mutes. The lobby's
memory (who is online, the chats kept, bans, administrators) is access_game.net.lobby's.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Any

from access_game.net import lobby_messages
from access_game.net import protocol as p
from access_game.net.connections import Connection
from access_game.net.limits import MAX_CHAT_CHARS
from access_game.net.lobby import Line
from access_game.net.rooms.state import ServerState
from access_game.net.tables import Table

__all__ = ["PRESENCE_GRACE_SECONDS", "LobbyRoom", "listing"]

#: Seconds a name stays online after its last connection went: a player going from the lobby to a table,
#: or back, closes one connection and opens the next at once, and the others should not hear "Ann left.
#: Ann is online." for it (the lobby hears of a public table she opens by its listing).
PRESENCE_GRACE_SECONDS = 2.0


class LobbyRoom(ServerState):
    """The lobby's requests, and what the lobby hears of the tables and of who comes and goes."""

    async def _lobby_request(self, conn: Connection, message: p.ClientMessage) -> bool:
        """The messages of the lobby, spectators, chat and moderation; False for the others (a seat's)."""
        name = conn.name or ""
        if isinstance(message, p.Games):
            self._send(conn, lobby_messages.games())
        elif isinstance(message, p.Tables):
            self._set_listing(conn, message.watch)
            self._send(conn, lobby_messages.tables(e for t in self.tables.values() if (e := listing(t))))
        elif isinstance(message, p.Who):
            self._send(conn, lobby_messages.online(self.lobby.online()))
        elif isinstance(message, p.Say):
            self._chat_allowed(conn, message.text)
            frame = p.encode(lobby_messages.said(self.lobby.say(name, message.text)))
            for other in {*self._listeners, conn}:
                if name not in other.muted:
                    self._post(other, frame)
        elif isinstance(message, p.Tell):
            targets = self.lobby.connections_of(message.to)
            if not targets:
                raise p.ProtocolError(p.ErrorCode.NO_ONE, f"nobody called {message.to} is online")
            self._chat_allowed(conn, message.text)
            frame = p.encode(lobby_messages.told(self.lobby.tell(name, message.to, message.text)))
            for other in {*targets, *self.lobby.connections_of(name)}:
                if name not in other.muted:
                    self._post(other, frame)
        elif isinstance(message, p.History):
            lines = (list(self._table_chat.get(conn.code or conn.watching or "", ())) if message.channel == "table"
                     else self.lobby.history(message.channel, name, message.with_))
            self._send(conn, lobby_messages.history(message.channel, message.with_,
                                                    [line for line in lines if line.name not in conn.muted]))
        elif isinstance(message, p.Mute):
            if message.on:
                conn.muted.add(message.name)
            else:
                conn.muted.discard(message.name)
            self.lobby.record(name, "mute" if message.on else "unmute", name=message.name)
            self._send(conn, lobby_messages.muted(conn.muted))
        elif isinstance(message, p.Chat):
            self._table_chat_line(conn, message.text)
        elif isinstance(message, p.Watch):
            await self._watch(conn, message)
        elif isinstance(message, p.Leave) and conn.watching is not None:
            self._stop_watching(conn)  # a spectator goes back to the lobby: the connection stays open
            self._send(conn, p.left_message(False))
        elif isinstance(message, p.Ban | p.Close | p.Broadcast):
            if not conn.admin:
                raise p.ProtocolError(p.ErrorCode.NOT_ADMIN, "only the server's administrators may do that")
            await self._moderate(conn, message)
        else:
            return False
        return True

    def _chat_allowed(self, conn: Connection, text: str) -> None:
        if len(text) > MAX_CHAT_CHARS:  # (parse_client holds every line to this already)
            raise p.ProtocolError(p.ErrorCode.BAD_MESSAGE, f"a chat line is at most {MAX_CHAT_CHARS} characters")
        self._allowed(conn, "chat lines")

    def _table_chat_line(self, conn: Connection, text: str) -> None:
        """A line of a table's chat, from a seat or a spectator, to everyone at the table and watching."""
        if conn.code is not None and conn.seat is not None and conn.code in self.tables:
            table, seat = self.tables[conn.code], conn.seat
            name: str = table.seats[seat].name or ""
            where: int | None = seat
        elif conn.watching is not None and conn.watching in self.tables:
            table, where, name = self.tables[conn.watching], None, conn.name or ""
        else:
            raise p.ProtocolError(p.ErrorCode.NOT_SEATED, "take a seat or watch a table first")
        self._chat_allowed(conn, text)
        kept = self._table_chat.get(table.code)
        if kept is None:
            kept = self._table_chat[table.code] = deque(maxlen=self.lobby.history_lines)
        kept.append(Line(name, text, time.time()))
        self._broadcast(table, p.chat_message(where, name, text), unless_muted=name)

    def _set_listing(self, conn: Connection, on: bool) -> None:
        conn.listing = on
        if on:
            self._listeners.add(conn)
        else:
            self._listeners.discard(conn)

    def _to_lobby(self, message: dict[str, Any]) -> None:
        """A frame to every connection following the lobby."""
        if not self._listeners:
            return
        text = p.encode(message)
        for conn in list(self._listeners):
            self._post(conn, text)

    def _relist(self, table: Table) -> None:
        """The lobby hears of a table that came into its list, changed, or left it."""
        entry = listing(table) if table.code in self.tables else None
        old = self._listed.get(table.code)
        if entry == old:
            return
        if entry is None:
            del self._listed[table.code]
            self._to_lobby(lobby_messages.unlisted(table.code))
        else:
            self._listed[table.code] = entry
            self._to_lobby(lobby_messages.listed(entry))

    def _gone_from_lobby(self, conn: Connection) -> None:
        self._set_listing(conn, False)
        self._stop_watching(conn)
        if conn.name is not None and self.lobby.depart(conn.name, conn):
            # Said after a grace, and not at all when the name comes back meanwhile (see
            # PRESENCE_GRACE_SECONDS): its coming back is not said either.
            name = conn.name
            earlier = self._going.pop(name, None)
            if earlier is not None:  # one timer a name: a second departure restarts the grace
                earlier.cancel()
            self._going[name] = asyncio.get_running_loop().call_later(PRESENCE_GRACE_SECONDS, self._gone, name)

    def _gone(self, name: str) -> None:
        if self._going.pop(name, None) is not None:
            self._to_lobby(lobby_messages.presence(name, online=False))


def listing(table: Table) -> dict[str, Any] | None:
    """A table's line in the lobby's list, or None when it is not listed: a public table with a free
    person's seat before the deal, or a public table being played that may be watched."""
    if not table.public or table.over:
        return None
    free = sum(1 for s in table.seats if s.human and s.name is None)
    if not (table.game is None and free) and not (table.started and table.watchable):
        return None
    computers = [s.level for s in table.seats if not s.human]
    host = table.seats[table.host].name if 0 <= table.host < len(table.seats) else None
    return {"code": table.code, "game": table.game_name, "seats": len(table.seats), "free": free,
            "computers": len(computers), "level": computers[0] if computers else None,
            "options": table.options, "host": host, "players": table.names(), "started": table.started,
            "watchable": table.watchable}
