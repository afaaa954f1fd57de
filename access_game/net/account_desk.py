"""The server's accounts desk: registering, signing in and out, the tries a password may have, and
the ratings and record of finished games, over an :class:`~access_game.net.accounts.AccountStore`.

Everything that blocks (scrypt, which takes about a tenth of a second on purpose, and the database) runs
in the desk's worker threads, never on the server's loop, so a sign-in never slows a table. Password
tries are counted per address and per name (a token bucket each): a guesser gets a few tries and then
one every so often, wherever they come from, and a person behind the same router is not locked out by
a guesser of another name. A session key (given at sign-in, kept by the client in memory) signs in the
client's next connections without the password and without counting as a try. Passwords are never
logged, kept, echoed or sent back.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from access_game.net import protocol as p
from access_game.net.accounts import Account, AccountStore, PlayerRecord, Standing
from access_game.net.database import Conflict
from access_game.net.limits import TokenBucket
from access_game.net.passwords import PasswordHash, hash_password, password_problem, verify_password
from access_game.net.ratings import Finisher, Rating, placings

__all__ = ["LEADERBOARD_LINES", "RECORD_GAMES", "AccountDesk", "Signed"]

log = logging.getLogger("access_game.net.accounts")
T = TypeVar("T")

#: Password tries: a burst, then one every so many seconds; per address, and per name.
TRIES_PER_ADDRESS = 10
ADDRESS_SECONDS_PER_TRY = 30.0
TRIES_PER_NAME = 10
NAME_SECONDS_PER_TRY = 60.0
#: Addresses and names whose tries are remembered (the least recently tried forgotten first).
TRIES_REMEMBERED = 100_000
#: Lines of a leaderboard, and games of a record, sent.
LEADERBOARD_LINES = 20
RECORD_GAMES = 20
#: Times a finished game is written when another process's write of the same players gets in first.
FINISH_ATTEMPTS = 3
#: A hash scrypt compares against when a name has no account, so that trying one takes as long.
_DUMMY = hash_password("not anyone's password")


@dataclass(frozen=True, slots=True)
class Signed:
    """A connection signed in: its account, the session key its client keeps, and whether the account
    was made just now."""

    account: Account
    session: str
    new: bool = False


class _Tries:
    """Token buckets by key (an address or a folded name), the least recently used forgotten first."""

    def __init__(self, burst: int, seconds: float) -> None:
        self.burst = burst
        self.seconds = seconds
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, key: str) -> bool:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = TokenBucket(1 / self.seconds, self.burst)
            while len(self.buckets) > TRIES_REMEMBERED:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        return bucket.allow()


class AccountDesk:
    """See the module docstring. ``store`` is closed with the desk."""

    def __init__(self, store: AccountStore, *, tries_per_address: int = TRIES_PER_ADDRESS,
                 tries_per_name: int = TRIES_PER_NAME, workers: int = 2) -> None:
        self.store = store
        self._by_address = _Tries(tries_per_address, ADDRESS_SECONDS_PER_TRY)
        self._by_name = _Tries(tries_per_name, NAME_SECONDS_PER_TRY)
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="accounts")

    async def _run(self, work: Callable[..., T], *args: Any) -> T:
        """``work`` in the desk's threads; a database that fails (down, unreachable) is said in the log
        and answered ``server_error``: the connection stays, and nothing was changed."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, work, *args)
        except p.ProtocolError:
            raise
        except Exception:
            log.exception("the accounts' database failed")
            raise p.ProtocolError(p.ErrorCode.SERVER, "the accounts cannot be reached now: try again later"
                                  ) from None

    def _try(self, name: str, address: str) -> None:
        if not self._by_address.allow(address) or not self._by_name.allow(name.casefold()):
            log.warning("password tries for %r from %s: too many", name, address)
            raise p.ProtocolError(p.ErrorCode.TOO_MANY_TRIES, "too many password tries: wait a few minutes")

    # ----------------------------------------------------------------- accounts
    async def held(self, name: str) -> bool:
        """Whether an account holds the name (whatever its case)."""
        return await self._run(self.store.find, name) is not None

    async def register(self, name: str, password: str, address: str) -> Signed:
        problem = password_problem(password)
        if problem is not None:
            raise p.ProtocolError(p.ErrorCode.WEAK_PASSWORD, problem)
        self._try(name, address)
        hashed = await self._run(hash_password, password)
        account = await self._run(self.store.create, name, hashed.text())
        if account is None:
            raise p.ProtocolError(p.ErrorCode.NAME_TAKEN, "an account holds that name already")
        log.info("account %r made from %s", name, address)
        return Signed(account, await self._new_session(account), new=True)

    async def sign_in(self, name: str, address: str, *, password: str | None = None,
                      session: str | None = None) -> Signed:
        """Signed in with the password (a try counted), or with a session key; ``wrong_password`` when
        either is wrong, and the same answer for a name no account holds."""
        if session is not None:
            account = await self._run(self.store.session, _digest(session))
            if account is None or account.name.casefold() != name.casefold():
                raise p.ProtocolError(p.ErrorCode.WRONG_PASSWORD, "that session is not signed in any more")
            return Signed(account, session)
        assert password is not None
        self._try(name, address)
        account = await self._run(self.store.find, name)
        stored = _DUMMY if account is None else _read(account.password)
        good = await self._run(verify_password, password, stored) and stored is not _DUMMY
        if account is None or not good:
            log.info("a wrong password for %r from %s", name, address)
            raise p.ProtocolError(p.ErrorCode.WRONG_PASSWORD, "wrong name or password")
        if not stored.current:  # made with older parameters: made again with today's
            await self._run(self.store.set_password, account.id, (await self._run(hash_password, password)).text())
        return Signed(account, await self._new_session(account))

    async def sign_out(self, session: str) -> None:
        await self._run(self.store.end_session, _digest(session))

    async def _new_session(self, account: Account) -> str:
        session = secrets.token_urlsafe(32)
        await self._run(self.store.add_session, account.id, _digest(session))
        return session

    # ----------------------------------------------------------------- ratings and the record
    async def finish_game(self, game: str, code: str, game_number: int, names: Sequence[str | None],
                          computers: Sequence[str | None], winners: Sequence[int],
                          totals: Sequence[int]) -> dict[str, tuple[Rating, Rating]]:
        """A finished game: kept in the record, its account holders rated; their ratings before and after
        it, by name.
        ``computers`` gives each seat's computer level (None: a person's seat)."""
        return await self._run(self._finish, game, code, game_number, names, computers, winners, totals)

    def _finish(self, game: str, code: str, game_number: int, names: Sequence[str | None],
                computers: Sequence[str | None], winners: Sequence[int],
                totals: Sequence[int]) -> dict[str, tuple[Rating, Rating]]:
        places = placings(winners, totals)
        finishers = []
        ids: dict[int, str] = {}
        for seat, (name, level) in enumerate(zip(names, computers, strict=True)):
            account = self.store.find(name) if level is None and name else None
            if account is not None:
                ids[account.id] = account.name
            finishers.append(Finisher(seat, name or "?", places[seat], totals[seat], seat in winners,
                                      account=None if account is None else account.id, computer=level))
        for _attempt in range(FINISH_ATTEMPTS - 1):
            try:
                rated = self.store.finish_game(game, code, game_number, finishers)
                break
            except Conflict:  # another process rated one of these players at the same moment: again
                continue
        else:
            rated = self.store.finish_game(game, code, game_number, finishers)
        return {ids[account]: pair for account, pair in rated.items()}

    async def leaderboard(self, game: str) -> list[Standing]:
        return await self._run(self.store.leaderboard, game, LEADERBOARD_LINES)

    async def record(self, name: str) -> PlayerRecord | None:
        return await self._run(self.store.record, name, RECORD_GAMES)

    def close(self) -> None:
        self._pool.shutdown(wait=True)
        self.store.close()


def _digest(session: str) -> str:
    return hashlib.sha256(session.encode("utf-8")).hexdigest()


def _read(text: str) -> PasswordHash:
    try:
        return PasswordHash.read(text)
    except ValueError:  # a hash this program did not make: no password matches it
        log.error("an account's password hash cannot be read")
        return _DUMMY
