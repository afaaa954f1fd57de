"""What a client may ask of the server, and how often: the allowances of one connection and of one
address (one machine, or one network behind one router).

Kept apart from the server so that ``serve --help`` shows the defaults without loading the server,
and so that the client paces itself with the same token bucket the server counts it with.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FLOOD_LIMIT", "MAX_CHAT_CHARS", "RATE_BURST", "RATE_PER_SECOND", "Address", "Limits", "TokenBucket"]

#: Client messages per second a connection may send on average, and the burst it may send at once.
RATE_PER_SECOND = 20.0
RATE_BURST = 40
#: After this many messages refused as too fast in a row, the connection is closed (1008).
FLOOD_LIMIT = 20
#: The longest chat line, private message or broadcast (characters), at a table and in the lobby.
MAX_CHAT_CHARS = 300


class TokenBucket:
    """``rate`` messages a second on average, ``burst`` at once: a connection's allowance."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def refill(self, now: float | None = None) -> float:
        """The tokens there are now, what has been earned since the last look added."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens

    def allow(self, now: float | None = None) -> bool:
        self.refill(now)
        if self.tokens >= 1.0 - 1e-9:  # a whole token earned, give or take the clock's rounding
            self.tokens -= 1.0
            return True
        return False


@dataclass(frozen=True, slots=True)
class Limits:
    """What one address (one machine, or one network behind one router) may ask of the server; 0 turns
    a limit off. The defaults let a class of thirty behind one school router play, and make guessing a
    table code take years (docs/protocol.md); docs/online.md says how to set them."""

    connections_per_address: int = 32
    tables_per_minute: float = 10
    joins_per_minute: float = 60
    #: Chat lines (at a table, in the lobby, private) one address may send a minute (a burst of as many).
    chats_per_minute: float = 60
    #: Seconds an address is cut off after one of its connections flooded the server.
    flood_block_seconds: float = 60
    #: Frames waiting to be written to one connection before it counts as not reading and is dropped.
    send_queue: int = 512
    #: Seconds with no person connected after which a table is archived (0: never).
    idle_seconds: float = 24 * 3600

    @classmethod
    def unlimited(cls) -> Limits:
        """No limits per address: a load generator on one machine (bench-server)."""
        return cls(connections_per_address=0, tables_per_minute=0, joins_per_minute=0, chats_per_minute=0)


class _Allowance:
    """A token bucket that may be switched off (a limit of 0)."""

    def __init__(self, per_minute: float) -> None:
        self.bucket = TokenBucket(per_minute / 60, max(1, int(per_minute))) if per_minute > 0 else None

    def allow(self) -> bool:
        return self.bucket is None or self.bucket.allow()

    @property
    def full(self) -> bool:
        """As if unused: forgetting the address would give it nothing it has not got."""
        return self.bucket is None or self.bucket.refill() >= self.bucket.burst - 1e-9


@dataclass(eq=False, slots=True)
class Address:
    """What the server keeps of one address: its connections and what it may still ask for."""

    limits: Limits
    connections: set[Any] = field(default_factory=set)
    tables: _Allowance = field(init=False)
    joins: _Allowance = field(init=False)
    chats: _Allowance = field(init=False)
    blocked_until: float = 0.0

    def __post_init__(self) -> None:
        self.tables = _Allowance(self.limits.tables_per_minute)
        self.joins = _Allowance(self.limits.joins_per_minute)
        self.chats = _Allowance(self.limits.chats_per_minute)

    @property
    def blocked(self) -> bool:
        return time.monotonic() < self.blocked_until

    @property
    def forgettable(self) -> bool:
        return not self.connections and not self.blocked and self.tables.full and self.joins.full \
            and self.chats.full
