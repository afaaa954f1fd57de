"""The Redis side of a lobby shared by several ``serve`` processes (access_game.net.shared_server).

Every key a process writes lives under ``access-game:`` and expires ``expiry`` seconds after the
process's last heartbeat, so a process that dies (killed, its machine gone) leaves the list within
that time without anyone cleaning up after it:

- ``process:<id>`` (hash): the process's public URL and its tag, where clients are sent for its tables;
- ``held:<id>`` (hash): each table code the process holds, with whether a join or a watch goes there
  (JSON ``{"free": bool, "watch": bool}``), so another process knows where to send a client;
- ``listed:<id>`` (hash): each of its tables' lines in the lobby's list (JSON, as ``listed`` sends);
- ``online:<id>`` (hash): each name with a connection there;
- ``processes`` (set): the ids, pruned by whoever finds one's ``process:<id>`` gone;
- ``tags`` (hash, kept): each process's tag (two characters of a table code, kept in its data folder
  across restarts) with its public URL. Every code a process draws begins with its tag, so a code says
  which process holds its table: another process sends a client there from what it has read before,
  without asking Redis (a Redis hung, lost or cut off costs no seat);
- ``chat`` (list): the last lines of the server-wide chat, read by a process starting;
- ``bans`` (hash): each name banned by an administrator at any process, with the addresses banned with
  it, taken up by a process starting (each process keeps them in its own bans file too).

What happens goes on one stream, ``access-game:log`` (XADD, the last ``LOG_LENGTH`` entries kept), one
JSON object an entry with its sender's id (``from``), its number among the sender's (``n``) and
``kind``: a process here (with its tag and URL), a table listed or unlisted, someone arriving or
departing, a chat line said, a private message told, an administrator's broadcast, ban or close, a
process gone. Each process reads it from its last
position (XREAD), so after Redis was stopped, cut off or restarted it reads on where it was: nothing said
meanwhile is missed. Writes go out in the order they were asked for, from one task, and a write Redis
did not take is tried again (never dropped, never reordered): nothing of the server's waits on Redis, and
an entry written twice (its answer lost) is read once, by its number. A Redis restarted empty is told by
``epoch`` (a random value set by whoever finds none): a process that finds another reads the new
stream from its start.

Lookups (where is a table, whose is a tag) wait at most ``LOOKUP_TIMEOUT``; after a failure they are
not tried for ``BREAKER_SECONDS`` (the heartbeat and the writer keep trying), so a hung Redis costs a
request at most that second, and a failed lookup says so (RedisUnavailable), never "no such table".
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from access_game.net.protocol import CODE_ALPHABET

__all__ = ["DEFAULT_EXPIRY", "OLD_CHANNEL", "PREFIX", "TAG_LENGTH", "Breaker", "OlderFleet", "Peer", "RedisBus",
           "RedisUnavailable", "Snapshot"]

log = logging.getLogger("access_game.net.redis_bus")

_T = TypeVar("_T")

PREFIX = "access-game:"
LOG = PREFIX + "log"
#: The pub/sub channel older versions shared the lobby on (before the stream): a process that listens
#: there, or whose ``process:<id>`` names no tag, is of an older version (see :meth:`RedisBus.connect`).
OLD_CHANNEL = PREFIX + "lobby"
EPOCH = PREFIX + "epoch"
TAGS = PREFIX + "tags"
#: Entries of the log kept (about): a process away for longer than this many lobby events reads the
#: lists whole again from the others' keys, but misses the oldest lines said meanwhile.
LOG_LENGTH = 10_000
#: Characters of a table code that name the process holding it (25^2 tags; 25^7 codes each).
TAG_LENGTH = 2
#: Seconds after a process's last heartbeat before its tables and names leave the shared lobby.
DEFAULT_EXPIRY = 10.0
#: Writes waiting to go to Redis: past this (Redis unreachable for long) the oldest are dropped, and
#: the next heartbeat writes the whole state again.
MAX_PENDING = 100_000
#: Seconds one command may take before it counts as failed (a hung Redis is not waited on for long).
COMMAND_TIMEOUT = 2.0
#: Seconds a lookup a client waits on (where is a table, whose is a tag) may take.
LOOKUP_TIMEOUT = 1.0
#: Seconds after a failure during which lookups fail at once, without asking Redis.
BREAKER_SECONDS = 3.0
#: Milliseconds one read of the log waits for news.
READ_BLOCK_MS = 2000
#: Pauses between tries of a write Redis did not take.
RETRY_FIRST, RETRY_MOST = 0.1, 2.0


class RedisUnavailable(Exception):
    """Redis cannot be reached at the URL given, or did not answer in time (the reason in the message)."""


class OlderFleet(Exception):
    """Processes of an older access-game share the lobby at this Redis, by pub/sub: this one does not join
    them (the message says how many were found)."""


class Breaker:
    """Whether Redis failed lately: lookups then fail at once rather than each wait out a hung Redis."""

    def __init__(self, seconds: float = BREAKER_SECONDS) -> None:
        self.seconds = seconds
        self._open_until = 0.0

    @property
    def open(self) -> bool:
        return time.monotonic() < self._open_until

    def failed(self) -> None:
        self._open_until = time.monotonic() + self.seconds

    def worked(self) -> None:
        self._open_until = 0.0


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What one process holds, written whole when its keys are new (start, or after they expired)."""

    held: Mapping[str, Mapping[str, bool]]
    listed: Mapping[str, Mapping[str, Any]]
    names: frozenset[str]


@dataclass(slots=True)
class Peer:
    """Another process as Redis last said: its URL, the tables it holds, its listed tables, its names."""

    url: str
    held: dict[str, dict[str, bool]] = field(default_factory=dict)
    listed: dict[str, dict[str, Any]] = field(default_factory=dict)
    names: set[str] = field(default_factory=set)
    tag: str = ""


def _key(kind: str, pid: str) -> str:
    return f"{PREFIX}{kind}:{pid}"


def new_tag() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(TAG_LENGTH))


class RedisBus:
    """One process's link to the shared lobby: its writes (queued, in order), its heartbeat, the other
    processes as Redis has them, and the log of what they say."""

    def __init__(self, url: str, public_url: str, expiry: float = DEFAULT_EXPIRY, chat_lines: int = 100) -> None:
        self.url = url
        self.public_url = public_url
        self.expiry = expiry
        self.chat_lines = chat_lines
        #: This process's id among the others (new at each start: a restarted process is a new one).
        self.id = uuid.uuid4().hex[:12]
        #: The first characters of every code this process draws (kept across restarts by its caller;
        #: None before connecting: a new one is claimed then).
        self.tag: str | None = None
        self.breaker = Breaker()
        self._redis: aioredis.Redis | None = None
        #: A connection of its own for reading the log, whose reads wait for news.
        self._reader: aioredis.Redis | None = None
        self._pending: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue(MAX_PENDING)
        self._writer: asyncio.Task[None] | None = None
        #: The numbers of this process's entries, and the last read of each other process's.
        self._sent = 0
        self._seen: dict[str, int] = {}
        #: Where this process reads the log on, and the Redis (its epoch) that position is of.
        self._last = "0-0"
        self._epoch: str | None = None

    @property
    def redis(self) -> aioredis.Redis:
        if self._redis is None:
            raise RuntimeError("not connected")
        return self._redis

    # ----------------------------------------------------------------- starting and stopping
    async def connect(self, snapshot: Snapshot) -> None:
        """Reach Redis, claim this process's tag and write its state; RedisUnavailable says why not."""
        self._redis = aioredis.from_url(self.url, decode_responses=True, socket_connect_timeout=COMMAND_TIMEOUT,
                                        socket_timeout=COMMAND_TIMEOUT, health_check_interval=30)
        self._reader = aioredis.from_url(self.url, decode_responses=True, socket_connect_timeout=COMMAND_TIMEOUT,
                                         socket_timeout=READ_BLOCK_MS / 1000 + COMMAND_TIMEOUT)
        try:
            await self._redis.ping()
            older = await self._older_processes()
            if older:
                raise OlderFleet(f"{older} process(es) of an older access-game share this lobby by pub/sub")
            await self._claim_tag()
            # The log's position taken before this process says it is here: nothing said after is missed.
            await self._check_epoch()
            last = await self._redis.xrevrange(LOG, count=1)
            self._last = str(last[0][0]) if last else "0-0"
            await self._write_all(snapshot)
            # Said on the log: the others know this process's tag at once, not at their next heartbeat.
            self._sent += 1
            await self._redis.xadd(LOG, {"m": json.dumps({"from": self.id, "n": self._sent, "kind": "here",
                                                          "tag": self.tag, "url": self.public_url})},
                                   maxlen=LOG_LENGTH, approximate=True)
        except (RedisError, OSError, ValueError, OlderFleet) as exc:
            for client in (self._redis, self._reader):
                with contextlib.suppress(RedisError, OSError):
                    await client.aclose()
            self._redis = self._reader = None
            if isinstance(exc, OlderFleet):
                raise
            raise RedisUnavailable(str(exc) or type(exc).__name__) from None
        self._writer = asyncio.ensure_future(self._write_forever())

    async def _older_processes(self) -> int:
        """How many processes of an older version share this Redis's lobby: those listening on the old
        channel, or alive without a tag. A fleet of both would not work: an older process's table codes
        name no process (a rejoin would be sent to whichever holds their first letters as its tag), and
        what one side says the other never reads; so the upgrade stops them all first
        (docs/online.md, "Upgrading a fleet")."""
        listening = dict(await self.redis.pubsub_numsub(OLD_CHANNEL)).get(OLD_CHANNEL, 0)
        untagged = 0
        for pid in await self.redis.smembers(PREFIX + "processes"):
            fields = await self.redis.hgetall(_key("process", str(pid)))
            if fields and "tag" not in fields:
                untagged += 1
        return max(int(listening), untagged)
    async def _claim_tag(self) -> None:
        """This process's tag, its own again (a restart keeps it), or a new one no other process has."""
        if self.tag is not None:
            await self.redis.hset(TAGS, self.tag, self.public_url)
            return
        for _try in range(10_000):
            tag = new_tag()
            if await self.redis.hsetnx(TAGS, tag, self.public_url):
                self.tag = tag
                return
        raise RedisUnavailable("every process tag is taken")

    async def close(self) -> None:
        """Say goodbye (the others drop this process's tables and names at once) and remove its keys."""
        if self._redis is None:
            return
        if self._writer is not None:
            with contextlib.suppress(asyncio.TimeoutError, RedisError, OSError):
                await asyncio.wait_for(self.flush(), 2)
            self._writer.cancel()
        with contextlib.suppress(RedisError, OSError):
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.delete(*(_key(kind, self.id) for kind in ("process", "held", "listed", "online")))
                pipe.srem(PREFIX + "processes", self.id)
                self._sent += 1
                self._log(pipe, {"from": self.id, "n": self._sent, "kind": "gone"})
                await pipe.execute()
        for client in (self._redis, self._reader):
            if client is not None:
                with contextlib.suppress(RedisError, OSError):
                    await client.aclose()
        self._redis = self._reader = None

    async def _write_all(self, snapshot: Snapshot) -> None:
        ttl = max(1, round(self.expiry))
        async with self.redis.pipeline(transaction=True) as pipe:
            for kind in ("held", "listed", "online"):
                pipe.delete(_key(kind, self.id))
            pipe.hset(_key("process", self.id), mapping={"url": self.public_url, "tag": self.tag or ""})
            if self.tag is not None:
                pipe.hset(TAGS, self.tag, self.public_url)
            if snapshot.held:
                pipe.hset(_key("held", self.id), mapping={c: json.dumps(dict(s)) for c, s in snapshot.held.items()})
            if snapshot.listed:
                pipe.hset(_key("listed", self.id), mapping={c: json.dumps(e) for c, e in snapshot.listed.items()})
            if snapshot.names:
                pipe.hset(_key("online", self.id), mapping=dict.fromkeys(snapshot.names, "1"))
            for kind in ("process", "held", "listed", "online"):
                pipe.expire(_key(kind, self.id), ttl)
            pipe.sadd(PREFIX + "processes", self.id)
            await pipe.execute()

    # ----------------------------------------------------------------- writes, in order
    def send(self, kind: str, **fields: Any) -> None:
        """Queue a write (and, for most kinds, an entry of the log for the others); never waits."""
        try:
            self._pending.put_nowait((kind, fields))
        except asyncio.QueueFull:
            log.error("Redis has not taken this process's writes for long: %s dropped", kind)

    async def flush(self) -> None:
        """Wait until every write queued so far has gone to Redis (tests, and a process stopping)."""
        await self._pending.join()

    async def _write_forever(self) -> None:
        while True:
            kind, fields = await self._pending.get()
            if kind not in ("held", "released"):
                self._sent += 1
                fields = {"from": self.id, "n": self._sent, "kind": kind, **fields}
            pause, failing = RETRY_FIRST, False
            try:
                while True:  # tried until Redis takes it: what was said is never dropped
                    try:
                        await self._write(kind, fields)
                    except (RedisError, OSError) as exc:
                        if not failing:  # said once an outage
                            log.error("Redis refused a write (%s): %s; trying again", kind, exc)
                            failing = True
                        self.breaker.failed()
                        await asyncio.sleep(pause)
                        pause = min(RETRY_MOST, pause * 2)
                        continue
                    if failing:
                        self.breaker.worked()
                    break
            finally:
                self._pending.task_done()

    async def _write(self, kind: str, fields: dict[str, Any]) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            code = str(fields.get("code"))
            if kind == "held":
                pipe.hset(_key("held", self.id), code, json.dumps(fields["state"]))
            elif kind == "released":
                pipe.hdel(_key("held", self.id), code)
            elif kind == "listed":
                pipe.hset(_key("listed", self.id), code, json.dumps(fields["entry"]))
            elif kind == "unlisted":
                pipe.hdel(_key("listed", self.id), code)
            elif kind == "presence":
                if fields["online"]:
                    pipe.hset(_key("online", self.id), fields["name"], "1")
                else:
                    pipe.hdel(_key("online", self.id), fields["name"])
            elif kind == "ban":
                if fields["on"]:
                    pipe.hset(PREFIX + "bans", fields["name"].casefold(), json.dumps(fields["addresses"]))
                else:
                    pipe.hdel(PREFIX + "bans", fields["name"].casefold())
            elif kind == "said":
                pipe.rpush(PREFIX + "chat", json.dumps(fields["line"]))
                pipe.ltrim(PREFIX + "chat", -self.chat_lines, -1)
            if kind not in ("held", "released"):
                self._log(pipe, fields)
            await pipe.execute()

    @staticmethod
    def _log(pipe: Any, entry: dict[str, Any]) -> None:
        pipe.xadd(LOG, {"m": json.dumps(entry)}, maxlen=LOG_LENGTH, approximate=True)

    # ----------------------------------------------------------------- heartbeat
    async def beat(self, snapshot: Callable[[], Snapshot]) -> None:
        """Keep this process's keys alive; keys found gone (Redis restarted, or this process stalled past
        the expiry) are written whole again from ``snapshot``."""
        ttl = max(1, round(self.expiry))
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.expire(_key("process", self.id), ttl)
                for kind in ("held", "listed", "online"):
                    pipe.expire(_key(kind, self.id), ttl)
                pipe.sadd(PREFIX + "processes", self.id)
                kept = await pipe.execute()
        except (RedisError, OSError):
            self.breaker.failed()
            raise
        self.breaker.worked()
        if not kept[0]:
            with contextlib.suppress(asyncio.TimeoutError):  # (the writer catches up after, in order)
                await asyncio.wait_for(self.flush(), self.expiry)
            await self._write_all(snapshot())

    # ----------------------------------------------------------------- reading the others
    async def peers(self) -> dict[str, Peer]:
        """Every other live process as Redis has it now; ids whose keys expired are pruned."""
        ids = await self._others()
        if not ids:
            return {}
        async with self.redis.pipeline(transaction=False) as pipe:
            for pid in ids:
                pipe.hgetall(_key("process", pid))
                pipe.hgetall(_key("held", pid))
                pipe.hgetall(_key("listed", pid))
                pipe.hkeys(_key("online", pid))
            found = await pipe.execute()
        peers: dict[str, Peer] = {}
        dead = []
        for i, pid in enumerate(ids):
            process, held, listed, names = found[4 * i:4 * i + 4]
            url = process.get("url") if isinstance(process, dict) else None
            if url is None:
                dead.append(pid)
                continue
            peers[pid] = Peer(str(url), {c: _object(s) for c, s in held.items()},
                              {c: _object(e) for c, e in listed.items()}, set(names), str(process.get("tag", "")))
        if dead:
            await self.redis.srem(PREFIX + "processes", *dead)
        return peers

    async def tags(self) -> dict[str, str]:
        """Every process's tag with its public URL, as Redis has them."""
        return {str(tag): str(url) for tag, url in (await self.redis.hgetall(TAGS)).items()}

    async def _others(self) -> list[str]:
        members = await self.redis.smembers(PREFIX + "processes")
        return sorted(str(pid) for pid in members if pid != self.id)

    async def _lookup(self, work: Callable[[], Awaitable[_T]]) -> _T:
        """A lookup a client waits on: at most LOOKUP_TIMEOUT, and none while the breaker is open."""
        if self._redis is None or self.breaker.open:
            raise RedisUnavailable("Redis failed a moment ago")
        try:
            found = await asyncio.wait_for(work(), LOOKUP_TIMEOUT)
        except (TimeoutError, RedisError, OSError) as exc:
            self.breaker.failed()
            raise RedisUnavailable(str(exc) or type(exc).__name__) from None
        self.breaker.worked()
        return found

    async def place(self, tag: str) -> str | None:
        """The public URL of the process whose tag is ``tag`` (None: no process has it);
        RedisUnavailable when Redis cannot tell now."""
        async def ask() -> str | None:
            url = await self.redis.hget(TAGS, tag)
            return None if url is None else str(url)

        return await self._lookup(ask)

    async def where(self, code: str) -> tuple[str, dict[str, bool]] | None:
        """The public URL of the other process holding table ``code``, and whether a join or a watch goes
        there; None when no other live process holds it; RedisUnavailable when Redis cannot tell now."""
        return await self._lookup(lambda: self._where(code))

    async def _where(self, code: str) -> tuple[str, dict[str, bool]] | None:
        ids = await self._others()
        if not ids:
            return None
        async with self.redis.pipeline(transaction=False) as pipe:
            for pid in ids:
                pipe.hget(_key("held", pid), code)
                pipe.hget(_key("process", pid), "url")
            found = await pipe.execute()
        for i in range(len(ids)):
            state, url = found[2 * i], found[2 * i + 1]
            if state is not None and url is not None:
                return url, {k: bool(v) for k, v in _object(state).items()}
        return None

    async def bans(self) -> dict[str, list[str]]:
        """The bans made at any process, each name (in lower case) with the addresses banned with it."""
        found = await self.redis.hgetall(PREFIX + "bans")
        out: dict[str, list[str]] = {}
        for name, raw in found.items():
            try:
                addresses = json.loads(raw)
            except ValueError:
                addresses = []
            out[str(name)] = [str(a) for a in addresses] if isinstance(addresses, list) else []
        return out

    async def chat(self) -> list[dict[str, Any]]:
        """The last lines of the server-wide chat, oldest first."""
        return [_object(raw) for raw in await self.redis.lrange(PREFIX + "chat", -self.chat_lines, -1)]

    async def _check_epoch(self) -> None:
        """A Redis that lost everything (restarted empty) starts a new log: read from its start."""
        await self.redis.set(EPOCH, uuid.uuid4().hex, nx=True)
        epoch = await self.redis.get(EPOCH)
        if epoch != self._epoch:
            if self._epoch is not None:
                log.warning("Redis lost what it held: reading its new log from the start")
                self._last = "0-0"
            self._epoch = None if epoch is None else str(epoch)

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """What the other processes say, from where this process read last, as it comes (this process's
        own entries, and an entry already read, are skipped). RedisError when Redis fails: called again,
        it reads on from where it was."""
        reader = self._reader
        if reader is None:
            raise RuntimeError("not connected")
        await self._check_epoch()
        while True:
            found: Any = await reader.xread({LOG: self._last}, count=500, block=READ_BLOCK_MS)
            for _stream, entries in found or ():
                for entry_id, data in entries:
                    self._last = str(entry_id)
                    message = _object(data.get("m") if isinstance(data, dict) else None)
                    sender, number = message.get("from"), message.get("n")
                    if sender in (None, self.id) or not isinstance(message.get("kind"), str):
                        continue
                    if isinstance(number, int):
                        if number <= self._seen.get(str(sender), 0):
                            continue  # written twice (its answer lost), or read before a restart of Redis
                        self._seen[str(sender)] = number
                    yield message


def _object(raw: Any) -> dict[str, Any]:
    """A JSON object from Redis, or an empty one when it is not one (a key written by something else)."""
    try:
        data = json.loads(raw)
    except (TypeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
