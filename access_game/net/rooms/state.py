"""The table server's state, shared by its rooms: the tables, who is connected to which seat, each
address's allowance, and the plumbing every room uses (a table's lock, a connection's seat, frames
queued for a connection).

The table server (access_game.net.server.TableServer) is this state with one room per role on it:
seats (access_game.net.rooms.seats), play and stand-in votes (play), what a table's people hear
(news), the lobby (lobby_room), spectators (spectators) and moderation (moderation); the table
directory is an object of its own that every room writes through (``disk``, access_game.net.rooms.disk),
and the accounts are access_game.net.account_requests. What one room asks of another is named at the
end of this class, so that each room is read, and type-checked, on its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import time
from collections import deque
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request

from access_game.net import protocol as p
from access_game.net.account_desk import AccountDesk
from access_game.net.computers import ComputerPlayers, shared
from access_game.net.connections import Connection
from access_game.net.limits import Address, Limits
from access_game.net.lobby import Line, Lobby, LobbyService
from access_game.net.rooms.disk import TableDisk
from access_game.net.seat_trust import HEADER as WEB_SEAT_HEADER
from access_game.net.seat_trust import browser_address
from access_game.net.table_store import TableStore
from access_game.net.tables import Table

__all__ = ["CLOSED", "CLOSE_TOO_SLOW", "ServerState", "log"]

#: The server's log: every room writes to it, under the one name the server always had.
log = logging.getLogger("access_game.net.server")

#: Close code for a connection that stopped reading: it may come back (and rejoin) at once.
CLOSE_TOO_SLOW = 1013
#: What the people watching a table are told when it closes, unless an administrator closed it.
CLOSED = "the table has closed"


class ServerState:
    """The tables and their connections, as every room of the server sees them."""

    def __init__(self, store: TableStore | None, limits: Limits | None = None,
                 computers: ComputerPlayers | None = None, *, behind_proxy: bool = False,
                 lobby: LobbyService | None = None, accounts: AccountDesk | None = None) -> None:
        self.store = store
        #: Accounts, ratings and the record of games (access_game.net.account_requests); None: guests only.
        self.accounts = accounts
        #: The games already recorded and rated, by table (their game numbers), so that each is once.
        self.rated: dict[str, set[int]] = {}
        #: Who is online, the chat beyond the tables, bans and administrators (access_game.net.lobby).
        self.lobby: LobbyService = lobby if lobby is not None else Lobby()
        #: Spectators at each table, the lobby's last word on each listed table, and each table's chat.
        self.watchers: dict[str, set[Connection]] = {}
        self._listed: dict[str, dict[str, Any]] = {}
        self._table_chat: dict[str, deque[Line]] = {}
        #: Names whose last connection went, not yet said gone (see lobby_room.PRESENCE_GRACE_SECONDS).
        self._going: dict[str, asyncio.TimerHandle] = {}
        #: Connections following the lobby (the table list, presence, the server-wide chat).
        self._listeners: set[Connection] = set()
        self.limits = limits or Limits()
        self.computers = computers or shared()
        self.behind_proxy = behind_proxy
        self.tables: dict[str, Table] = {}
        self.seated: dict[str, dict[int, Connection]] = {}
        self.addresses: dict[str, Address] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        #: Votes for computer players to stand in: table -> seat -> (the voters' seats, the level asked).
        self._votes: dict[str, dict[int, tuple[set[int], str]]] = {}
        #: When a person was last connected to each table (time.time()), for archiving idle tables.
        self._present_at: dict[str, float] = {}
        #: Tables whose host was seen leaving while this server ran (the role passes at once), and when
        #: the server began (before news.HOST_GRACE_SECONDS a host not back after a restart keeps it).
        self._host_gone: set[str] = set()
        self._began = time.monotonic()
        #: The server is stopping: connections going now are not people leaving their tables.
        self.stopping = False
        #: Frames sent, and the milliseconds each applied action took from its frame read to the last
        #: update queued (the server's own share of an action's time, for ``serve --stats``).
        self.frames_sent = 0
        self.handling_ms: list[float] = []
        self._last_table: dict[str, dict[str, Any]] = {}
        #: Each table's frame for a spectator who has seen nothing yet, and the moment it tells (the game,
        #: its number, its log's length): a crowd arriving at once is sent one frame made once.
        self._first_watch: dict[str, tuple[tuple[int, int, int], str]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        #: Tables waiting to try a computer player's move again (see play.TablePlay._try_again_later).
        self._retrying: set[str] = set()
        #: The table directory's journals and snapshots: a change is written there before it is made,
        #: and on disk before it is told.
        self.disk = TableDisk(store)

    def _lock(self, code: str) -> asyncio.Lock:
        lock = self._locks.get(code)
        if lock is None:
            lock = self._locks[code] = asyncio.Lock()
        return lock

    def _seated(self, conn: Connection) -> tuple[Table, int]:
        if conn.code is None or conn.seat is None or conn.code not in self.tables:
            raise p.ProtocolError(p.ErrorCode.NOT_SEATED, "take a seat first (create, join or rejoin)")
        return self.tables[conn.code], conn.seat

    def _not_seated_yet(self, conn: Connection) -> None:
        if conn.code is not None:
            raise p.ProtocolError(p.ErrorCode.ALREADY_SEATED, "this connection already has a seat; leave first")

    def address_of(self, ws: ServerConnection, request: Request | None = None) -> str:
        """The client's address; behind a trusted proxy on this machine, the one the proxy says."""
        peer = ws.remote_address
        host = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        request = request if request is not None else ws.request
        if request is not None and (browser := browser_address(request.headers.get(WEB_SEAT_HEADER))) is not None:
            return _allowance_key(browser)  # a web seat hosted here: its browser's address (access_game.net.seat_trust)
        if self.behind_proxy and _loopback(host) and request is not None:
            forwarded = request.headers.get("X-Forwarded-For")
            if forwarded:
                host = forwarded.split(",")[-1].strip() or host
        return _allowance_key(host)

    def _address(self, host: str) -> Address:
        entry = self.addresses.get(host)
        if entry is None:
            entry = self.addresses[host] = Address(self.limits)
        return entry

    def _allowed(self, conn: Connection, what: str) -> None:
        entry = self._address(conn.address)
        allowance, most = ((entry.tables, self.limits.tables_per_minute) if what == "tables"
                           else (entry.chats, self.limits.chats_per_minute) if what == "chat lines"
                           else (entry.joins, self.limits.joins_per_minute))
        if not allowance.allow():
            raise p.ProtocolError(p.ErrorCode.TOO_MANY, f"at most {most:g} {what} a minute from one address; "
                                  "ask again in a little while")

    # ----------------------------------------------------------------- sending
    def _send(self, conn: Connection, message: dict[str, Any]) -> None:
        """Queue a frame for the connection; never waits. A connection whose queue is full has stopped
        reading: it is dropped (its seat waits for a rejoin) and the table plays on."""
        self._post(conn, p.encode(message))

    def _post(self, conn: Connection, text: str) -> None:
        if not conn.post(text):
            log.warning("a connection from %s stopped reading: dropped", conn.address)
            self._spawn(self._drop(conn))

    async def _drop(self, conn: Connection) -> None:
        await self._detach(conn)
        transport = conn.ws.transport
        with contextlib.suppress(Exception):
            await asyncio.wait_for(conn.ws.close(CLOSE_TOO_SLOW, "not reading"), 2)
        if transport is not None:
            transport.abort()

    def _sent(self) -> None:
        self.frames_sent += 1

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _broadcast(self, table: Table, message: dict[str, Any], *, unless_muted: str | None = None) -> None:
        """A frame to everyone at the table, spectators too (those who muted ``unless_muted`` not)."""
        text = p.encode(message)
        for conn in [*self.seated.get(table.code, {}).values(), *self.watchers.get(table.code, ())]:
            if unless_muted is None or unless_muted not in conn.muted:
                self._post(conn, text)

    # ----------------------------------------------------------------- what one room asks of another
    # Each is written in the room named beside it; TableServer holds every room, so these are never
    # called here.
    async def _detach(self, conn: Connection) -> None:  # seats
        raise NotImplementedError

    def _forget_table(self, code: str, why: str = CLOSED) -> None:  # seats
        raise NotImplementedError

    async def _tell(self, table: Table, *, acted: tuple[Connection, int] | None = None) -> None:  # news
        raise NotImplementedError

    def _announce(self, table: Table, *, force: bool = False) -> None:  # news
        raise NotImplementedError

    def _send_table(self, table: Table, *, force: bool = False) -> None:  # news
        raise NotImplementedError

    def _send_update(self, conn: Connection, table: Table, ref: int | None = None) -> None:  # news
        raise NotImplementedError

    async def _after_change(self, table: Table, acted: tuple[Connection, int] | None = None) -> None:  # play
        raise NotImplementedError

    async def _computers_play(self, table: Table) -> bool:  # play
        raise NotImplementedError

    async def _count_votes(self, table: Table) -> set[int]:  # play
        raise NotImplementedError

    def _to_lobby(self, message: dict[str, Any]) -> None:  # lobby_room
        raise NotImplementedError

    def _set_listing(self, conn: Connection, on: bool) -> None:  # lobby_room
        raise NotImplementedError

    def _relist(self, table: Table) -> None:  # lobby_room
        raise NotImplementedError

    async def _watch(self, conn: Connection, msg: p.Watch) -> None:  # spectators
        raise NotImplementedError

    def _stop_watching(self, conn: Connection) -> None:  # spectators
        raise NotImplementedError

    def _send_watch_updates(self, table: Table, *, only: Connection | None = None) -> None:  # spectators
        raise NotImplementedError

    async def _moderate(self, conn: Connection, message: p.Ban | p.Close | p.Broadcast) -> None:  # moderation
        raise NotImplementedError


def _allowance_key(host: str) -> str:
    """Whose allowance an address draws on: the address itself, or for IPv6 its /64 network, which one
    machine usually has whole (stepping from one of its addresses to the next gains nothing)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:  # an IPv4 client on a dual-stack socket: its IPv4 address
            return str(ip.ipv4_mapped)
        if not ip.is_loopback:
            return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"
