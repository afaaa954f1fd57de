"""The table server of one ``serve`` process among several sharing one lobby through Redis.

Each table lives in one process, the one it was created at (its lock, its journal, its players'
connections); the lobby is everyone's. So this server is access_game.net.server's, with what crosses
processes added at a few seams:

- the table list a client is sent is this process's tables and every other live process's, and a
  table listed, changed or unlisted at any process is heard at every process's lobby;
- a ``join``, ``rejoin`` or ``watch`` of a table another process holds is answered with ``redirect``
  and that process's public URL, which the client follows with the same request (a seat's token is
  the table's, so it holds wherever the client connects from). A code begins with its process's tag
  (access_game.net.redis_bus), so the holder is found without Redis; only a code of no known tag is
  looked up there, and a lookup that fails is answered ``unavailable`` (try again), never "no such
  table" or "no such seat": a seat is lost only with its token;
- presence, the server-wide chat, private messages, an administrator's broadcast and bans cross
  through Redis's log, read by each process from where it was (access_game.net.redis_bus;
  access_game.net.shared_lobby keeps them);
- every ``expiry / 3`` seconds the process renews its keys and reads the others' again, so the
  tables and names of a process that died leave every list within the expiry.
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

from redis.exceptions import RedisError

from access_game.datafiles import DamagedFile, read_json
from access_game.net import lobby_messages
from access_game.net import protocol as p
from access_game.net.account_desk import AccountDesk
from access_game.net.computers import ComputerPlayers
from access_game.net.connections import Connection
from access_game.net.limits import Limits
from access_game.net.lobby import Line
from access_game.net.redis_bus import TAG_LENGTH, Peer, RedisBus, RedisUnavailable, Snapshot
from access_game.net.rooms.lobby_room import listing
from access_game.net.rooms.state import CLOSED
from access_game.net.server import NO_SEAT, NO_TOKEN, TableServer, WebFactory
from access_game.net.shared_lobby import SharedLobby
from access_game.net.table_store import TableStore
from access_game.net.tables import Table, new_code

__all__ = ["SharedTables"]

log = logging.getLogger("access_game.net.shared_server")

#: The file in the data folder keeping this process's tag across restarts (its tables' codes begin so).
TAG_FILE = "process-tag.json"
#: Said to a client whose table could not be looked up now (Redis failed): it tries again, token kept.
UNAVAILABLE = "the server cannot look that table up just now: try again in a moment"


def _held_state(table: Table) -> dict[str, bool]:
    """What another process needs to know to send a client here: whether a join may find a free seat,
    and whether a watch may be answered (otherwise it answers as for an unknown code, as here)."""
    return {"free": table.free_seat() is not None, "watch": table.watchable or table.public}


def _line(data: Any) -> Line | None:
    if not isinstance(data, dict):
        return None
    name, text, at, to = data.get("name"), data.get("text"), data.get("at"), data.get("to")
    if not isinstance(name, str) or not isinstance(text, str) or not isinstance(at, int | float) or \
            not (to is None or isinstance(to, str)):
        return None
    return Line(name, text, float(at), to)


class SharedTables(TableServer):
    """A table server whose lobby is shared with other processes through ``lobby.bus`` (Redis)."""

    def __init__(self, store: TableStore | None, lobby: SharedLobby, limits: Limits | None = None,
                 computers: ComputerPlayers | None = None, *, behind_proxy: bool = False,
                 accounts: AccountDesk | None = None, web: WebFactory | None = None) -> None:
        super().__init__(store, limits, computers, behind_proxy=behind_proxy, lobby=lobby, accounts=accounts,
                         web=web)
        self.shared = lobby
        self.bus: RedisBus = lobby.bus
        #: The other live processes, as Redis and their messages last said.
        self.peers: dict[str, Peer] = {}
        #: What Redis was last told of each table held here (see _held_state).
        self._held: dict[str, dict[str, bool]] = {}
        self._sharing: list[asyncio.Task[None]] = []
        #: Messages heard from the others (see _refresh).
        self._heard_count = 0
        #: Every process's tag with its public URL, as last read (kept while Redis is away).
        self.places: dict[str, str] = {}

    # ----------------------------------------------------------------- starting and stopping
    def snapshot(self) -> Snapshot:
        self._held = {code: _held_state(table) for code, table in self.tables.items()}
        return Snapshot(held=dict(self._held), listed=dict(self._listed), names=frozenset(self.shared.present))

    async def start_sharing(self) -> None:
        """Reach Redis, say what this process holds, read the others and the chat kept, and keep doing so.
        RedisUnavailable when Redis cannot be reached."""
        self.bus.tag = self._kept_tag()
        await self.bus.connect(self.snapshot())
        self._keep_tag()
        self.places.update(await self.bus.tags())
        for data in await self.bus.chat():
            line = _line(data)
            if line is not None:
                self.shared.heard_said(line)
        for name, addresses in (await self.bus.bans()).items():
            if not self.shared.banned(name) or not all(self.shared.banned(address=a) for a in addresses):
                self.shared.heard_ban(name, addresses, on=True)
        await self._refresh()
        self._sharing = [asyncio.ensure_future(self._listen()), asyncio.ensure_future(self._keep_alive())]

    def _tag_path(self) -> Path | None:
        return None if self.shared.folder is None else self.shared.folder / TAG_FILE

    def _kept_tag(self) -> str | None:
        """The tag this process had before a restart (its tables' codes begin with it), if any."""
        path = self._tag_path()
        if path is None:
            return None
        try:
            data = read_json(path)
        except FileNotFoundError:
            return None
        except DamagedFile as exc:
            log.error("%s cannot be read (%s): this process takes a new tag", path, exc)
            return None
        tag = data.get("tag") if isinstance(data, dict) else None
        if isinstance(tag, str) and len(tag) == TAG_LENGTH and all(ch in p.CODE_ALPHABET for ch in tag):
            return tag
        return None

    def _keep_tag(self) -> None:
        from access_game.settings import atomic_write_text

        path = self._tag_path()
        if path is None or self.bus.tag is None:
            return
        try:
            atomic_write_text(path, json.dumps({"tag": self.bus.tag}) + "\n")
        except OSError as exc:  # the tables still play; after a restart their codes are looked up in Redis
            log.error("%s cannot be written: %s", path, exc)

    async def stop_sharing(self) -> None:
        for task in self._sharing:
            task.cancel()
        await self.bus.close()

    async def _keep_alive(self) -> None:
        every = self.bus.expiry / 3
        while True:
            await asyncio.sleep(every)
            try:
                await self.bus.beat(self.snapshot)
                await self._refresh()
            except (RedisError, OSError) as exc:
                log.error("Redis cannot be reached: %s (this process's tables stay playable)", exc)

    async def _listen(self) -> None:
        failing = False
        while True:
            try:
                async for message in self.bus.messages():
                    failing = False
                    try:
                        self._heard(message)
                    except (KeyError, TypeError, ValueError, AttributeError) as exc:
                        log.warning("a message from another process could not be read (%s): %r", exc, message)
            except (RedisError, OSError) as exc:
                if not failing:  # said once an outage; the log is read on from where it was
                    log.error("Redis's log cannot be read: %s; reading again", exc)
                failing = True
            # (never at once: a read that fails at once again must not hold the loop)
            await asyncio.sleep(1)

    # ----------------------------------------------------------------- the others' state
    async def _refresh(self) -> None:
        """Read the other processes again; tell this process's lobby what changed (a process gone, a
        message missed while Redis was away). A read during which messages came may be older than they
        are (someone arriving would be taken as gone, and come back at the next read): it is read again,
        a few times, before it is taken as it is."""
        for _try in range(3):
            heard = self._heard_count
            fresh = await self.bus.peers()
            if heard == self._heard_count:
                break
        self.places.update(await self.bus.tags())
        self._update_peers(fresh)

    def _update_peers(self, fresh: dict[str, Peer]) -> None:
        before_names = {name for names in self.shared.remote.values() for name in names}
        old = {code: entry for peer in self.peers.values() for code, entry in peer.listed.items()}
        new = {code: entry for peer in fresh.values() for code, entry in peer.listed.items()}
        self.peers = fresh
        self.shared.remote = {pid: set(peer.names) for pid, peer in fresh.items()}
        for code in old.keys() - new.keys():
            if code not in self._listed:
                self._to_lobby(lobby_messages.unlisted(code))
        for code, entry in new.items():
            if old.get(code) != entry and code not in self._listed:
                self._to_lobby(lobby_messages.listed(entry))
        after_names = {name for names in self.shared.remote.values() for name in names}
        for name in sorted(before_names ^ after_names):
            if name not in self.shared.present:
                self._to_lobby(lobby_messages.presence(name, online=name in after_names))

    def _heard(self, message: dict[str, Any]) -> None:
        """A message of another process: this process's connections hear what concerns them."""
        self._heard_count += 1
        pid, kind = message["from"], message["kind"]
        peer = self.peers.get(pid)
        if kind == "gone":
            self._update_peers({k: v for k, v in self.peers.items() if k != pid})
            return
        if kind == "here":  # a process started: where its codes are held, known before any Redis lookup
            if isinstance(message.get("tag"), str) and isinstance(message.get("url"), str):
                self.places[message["tag"]] = message["url"]
            return
        if peer is None and kind in ("listed", "unlisted", "presence"):
            # A process started since the last read: known from its next heartbeat on; what it says now
            # is taken as it comes.
            peer = self.peers[pid] = Peer(url="")
            self.shared.remote[pid] = peer.names
        if kind == "listed":
            entry = message["entry"]
            assert peer is not None
            peer.listed[str(message["code"])] = entry
            self._to_lobby(lobby_messages.listed(entry))
        elif kind == "unlisted":
            assert peer is not None
            if peer.listed.pop(str(message["code"]), None) is not None:
                self._to_lobby(lobby_messages.unlisted(str(message["code"])))
        elif kind == "presence":
            assert peer is not None
            name, online = str(message["name"]), bool(message["online"])
            before = self.shared.anywhere(name)
            if online:
                peer.names.add(name)
            else:
                peer.names.discard(name)
            self.shared.remote[pid] = peer.names
            if self.shared.anywhere(name) != before:
                self._to_lobby(lobby_messages.presence(name, online=online))
        elif kind == "said":
            line = _line(message["line"])
            if line is not None:
                self.shared.heard_said(line)
                frame = p.encode(lobby_messages.said(line))
                for conn in list(self._listeners):
                    if line.name not in conn.muted:
                        self._post(conn, frame)
        elif kind == "told":
            line = _line(message["line"])
            if line is not None and line.to is not None:
                self.shared.heard_told(line)
                frame = p.encode(lobby_messages.told(line))
                for conn in {*self.shared.connections_of(line.to), *self.shared.connections_of(line.name)}:
                    if line.name not in conn.muted:
                        self._post(conn, frame)
        elif kind == "broadcast":
            frame = p.encode(lobby_messages.broadcast(str(message["name"]), str(message["text"])))
            for conn in self.shared.everyone():
                self._post(conn, frame)
        elif kind == "ban":
            self._heard_ban(str(message["name"]), [str(a) for a in message["addresses"]], on=bool(message["on"]))
        elif kind == "close":
            code = str(message["code"])
            if code in self.tables:
                self._spawn(self._close_held(code))

    def _heard_ban(self, name: str, addresses: list[str], *, on: bool) -> None:
        self.shared.heard_ban(name, addresses, on=on)
        if on:
            for gone in list(self.shared.everyone()):
                if self.shared.banned(gone.name, gone.address):
                    self._send(gone, p.error_message(p.ErrorCode.BANNED, "banned from this server"))
                    self._spawn(gone.close_after_sent(p.CLOSE_POLICY, "banned"))

    async def _close_held(self, code: str) -> None:
        """An administrator at another process closed a table held here."""
        table = self.tables.get(code)
        if table is None:
            return
        async with self._lock(code):
            for gone in list(self.seated.get(code, {}).values()):
                gone.code = gone.seat = None
                self._send(gone, p.error_message(p.ErrorCode.CLOSED, "an administrator closed this table"))
                self._spawn(gone.close_after_sent(1000, "closed"))
            self._forget_table(code, "an administrator closed this table")
            if self.store is not None:
                self.store.remove(code)

    # ----------------------------------------------------------------- this process's tables, told
    def _new_code(self) -> str:
        """A code beginning with this process's tag that no table here has: unique among every process's
        without asking Redis, so a table is created as fast with Redis away, and its code says where it
        is held."""
        tag = self.bus.tag
        if tag is None:
            return new_code({*self.tables, *(code for peer in self.peers.values() for code in peer.held)})
        while True:
            code = tag + new_code(set())[TAG_LENGTH:]
            if code not in self.tables:
                return code

    async def _created(self, table: Table) -> None:
        """Redis is told where the new table is held (queued: a friend joining through another process is
        sent here by the code's tag, without Redis)."""
        state = self._held[table.code] = _held_state(table)
        self.bus.send("held", code=table.code, state=state)

    def _relist(self, table: Table) -> None:
        old = self._listed.get(table.code)
        super()._relist(table)
        new = self._listed.get(table.code)
        if new != old:
            if new is None:
                self.bus.send("unlisted", code=table.code)
            else:
                self.bus.send("listed", code=table.code, entry=new)
        if table.code in self.tables:
            state = _held_state(table)
            if self._held.get(table.code) != state:
                self._held[table.code] = state
                self.bus.send("held", code=table.code, state=state)

    def _forget_table(self, code: str, why: str = CLOSED) -> None:
        was_listed = code in self._listed
        super()._forget_table(code, why)
        if was_listed:
            self.bus.send("unlisted", code=code)
        if self._held.pop(code, None) is not None:
            self.bus.send("released", code=code)

    # ----------------------------------------------------------------- requests that cross processes
    async def _lobby_request(self, conn: Connection, message: p.ClientMessage) -> bool:
        if isinstance(message, p.Tables):
            self._set_listing(conn, message.watch)
            here = [e for t in self.tables.values() if (e := listing(t))]
            codes = {e["code"] for e in here}
            there = [e for peer in self.peers.values() for code, e in peer.listed.items() if code not in codes]
            self._send(conn, lobby_messages.tables([*here, *there]))
            return True
        if isinstance(message, p.Tell) and not self.shared.connections_of(message.to) \
                and self.shared.elsewhere(message.to):
            name = conn.name or ""
            self._chat_allowed(conn, message.text)
            frame = p.encode(lobby_messages.told(self.shared.tell(name, message.to, message.text)))
            for other in {*self.shared.connections_of(name)}:
                self._post(other, frame)
            return True
        if isinstance(message, p.Watch) and message.code not in self.tables:
            self._not_seated_yet(conn)
            self._allowed(conn, "joins")
            if not await self._redirect(conn, message.code, "watch", "watch"):
                raise p.ProtocolError(p.ErrorCode.NO_TABLE, "no table open to spectators has that code")
            return True
        if isinstance(message, p.Close) and conn.admin and message.code not in self.tables:
            found = await self._holder(message.code)
            if found is not None:
                self.bus.send("close", code=message.code)
                self.shared.record(conn.name or "", "close", table=message.code)
                self._send(conn, lobby_messages.done("close", code=message.code))
                return True
        handled = await super()._lobby_request(conn, message)
        if handled and isinstance(message, p.Broadcast) and conn.admin:
            self.bus.send("broadcast", name=conn.name or "", text=message.text)
        return handled

    # A join, rejoin or watch of a code not held here counts against the address's allowance as one
    # of a code held here does, and is answered as the table server answers an unknown code when no
    # other process holds it either: nobody learns more of which codes are live by asking here.
    async def _join(self, conn: Connection, msg: p.Join) -> None:
        if msg.code in self.tables:
            await super()._join(conn, msg)
            return
        self._not_seated_yet(conn)
        self._allowed(conn, "joins")
        if not await self._redirect(conn, msg.code, "join", "free"):
            raise p.ProtocolError(p.ErrorCode.NO_TABLE, NO_SEAT)

    async def _rejoin(self, conn: Connection, msg: p.Rejoin) -> None:
        if msg.code in self.tables:
            await super()._rejoin(conn, msg)
            return
        self._not_seated_yet(conn)
        self._allowed(conn, "joins")
        if not await self._redirect(conn, msg.code, "rejoin", None):
            raise p.ProtocolError(p.ErrorCode.BAD_TOKEN, NO_TOKEN)

    async def _holder(self, code: str) -> tuple[str, dict[str, bool]] | None:
        """Where Redis says table ``code`` is held (see RedisBus.where); None also when it cannot say."""
        try:
            return await self.bus.where(code)
        except RedisUnavailable as exc:
            log.error("Redis cannot be reached to find table %s: %s", code, exc)
            return None

    async def _tagged(self, code: str) -> str | None:
        """The public URL of the other process whose tag begins ``code``: as read before, else asked of
        Redis; None when the code is this process's or no process has its tag. RedisUnavailable when the
        tag is unknown here and Redis cannot say now."""
        tag = code[:TAG_LENGTH]
        if len(code) != p.CODE_LENGTH or tag == self.bus.tag:
            return None
        url = self.places.get(tag)
        if url is None:
            url = await self.bus.place(tag)
            if url is not None:
                self.places[tag] = url
        return None if url == self.bus.public_url else url

    async def _redirect(self, conn: Connection, code: str, request: str, needs: str | None) -> bool:
        """Send the client to the process holding table ``code``: the one its tag names, whatever Redis
        says (it answers for its own codes), else the one Redis names (a code drawn before tags, when
        the table has a free seat or may be watched there, ``needs``). False when no other process holds
        it: the request is answered here. ProtocolError ``unavailable`` when Redis was needed and failed:
        the client tries again, and nobody is told a seat or a table is gone when it may not be."""
        try:
            url = await self._tagged(code)
            if url is None:
                found = await self.bus.where(code)
                if found is None or (needs is not None and not found[1].get(needs)):
                    return False
                url = found[0]
        except RedisUnavailable as exc:
            log.warning("Redis cannot be reached to find table %s: %s", code, exc)
            raise p.ProtocolError(p.ErrorCode.UNAVAILABLE, UNAVAILABLE) from None
        self._send(conn, p.redirect_message(code=code, url=url, request=request))
        return True

