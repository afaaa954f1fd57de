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
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from access_game.net import account_requests, lobby_messages
from access_game.net import protocol as p
from access_game.net.account_desk import AccountDesk
from access_game.net.computers import ComputerPlayers, shared
from access_game.net.connections import Connection, bound_send_buffer, ref_of
from access_game.net.group_commit import GroupCommit
from access_game.net.limits import FLOOD_LIMIT, MAX_CHAT_CHARS, Address, Limits
from access_game.net.lobby import Line, Lobby, LobbyService
from access_game.net.table_store import TableStore
from access_game.net.tables import Mark, Table, TableError, new_code
from access_game.web.gateway import WebGateway, web_path
from access_game.web.trust import HEADER as WEB_SEAT_HEADER
from access_game.web.trust import browser_address
from engine.events import seen_by
from engine.reasons import reason_of

__all__ = ["HARD_FRAME_BYTES", "Connection", "TableServer"]

log = logging.getLogger("access_game.net.server")

#: Frames up to this size are read and, past MAX_FRAME_BYTES, answered with 'too_big'; larger ones
#: close the connection at once (1009) without being read whole.
HARD_FRAME_BYTES = 64 * 1024
#: Handling times kept for --stats (enough for a long bench, bounded for a server that runs for weeks).
MAX_SAMPLES = 1_000_000
#: Threads writing snapshots of the table directory.
DISK_THREADS = 16
#: The words of a join that finds no seat, and of a rejoin that takes none: the same whether the code is
#: unknown, the table full or the token wrong, so that they tell a guesser nothing.
NO_SEAT = "no table with a free seat has that code"
NO_TOKEN = "that code and token hold no seat"
#: Close code for a connection that stopped reading: it may come back (and rejoin) at once.
CLOSE_TOO_SLOW = 1013
#: Seconds after the server starts during which a host not back yet keeps the role: after a restart
#: everyone comes back within seconds, the host among them (a host seen leaving passes it at once).
HOST_GRACE_SECONDS = 60.0
#: Seconds a name stays online after its last connection went: a player going from the lobby to a table,
#: or back, closes one connection and opens the next at once, and the others should not hear "Ann left.
#: Ann is online." for it (the lobby hears of a public table she opens by its listing).
PRESENCE_GRACE_SECONDS = 2.0
#: While computer players move one after another, what they did is sent at least this often.
PUBLISH_SECONDS = 0.1
#: Seconds before a computer player's move that could not be made (a full disk) is tried again, and the
#: longest wait between tries (each one twice as long as the last).
RETRY_SECONDS = 0.5
RETRY_MOST_SECONDS = 30.0


class TableServer:
    """The tables, who is connected to which seat, and each address's allowance; ``handler`` serves one
    connection."""

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
        #: Names whose last connection went, not yet said gone (see PRESENCE_GRACE_SECONDS).
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
        #: the server began (before HOST_GRACE_SECONDS a host not back after a restart keeps it).
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
        self._snapshots: set[asyncio.Future[None]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        #: Tables waiting to try a computer player's move again (see _try_again_later).
        self._retrying: set[str] = set()
        #: Snapshots are written (and fsynced) here, off the loop.
        self._disk = ThreadPoolExecutor(max_workers=DISK_THREADS, thread_name_prefix="tables")
        #: Journals are fsynced here, many moves at once, before the moves are told (see _tell).
        self.commits = GroupCommit(store.commit) if store is not None else None
        #: The web table's channel (path /web): browsers at terminals hosted here (access_game.web).
        self.web = WebGateway(self)

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
            if (entry := _listing(table)) is not None:  # the lobby's list knows it, to say when it leaves
                self._listed[table.code] = entry
            if table.over:  # recorded when it ended, before the restart, unless killed before that
                ended.append((table, loaded.written.get(table.code, now)))
        account_requests.recover(self, ended)
        return loaded.problems + loaded.lost

    def _lock(self, code: str) -> asyncio.Lock:
        lock = self._locks.get(code)
        if lock is None:
            lock = self._locks[code] = asyncio.Lock()
        return lock

    # ----------------------------------------------------------------- addresses
    def address_of(self, ws: ServerConnection, request: Request | None = None) -> str:
        """The client's address; behind a trusted proxy on this machine, the one the proxy says."""
        peer = ws.remote_address
        host = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        request = request if request is not None else ws.request
        if request is not None and (browser := browser_address(request.headers.get(WEB_SEAT_HEADER))) is not None:
            return _allowance_key(browser)  # a web seat hosted here: its browser's address (access_game.web.trust)
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

    # ----------------------------------------------------------------- one connection
    async def handler(self, ws: ServerConnection) -> None:
        if web_path(ws):
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

    def _seated(self, conn: Connection) -> tuple[Table, int]:
        if conn.code is None or conn.seat is None or conn.code not in self.tables:
            raise p.ProtocolError(p.ErrorCode.NOT_SEATED, "take a seat first (create, join or rejoin)")
        return self.tables[conn.code], conn.seat

    def _not_seated_yet(self, conn: Connection) -> None:
        if conn.code is not None:
            raise p.ProtocolError(p.ErrorCode.ALREADY_SEATED, "this connection already has a seat; leave first")

    def _allowed(self, conn: Connection, what: str) -> None:
        entry = self._address(conn.address)
        allowance, most = ((entry.tables, self.limits.tables_per_minute) if what == "tables"
                           else (entry.chats, self.limits.chats_per_minute) if what == "chat lines"
                           else (entry.joins, self.limits.joins_per_minute))
        if not allowance.allow():
            raise p.ProtocolError(p.ErrorCode.TOO_MANY, f"at most {most:g} {what} a minute from one address; "
                                  "ask again in a little while")

    # ----------------------------------------------------------------- the lobby (protocol 3)
    async def _lobby_request(self, conn: Connection, message: p.ClientMessage) -> bool:
        """The messages of the lobby, spectators, chat and moderation; False for the others (a seat's)."""
        name = conn.name or ""
        if isinstance(message, p.Games):
            self._send(conn, lobby_messages.games())
        elif isinstance(message, p.Tables):
            self._set_listing(conn, message.watch)
            self._send(conn, lobby_messages.tables(e for t in self.tables.values() if (e := _listing(t))))
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
        entry = _listing(table) if table.code in self.tables else None
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

    # ----------------------------------------------------------------- spectators
    async def _watch(self, conn: Connection, msg: p.Watch) -> None:
        """A spectator: hears the table's who-is-where, chat, and what every seat may see of the game."""
        self._not_seated_yet(conn)
        self._allowed(conn, "joins")
        table = self.tables.get(msg.code)
        # A table found by its code only is answered as an unknown code when it may not be watched.
        if table is None or (not table.watchable and not table.public):
            raise p.ProtocolError(p.ErrorCode.NO_TABLE, "no table open to spectators has that code")
        if not table.watchable:
            raise p.ProtocolError(p.ErrorCode.NOT_WATCHABLE, "this table may not be watched")
        async with self._lock(table.code):
            self._stop_watching(conn)
            self._set_listing(conn, False)
            conn.watching, conn.sent = table.code, 0
            self.watchers.setdefault(table.code, set()).add(conn)
            self._send(conn, p.watching_message(code=table.code, game=table.game_name, seats=len(table.seats)))
            self._send_table(table, force=True)
            if table.game is not None:
                self._send_watch_updates(table, only=conn)

    def _stop_watching(self, conn: Connection) -> None:
        if conn.watching is None:
            return
        watchers = self.watchers.get(conn.watching)
        if watchers is not None:
            watchers.discard(conn)
            if not watchers:
                del self.watchers[conn.watching]
        conn.watching = None

    def _send_watch_updates(self, table: Table, *, only: Connection | None = None) -> None:
        """Each spectator's update: the game's events as no seat's secrets (seen_by None) and the view's
        fields that every seat sees alike (protocol.public_view)."""
        watchers = [only] if only is not None else list(self.watchers.get(table.code, ()))
        game = table.game
        if not watchers or game is None:
            return
        public = p.public_view([game.view(seat) for seat in range(len(table.seats))])
        to_act = game.seats_to_act() if not game.over else ()
        # Spectators who heard as much share one frame, made once: a table watched by hundreds must not
        # spend its move's time encoding the same update hundreds of times.
        frames: dict[int, str] = {}
        now = (id(game), table.game_number, len(game.log))
        first = self._first_watch.get(table.code)
        if first is not None and first[0] == now:  # the whole game so far, made for a spectator before
            frames[0] = first[1]
        for conn in watchers:
            start = conn.sent
            if start >= len(game.log) and only is None:
                continue
            conn.sent = len(game.log)
            frame = frames.get(start)
            if frame is None:
                frame = frames[start] = p.encode(p.watch_update_message(
                    seq=start, events=seen_by(game.log[start:], None), public=public, to_act=to_act,
                    over=game.over, game_number=table.game_number))
            self._post(conn, frame)
        if 0 in frames:
            self._first_watch[table.code] = (now, frames[0])

    # ----------------------------------------------------------------- moderation
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
            self._commit(table, mark)
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

    # ----------------------------------------------------------------- seats
    async def _create(self, conn: Connection, msg: p.Create) -> None:
        self._not_seated_yet(conn)
        self._allowed(conn, "tables")
        code = self._new_code()
        table = Table.create(code, msg.game, seats=msg.seats, computers=msg.computers, level=msg.level,
                             options=dict(msg.options), public=msg.public, watchable=msg.watchable)
        async with self._lock(code):
            token = table.take(0, conn.name or "", conn.account)
            if table.ready():
                table.start()
            self.tables[code] = table
            try:
                self._commit(table, None)
            except p.ProtocolError:
                del self.tables[code]
                raise
            self._present_at[code] = time.time()
            await self._created(table)
            self._seat(conn, table, 0, token, seen=0)
            await self._after_change(table)

    def _new_code(self) -> str:
        """A code no table here has (a process sharing its lobby avoids the others' too)."""
        return new_code(self.tables)

    async def _created(self, table: Table) -> None:
        """A new table, written, before its creator is told: the seam where a server process sharing its
        lobby with others says where the table is held, so that a friend given the code at once is sent
        here by any of them (access_game.net.shared_server). Nothing to do for a process alone."""

    async def _join(self, conn: Connection, msg: p.Join) -> None:
        self._not_seated_yet(conn)
        table = self.tables.get(msg.code)
        if table is not None and account_requests.account_seat(table, conn.account) is not None:
            # An account joining a table where it holds a seat takes that seat back, never a second one.
            await self._rejoin(conn, p.Rejoin(code=msg.code, token=None))
            return
        self._allowed(conn, "joins")
        # A full table is answered as an unknown code is, and as soon: a guesser learns nothing of which
        # codes are live, not even from an answer that waited for a busy table (computer players thinking).
        if table is None or table.free_seat() is None:
            raise p.ProtocolError(p.ErrorCode.NO_TABLE, NO_SEAT)
        async with self._lock(table.code):
            seat = table.free_seat()
            if seat is None:  # taken while the table was busy
                raise p.ProtocolError(p.ErrorCode.NO_TABLE, NO_SEAT)
            mark = table.mark()
            token = table.take(seat, conn.name or "", conn.account)
            if table.game is None and table.ready():
                table.start()
            self._commit(table, mark)
            self._seat(conn, table, seat, token, seen=0)
            await self._after_change(table)

    async def _rejoin(self, conn: Connection, msg: p.Rejoin) -> None:
        self._not_seated_yet(conn)
        self._allowed(conn, "joins")
        table = self.tables.get(msg.code)
        # Without a token, the seat of the account the connection signed in as: a new token is made (the
        # one the account's other device holds stops working).
        def find(table: Table) -> int | None:
            return (table.seat_of(msg.token) if msg.token is not None
                    else account_requests.account_seat(table, conn.account))

        if table is None or find(table) is None:  # an unknown code and a wrong token alike
            raise p.ProtocolError(p.ErrorCode.BAD_TOKEN, NO_TOKEN)
        async with self._lock(table.code):
            seat = find(table)
            if seat is None:
                raise p.ProtocolError(p.ErrorCode.BAD_TOKEN, NO_TOKEN)
            token = msg.token
            if token is None:
                mark = table.mark()
                token = account_requests.take_back(table, seat)
                self._commit(table, mark)
            if table.stand_down(seat):  # back: the computer player standing in stops
                # A person is never kept from their seat by a full disk: when this cannot be written now
                # (said in the log), it is written with the table's next change, and a restart before
                # that only has the computer player stand in until they rejoin again.
                with contextlib.suppress(p.ProtocolError):
                    self._commit(table, None)
            old = self.seated.get(table.code, {}).get(seat)
            if old is not None and old is not conn:
                old.code = old.seat = None
                self._send(old, p.error_message(p.ErrorCode.REPLACED, "this seat was taken up by a new connection"))
                self._spawn(old.close_after_sent(1000, "replaced"))
            seen = msg.seen if msg.game_number in (None, table.game_number) else 0
            if table.game is not None:
                seen = min(seen, len(table.game.seat_log(seat)))
            self._votes.get(table.code, {}).pop(seat, None)
            self._seat(conn, table, seat, token, seen=seen)
            self._announce(table, force=True)
            self._send_update(conn, table)
            # A table brought back by a restart may stand at a computer player's move (the server was
            # stopped while it decided): nothing else would set it going.
            await self._computers_play(table)

    def _seat(self, conn: Connection, table: Table, seat: int, token: str, *, seen: int) -> None:
        self._stop_watching(conn)
        self._set_listing(conn, False)
        conn.code, conn.seat, conn.sent = table.code, seat, seen
        self.seated.setdefault(table.code, {})[seat] = conn
        self._present_at[table.code] = time.time()
        self._send(conn, p.seated_message(code=table.code, seat=seat, token=token, game=table.game_name,
                                          seats=len(table.seats), host=table.host,
                                          name=table.seats[seat].name or ""))

    async def _leave(self, conn: Connection) -> bool:
        """A person leaves: before the deal and once the game is over their seat is given up (free for
        someone else); while the game is played it is kept for them to come back to. Whether it is kept."""
        kept = False
        if conn.code is not None and conn.seat is not None and conn.code in self.tables:
            table = self.tables[conn.code]
            async with self._lock(table.code):
                mark = table.mark()
                kept = not table.give_up(conn.seat)
                if not kept:
                    try:
                        self._commit(table, mark)
                    except p.ProtocolError:
                        kept = True  # not written: the seat stays theirs, and the token with it
        await self._detach(conn)
        return kept

    async def _detach(self, conn: Connection) -> None:
        code, seat = conn.code, conn.seat
        conn.code = conn.seat = None
        if code is None or seat is None:
            return
        seated = self.seated.get(code, {})
        if seated.get(seat) is conn:
            del seated[seat]
        table = self.tables.get(code)
        if table is None or self.stopping:
            return
        self._present_at[code] = time.time()
        if seat == table.host:
            self._host_gone.add(code)
        async with self._lock(code):
            if not seated and ((table.over and self._recorded(table))
                               or (not table.started and not any(s.name for s in table.seats if s.human))):
                # a finished game nobody is at any more, or a table not yet dealt that nobody holds a seat at
                self._close_table(code)
                return
            votes = self._votes.get(code, {})
            for voters, _level in votes.values():
                voters.discard(seat)
            await self._count_votes(table)
            self._announce(table)

    def _recorded(self, table: Table) -> bool:
        """Whether the table's finished game is in the outbox (tried again now if not): a table whose game
        is not stays, so that its journal still tells a later start of the game to record."""
        account_requests.finished(self, table)
        return self.accounts is None or table.game_number in self.rated.get(table.code, ())

    def _close_table(self, code: str) -> None:
        """A table over and done with: forgotten, and its files removed."""
        self._forget_table(code)
        if self.store is not None:
            self.store.remove(code)

    def _forget_table(self, code: str, why: str = "the table has closed") -> None:
        for conn in list(self.watchers.pop(code, ())):
            conn.watching = None
            self._send(conn, p.error_message(p.ErrorCode.CLOSED, why))
        self._table_chat.pop(code, None)
        self.rated.pop(code, None)
        if self._listed.pop(code, None) is not None:
            self._to_lobby(lobby_messages.unlisted(code))
        self.tables.pop(code, None)
        self.seated.pop(code, None)
        self._locks.pop(code, None)
        self._last_table.pop(code, None)
        self._first_watch.pop(code, None)
        self._votes.pop(code, None)
        self._present_at.pop(code, None)
        self._host_gone.discard(code)

    # ----------------------------------------------------------------- play
    async def _act(self, conn: Connection, table: Table, seat: int, msg: p.Act) -> bool:
        """Apply a seat's action (True), or tell the seat why not (False). The move is written to the
        table's journal before it is made: a disk that refuses it leaves the game as it was. Every error
        answering a move carries the move's ``ref``, so the client knows which move it answers."""
        try:
            return await self._make_move(conn, table, seat, msg)
        except p.ProtocolError as exc:
            if exc.ref is None:
                exc.ref = msg.ref
            raise

    async def _make_move(self, conn: Connection, table: Table, seat: int, msg: p.Act) -> bool:
        action = p.read_action(table.codec, msg.action)
        if action.seat != seat:
            raise p.ProtocolError(p.ErrorCode.WRONG_SEAT, f"this connection plays seat {seat}, not {action.seat}")
        async with self._lock(table.code):
            game = table.game
            if game is None:
                raise p.ProtocolError(p.ErrorCode.NOT_STARTED, "the game starts when every seat is taken")
            reason = game.why_not(action)
            if reason is not None:
                self._send(conn, p.refused_message(msg.ref, reason))
                return False
            self._make(table, action, ref=msg.ref)
            await self._after_change(table, acted=(conn, msg.ref))
            return True

    async def _hand_over(self, table: Table, seat: int, msg: p.HandOver) -> None:
        if seat != table.host:
            raise p.ProtocolError(p.ErrorCode.NOT_HOST, "only the host hands a seat to a computer player")
        async with self._lock(table.code):
            mark = table.mark()
            table.hand_over(msg.seat, msg.level)
            if table.game is None and table.ready():
                table.start()
            self._commit(table, mark)
            self._votes.get(table.code, {}).pop(msg.seat, None)
            gone = self.seated.get(table.code, {}).pop(msg.seat, None)
            if gone is not None:
                gone.code = gone.seat = None
                self._send(gone, p.error_message(p.ErrorCode.HANDED_OVER,
                                                 "the host gave this seat to a computer player"))
            await self._after_change(table)

    async def _stand_in(self, table: Table, seat: int, msg: p.StandIn) -> None:
        """A present person's vote for a computer player to play an absent person's seat until they come
        back; carried by more than half of the people present."""
        async with self._lock(table.code):
            if table.game is None:
                raise p.ProtocolError(p.ErrorCode.NOT_STARTED, "before the deal the host hands a free seat over")
            target = msg.seat
            if not 0 <= target < len(table.seats) or not table.seats[target].human or target == seat:
                raise p.ProtocolError(p.ErrorCode.WRONG_SEAT, f"seat {target} is not an absent person's seat")
            if target in self.seated.get(table.code, {}):
                raise p.ProtocolError(p.ErrorCode.NOT_AWAY, f"the player at seat {target} is here")
            if msg.level not in table.levels_offered:
                raise p.ProtocolError(p.ErrorCode.BAD_GAME, f"no {msg.level!r} computer player for this game")
            if table.seats[target].stand_in is not None:
                return
            votes = self._votes.setdefault(table.code, {})
            voters, _level = votes.get(target, (set(), msg.level))
            voters.add(seat)
            votes[target] = (voters, msg.level)
            if target in await self._count_votes(table):  # it would carry, but the disk refused: not counted
                voters.discard(seat)
                self._announce(table)
                raise p.ProtocolError(p.ErrorCode.NOT_SAVED, "the server could not save that, so the computer "
                                      "player does not stand in; vote again in a little while")
            self._announce(table)

    async def _count_votes(self, table: Table) -> set[int]:
        """Carry every vote that more than half of the people present have made (called with the lock);
        the seats whose stand-in the disk refused (their votes are kept, and carry at the next count)."""
        votes = self._votes.get(table.code, {})
        present = set(self.seated.get(table.code, {}))
        refused = set()
        for target, (voters, level) in list(votes.items()):
            voters &= present
            if target in present or table.seats[target].stand_in is not None:
                del votes[target]
            elif voters and len(voters) >= _needed(len(present)):
                mark = table.mark()
                table.stand_in(target, level)
                try:
                    self._commit(table, mark)
                except p.ProtocolError:
                    refused.add(target)
                    continue
                del votes[target]
                await self._after_change(table)
        return refused

    async def _again(self, table: Table, seat: int) -> None:
        """The host deals a new game at the table once this one is over: every seat hears it from the
        new game's first event (dealt at once, or when the seats given up are taken again)."""
        if seat != table.host:
            raise p.ProtocolError(p.ErrorCode.NOT_HOST, "only the host deals again")
        async with self._lock(table.code):
            if not table.over:
                raise p.ProtocolError(p.ErrorCode.NOT_OVER, "a new game at this table starts once this one is over")
            mark = table.mark()
            table.again()
            self._commit(table, mark)
            for conn in [*self.seated.get(table.code, {}).values(), *self.watchers.get(table.code, ())]:
                conn.sent = 0
            await self._after_change(table)

    async def _after_change(self, table: Table, acted: tuple[Connection, int] | None = None) -> None:
        """Tell everyone what changed (already written to disk), then let computer players move (see
        :meth:`_computers_play`). Called with the table's lock held."""
        await self._tell(table, acted=acted)
        await self._computers_play(table)

    async def _computers_play(self, table: Table) -> bool:
        """Let the computer players to act move, each move decided in another process while the loop
        serves other tables, written, made, and told (at most every PUBLISH_SECONDS while they go on,
        so a table of computer players does not send a frame to every seat for every move), until a
        person is to move. Called with the table's lock held.

        When a move cannot be made (the disk refuses it, the worker deciding it failed) the table
        stays as it was, and nobody at it could set it going again: no person is to move. So it is
        tried again a little later, and again, until it goes (:meth:`_try_again_later`). False then."""
        told = time.monotonic()
        untold = False
        went = True
        while (decision := table.next_decision()) is not None:
            game = table.game
            assert game is not None
            moves = len(game.actions)
            try:
                action = await self.computers.decide(decision)
            except Exception:  # a worker that died, a computer player's bug: this table waits, no other
                log.exception("table %s: a computer player's move could not be decided", table.code)
                went = False
                break
            if table.game is not game or len(game.actions) != moves:  # cannot happen under the lock
                raise RuntimeError("the table changed while a computer player decided")
            try:
                self._make(table, action)
            except p.ProtocolError:  # said in the log; the table waits, unchanged
                went = False
                break
            untold = True
            if time.monotonic() - told >= PUBLISH_SECONDS:
                await self._tell(table)
                told, untold = time.monotonic(), False
        if untold:
            await self._tell(table)
        if not went:
            self._try_again_later(table)
        return went

    def _try_again_later(self, table: Table) -> None:
        """A computer player's move could not be made: try again after RETRY_SECONDS, then twice as long
        each time (up to RETRY_MOST_SECONDS), until the table plays on or is gone. One at a time."""
        if table.code in self._retrying:
            return
        self._retrying.add(table.code)
        self._spawn(self._retry(table))

    async def _retry(self, table: Table) -> None:
        delay = RETRY_SECONDS
        try:
            while self.tables.get(table.code) is table:
                await asyncio.sleep(delay)
                async with self._lock(table.code):
                    # (a failure here asks for no other try: this one is still on)
                    if self.tables.get(table.code) is not table or await self._computers_play(table):
                        return
                delay = min(delay * 2, RETRY_MOST_SECONDS)
        finally:
            self._retrying.discard(table.code)

    # ----------------------------------------------------------------- the disk
    async def _tell(self, table: Table, *, acted: tuple[Connection, int] | None = None) -> None:
        """Tell everyone what changed (:meth:`_publish`) once it is on disk: the journal's lines are
        fsynced first, with those of every other table that moved meanwhile (a group commit), so a crash
        of the machine never takes back a move anyone was told of. When the fsync fails, a whole snapshot
        is written instead (after a failed fsync the system may have dropped the lines); when that fails
        too, nothing is told: the next change that reaches the disk tells it all. Called with the
        table's lock held."""
        if self.commits is not None and not await self._on_disk(table):
            return
        self._publish(table, acted=acted)

    async def _on_disk(self, table: Table) -> bool:
        assert self.commits is not None and self.store is not None
        try:
            await self.commits.durable()
            return True
        except OSError as exc:
            log.error("table %s: the journal could not be made sure of (%s): writing a whole snapshot", table.code,
                      exc)
        try:
            gen, text = self.store.begin_snapshot(table)
            await asyncio.get_running_loop().run_in_executor(self._disk, self.store.write_snapshot, table.code, gen,
                                                             text)
            return True
        except OSError as exc:
            log.error("table %s: not on disk, so not told yet: %s", table.code, exc)
            return False

    def _commit(self, table: Table, mark: Mark | None) -> None:
        """Write the table's change to the journal before anyone hears of it; when the disk refuses it,
        put the table back as it was (``mark``), say why in the log, and refuse with ``not_saved``."""
        if self.store is None:
            return
        try:
            due = self.store.record(table)
        except OSError as exc:
            if mark is not None:
                table.go_back(mark)
            log.error("table %s: a change could not be written, and was not made: %s", table.code, exc)
            raise p.ProtocolError(p.ErrorCode.NOT_SAVED, f"the server could not save that: {exc.strerror or exc}"
                                  ) from None
        if due:
            self._snapshot(table)

    def _make(self, table: Table, action: Any, ref: int | None = None) -> None:
        """Make a move the rules allow: written to the journal first (``not_saved`` when the disk refuses
        it, and then it is not made), then made, then, every so many lines, a new snapshot."""
        if self.store is None:
            self._apply(table, action)
            return
        try:
            # A change not written when it was made (a stand-in ended by a rejoin while the disk was
            # full) goes first; then the move.
            self.store.record(table)
            due = self.store.append_action(table, action)
        except OSError as exc:
            log.error("table %s: a move could not be written, and was not made: %s", table.code, exc)
            raise p.ProtocolError(p.ErrorCode.NOT_SAVED,
                                  f"the server could not save that move, so it was not made: {exc.strerror or exc}",
                                  ref=ref) from None
        self._apply(table, action)
        if due:
            self._snapshot(table)

    @staticmethod
    def _apply(table: Table, action: Any) -> None:
        assert table.game is not None
        table.game.apply(action)

    def _snapshot(self, table: Table) -> None:
        """A new snapshot (the journal it covers then removed), written and fsynced off the loop."""
        assert self.store is not None
        try:
            gen, text = self.store.begin_snapshot(table)
        except OSError as exc:  # the lines are in the journal already; a snapshot is tried again later
            log.error("table %s: no snapshot: %s", table.code, exc)
            return
        task = asyncio.get_running_loop().run_in_executor(self._disk, self._write_snapshot, table.code, gen, text)
        self._snapshots.add(task)
        task.add_done_callback(self._snapshots.discard)

    def _write_snapshot(self, code: str, gen: int, text: str) -> None:
        assert self.store is not None
        try:
            self.store.write_snapshot(code, gen, text)
        except OSError as exc:  # the journals stay: nothing is lost, the next snapshot tries again
            log.error("table %s: the snapshot could not be written: %s", code, exc)

    async def flush(self) -> None:
        """Wait for the snapshots being written; then take one of every table whose journal grew past
        the mark while they were (a restart then replays a few lines, not a game); then fsync the
        journals (a server stopping)."""
        if self._snapshots:
            await asyncio.gather(*self._snapshots, return_exceptions=True)
        if self.store is not None:
            for table in list(self.tables.values()):
                if self.store.snapshot_due(table.code):
                    self._snapshot(table)
            if self._snapshots:
                await asyncio.gather(*self._snapshots, return_exceptions=True)
            await asyncio.get_running_loop().run_in_executor(self._disk, self.store.sync)

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

    def _publish(self, table: Table, *, acted: tuple[Connection, int] | None = None) -> None:
        """Tell everyone at the table what changed: who is where (:meth:`_announce`), then each seat's
        update (the one to the mover with its move's ``ref``); a game just over is recorded and rated."""
        self._announce(table)
        if table.over:
            account_requests.finished(self, table)
        for conn in list(self.seated.get(table.code, {}).values()):
            ref = acted[1] if acted is not None and acted[0] is conn else None
            self._send_update(conn, table, ref)
        self._send_watch_updates(table)

    def _announce(self, table: Table, *, force: bool = False) -> None:
        """The host's role passes on if the host is gone, then everyone hears who is where (when any of
        it changed, or ``force``)."""
        present = set(self.seated.get(table.code, {}))
        if present and table.host not in present and (table.code in self._host_gone
                                                       or time.monotonic() - self._began > HOST_GRACE_SECONDS):
            mark = table.mark()
            table.pass_host(present)
            try:
                self._commit(table, mark)
            except p.ProtocolError:
                pass  # said in the log; it passes at the next change the disk takes
            else:
                self._host_gone.discard(table.code)
        self._send_table(table, force=force)

    def _send_table(self, table: Table, *, force: bool = False) -> None:
        """The table's who-is-where message to everyone at it, when any of it changed (or ``force``)."""
        seated = self.seated.get(table.code, {})
        present = len(seated)
        votes = [[seat, len(voters), _needed(present)]
                 for seat, (voters, _level) in sorted(self._votes.get(table.code, {}).items()) if voters]
        message = p.table_message(code=table.code, game=table.game_name, players=table.names(),
                                  humans=table.humans(), connected=sorted(seated), host=table.host,
                                  started=table.started, over=table.over, waiting_for=table.waiting_for(),
                                  game_number=table.game_number, levels=table.levels(),
                                  stand_ins=table.stand_ins(), votes=votes)
        if not force and self._last_table.get(table.code) == message:
            return
        self._last_table[table.code] = message
        self._broadcast(table, message)
        self._relist(table)

    def _send_update(self, conn: Connection, table: Table, ref: int | None = None) -> None:
        game, seat = table.game, conn.seat
        if game is None or seat is None:
            return
        seat_log = game.seat_log(seat)
        start = conn.sent
        conn.sent = len(seat_log)
        message = p.update_message(seq=start, events=seat_log[start:], view=game.view(seat),
                                   to_act=game.seats_to_act() if not game.over else (), over=game.over,
                                   why_not=table.why_not(seat), legal=game.legal_actions(seat),
                                   game_number=table.game_number)
        if ref is not None:
            message["ref"] = ref
        self._send(conn, message)


def _listing(table: Table) -> dict[str, Any] | None:
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


def _needed(present: int) -> int:
    """Votes that carry a stand-in: more than half of the people present."""
    return present // 2 + 1


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
