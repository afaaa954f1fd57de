"""The table server: one asyncio process holding many tables, on the ``websockets`` library.

Only the server applies actions: a client sends what its seat wants to do and hears back what its
seat may know (its own redacted log entries, its own view and its own legal moves), never anything
of another seat. Every client message is checked by :func:`access_game.net.protocol.parse_client`
before anything reads it, and counted against the connection's and its address's allowances; a bad
one is answered with an error and changes nothing.

Each table's changes happen under that table's lock and are written to the table directory before
anyone hears of them: a person's move is written before it is made, so a disk that refuses it (full)
leaves the table as it was and the mover is told (``not_saved``). Nothing waits on a socket while
holding a lock: every frame goes to its connection's own bounded queue, written out by a task of
that connection, and a connection that stops reading until its queue is full is dropped while its
table plays on. Computer players decide in other processes (access_game.net.computers), so a table
of thirteen of them thinking never slows another table. Tables share nothing but the process, so a
misbehaving client can at worst lose its own connection, or its address's.

The server is one class by role (access_game.net.rooms): ``TableServer`` holds every room over one
state (access_game.net.rooms.state) and keeps what runs them: bringing the tables back, one
connection's handler, each message sent to its room, and housekeeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from collections.abc import Callable
from typing import Protocol

from websockets.asyncio.server import Server, ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from access_game.net import account_requests, lobby_messages
from access_game.net import protocol as p
from access_game.net.account_desk import AccountDesk
from access_game.net.computers import ComputerPlayers
from access_game.net.connections import Connection, bound_send_buffer, ref_of
from access_game.net.limits import FLOOD_LIMIT, Limits
from access_game.net.lobby import LobbyService
from access_game.net.rooms.lobby_room import LobbyRoom, listing
from access_game.net.rooms.moderation import Moderation
from access_game.net.rooms.news import TableNews
from access_game.net.rooms.play import TablePlay
from access_game.net.rooms.seats import NO_SEAT, NO_TOKEN, Seating
from access_game.net.rooms.spectators import Spectators
from access_game.net.rooms.state import CLOSE_TOO_SLOW, log
from access_game.net.table_store import TableStore
from access_game.net.tables import Table, TableError
from engine.reasons import reason_of

__all__ = ["CLOSE_TOO_SLOW", "HARD_FRAME_BYTES", "MAX_SAMPLES", "NO_SEAT", "NO_TOKEN", "Connection", "TableServer"]

#: Frames up to this size are read and, past MAX_FRAME_BYTES, answered with 'too_big'; larger ones
#: close the connection at once (1009) without being read whole.
HARD_FRAME_BYTES = 64 * 1024
#: Handling times kept for --stats (enough for a long bench, bounded for a server that runs for weeks).
MAX_SAMPLES = 1_000_000


class WebService(Protocol):
    """The web table's channel (access_game.web.gateway's WebGateway): browsers at terminals hosted by
    this server. The command that starts a server hands it over, so the network layer never imports the
    web table, which stands above it."""

    def accepts(self, ws: ServerConnection) -> bool:
        """Whether ``ws`` asked for the web channel rather than the game protocol."""
        ...

    async def serve(self, ws: ServerConnection) -> None: ...

    def listening(self, server: Server, tls: ssl.SSLContext | None) -> None: ...

    def page(self, request: Request, *, secure: bool) -> Response:
        """The page or file a plain GET on the server's port asks for."""
        ...


#: Makes the web channel of a table server; None serves the game protocol alone.
WebFactory = Callable[["TableServer"], WebService]


class TableServer(Moderation, LobbyRoom, Spectators, Seating, TablePlay, TableNews):
    """The tables, who is connected to which seat, and each address's allowance; ``handler`` serves one
    connection, and each message goes to the room of its role."""

    def __init__(self, store: TableStore | None, limits: Limits | None = None,
                 computers: ComputerPlayers | None = None, *, behind_proxy: bool = False,
                 lobby: LobbyService | None = None, accounts: AccountDesk | None = None,
                 web: WebFactory | None = None) -> None:
        super().__init__(store, limits, computers, behind_proxy=behind_proxy, lobby=lobby, accounts=accounts)
        #: The web table's channel (path /web), when this server offers the web table.
        self.web: WebService | None = web(self) if web is not None else None

    def load(self) -> list[str]:
        """Bring back every table of the store; the problems with files that could not be used."""
        if self.store is None:
            return []
        loaded = self.store.load_all()
        now = time.time()
        ended: list[tuple[Table, float]] = []
        for table in loaded.tables:
            self.tables[table.code] = table
            self._present_at[table.code] = loaded.written.get(table.code, now)
            if (entry := listing(table)) is not None:  # the lobby's list knows it, to say when it leaves
                self._listed[table.code] = entry
            if table.over:  # recorded when it ended, before the restart, unless killed before that
                ended.append((table, loaded.written.get(table.code, now)))
        account_requests.recover(self, ended)
        return loaded.problems + loaded.lost

    # ----------------------------------------------------------------- one connection
    async def handler(self, ws: ServerConnection) -> None:
        if self.web is not None and self.web.accepts(ws):
            await self.web.serve(ws)
            return
        conn = Connection(ws, address=self.address_of(ws), outbox=asyncio.Queue(self.limits.send_queue or 0))
        bound_send_buffer(ws)
        entry = self._address(conn.address)
        most = self.limits.connections_per_address
        if entry.blocked or (most and len(entry.connections) >= most):
            await ws.close(p.CLOSE_POLICY, "too many connections from this address")
            return
        entry.connections.add(conn)
        conn.writer = asyncio.ensure_future(conn.write_out(self._sent))
        try:
            async for frame in ws:
                if conn.dropped:  # it stopped reading and is being closed: what it still sends is not heard
                    continue
                if not conn.bucket.allow():  # over the allowance: dropped, and said so with its ref
                    conn.strikes += 1
                    if conn.strikes > FLOOD_LIMIT:
                        self._cut_off(conn.address, conn)
                        await conn.close_unread(p.CLOSE_POLICY, "too many messages")
                        break
                    self._send(conn, p.error_message(p.ErrorCode.TOO_FAST,
                                                     f"at most {p.RATE_PER_SECOND:g} messages a second",
                                                     ref=ref_of(frame)))
                    continue
                conn.strikes = 0
                try:
                    message = p.parse_client(frame)
                    await self._dispatch(conn, message)
                except p.ProtocolError as exc:
                    self._send(conn, p.error_message(exc.code, exc.message, ref=exc.ref, retry_after=exc.retry_after))
                    if exc.code == p.ErrorCode.PROTOCOL:
                        await conn.close_unread(p.CLOSE_POLICY, "protocol version")
                        break
                except TableError as exc:  # its Reason, values and all (a game's title, a count)
                    self._send(conn, p.error_message(exc.code, reason_of(exc)))
                # Let the others run before the next message: frames already read come back from the
                # socket without a pause, and a burst handled in one go would fill the queues of every
                # connection at the table before their writers had a turn, dropping people who read.
                await asyncio.sleep(0)
        except ConnectionClosed:
            pass
        except Exception:  # a bug must cost one connection, never the server
            log.exception("connection failed")
            with contextlib.suppress(Exception):
                await ws.close(1011, "server error")
        finally:
            entry.connections.discard(conn)
            self._gone_from_lobby(conn)
            await self._detach(conn)
            if conn.writer is not None:
                conn.writer.cancel()

    async def _dispatch(self, conn: Connection, message: p.ClientMessage) -> None:
        if isinstance(message, p.Hello):
            if message.protocol != p.PROTOCOL_VERSION:
                raise p.ProtocolError(p.ErrorCode.PROTOCOL,
                                      f"this server speaks protocol {p.PROTOCOL_VERSION}, not {message.protocol}: "
                                      "update access-game to play here")
            if conn.name is not None:
                raise p.ProtocolError(p.ErrorCode.BAD_MESSAGE, "hello is said once")
            await account_requests.guest_name(self, message.name, message.admin_key)
            if self.lobby.banned(message.name, conn.address):
                self._send(conn, p.error_message(p.ErrorCode.BANNED, "banned from this server"))
                await conn.flush()
                await conn.ws.close(p.CLOSE_POLICY, "banned")
                return
            conn.name = message.name
            conn.admin = self.lobby.is_admin(message.name, message.admin_key)
            self._send(conn, p.welcome_message())
            if self.lobby.arrive(message.name, conn):
                going = self._going.pop(message.name, None)
                if going is not None:  # back within the grace: from the lobby to a table, or back
                    going.cancel()
                else:
                    self._to_lobby(lobby_messages.presence(message.name, online=True))
            return
        if await account_requests.account_request(self, conn, message):
            return
        if conn.name is None:
            raise p.ProtocolError(p.ErrorCode.HELLO_FIRST, "say hello first")
        if not isinstance(message, p.Act | p.HandOver | p.StandIn | p.Again | p.Remove) and \
                await self._lobby_request(conn, message):
            return
        if isinstance(message, p.Create):
            await self._create(conn, message)
        elif isinstance(message, p.Join):
            await self._join(conn, message)
        elif isinstance(message, p.Rejoin):
            await self._rejoin(conn, message)
        elif isinstance(message, p.Leave):
            kept = await self._leave(conn)
            self._send(conn, p.left_message(kept))
            await conn.flush()
            await conn.ws.close(1000, "left")
        else:
            table, seat = self._seated(conn)
            if isinstance(message, p.Act):
                began = time.perf_counter()
                if await self._act(conn, table, seat, message) and len(self.handling_ms) < MAX_SAMPLES:
                    self.handling_ms.append((time.perf_counter() - began) * 1000)
            elif isinstance(message, p.Remove):
                await self._remove(conn, table, seat, message)
            elif isinstance(message, p.HandOver):
                await self._hand_over(table, seat, message)
            elif isinstance(message, p.StandIn):
                await self._stand_in(table, seat, message)
            elif isinstance(message, p.Again):
                await self._again(table, seat)

    async def flush(self) -> None:
        """The table directory made whole before the server stops (TableDisk.flush)."""
        await self.disk.flush(self.tables.values())

    # ----------------------------------------------------------------- housekeeping
    def housekeeping(self, now: float | None = None) -> list[str]:
        """Archive the tables no person has been connected to for ``idle_seconds``, and forget addresses
        that have nothing left to remember; the codes archived."""
        now = time.time() if now is None else now
        archived = []
        idle = self.limits.idle_seconds
        for code in list(self.tables):
            if idle and not self.seated.get(code) and now - self._present_at.get(code, now) > idle \
                    and not self._lock(code).locked() and not (self.tables[code].over
                                                               and not self._recorded(self.tables[code])):
                if self.store is not None:
                    try:
                        self.store.archive(code)
                    except OSError as exc:
                        log.error("table %s could not be archived: %s", code, exc)
                        continue
                self._forget_table(code)
                archived.append(code)
                log.info("table %s archived: nobody at it for %g hours", code, idle / 3600)
        for host in [h for h, entry in self.addresses.items() if entry.forgettable]:
            del self.addresses[host]
        for code, table in list(self.tables.items()):  # a host who did not come back after a restart
            seated = self.seated.get(code)
            if seated and table.host not in seated and not self._lock(code).locked():
                self._announce(table)
        return archived
