"""The ``/web`` channel: one browser's WebSocket, read in the server's loop.

The same rules as the game protocol's connections (access_game.net.server): the origin allow-list
(checked by the handshake for every path), the frame size and the message rate of one connection, and
the connections and flooding of one address (the browser's own: its hosted terminal's loopback
connection names it, access_game.net.seat_trust). Every frame is read by :func:`messages.parse` first; a
bad one is answered with ``error`` in the player's language and changes nothing.

What the browser asks is handed to its hosted terminal (access_game.web.seat), whose thread sends the
answers back through :meth:`WebChannel.send`, from any thread, in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import ssl
import threading
from typing import TYPE_CHECKING, Any, Protocol, cast

from websockets.exceptions import ConnectionClosed

from access_game.net import protocol as p
from access_game.net.limits import FLOOD_LIMIT, TokenBucket
from access_game.web import messages as m
from access_game.web.loading import load_the_terminal
from access_game.web.outputs import web_settings, with_setup
from access_game.web.pages import answer
from speech import net_words as nw
from speech import web_words as ww
from speech.i18n import _, in_language

if TYPE_CHECKING:
    from websockets.asyncio.server import Server, ServerConnection
    from websockets.http11 import Request, Response

    from access_game.net.limits import Limits
    from access_game.web.seat import WebSeat

__all__ = ["WEB_PATH", "TableHost", "WebChannel", "WebGateway", "local_play", "web_path"]


class TableHost(Protocol):
    """What the gateway asks of the table server (access_game.net.server's TableServer): a protocol, so
    that the server imports its gateway and the gateway does not import the server back."""

    limits: Limits

    def address_of(self, ws: Any, request: Any = None) -> str: ...

    def _address(self, host: str) -> Any: ...

    def _cut_off(self, host: str, flooder: Any) -> None: ...

    def _spawn(self, coro: Any) -> None: ...

log = logging.getLogger("access_game.web")

#: The path of the channel; every other path is the game protocol's.
WEB_PATH = "/web"
#: Close code for a browser that stopped reading (a slow link): it comes back with ``resume``.
CLOSE_TOO_SLOW = 1013
#: Seconds a seat whose browser went waits for it to come back (``resume``) with its table and lines kept
#: in this process; later, ``resume`` still takes the seat back from the server, with the table's
#: summary instead of the lines.
PARK_SECONDS = 15 * 60


def web_path(ws: ServerConnection) -> bool:
    """Whether ``ws`` asked for the web channel."""
    request = ws.request
    return request is not None and request.path.split("?", 1)[0] == WEB_PATH


class WebGateway:
    """The web channel of one table server: where its hosted terminals connect to (the server itself,
    over loopback), and the channel of each browser."""

    def __init__(self, tables: TableHost) -> None:
        self.tables = tables
        #: The server's own address, for its hosted terminals (set once it listens).
        self.url: str | None = None
        self.connect_options: dict[str, Any] = {}
        #: The browser holding each seat (by the seat's web token), and the seats whose browser went.
        self.holders: dict[str, WebChannel] = {}
        self.parked: dict[str, WebSeat] = {}
        self._warmed = False

    def hold(self, channel: WebChannel, seat: WebSeat) -> None:
        """``channel``'s browser now holds ``seat``: a browser that held it before is told it was taken
        over, in its language, and holds it no more."""
        token = seat.token
        if token is None:
            return
        self.parked.pop(token, None)
        before = self.holders.get(token)
        if before is not None and before is not channel:
            before.taken_over()
        self.holders[token] = channel

    def let_go(self, channel: WebChannel, seat: WebSeat) -> bool:
        """``channel``'s browser went: its seat waits for it a while (PARK_SECONDS), then is closed; True
        when it is closed now (nothing to wait for)."""
        token = seat.token
        if token is None or self.holders.get(token) is not channel or seat.ended:
            seat.stop()
            return True
        del self.holders[token]
        self.parked[token] = seat
        seat.park()

        def expire() -> None:
            if self.parked.get(token) is seat:
                del self.parked[token]
                seat.stop()

        asyncio.get_running_loop().call_later(PARK_SECONDS, expire)
        return False

    def kept_seat(self, token: str) -> WebSeat | None:
        """The seat of this process that ``token`` holds, with a browser or waiting for one."""
        seat = self.parked.get(token)
        if seat is not None:
            return seat
        holder = self.holders.get(token)
        return holder.seat if holder is not None and holder.seat is not None and holder.seat.token == token else None

    def listening(self, server: Server, tls: ssl.SSLContext | None) -> None:
        """The server listens: its hosted terminals connect to it over loopback (to the address it
        listens on when that is one address, not every address)."""
        sock = next(iter(server.sockets))
        host, port = sock.getsockname()[:2]
        if host in ("0.0.0.0", ""):
            host = "127.0.0.1"
        elif host == "::":
            host = "::1"
        shown = f"[{host}]" if ":" in host else host
        self.url = f"{'wss' if tls is not None else 'ws'}://{shown}:{port}"
        if tls is not None:  # its own certificate, whatever name it was made for: this very process
            context = ssl.create_default_context()
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
            self.connect_options = {"ssl": context}

    def accepts(self, ws: ServerConnection) -> bool:
        return web_path(ws)

    def page(self, request: Request, *, secure: bool) -> Response:
        return answer(request, secure=secure)

    async def serve(self, ws: ServerConnection) -> None:
        if not self._warmed:  # the terminal's modules loaded while the first page says what it wants
            self._warmed = True
            threading.Thread(target=load_the_terminal, name="web-warm-up", daemon=True).start()
        await WebChannel(self, ws).run()


class WebChannel:
    """One browser (see the module's docstring)."""

    def __init__(self, gateway: WebGateway, ws: ServerConnection) -> None:
        self.gateway = gateway
        self.ws = ws
        tables = gateway.tables
        self.address = tables.address_of(ws)
        self.settings = web_settings(lang="en")
        self.name: str | None = None
        self.seat: WebSeat | None = None
        self.bucket = TokenBucket(p.RATE_PER_SECOND, p.RATE_BURST)
        self.strikes = 0
        self.loop = asyncio.get_running_loop()
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self.most_waiting = tables.limits.send_queue or 0
        self.dropped = False

    # ----------------------------------------------------------------- sending
    def send(self, text: str) -> None:
        """A frame to the browser, from any thread, after those sent before it."""
        with contextlib.suppress(RuntimeError):  # the server is stopping: nobody to tell
            self.loop.call_soon_threadsafe(self._queue, text)

    def _queue(self, text: str) -> None:
        if self.dropped:
            return
        if self.most_waiting and self.outbox.qsize() >= self.most_waiting:
            # A browser that stopped reading: dropped (its seat kept), it comes back with resume.
            self.dropped = True
            self.gateway.tables._spawn(self.ws.close(CLOSE_TOO_SLOW, "not reading"))
            return
        self.outbox.put_nowait(text)

    async def _write_out(self) -> None:
        while True:
            text = await self.outbox.get()
            try:
                await self.ws.send(text)
            finally:
                self.outbox.task_done()

    def _error(self, code: str, sentence: str | None = None) -> None:
        """An error frame in the player's language: ``sentence`` (marked for the catalog), or the game
        protocol's own words for ``code``."""
        with in_language(self.settings.language):
            self.send(m.encode("error", code=code, text=_(sentence) if sentence else nw.error_words(code, code)))

    # ----------------------------------------------------------------- reading
    async def run(self) -> None:
        tables = self.gateway.tables
        entry = tables._address(self.address)
        most = tables.limits.connections_per_address
        if entry.blocked or (most and len(entry.connections) >= most):
            await self.ws.close(p.CLOSE_POLICY, "too many connections from this address")
            return
        entry.connections.add(self)
        writer = asyncio.ensure_future(self._write_out())
        try:
            async for frame in self.ws:
                if self.dropped:
                    continue
                if not self.bucket.allow():
                    self.strikes += 1
                    if self.strikes > FLOOD_LIMIT:
                        tables._cut_off(self.address, cast(Any, self))  # (only its ws is used)
                        with contextlib.suppress(TimeoutError):  # told why first
                            await asyncio.wait_for(self.outbox.join(), 2)
                        await self.ws.close(p.CLOSE_POLICY, "too many messages")
                        break
                    self._error(p.ErrorCode.TOO_FAST)
                    continue
                self.strikes = 0
                try:
                    message = m.parse(frame)
                except m.WebRefusal as refusal:
                    self._error(refusal.code, ww.TOO_BIG if refusal.code == m.TOO_BIG else ww.BAD_MESSAGE)
                    continue
                self._take(message)
                await asyncio.sleep(0)
        except ConnectionClosed:
            pass
        except Exception:  # a bug must cost one browser, never the server
            log.exception("web channel failed")
            with contextlib.suppress(Exception):
                await self.ws.close(1011, "server error")
        finally:
            entry.connections.discard(self)
            if self.seat is not None:
                self.gateway.let_go(self, self.seat)
            writer.cancel()

    def _take(self, message: m.WebMessage) -> None:
        if isinstance(message, m.Start):
            if self.name is not None:
                self._error(m.BAD_MESSAGE, ww.BAD_MESSAGE)
                return
            self.name = message.name
            self.settings = with_setup(self.settings, message.setup)
            return
        if self.name is None:
            self._error(m.BAD_MESSAGE, ww.BAD_MESSAGE)
            return
        if isinstance(message, m.Setup):
            self.settings = with_setup(self.settings, message)
            if self.seat is not None:
                self.seat.change(message)
            return
        if isinstance(message, m.Key | m.Command | m.Text):
            seat = self.seat
            if seat is None:
                self._error("not_seated", ww.NO_TABLE_YET)
            elif isinstance(message, m.Key):
                seat.key(message.key)
            elif isinstance(message, m.Command):
                seat.command(message.name)
            else:
                seat.text(message.text)
            return
        if isinstance(message, m.SignIn) and (self.seat is None or self.seat.ended or self.seat.lobby is not None):
            self.name = message.name  # the lobby a guest sat in gives way to the account's
            self._seat().open_lobby(sign_in=message)
            return
        if self.seat is not None and not self.seat.ended:
            self._error(p.ErrorCode.ALREADY_SEATED, ww.ONE_TABLE)
            return
        if isinstance(message, m.Lobby | m.Watch):
            self._seat().open_lobby(watch=message.code if isinstance(message, m.Watch) else None)
            return
        if isinstance(message, m.Resume) and (kept := self.gateway.kept_seat(m.web_token(message.code,
                                                                                           message.token))):
            self._take_over(kept)
            return
        if isinstance(message, m.Play) and local_play(message.game, message.computers):
            self._seat().open_local(message.game)
            return
        first = self._first(message)
        if first is None:
            self._error(m.BAD_MESSAGE, ww.BAD_MESSAGE)
            return
        self._seat().open(first, resumed=isinstance(message, m.Resume))

    def seated(self, seat: WebSeat) -> None:
        """``seat`` (this browser's) has its token: this browser holds it (in the server's loop)."""
        if seat is self.seat:
            self.gateway.hold(self, seat)

    def _take_over(self, seat: WebSeat) -> None:
        """``resume`` of a seat this process keeps: this browser takes it, with its lines, in its language."""
        if self.seat is not None and self.seat is not seat:
            self.gateway.let_go(self, self.seat)
        self.seat = seat
        self.gateway.hold(self, seat)
        seat.owner = self
        seat.attach(self.send, m.Setup(self.settings.language, self.settings.verbosity, self.settings.cards,
                                       self.settings.cues, self.settings.wild_sign))

    def taken_over(self) -> None:
        """Another browser resumed this one's seat: told so in this browser's language; this browser
        has no seat any more."""
        self.seat = None
        with in_language(self.settings.language):
            self.send(m.encode("lines", lines=[nw.error_words(p.ErrorCode.REPLACED, "")]))
        self.send(m.encode("state", where="left", game="", code=None, hand=[], commands=[], question=None))

    def _first(self, message: m.WebMessage) -> dict[str, Any] | None:
        """The game protocol's request for a seat that ``message`` asks for (None: not one)."""
        if isinstance(message, m.Play):
            return quick_play(message.game, message.computers)
        if isinstance(message, m.Join):
            return {"type": "join", "code": message.code}
        if isinstance(message, m.Resume):
            return {"type": "rejoin", "code": message.code, "token": message.token, "seen": 0}
        return None

    def _seat(self) -> WebSeat:
        from access_game.web.seat import WebSeat

        previous = self.seat
        stopped = previous is not None and self.gateway.let_go(self, previous)
        url = self.gateway.url
        assert url is not None, "the server listens before any browser connects"
        assert self.name is not None
        self.seat = WebSeat(url=url, address=self.address, name=self.name, settings=self.settings, send=self.send,
                            connect_options=self.gateway.connect_options)
        self.seat.owner = self
        if stopped and previous is not None:
            self.seat.after(previous)
        host = self.ws.request.headers.get("Host") if self.ws.request is not None else None
        if host:  # the lobby names the server as the browser reached it
            self.seat.shown_url = f"{'wss' if self.gateway.connect_options else 'ws'}://{host[:200]}"
        return self.seat


def local_play(game: str, computers: int) -> bool:
    """Whether ``play`` asks for a game that is not a network game (solitaire), played by the seat's
    hosted terminal alone, as at the terminal: a game with a table, for one player, no computers."""
    from access_game.catalog import games as catalog_games
    from access_game.catalog import network_games

    return computers == 0 and any(e.name == game and e.table is not None and e.name not in network_games()
                                  and e.player_range[0] == 1 for e in catalog_games())


def quick_play(game: str, computers: int) -> dict[str, Any] | None:
    """A new table of ``game`` with ``computers`` computer players and the browser's seat (None when the
    server has no such game, or it is not for that many players)."""
    from access_game.catalog import UnknownGame, network_games
    from access_game.catalog import game as catalog_game

    try:
        entry = catalog_game(game)
    except UnknownGame:
        return None
    seats = computers + 1
    low, high = entry.player_range
    if entry.name not in network_games() or not max(2, low) <= seats <= high:
        return None
    options = entry.rule_options({}, seats, secrets.randbits(31))
    return {"type": "create", "game": entry.name, "seats": seats, "computers": computers, "level": "normal",
            "options": options}

