"""Moderation: who is let in at the handshake, an address that floods cut off, a player the host
removes, and an administrator's bans, closed tables and broadcasts (each recorded in the lobby's
moderation log).
"""

from __future__ import annotations

import time
from http import HTTPStatus

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

from access_game.net import lobby_messages
from access_game.net import protocol as p
from access_game.net.connections import Connection
from access_game.net.rooms.state import CLOSE_TOO_SLOW, ServerState, log
from access_game.net.tables import Table


class Moderation(ServerState):
    """Who is let in, and who is put out."""

    def refuse_connection(self, ws: ServerConnection, request: Request) -> Response | None:
        """At the handshake: an address cut off for flooding, or over its connections, is refused."""
        host = self.address_of(ws, request)
        if self.lobby.banned(address=host):
            return ws.respond(HTTPStatus.FORBIDDEN, "This address is banned from this server\n")
        entry = self.addresses.get(host)
        most = self.limits.connections_per_address
        if entry is not None and (entry.blocked or (most and len(entry.connections) >= most)):
            return ws.respond(HTTPStatus.TOO_MANY_REQUESTS, "Too many connections from this address\n")
        return None

    def _cut_off(self, host: str, flooder: Connection) -> None:
        """One of the address's connections flooded: all of them go, and new ones are refused a while."""
        entry = self._address(host)
        entry.blocked_until = time.monotonic() + self.limits.flood_block_seconds
        log.warning("address %s cut off for %g s: flooding", host, self.limits.flood_block_seconds)
        for conn in [c for c in entry.connections if c is not flooder]:
            # The others behind the same address (a school's router) did nothing wrong: "try again later",
            # and their programs come back by themselves once the address is let in again.
            self._spawn(conn.ws.close(CLOSE_TOO_SLOW, "too many messages from this address"))

    async def _remove(self, conn: Connection, table: Table, seat: int, msg: p.Remove) -> None:
        """The host removes a present player: before the deal and after the game their seat is free again
        (as when someone leaves); while the game is played a computer player of ``level`` takes it (as
        when the host hands a seat over). Their token stops working."""
        if seat != table.host:
            raise p.ProtocolError(p.ErrorCode.NOT_HOST, "only the host removes a player")
        target = msg.seat
        if target == seat or not 0 <= target < len(table.seats) or not table.seats[target].human:
            raise p.ProtocolError(p.ErrorCode.WRONG_SEAT, f"seat {target} is not another person's seat")
        async with self._lock(table.code):
            gone = self.seated.get(table.code, {}).get(target)
            if gone is None:
                raise p.ProtocolError(p.ErrorCode.NOT_HERE, f"nobody is at seat {target} now")
            who = table.seats[target].name
            mark = table.mark()
            if table.game is None or table.over:
                table.give_up(target)
            else:
                table.hand_over(target, msg.level)
            self.disk.commit(table, mark)
            self._votes.get(table.code, {}).pop(target, None)
            del self.seated[table.code][target]
            gone.code = gone.seat = None
            self._send(gone, p.error_message(p.ErrorCode.REMOVED, "the host removed you from the table"))
            self._spawn(gone.close_after_sent(1000, "removed"))
            self.lobby.record(conn.name or "", "remove", table=table.code, seat=target, name=who)
            await self._after_change(table)

    async def _moderate(self, conn: Connection, message: p.Ban | p.Close | p.Broadcast) -> None:
        """An administrator's act, carried out, logged, and answered with ``done``."""
        admin = conn.name or ""
        if isinstance(message, p.Broadcast):
            frame = p.encode(lobby_messages.broadcast(admin, message.text))
            for other in self.lobby.everyone():
                self._post(other, frame)
            self.lobby.record(admin, "broadcast", text=message.text)
            self._send(conn, lobby_messages.done("broadcast"))
        elif isinstance(message, p.Close):
            table = self.tables.get(message.code)
            if table is None:
                raise p.ProtocolError(p.ErrorCode.NO_TABLE, "no table has that code")
            async with self._lock(table.code):
                for gone in list(self.seated.get(table.code, {}).values()):
                    gone.code = gone.seat = None
                    self._send(gone, p.error_message(p.ErrorCode.CLOSED, "an administrator closed this table"))
                    self._spawn(gone.close_after_sent(1000, "closed"))
                self._forget_table(table.code, "an administrator closed this table")
                if self.store is not None:
                    self.store.remove(table.code)
            self.lobby.record(admin, "close", table=table.code, game=table.game_name)
            self._send(conn, lobby_messages.done("close", code=table.code))
        else:
            # Never the administrator's own address: behind one router (or a proxy not declared with
            # --behind-proxy) it would shut out the administrator and everyone beside them.
            addresses = sorted({c.address for c in self.lobby.connections_of(message.name)} - {conn.address}
                               ) if message.address else []
            self.lobby.ban(message.name, addresses, on=message.on)
            if message.on:
                for gone in list(self.lobby.everyone()):
                    if gone is not conn and self.lobby.banned(gone.name, gone.address):
                        self._send(gone, p.error_message(p.ErrorCode.BANNED, "banned from this server"))
                        self._spawn(gone.close_after_sent(p.CLOSE_POLICY, "banned"))
            self.lobby.record(admin, "ban" if message.on else "unban", name=message.name, addresses=addresses)
            self._send(conn, lobby_messages.done("ban" if message.on else "unban", name=message.name,
                                                 addresses=addresses))
