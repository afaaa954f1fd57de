"""The table server: one asyncio process holding many tables, on the ``websockets`` library.

Only the server applies actions: a client sends what its seat wants to do and hears back what its
seat may know (its own redacted log entries, its own view and its own legal moves), never anything
of another seat. Every client message is checked by :func:`access_game.net.protocol.parse_client`
before anything reads it, and counted against the connection's allowance; a bad one is answered
with an error and changes nothing. Each table's changes happen under that table's lock, are saved
to the table directory before anyone hears of them (so a restarted server never goes back on what
a player was told), and are then sent to each seat. Tables share nothing but the process, so a
misbehaving client can at worst lose its own connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
import ssl
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from access_game.net import protocol as p
from access_game.net.table_store import TableStore
from access_game.net.tables import Table, TableError, new_code

__all__ = ["HARD_FRAME_BYTES", "Connection", "TableServer", "run_server", "start_server"]

log = logging.getLogger("access_game.net.server")

#: Frames up to this size are read and, past MAX_FRAME_BYTES, answered with 'too_big'; larger ones
#: close the connection at once (1009) without being read whole.
HARD_FRAME_BYTES = 64 * 1024
#: The words of a join that finds no seat, and of a rejoin that takes none: the same whether the code is
#: unknown, the table full or the token wrong, so that they tell a guesser nothing.
NO_SEAT = "no table with a free seat has that code"
NO_TOKEN = "that code and token hold no seat"
#: Handling times kept for --stats (enough for a long bench, bounded for a server that runs for weeks).
MAX_SAMPLES = 1_000_000
#: Threads writing snapshots of the table directory.
DISK_THREADS = 16


@dataclass(eq=False, slots=True)
class Connection:
    """One client connection and the seat it holds, if any."""

    ws: ServerConnection
    name: str | None = None
    code: str | None = None
    seat: int | None = None
    #: How many of the seat's log entries this connection has been sent.
    sent: int = 0
    bucket: p.TokenBucket = field(default_factory=p.TokenBucket)
    strikes: int = 0


async def _close_unread(ws: ServerConnection, code: int, reason: str) -> None:
    """Close, reading (and dropping) what the client still sends until its answer to the close comes:
    a flood queued behind it would otherwise hold the close up until it times out."""
    closing = asyncio.ensure_future(ws.close(code, reason))
    with contextlib.suppress(ConnectionClosed):
        async for _frame in ws:
            pass
    await closing


class TableServer:
    """The tables and who is connected to which seat; ``handler`` serves one connection."""

    def __init__(self, store: TableStore | None) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.seated: dict[str, dict[int, Connection]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        #: Frames sent, and the milliseconds each applied action took from its frame read to the last
        #: update sent (the server's own share of an action's time, for ``serve --stats``).
        self.frames_sent = 0
        self.handling_ms: list[float] = []
        self._last_table: dict[str, dict[str, Any]] = {}
        self._snapshots: set[asyncio.Future[None]] = set()
        #: Snapshots are written (and fsynced) here, off the loop.
        self._disk = ThreadPoolExecutor(max_workers=DISK_THREADS, thread_name_prefix="tables")

    def load(self) -> list[str]:
        """Bring back every table of the store; the problems with files that could not be used."""
        if self.store is None:
            return []
        loaded = self.store.load_all()
        for table in loaded.tables:
            self.tables[table.code] = table
        return loaded.problems

    def _lock(self, code: str) -> asyncio.Lock:
        lock = self._locks.get(code)
        if lock is None:
            lock = self._locks[code] = asyncio.Lock()
        return lock

    # ----------------------------------------------------------------- one connection
    async def handler(self, ws: ServerConnection) -> None:
        conn = Connection(ws)
        try:
            async for frame in ws:
                if not conn.bucket.allow():  # over the allowance: dropped unread, and said so now and then
                    conn.strikes += 1
                    if conn.strikes > p.FLOOD_LIMIT:
                        await _close_unread(ws, p.CLOSE_POLICY, "too many messages")
                        break
                    if conn.strikes == 1 or conn.strikes % 5 == 0:
                        await self._send(conn, p.error_message(
                            p.ErrorCode.TOO_FAST, f"at most {p.RATE_PER_SECOND:g} messages a second"))
                    continue
                conn.strikes = 0
                try:
                    message = p.parse_client(frame)
                    await self._dispatch(conn, message)
                except p.ProtocolError as exc:
                    await self._send(conn, p.error_message(exc.code, exc.message))
                    if exc.code == p.ErrorCode.PROTOCOL:
                        await _close_unread(ws, p.CLOSE_POLICY, "protocol version")
                        break
                except TableError as exc:
                    await self._send(conn, p.error_message(exc.code, str(exc)))
        except ConnectionClosed:
            pass
        except Exception:  # a bug must cost one connection, never the server
            log.exception("connection failed")
            with contextlib.suppress(Exception):
                await ws.close(1011, "server error")
        finally:
            await self._detach(conn)

    async def _dispatch(self, conn: Connection, message: p.ClientMessage) -> None:
        if isinstance(message, p.Hello):
            if message.protocol != p.PROTOCOL_VERSION:
                raise p.ProtocolError(p.ErrorCode.PROTOCOL,
                                      f"this server speaks protocol {p.PROTOCOL_VERSION}, not {message.protocol}")
            conn.name = message.name
            await self._send(conn, p.welcome_message())
            return
        if conn.name is None:
            raise p.ProtocolError(p.ErrorCode.HELLO_FIRST, "say hello first")
        if isinstance(message, p.Create):
            await self._create(conn, message)
        elif isinstance(message, p.Join):
            await self._join(conn, message)
        elif isinstance(message, p.Rejoin):
            await self._rejoin(conn, message)
        elif isinstance(message, p.Leave):
            kept = await self._leave(conn)
            await self._send(conn, p.left_message(kept))
            await conn.ws.close(1000, "left")
        else:
            table, seat = self._seated(conn)
            if isinstance(message, p.Act):
                began = time.perf_counter()
                if await self._act(conn, table, seat, message) and len(self.handling_ms) < MAX_SAMPLES:
                    self.handling_ms.append((time.perf_counter() - began) * 1000)
            elif isinstance(message, p.Chat):
                line = p.chat_message(seat, table.seats[seat].name or "", message.text)
                await self._broadcast(table, lambda _s: line)
            elif isinstance(message, p.HandOver):
                await self._hand_over(conn, table, seat, message)
            elif isinstance(message, p.Again):
                await self._again(table, seat)

    def _seated(self, conn: Connection) -> tuple[Table, int]:
        if conn.code is None or conn.seat is None or conn.code not in self.tables:
            raise p.ProtocolError(p.ErrorCode.NOT_SEATED, "take a seat first (create, join or rejoin)")
        return self.tables[conn.code], conn.seat

    def _not_seated_yet(self, conn: Connection) -> None:
        if conn.code is not None:
            raise p.ProtocolError(p.ErrorCode.ALREADY_SEATED, "this connection already has a seat; leave first")

    # ----------------------------------------------------------------- seats
    async def _create(self, conn: Connection, msg: p.Create) -> None:
        self._not_seated_yet(conn)
        code = new_code(self.tables)
        table = Table.create(code, msg.game, seats=msg.seats, computers=msg.computers, level=msg.level,
                             options=dict(msg.options))
        self.tables[code] = table
        async with self._lock(code):
            token = table.take(0, conn.name or "")
            await self._seat(conn, table, 0, token, seen=0)
            await self._after_change(table)

    async def _join(self, conn: Connection, msg: p.Join) -> None:
        self._not_seated_yet(conn)
        table = self._table(msg.code)
        async with self._lock(table.code):
            seat = table.free_seat()
            if seat is None:  # answered as an unknown code is: a guesser learns nothing of which codes are live
                raise p.ProtocolError(p.ErrorCode.NO_TABLE, NO_SEAT)
            token = table.take(seat, conn.name or "")
            await self._seat(conn, table, seat, token, seen=0)
            await self._after_change(table)

    async def _rejoin(self, conn: Connection, msg: p.Rejoin) -> None:
        self._not_seated_yet(conn)
        table = self.tables.get(msg.code)
        seat = None if table is None else table.seat_of(msg.token)
        if table is None or seat is None:  # an unknown code and a wrong token alike, to a stranger
            raise p.ProtocolError(p.ErrorCode.BAD_TOKEN, NO_TOKEN)
        async with self._lock(table.code):
            seat = table.seat_of(msg.token)
            if seat is None:
                raise p.ProtocolError(p.ErrorCode.BAD_TOKEN, NO_TOKEN)
            old = self.seated.get(table.code, {}).get(seat)
            if old is not None and old is not conn:
                old.code = old.seat = None
                await self._send(old, p.error_message(p.ErrorCode.REPLACED,
                                                      "this seat was taken up by a new connection"))
                with contextlib.suppress(Exception):
                    await old.ws.close(1000, "replaced")
            seen = msg.seen if msg.game_number in (None, table.game_number) else 0
            if table.game is not None:
                seen = min(seen, len(table.game.seat_log(seat)))
            await self._seat(conn, table, seat, msg.token, seen=seen)
            await self._send_table(table, force=True)
            if table.game is not None:
                await self._send_update(conn, table)

    def _table(self, code: str) -> Table:
        table = self.tables.get(code)
        if table is None:
            raise p.ProtocolError(p.ErrorCode.NO_TABLE, NO_SEAT)
        return table

    async def _seat(self, conn: Connection, table: Table, seat: int, token: str, *, seen: int) -> None:
        conn.code, conn.seat, conn.sent = table.code, seat, seen
        self.seated.setdefault(table.code, {})[seat] = conn
        await self._send(conn, p.seated_message(code=table.code, seat=seat, token=token, game=table.game_name,
                                                seats=len(table.seats), host=table.host,
                                                name=table.seats[seat].name or ""))

    async def _leave(self, conn: Connection) -> bool:
        """A person leaves: before the deal and once the game is over their seat is given up (free for
        someone else); while the game is played it is kept for them to come back to. Whether it is kept."""
        kept = False
        if conn.code is not None and conn.seat is not None and conn.code in self.tables:
            table = self.tables[conn.code]
            async with self._lock(table.code):
                kept = not table.give_up(conn.seat)
                if not kept:
                    await self._save(table)
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
        if table is None:
            return
        if not seated and (table.over or (not table.started and not any(s.name for s in table.seats if s.human))):
            # a finished game nobody is at any more, or a table not yet dealt that nobody holds a seat at
            self._close_table(code)
            return
        await self._send_table(table)

    def _close_table(self, code: str) -> None:
        self.tables.pop(code, None)
        self.seated.pop(code, None)
        self._locks.pop(code, None)
        self._last_table.pop(code, None)
        if self.store is not None:
            self.store.remove(code)

    # ----------------------------------------------------------------- play
    async def _act(self, conn: Connection, table: Table, seat: int, msg: p.Act) -> bool:
        """Apply a seat's action (True), or tell the seat why not (False)."""
        action = p.read_action(table.codec, msg.action)
        if action.seat != seat:
            raise p.ProtocolError(p.ErrorCode.WRONG_SEAT, f"this connection plays seat {seat}, not {action.seat}")
        async with self._lock(table.code):
            if table.game is None:
                raise p.ProtocolError(p.ErrorCode.NOT_STARTED, "the game starts when every seat is taken")
            _events, reason = table.act(action)
            if reason is not None:
                await self._send(conn, p.refused_message(msg.ref, reason))
                return False
            await self._after_change(table, acted=(conn, msg.ref))
            return True

    async def _hand_over(self, conn: Connection, table: Table, seat: int, msg: p.HandOver) -> None:
        if seat != table.host:
            raise p.ProtocolError(p.ErrorCode.NOT_HOST, "only the host hands a seat to a computer player")
        async with self._lock(table.code):
            table.hand_over(msg.seat, msg.level)
            gone = self.seated.get(table.code, {}).pop(msg.seat, None)
            if gone is not None:
                gone.code = gone.seat = None
                await self._send(gone, p.error_message(p.ErrorCode.HANDED_OVER,
                                                       "the host gave this seat to a computer player"))
            await self._after_change(table)

    async def _again(self, table: Table, seat: int) -> None:
        """The host deals a new game at the table once this one is over: every seat hears it from the
        new game's first event (dealt at once, or when the seats given up are taken again)."""
        if seat != table.host:
            raise p.ProtocolError(p.ErrorCode.NOT_HOST, "only the host deals again")
        async with self._lock(table.code):
            if not table.over:
                raise p.ProtocolError(p.ErrorCode.NOT_OVER, "a new game at this table starts once this one is over")
            table.again()
            for conn in self.seated.get(table.code, {}).values():
                conn.sent = 0
            await self._after_change(table)

    async def _after_change(self, table: Table, acted: tuple[Connection, int] | None = None) -> None:
        """Start the game if every seat is taken, let computer players move, save, then tell everyone."""
        if table.game is None and table.ready():
            table.start()
        while True:
            table.computers_move()
            await self._save(table)
            await self._send_table(table)
            await self._send_updates(table, acted)
            acted = None
            if not table.computers_to_move():
                return
            await asyncio.sleep(0)  # a long run of computer moves lets other tables in between

    async def _save(self, table: Table) -> None:
        """Journal the change now (before anyone hears of it); a snapshot, when due, off the loop."""
        if self.store is None:
            return
        loop = asyncio.get_running_loop()
        # The append stays on the loop: it takes microseconds, and handing it to a thread costs more in
        # wake-ups than it saves (measured with bench-server on a busy machine). Snapshots, which fsync,
        # go to threads.
        if self.store.record(table):
            gen, text = self.store.begin_snapshot(table)
            task = loop.run_in_executor(self._disk, self.store.write_snapshot, table.code, gen, text)
            self._snapshots.add(task)
            task.add_done_callback(self._snapshots.discard)

    async def flush(self) -> None:
        """Wait for the snapshots being written, then fsync the journals (a server stopping)."""
        if self._snapshots:
            await asyncio.gather(*self._snapshots, return_exceptions=True)
        if self.store is not None:
            await asyncio.get_running_loop().run_in_executor(self._disk, self.store.sync)

    # ----------------------------------------------------------------- sending
    async def _send(self, conn: Connection, message: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionClosed):
            await conn.ws.send(p.encode(message))
            self.frames_sent += 1

    async def _broadcast(self, table: Table, make: Callable[[int], dict[str, Any]]) -> None:
        for seat, conn in list(self.seated.get(table.code, {}).items()):
            await self._send(conn, make(seat))

    async def _send_table(self, table: Table, *, force: bool = False) -> None:
        """The table's who-is-where message to everyone at it, when any of it changed (or ``force``)."""
        seated = self.seated.get(table.code, {})
        message = p.table_message(code=table.code, game=table.game_name, players=table.names(),
                                  humans=table.humans(), connected=sorted(seated), host=table.host,
                                  started=table.started, over=table.over, waiting_for=table.waiting_for(),
                                  game_number=table.game_number)
        if not force and self._last_table.get(table.code) == message:
            return
        self._last_table[table.code] = message
        await self._broadcast(table, lambda _s: message)

    async def _send_updates(self, table: Table, acted: tuple[Connection, int] | None) -> None:
        for conn in list(self.seated.get(table.code, {}).values()):
            ref = acted[1] if acted is not None and acted[0] is conn else None
            await self._send_update(conn, table, ref)

    async def _send_update(self, conn: Connection, table: Table, ref: int | None = None) -> None:
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
        await self._send(conn, message)


# --------------------------------------------------------------------------- running it


async def start_server(tables: TableServer, host: str, port: int,
                       tls: ssl.SSLContext | None = None) -> Server:
    """Listen; the server runs until closed. Compression is off: it would cost each of thousands of
    connections its own compressor, and the frames are small."""
    return await serve(tables.handler, host, port, max_size=HARD_FRAME_BYTES, compression=None, ssl=tls,
                       max_queue=32)


def raise_open_file_limit() -> None:
    """Let the process hold as many connections as the system allows it (the soft limit is often 1024)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = max(soft, 65536)
    if soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def _quantile(samples: list[float], q: float) -> float | None:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3) if ordered else None


def handling_stats(tables: TableServer, lags: list[float] | None = None) -> dict[str, Any]:
    """The server's own time per applied action (frame read to last update sent), in milliseconds, and
    how late its event loop woke up (a loop that is late is waiting for a CPU, or for itself)."""
    samples = tables.handling_ms
    stats: dict[str, Any] = {"actions": len(samples), "frames_sent": tables.frames_sent,
                             "p50_ms": round(statistics.median(samples), 3) if samples else None,
                             "p99_ms": _quantile(samples, 0.99), "max_ms": _quantile(samples, 1.0)}
    if lags:
        stats.update(lag_p50_ms=_quantile(lags, 0.5), lag_p99_ms=_quantile(lags, 0.99))
    return stats


async def _watch_lag(lags: list[float], every: float = 0.05) -> None:
    while len(lags) < MAX_SAMPLES:
        asked = time.perf_counter()
        await asyncio.sleep(every)
        lags.append((time.perf_counter() - asked - every) * 1000)


async def run_server(host: str, port: int, data: Path, tls: ssl.SSLContext | None = None,
                     announce: Callable[[str], None] = print, stats: Path | None = None) -> None:
    """Load the tables of ``data``, serve until SIGINT or SIGTERM, and say where it listens; with
    ``stats``, write the handling times there when stopping."""
    tables = TableServer(TableStore(data))
    for problem in tables.load():
        print(f"access-game serve: {problem}", file=sys.stderr)
    server = await start_server(tables, host, port, tls)
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows has no loop signal handlers
            asyncio.get_running_loop().add_signal_handler(sig, stop.set)
    bound = next(iter(server.sockets)).getsockname()
    scheme = "wss" if tls is not None else "ws"
    shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
    lags: list[float] = []
    watch = asyncio.ensure_future(_watch_lag(lags)) if stats is not None else None
    announce(f"Serving on {scheme}://{shown}:{bound[1]}")
    announce(f"{len(tables.tables)} tables loaded from {data}")
    try:
        await stop.wait()
    finally:
        server.close()
        await server.wait_closed()
        await tables.flush()
        if watch is not None:
            watch.cancel()
        if stats is not None:
            stats.write_text(json.dumps(handling_stats(tables, lags)) + "\n", encoding="utf-8")
