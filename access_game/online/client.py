"""The connection of one seat to a table server: a WebSocket kept open in a thread of its own.

The terminal table runs in prompt_toolkit's event loop and must never wait on the network except
while a move of the player's is being answered. So the socket lives in a background thread with its
own asyncio loop: every frame the server sends is put on a queue, and ``on_frame`` tells the table's
loop that something arrived (it then takes the frames from the queue in its own thread, so all the
session's state is touched by one thread only). Sending is thread-safe.

A dropped connection (the network, a server restart) is not the end: the thread reconnects by itself
with growing pauses, says hello again and rejoins the seat with its token and the number of events
it has already heard, so the server sends only what was missed. Two local frames tell the session
what happened: ``{"type": "_lost"}`` and ``{"type": "_reconnected"}``.

Seat tokens are kept under the user data directory (:class:`TokenStore`), so a terminal closed by
accident can take its seat back with ``access-game join`` and the same table code.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import json
import queue
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from access_game.net.protocol import PROTOCOL_VERSION, RATE_BURST, RATE_PER_SECOND, TokenBucket
from speech.i18n import N_, _

__all__ = ["PROTOCOL_VERSION", "SEAT_GONE_ERRORS", "Connection", "NetError", "SeatToken", "TokenStore",
           "backoff_delays", "private_route", "redirect_url"]

#: The largest frame taken from a server (a contract rummy update with its legal moves is well under).
MAX_FRAME = 8 * 2**20
#: Seconds to open a connection before the server counts as unreachable.
OPEN_TIMEOUT = 5.0
#: Errors after which the seat is no longer this connection's: reconnecting would only take it back.
FINAL_ERRORS = frozenset({"replaced", "handed_over", "bad_token", "removed", "closed", "banned"})
#: Of those, the ones after which the seat is nobody's at this terminal any more: its token is forgotten.
#: ('replaced' is not one: another terminal took the seat up with the same token, which stays good.)
SEAT_GONE_ERRORS = frozenset({"handed_over", "bad_token", "removed", "closed"})
#: Seconds to wait for the server's answer to 'leave' (whether it keeps the seat).
LEAVE_TIMEOUT = 3.0
#: Redirects followed for one request before giving up (each names another process of the server).
MAX_REDIRECTS = 3
#: Seconds to wait for the answer to one request (hello, create, join, rejoin).
ANSWER_TIMEOUT = 10.0
#: The answer of a server that cannot look the table up just now: asked again, the token kept.
BUSY = "unavailable"


class NetError(Exception):
    """The server cannot be reached, or refused the request: then ``code`` is the protocol's error code
    (no_table, too_many, ...), which the player is told in their language."""

    def __init__(self, message: str, code: str | None = None, why: Any = None,
                 retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        #: The error's reason as its key and values (engine.reason_data), when the server gave one.
        self.why = why
        #: Seconds the server said to wait before asking again (``too_many_tries``), when it said.
        self.retry_after = retry_after


@dataclass(frozen=True, slots=True)
class SeatToken:
    """What a seat needs to be taken back: the table, the seat and its secret."""

    server: str
    code: str
    seat: int
    token: str
    name: str


class TokenStore:
    """Seat tokens kept between runs, one JSON file under the user data directory, written atomically
    (fsynced, through a temporary file that no failure leaves behind).

    A token is a seat's password: the file is created readable by its owner only. A file that cannot be
    used is moved aside, never overwritten, and :attr:`problem` says so in a sentence for the player;
    when it cannot even be moved, nothing is written over it.
    """

    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            from access_game.settings import data_dir

            path = data_dir() / "network-seats.json"
        self.path = path
        #: A sentence for the player when the file could not be used (the caller says it, then clears it).
        self.problem: str | None = None
        #: Set when a damaged file could not be moved aside: it must not be replaced either.
        self._unwritable = False

    def _read(self) -> dict[str, Any]:
        from access_game.datafiles import DamagedFile, read_json, set_aside
        from speech import file_words
        from speech.i18n import _

        try:
            data = read_json(self.path)
        except FileNotFoundError:
            return {}
        except DamagedFile as exc:
            why = str(exc)
        else:
            if isinstance(data, dict):
                return data
            why = _("it does not hold seats")
        kept = set_aside(self.path)  # kept for a look, never read again; the seats in it are lost
        self._unwritable = kept is None
        self.problem = file_words.damaged_seats(self.path, why, kept)
        return {}

    @staticmethod
    def _key(server: str, code: str) -> str:
        return f"{server.rstrip('/')} {code.upper()}"

    def get(self, server: str, code: str) -> SeatToken | None:
        entry = self._read().get(self._key(server, code))
        if not isinstance(entry, dict):
            return None
        seat, token, name = entry.get("seat"), entry.get("token"), entry.get("name")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0 or not isinstance(token, str) \
                or not isinstance(name, str):
            return None  # not a seat this program wrote: joining with a name still works
        return SeatToken(server, code.upper(), seat, token, name)

    def put(self, seat: SeatToken) -> bool:
        """Keep the seat's token; False when it could not be written (the seat cannot be taken back
        from this computer after a restart)."""
        data = self._read()
        data[self._key(seat.server, seat.code)] = {"seat": seat.seat, "token": seat.token, "name": seat.name}
        return self._write(data)

    def forget(self, server: str, code: str) -> None:
        data = self._read()
        if data.pop(self._key(server, code), None) is not None:
            self._write(data)

    def _write(self, data: dict[str, Any]) -> bool:
        from access_game.settings import atomic_write_text

        if self._unwritable:
            return False
        try:
            atomic_write_text(self.path, json.dumps(data, indent=1, sort_keys=True) + "\n", mode=0o600)
        except OSError:
            return False  # a seat not kept only means it cannot be taken back after a restart
        return True


def backoff_delays(first: float = 0.2, factor: float = 2.0, most: float = 5.0) -> Iterator[float]:
    """Pauses between reconnection attempts: quick at first (a server restarting is back in a moment),
    then at most ``most`` seconds, for as long as the player stays at the table."""
    delay = first
    while True:
        yield delay
        delay = min(most, delay * factor)


def private_route(url: str) -> bool:
    """Whether nobody between this computer and the server can read the connection: wss://, or a server
    on this very computer. (ws:// to another machine carries the game and the seat's token in clear.)"""
    return urlsplit(url).scheme == "wss" or _loopback(url)


def _loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


#: The usual reasons a connection fails, in the player's language (the system's own text, strerror, is
#: English whatever the game speaks).
_OS_REASONS = {errno.ECONNREFUSED: N_("connection refused"), errno.ECONNRESET: N_("the connection was cut"),
               errno.ETIMEDOUT: N_("no answer"), errno.EHOSTUNREACH: N_("the server cannot be reached"),
               errno.ENETUNREACH: N_("the network cannot be reached")}


def _reason(exc: BaseException) -> str:
    """A one-line reason a connection failed, for a player, in the player's language where it is known."""
    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return _("no answer")
    if isinstance(exc, socket.gaierror):
        return _("no server has that name")
    if isinstance(exc, OSError) and exc.errno in _OS_REASONS:
        return _(_OS_REASONS[exc.errno])
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    text = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
    return text


class Connection:
    """One seat's WebSocket to the server, in a background thread (see the module docstring).

    ``open(first)`` connects, says hello and sends ``first`` (create, join or rejoin), and returns the
    server's "seated" answer, or raises NetError with a sentence saying why not. After that every frame
    goes to :attr:`frames` and ``on_frame`` is called (from the network thread) for each.
    """

    def __init__(self, url: str, name: str, *, on_frame: Callable[[], None] | None = None,
                 seen: Callable[[], int] = lambda: 0) -> None:
        self.url = url
        self.name = name
        self.on_frame = on_frame
        self.seen = seen
        #: The game at the table those events belong to (None: whatever is being played).
        self.game_number: Callable[[], int | None] = lambda: None
        self.frames: queue.Queue[dict[str, Any]] = queue.Queue()
        #: The seat once seated: what a reconnection rejoins with.
        self.seat: SeatToken | None = None
        self.connected = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="access-game-net", daemon=True)
        self._ws: Any = None
        self._closing = False
        self._reader: asyncio.Future[None] | None = None
        #: The server ended this seat's connection for good (taken up elsewhere, handed over): no retry.
        self._no_retry = False
        # A little under the server's allowance, so its bucket never runs dry from this side.
        self._bucket = TokenBucket(RATE_PER_SECOND * 0.9, RATE_BURST // 2)
        self._send_lock = asyncio.Lock()
        #: The key an administrator gives in hello (the lobby's, when the server's file sets one).
        self.admin_key: str | None = None
        #: Version 3, accounts: the password to sign in (or, ``register``, to make the account) with on
        #: the first connection, forgotten once signed in; then the session the server gave, which signs
        #: in every later connection (a reconnection, the table's own connection) without the password.
        self.password: str | None = None
        self.register = False
        self.session: str | None = None
        #: The server's answer to 'leave': whether it still keeps the seat (None: no answer came).
        self.left_kept: bool | None = None
        #: The server process the seat's table is at: :attr:`url`, or where a redirect sent this client.
        self.at = url
        #: The names this connection asked not to hear (asked again after moving to another process).
        self._mutes: set[str] = set()
        #: Called once when ``open`` is answered ``unavailable`` (it then asks again until answered).
        self.on_busy: Callable[[], None] | None = None
        #: More options for opening the WebSocket (the web gateway's header naming its browser's address).
        self.connect_options: dict[str, Any] = {}
        self._left = threading.Event()
        self._thread.start()

    @property
    def closed_for_good(self) -> bool:
        """The seat's connection is over and will not be restored (left, replaced, refused)."""
        return self._closing or self._no_retry

    # ----------------------------------------------------------------- from the table's thread
    def open(self, first: dict[str, Any]) -> dict[str, Any]:
        """(A server that cannot look the table up just now is asked again, with growing pauses, until it
        answers otherwise: ``on_busy`` says so once.)"""
        busy_said = False
        for pause in backoff_delays(0.5, 2.0):
            future = asyncio.run_coroutine_threadsafe(self._open(first), self._loop)
            try:
                return future.result(timeout=OPEN_TIMEOUT + 2 * ANSWER_TIMEOUT)
            except NetError as exc:
                if exc.code != BUSY:
                    raise
            except Exception as exc:  # the thread's own failure, said in one line
                raise NetError(_reason(exc)) from None
            if not busy_said and self.on_busy is not None:
                self.on_busy()
            busy_said = True
            time.sleep(pause)
        raise AssertionError("backoff_delays never ends")

    def open_lobby(self, admin_key: str | None = None) -> None:
        """Connect and say hello without asking for a seat (the lobby: protocol 3); every frame then goes
        to :attr:`frames`. A dropped lobby connection is not restored: ``_closed`` says so."""
        self.admin_key = admin_key
        future = asyncio.run_coroutine_threadsafe(self._open_lobby(), self._loop)
        try:
            future.result(timeout=OPEN_TIMEOUT + 2 * ANSWER_TIMEOUT)
        except NetError:
            raise
        except Exception as exc:
            raise NetError(_reason(exc)) from None

    async def _open_lobby(self) -> None:
        try:
            self._ws = await self._connect()
        except NetError:
            raise
        except Exception as exc:
            raise NetError(_reason(exc)) from None
        self.connected = True
        self._reader = asyncio.ensure_future(self._read_forever())

    def send(self, frame: dict[str, Any]) -> bool:
        """Send a frame; False when there is no connection now (it is being restored)."""
        if not self.connected or self._closing:
            return False
        if frame.get("type") == "mute" and isinstance(frame.get("name"), str):
            (self._mutes.add if frame.get("on", True) else self._mutes.discard)(frame["name"])
        asyncio.run_coroutine_threadsafe(self._send(frame), self._loop)
        return True

    def close(self) -> None:
        """Leave the table's connection (saying 'leave' when ``leave``) and stop the thread."""
        if self._closing:
            return
        self._closing = True

        async def shut() -> None:
            if self._reader is not None:
                self._reader.cancel()
            if self._ws is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._ws.close(), timeout=2)

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(shut(), self._loop).result(timeout=3)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=3)

    def leave(self) -> bool | None:
        """Say 'leave', wait for the server's answer, then close: whether the server keeps the seat for
        this player (it does while a game is being played; before the deal and after the game it is
        given up), None when no answer came (the seat may still be kept: its token must not be
        forgotten)."""
        if self.connected:
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(self._send({"type": "leave"}), self._loop).result(timeout=2)
                self._left.wait(LEAVE_TIMEOUT)
        self.close()
        return self.left_kept

    def drop(self) -> None:
        """Cut the connection as a network fault would (tests; the thread then reconnects by itself)."""
        async def cut() -> None:
            if self._ws is not None:
                transport = getattr(self._ws, "transport", None)
                if transport is not None:
                    transport.abort()

        asyncio.run_coroutine_threadsafe(cut(), self._loop).result(timeout=3)

    # ----------------------------------------------------------------- in the network thread
    async def _connect(self, url: str | None = None) -> Any:
        from websockets.asyncio.client import connect

        url = url or self.url
        extra: dict[str, Any] = {"proxy": None} if _loopback(url) else {}
        extra.update(self.connect_options)
        ws = await connect(url, open_timeout=OPEN_TIMEOUT, max_size=MAX_FRAME, **extra)
        hello: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": self.name}
        account = self.password is not None or self.session is not None
        if account:  # signing in (or registering) says hello too
            hello["type"] = "register" if self.register and self.password is not None else "sign_in"
            if self.password is not None:
                hello["password"] = self.password
            else:
                hello["session"] = self.session
        if self.admin_key:
            hello["admin_key"] = self.admin_key
        await ws.send(json.dumps(hello))
        answer = await self._answer(ws)
        if answer.get("type") == "welcome" and account:
            answer = await self._answer(ws)
            if answer.get("type") == "signed_in":
                self.name, self.session, self.password = str(answer["name"]), str(answer["session"]), None
                self._put(answer)  # (the lobby says who signed in, and lists the account's seats)
                return ws
        if answer.get("type") != "welcome" or account:
            await ws.close()
            wait = answer.get("retry_after")
            seconds = wait if isinstance(wait, int) and not isinstance(wait, bool) and wait > 0 else None
            raise NetError(str(answer.get("message") or "the server did not welcome this client"),
                           str(answer.get("code") or "") or None, answer.get("why"), retry_after=seconds)
        return ws

    async def _answer(self, ws: Any) -> dict[str, Any]:
        """The next frame that is not news (a table or chat frame before the answer is kept for later)."""
        while True:
            raw = await asyncio.wait_for(ws.recv(), timeout=ANSWER_TIMEOUT)
            frame = _decode(raw)
            if frame.get("type") in ("table", "chat", "update"):
                self._put(frame)
                continue
            return frame

    async def _open(self, first: dict[str, Any]) -> dict[str, Any]:
        try:
            ws = await self._connect()
        except NetError:
            raise
        except Exception as exc:
            raise NetError(_reason(exc)) from None
        self.at = self.url
        try:
            ws, answer = await self._ask(ws, first)
        except NetError:
            raise
        except Exception as exc:
            await ws.close()
            raise NetError(_reason(exc)) from None
        if answer.get("type") != "seated":
            await ws.close()
            raise NetError(str(answer.get("message") or "the server refused"), str(answer.get("code") or "refused"),
                           answer.get("why"))
        self._ws = ws
        self.connected = True
        self.seat = SeatToken(self.url, str(answer["code"]), int(answer["seat"]), str(answer["token"]), self.name)
        self._reader = asyncio.ensure_future(self._read_forever())
        return answer

    async def _ask(self, ws: Any, request: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """Send a request (join, rejoin, create) and read its answer, following the server's ``redirect``
        to the process of the server that holds the table (``serve --redis``): the same request again
        there, on a new connection. The seat's token stays the table's, and the seat is kept under the
        address the player gave; a lost connection comes back to the process holding the table
        (:attr:`at`), waiting for it as for a server restarting, since a table never moves."""
        from speech.i18n import _

        for _hop in range(MAX_REDIRECTS + 1):
            await ws.send(json.dumps(request))
            answer = await self._answer(ws)
            if answer.get("type") != "redirect":
                return ws, answer
            url = redirect_url(answer, self.url)
            await ws.close()
            if url is None:
                raise NetError(_("the server sent this program to an address it will not use: {url}").format(
                    url=str(answer.get("url"))[:200]))
            ws = await self._connect(url)
            self.at = url
        await ws.close()
        raise NetError(_("the server's processes sent this program from one to another without end"))

    async def _move(self, frame: dict[str, Any]) -> bool:
        """The lobby's connection follows a ``redirect`` answering its ``watch``: the lobby is the same at
        every process of the server, so the connection moves to the process holding the table and asks
        there. False when it could not (the person is told, as for any refusal)."""
        url = redirect_url(frame, self.url)
        code = frame.get("code")
        if url is None or not isinstance(code, str) or frame.get("request") != "watch":
            return False
        try:
            ws = await self._connect(url)
            await ws.send(json.dumps({"type": "watch", "code": code}))
        except Exception:
            return False
        old, self._ws = self._ws, ws
        with contextlib.suppress(Exception):
            await old.close()
        for name in sorted(self._mutes):  # the names muted are the connection's: asked again there
            await self._send({"type": "mute", "name": name, "on": True})
        return True

    async def _send(self, frame: dict[str, Any]) -> None:
        # Paced to the server's allowance (a key held down must not get this seat's moves dropped
        # unread); the lock is fair, so frames leave in the order they were sent.
        async with self._send_lock:
            while not self._bucket.allow():
                await asyncio.sleep(1.0 / self._bucket.rate)
            ws = self._ws
            if ws is None:
                return
            with contextlib.suppress(Exception):  # a send on a dropped connection: the reader reconnects
                await ws.send(json.dumps(frame))

    def _put(self, frame: dict[str, Any]) -> None:
        if frame.get("type") == "left":  # the answer to leave: taken by leave(), not news for the table
            self.left_kept = frame.get("kept") is not False
            self._left.set()
            return
        if frame.get("type") == "error" and frame.get("code") in FINAL_ERRORS:
            self._no_retry = True
        self.frames.put(frame)
        if self.on_frame is not None:
            with contextlib.suppress(Exception):
                self.on_frame()

    async def _read_forever(self) -> None:
        while not self._closing:
            ws = self._ws
            moved = False
            try:
                async for raw in ws:
                    frame = _decode(raw)
                    if frame.get("type") == "redirect":
                        if await self._move(frame):
                            moved = True  # read on at the process holding the table
                            break
                        # Not followed: the person hears that the table cannot be watched from here.
                        frame = {"type": "error", "code": "no_table", "message": str(frame.get("message") or "")}
                    self._put(frame)
            except asyncio.CancelledError:
                return
            except Exception:
                pass  # dropped: reconnect below
            if moved:
                continue
            if self._closing or self._no_retry:
                self.connected = False
                return
            if self.seat is None:  # the lobby: no seat to rejoin; the person is told, and may come back
                self.connected = False
                self._no_retry = True
                self._put({"type": "_closed", "code": getattr(ws, "close_code", None)})
                return
            close_code = getattr(ws, "close_code", None)
            if close_code in (1008, 4000):  # refused for good (flooding, a seat taken over): no retry
                self.connected = False
                self._no_retry = True
                self._put({"type": "_closed", "code": close_code})
                return
            self.connected = False
            self._ws = None
            self._put({"type": "_lost"})
            await self._reconnect()

    async def _reconnect(self) -> None:
        assert self.seat is not None
        busy_said = False
        for delay in backoff_delays():
            if self._closing:
                return
            await asyncio.sleep(delay)
            try:
                ws = await self._connect(self.at)
                rejoin = {"type": "rejoin", "code": self.seat.code, "token": self.seat.token, "seen": self.seen()}
                if (number := self.game_number()) is not None:
                    rejoin["game_number"] = number
                ws, answer = await self._ask(ws, rejoin)
            except asyncio.CancelledError:
                raise
            except Exception:
                continue
            if answer.get("type") == "error" and answer.get("code") in ("too_many", BUSY):
                # the server's allowance for this address, or a server that cannot find the table just
                # now: asked again after the next pause (the player told once that it is busy)
                await ws.close()
                if answer.get("code") == BUSY and not busy_said:
                    busy_said = True
                    self._put({"type": "_busy"})
                continue
            if answer.get("type") != "seated":
                await ws.close()
                self._no_retry = True
                self._put({"type": "_closed", "code": answer.get("code"), "message": answer.get("message"),
                           "why": answer.get("why")})
                return
            self._ws = ws
            self.connected = True
            self._put({"type": "_reconnected"})
            return


def redirect_url(frame: dict[str, Any], came_from: str) -> str | None:
    """The ws:// or wss:// address a ``redirect`` sends the client to, or None when it is not one, or
    when it would take a client that came over TLS (``came_from``) to a plain connection off this
    machine: the seat's token would then cross the network readable."""
    url = frame.get("url")
    if not isinstance(url, str) or len(url) > 2000:
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        return None
    if urlsplit(came_from).scheme == "wss" and parts.scheme == "ws" and not _loopback(url):
        return None
    return url


def _decode(raw: Any) -> dict[str, Any]:
    try:
        frame = json.loads(raw)
    except (TypeError, ValueError):
        return {"type": "_bad"}
    return frame if isinstance(frame, dict) else {"type": "_bad"}
