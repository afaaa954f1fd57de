"""Running the table server: listening (TLS, origins, the handshake's refusals), the process around
it (the table directory held, signals, the open-file limit, housekeeping) and its figures for
``serve --stats``. The tables and their connections are access_game.net.server's.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
import signal
import ssl
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.http11 import Request, Response
from websockets.typing import Origin

from access_game.filelock import unlock
from access_game.net import account_requests
from access_game.net.computers import ComputerPlayers
from access_game.net.connections import SEND_BUFFER
from access_game.net.database import DATABASE_FILE
from access_game.net.limits import Limits
from access_game.net.lobby import Lobby
from access_game.net.server import HARD_FRAME_BYTES, MAX_SAMPLES, TableServer, WebFactory
from access_game.net.table_store import TableStore

if TYPE_CHECKING:
    from access_game.net.account_desk import AccountDesk
    from access_game.net.shared_server import SharedTables
from speech.i18n import _, ngettext

__all__ = ["DirectoryInUse", "DirectoryUnusable", "handling_stats", "raise_open_file_limit", "run_server",
           "start_server", "tls_context"]

log = logging.getLogger("access_game.net.accounts")

#: Seconds a connection has to finish its opening handshake (TLS and HTTP) before it is closed: a client
#: that sends its request a byte at a time holds a socket no longer.
HANDSHAKE_SECONDS = 10.0
#: Seconds between the server's rounds of housekeeping (idle tables archived, old addresses forgotten).
HOUSEKEEPING_SECONDS = 60.0


class DirectoryInUse(Exception):
    """Another server process holds the table directory."""


class DirectoryUnusable(Exception):
    """The table directory cannot be made or written to (the system's words why): told apart from a
    port that cannot be listened on, so that the person starting the server is told which to fix."""


async def start_server(tables: TableServer, host: str, port: int, tls: ssl.SSLContext | None = None,
                       origins: Sequence[str] = ()) -> Server:
    """Listen; the server runs until closed. Compression is off: it would cost each of thousands of
    connections its own compressor, and the frames are small. With ``origins``, web pages from other
    origins are refused; programs, which send no Origin, are always let in. What waits to be written to a
    socket is bounded as its system buffer is (connections.SEND_BUFFER): a client that does not read has
    its frames wait in its own queue, where they cost nothing, and is dropped when that is full."""
    allowed: list[Origin | None] | None = [None, *(Origin(o) for o in origins)] if origins else None
    server = await serve(tables.handler, host, port, max_size=HARD_FRAME_BYTES, compression=None, ssl=tls,
                         max_queue=32, write_limit=SEND_BUFFER, open_timeout=HANDSHAKE_SECONDS, origins=allowed,
                         process_request=_with_pages(tables, secure=tls is not None))
    if tables.web is not None:
        tables.web.listening(server, tls)  # the web table's hosted terminals connect here
    return server


def _with_pages(tables: TableServer, *, secure: bool) -> Callable[[ServerConnection, Request], Response | None]:
    """The handshake's refusals, and the web table's pages for a plain GET on the same port: a page holds
    no connection, so only a banned address is refused one."""

    def process(ws: ServerConnection, request: Request) -> Response | None:
        web = tables.web
        upgrade = "websocket" in request.headers.get("Upgrade", "").lower()
        if web is None or upgrade or tables.lobby.banned(address=tables.address_of(ws, request)):
            return tables.refuse_connection(ws, request)
        return web.page(request, secure=secure)

    return process


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
    """The server's TLS context; ValueError or OSError says why the files cannot be used. Each file goes
    through the guarded reader first: OpenSSL would wait for ever on a FIFO, or read /dev/zero to the end."""
    from access_game.datafiles import DamagedFile, read_bytes

    for path in (cert, key):
        try:
            found = read_bytes(path)
        except DamagedFile as exc:
            raise ValueError(f"{path}: {exc}") from None
        if found is None:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def _quantile(samples: list[float], q: float) -> float | None:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3) if ordered else None


def handling_stats(tables: TableServer, lags: list[float] | None = None) -> dict[str, Any]:
    """The server's own time per applied action (frame read to last update queued), in milliseconds,
    and how late its event loop woke up (a loop that is late is waiting for a CPU, or for itself)."""
    samples = tables.handling_ms
    stats: dict[str, Any] = {"actions": len(samples), "frames_sent": tables.frames_sent,
                             "p50_ms": round(statistics.median(samples), 3) if samples else None,
                             "p99_ms": _quantile(samples, 0.99), "max_ms": _quantile(samples, 1.0)}
    if lags:
        stats.update(lag_p50_ms=_quantile(lags, 0.5), lag_p99_ms=_quantile(lags, 0.99))
    commits = tables.disk.commits
    if commits is not None:  # the journals' group commits, and the fsyncs they took
        stats.update(commits=commits.commits, commit_fsyncs=commits.fsyncs)
    return stats


async def _watch_lag(lags: list[float], every: float = 0.05) -> None:
    while len(lags) < MAX_SAMPLES:
        asked = time.perf_counter()
        await asyncio.sleep(every)
        lags.append((time.perf_counter() - asked - every) * 1000)


async def _keep_house(tables: TableServer, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        tables.housekeeping()


def _account_desk(target: str | Path, data: Path) -> AccountDesk:
    """The accounts desk on the database ``target``. A database that cannot be reached now (PostgreSQL
    stopped, the network cut) does not stop the server: it is said in one line, the server serves guests
    and session keys meanwhile (finished games wait in the outbox, the rest is answered "try again
    later"), and the database is opened at the first use it answers. DatabaseError when it answered and
    cannot be used (a schema newer than this program's)."""
    from access_game.net.account_desk import AccountDesk
    from access_game.net.accounts import DeferredStore, SqlAccountStore
    from access_game.net.database import Unreachable, open_database

    try:
        desk = AccountDesk(SqlAccountStore(open_database(target)), folder=data)
    except Unreachable as exc:
        print(_("access-game serve: the accounts' database cannot be reached now ({reason}): serving guests and "
                "session keys meanwhile, and accounts as soon as it answers").format(reason=exc), file=sys.stderr)
        return AccountDesk(DeferredStore(lambda: open_database(target)), folder=data)
    try:
        desk.share_secret()  # (before any key is checked: this process checks the others' keys too)
    except Exception as exc:  # gone since it opened: the desk tries again
        log.error("the session keys' shared secret cannot be read now: %s", exc)
    return desk


async def run_server(host: str, port: int, data: Path, tls: ssl.SSLContext | None = None,
                     announce: Callable[[str], None] = print, stats: Path | None = None, *,
                     limits: Limits | None = None, origins: Sequence[str] = (), behind_proxy: bool = False,
                     computers: ComputerPlayers | None = None,
                     housekeeping_seconds: float = HOUSEKEEPING_SECONDS,
                     admins: Mapping[str, str | None] | None = None, database: str | None = None,
                     redis: str | None = None, public_url: str | None = None,
                     redis_expiry: float | None = None, web: WebFactory | None = None) -> None:
    """Load the tables of ``data``, serve until SIGINT or SIGTERM, and say where it listens; with
    ``stats``, write the handling times there when stopping. DirectoryInUse when another server holds
    ``data``, DirectoryUnusable when it cannot be made or written to. The accounts are kept in
    ``database`` (a PostgreSQL URL), or by default in an SQLite file in ``data``; DatabaseError
    (access_game.net.database) when it cannot be used. With ``redis`` (a URL), the lobby is shared
    with the other processes using that Redis (access_game.net.shared_server), which send clients of
    this process's tables to ``public_url`` (by default the address listened on);
    access_game.net.redis_bus.RedisUnavailable when it cannot be reached. ``web`` makes the web table's
    channel (the serve command gives access_game.web's gateway); without it only programs are served."""
    store = TableStore(data)
    try:
        held = store.lock()
    except OSError as exc:
        raise DirectoryUnusable(exc.strerror or str(exc)) from exc
    if held is None:
        raise DirectoryInUse(str(data))
    try:
        accounts = _account_desk(database or data / DATABASE_FILE, data)
    except BaseException:
        unlock(held)
        raise
    shared: SharedTables | None = None
    if redis is None:
        tables = TableServer(store, limits, computers, behind_proxy=behind_proxy, lobby=Lobby(data, admins),
                             accounts=accounts, web=web)
    else:
        from access_game.net.redis_bus import DEFAULT_EXPIRY, RedisBus
        from access_game.net.shared_lobby import SharedLobby
        from access_game.net.shared_server import SharedTables

        bus = RedisBus(redis, public_url or "", DEFAULT_EXPIRY if redis_expiry is None else redis_expiry)
        tables = shared = SharedTables(store, SharedLobby(bus, data, admins), limits, computers,
                                       behind_proxy=behind_proxy, accounts=accounts, web=web)
    try:
        lobby_problems = getattr(tables.lobby, "problems", [])  # a damaged bans file (access_game.net.lobby)
        for problem in [*lobby_problems, *tables.load()]:
            print(_("access-game serve: {problem}").format(problem=problem), file=sys.stderr)
        tables.housekeeping()
        account_requests.start_recording(tables)  # finished games a database away kept in the outbox
        server = await start_server(tables, host, port, tls, origins)
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows has no loop signal handlers
                asyncio.get_running_loop().add_signal_handler(sig, stop.set)
        bound = next(iter(server.sockets)).getsockname()
        scheme = "wss" if tls is not None else "ws"
        shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
        if shared is not None:
            if not shared.bus.public_url:
                shared.bus.public_url = f"{scheme}://{shown}:{bound[1]}"
            try:
                await shared.start_sharing()
            except BaseException:
                server.close()
                await server.wait_closed()
                raise
        lags: list[float] = []
        watch = asyncio.ensure_future(_watch_lag(lags)) if stats is not None else None
        house = asyncio.ensure_future(_keep_house(tables, housekeeping_seconds))
        announce(_("Serving on {url}").format(url=f"{scheme}://{shown}:{bound[1]}"))
        count = len(tables.tables)
        announce(ngettext("{count} table loaded from {data}", "{count} tables loaded from {data}", count).format(
            count=count, data=data))
        if shared is not None:
            announce(_("Sharing the lobby through Redis; this process's tables are reached at {url}").format(
                url=shared.bus.public_url))
        try:
            await stop.wait()
        finally:
            house.cancel()
            if shared is not None:
                await shared.stop_sharing()
            tables.stopping = True  # every connection goes now: nobody is leaving a table
            server.close()
            await server.wait_closed()
            await tables.flush()
            if watch is not None:
                watch.cancel()
            if stats is not None:
                stats.write_text(json.dumps(handling_stats(tables, lags)) + "\n", encoding="utf-8")
    finally:
        tables.computers.close()
        accounts.close()
        unlock(held)
