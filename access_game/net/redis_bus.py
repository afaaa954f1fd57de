"""The Redis side of a lobby shared by several ``serve`` processes (access_game.net.shared_server).

Every key a process writes lives under ``access-game:`` and expires ``expiry`` seconds after the
process's last heartbeat, so a process that dies (killed, its machine gone) leaves the list within
that time without anyone cleaning up after it:

- ``process:<id>`` (hash): the process's public URL, where clients are sent for its tables;
- ``held:<id>`` (hash): each table code the process holds, with whether a join or a watch goes there
  (JSON ``{"free": bool, "watch": bool}``), so another process knows where to send a client;
- ``listed:<id>`` (hash): each of its tables' lines in the lobby's list (JSON, as ``listed`` sends);
- ``online:<id>`` (hash): each name with a connection there;
- ``processes`` (set): the ids, pruned by whoever finds one's ``process:<id>`` gone;
- ``chat`` (list): the last lines of the server-wide chat, read by a process starting;
- ``bans`` (hash): each name banned by an administrator at any process, with the addresses banned with
  it, taken up by a process starting (each process keeps them in its own bans file too).

What happens goes on one pub/sub channel, ``access-game:lobby``, one JSON object a message with its
sender's id (``from``) and ``kind``: a table listed or unlisted, someone arriving or departing, a
chat line said, a private message told, an administrator's broadcast, ban or close, a process gone.
Writes go out in the order they were asked for, from one task, so nothing of the server's waits on
Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

__all__ = ["DEFAULT_EXPIRY", "PREFIX", "Peer", "RedisBus", "RedisUnavailable", "Snapshot"]

log = logging.getLogger("access_game.net.redis_bus")

PREFIX = "access-game:"
CHANNEL = PREFIX + "lobby"
#: Seconds after a process's last heartbeat before its tables and names leave the shared lobby.
DEFAULT_EXPIRY = 10.0
#: Writes waiting to go to Redis: past this (Redis unreachable for long) the oldest are dropped, and
#: the next heartbeat writes the whole state again.
MAX_PENDING = 100_000


class RedisUnavailable(Exception):
    """Redis cannot be reached at the URL given (the reason in the message)."""


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


def _key(kind: str, pid: str) -> str:
    return f"{PREFIX}{kind}:{pid}"


class RedisBus:
    """One process's link to the shared lobby: its writes (queued, in order), its heartbeat, the other
    processes as Redis has them, and the messages they publish."""

    def __init__(self, url: str, public_url: str, expiry: float = DEFAULT_EXPIRY, chat_lines: int = 100) -> None:
        self.url = url
        self.public_url = public_url
        self.expiry = expiry
        self.chat_lines = chat_lines
        #: This process's id among the others (new at each start: a restarted process is a new one).
        self.id = uuid.uuid4().hex[:12]
        self._redis: aioredis.Redis | None = None
        self._pending: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue(MAX_PENDING)
        self._writer: asyncio.Task[None] | None = None
        self._pubsub: Any = None

    @property
    def redis(self) -> aioredis.Redis:
        if self._redis is None:
            raise RuntimeError("not connected")
        return self._redis

    # ----------------------------------------------------------------- starting and stopping
    async def connect(self, snapshot: Snapshot) -> None:
        """Reach Redis and write this process's state; RedisUnavailable says why not."""
        self._redis = aioredis.from_url(self.url, decode_responses=True, socket_connect_timeout=5,
                                        socket_timeout=10, health_check_interval=30)
        try:
            await self._redis.ping()
            # Subscribed before this process says it is here: nothing the others say after is missed.
            self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            await self._pubsub.subscribe(CHANNEL)
            await self._write_all(snapshot)
        except (RedisError, OSError, ValueError) as exc:
            await self._redis.aclose()
            self._redis = None
            raise RedisUnavailable(str(exc) or type(exc).__name__) from None
        self._writer = asyncio.ensure_future(self._write_forever())

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
                pipe.publish(CHANNEL, json.dumps({"from": self.id, "kind": "gone"}))
                await pipe.execute()
        with contextlib.suppress(RedisError, OSError):
            await self.redis.aclose()
        self._redis = None

    async def _write_all(self, snapshot: Snapshot) -> None:
        ttl = max(1, round(self.expiry))
        async with self.redis.pipeline(transaction=True) as pipe:
            for kind in ("held", "listed", "online"):
                pipe.delete(_key(kind, self.id))
            pipe.hset(_key("process", self.id), mapping={"url": self.public_url})
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
        """Queue a write (and, for most kinds, a message to the others); never waits."""
        try:
            self._pending.put_nowait((kind, fields))
        except asyncio.QueueFull:
            log.error("Redis has not taken this process's writes for long: %s dropped", kind)

    async def hold(self, code: str, state: Mapping[str, bool]) -> None:
        """Say at once (not queued) that this process holds table ``code``: see SharedTables._created."""
        await self.redis.hset(_key("held", self.id), code, json.dumps(dict(state)))

    async def flush(self) -> None:
        """Wait until every write queued so far has gone to Redis (tests, and a process stopping)."""
        await self._pending.join()

    async def _write_forever(self) -> None:
        while True:
            kind, fields = await self._pending.get()
            try:
                await self._write(kind, fields)
            except (RedisError, OSError) as exc:
                # Said once a write: the heartbeat puts the whole state back when Redis returns.
                log.error("Redis refused a write (%s): %s", kind, exc)
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
                pipe.publish(CHANNEL, json.dumps({"from": self.id, "kind": kind, **fields}))
            await pipe.execute()

    # ----------------------------------------------------------------- heartbeat
    async def beat(self, snapshot: Callable[[], Snapshot]) -> None:
        """Keep this process's keys alive; keys found gone (Redis restarted, or this process stalled past
        the expiry) are written whole again from ``snapshot``."""
        ttl = max(1, round(self.expiry))
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.expire(_key("process", self.id), ttl)
            for kind in ("held", "listed", "online"):
                pipe.expire(_key(kind, self.id), ttl)
            pipe.sadd(PREFIX + "processes", self.id)
            kept = await pipe.execute()
        if not kept[0]:
            await self.flush()
            await self._write_all(snapshot())

    # ----------------------------------------------------------------- reading the others
    async def peers(self) -> dict[str, Peer]:
        """Every other live process as Redis has it now; ids whose keys expired are pruned."""
        ids = await self._others()
        if not ids:
            return {}
        async with self.redis.pipeline(transaction=False) as pipe:
            for pid in ids:
                pipe.hget(_key("process", pid), "url")
                pipe.hgetall(_key("held", pid))
                pipe.hgetall(_key("listed", pid))
                pipe.hkeys(_key("online", pid))
            found = await pipe.execute()
        peers: dict[str, Peer] = {}
        dead = []
        for i, pid in enumerate(ids):
            url, held, listed, names = found[4 * i:4 * i + 4]
            if url is None:
                dead.append(pid)
                continue
            peers[pid] = Peer(url, {c: _object(s) for c, s in held.items()},
                              {c: _object(e) for c, e in listed.items()}, set(names))
        if dead:
            await self.redis.srem(PREFIX + "processes", *dead)
        return peers

    async def _others(self) -> list[str]:
        members = await self.redis.smembers(PREFIX + "processes")
        return sorted(str(pid) for pid in members if pid != self.id)

    async def where(self, code: str) -> tuple[str, dict[str, bool]] | None:
        """The public URL of the other process holding table ``code``, and whether a join or a watch goes
        there; None when no other live process holds it."""
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

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """What the other processes publish, as it comes (this process's own messages are skipped)."""
        pubsub = self._pubsub
        if pubsub is None:
            raise RuntimeError("not connected")
        if not pubsub.subscribed:  # after a lost connection: subscribed again (what was said meanwhile is lost)
            await pubsub.subscribe(CHANNEL)
        try:
            async for raw in pubsub.listen():
                data = _object(raw.get("data"))
                if data.get("from") not in (None, self.id) and isinstance(data.get("kind"), str):
                    yield data
        finally:
            with contextlib.suppress(RedisError, OSError):
                await pubsub.aclose()


def _object(raw: Any) -> dict[str, Any]:
    """A JSON object from Redis, or an empty one when it is not one (a key written by something else)."""
    try:
        data = json.loads(raw)
    except (TypeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
