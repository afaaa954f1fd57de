"""The server's accounts desk: registering, signing in and out, the tries a password may have, and
the ratings and record of finished games, over an :class:`~access_game.net.accounts.AccountStore`.

Everything that blocks (scrypt, which takes about a tenth of a second on purpose, and the database) runs
in the desk's worker threads, never on the server's loop, so a sign-in never slows a table.

Password tries are counted so that a guesser learns little and a stranger cannot lock anyone out:

- per name and address (the name as it reads, engine.names.name_key): a few wrong passwords, then each
  next try waits twice as long as the last (2 s, 4 s, 8 s... up to a quarter of an hour). A try before
  its time is refused without looking at the password, with ``too_many_tries`` and ``retry_after``, the
  seconds until a try will be heard: the player is told when to try again, never kept waiting at a
  prompt. Guessing from two addresses delays those two only: the holder, from any other address,
  signs in at once;
- the addresses a name was made or signed in from (with its password or a session key: the last few,
  while the server runs) are that name's holder's: their tries are not delayed by the wrong ones made
  there (a guesser behind the same router as the holder still meets the next limit);
- per address, whatever the names: a few tries a minute (a token bucket), so that no address tries
  name after name, and scrypt's work stays bounded.

A session key (given at sign-in, kept by the client in memory) signs in the client's next connections
without the password and without counting as a try. Passwords are never logged, kept, echoed or sent
back.

The database may be away for a while (PostgreSQL restarting, the network cut), and a table must not
notice: a guest's hello is let in (unless the name is one this process knows an account holds), a session
key is checked by its signature (access_game.net.session_keys), and a finished game goes to the outbox
(access_game.net.outbox), fsynced before its result is told, and is written to the database by a task
that tries again until it is stored. Only what needs the database itself (a password, a new account,
the leaderboard) is answered "the accounts cannot be reached now".
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from access_game.net import protocol as p
from access_game.net.accounts import SESSION_SECONDS, Account, AccountStore, PlayerRecord, Standing
from access_game.net.database import Conflict
from access_game.net.limits import TokenBucket
from access_game.net.outbox import FinishedGame, GameOutbox
from access_game.net.passwords import PasswordHash, hash_password, password_problem, verify_password
from access_game.net.ratings import Finisher, Rating, placings
from access_game.net.session_keys import SessionKeys
from engine.names import name_key, same_name, without_number

__all__ = ["LEADERBOARD_LINES", "RECORD_GAMES", "AccountDesk", "Signed"]

log = logging.getLogger("access_game.net.accounts")
T = TypeVar("T")
V = TypeVar("V")

#: Password tries from one address, whatever the names: a burst, then one every so many seconds.
TRIES_PER_ADDRESS = 10
ADDRESS_SECONDS_PER_TRY = 30.0
#: Wrong passwords for one name from one address before the next try waits, the first wait (seconds,
#: doubled at each wrong one after) and the longest.
FREE_TRIES = 3
FIRST_DELAY = 2.0
LONGEST_DELAY = 900.0
#: Addresses kept as a name's holder's (the last ones it signed in from with its password).
HOLDER_ADDRESSES = 8
#: Addresses, names and pairs of them whose tries are remembered (the least recently tried forgotten first).
TRIES_REMEMBERED = 100_000
#: Lines of a leaderboard, and games of a record, sent.
LEADERBOARD_LINES = 20
RECORD_GAMES = 20
#: Times a finished game is written when another process's write of the same players gets in first.
FINISH_ATTEMPTS = 3
#: Seconds a hello or a session key waits for the database before going on without it, and seconds
#: after the database failed during which they do not wait for it at all (a database that hangs would
#: otherwise cost every hello the wait).
DATABASE_WAIT_SECONDS = 5.0
AWAY_SECONDS = 10.0
#: Seconds before a finished game the database refused is tried again, and the longest wait between tries.
RETRY_SECONDS = 0.5
RETRY_MOST_SECONDS = 30.0
#: Names of accounts remembered for the hellos of guests while the database is away.
NAMES_REMEMBERED = 1_000_000
#: The name of the session keys' secret in the database's ``secrets``.
SESSION_SECRET = "session-keys"
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
    """Token buckets by key (an address), the least recently used forgotten first."""

    def __init__(self, burst: int, seconds: float) -> None:
        self.burst = burst
        self.seconds = seconds
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def wait(self, key: str) -> float:
        """Take a try: 0 when there is one, else the seconds until there will be (none taken)."""
        bucket = _remembered(self.buckets, key, lambda: TokenBucket(1 / self.seconds, self.burst))
        return 0.0 if bucket.allow() else max(0.0, (1.0 - bucket.tokens) / bucket.rate)


@dataclass(slots=True)
class _Wrong:
    """Wrong passwords for one name from one address, when (time.monotonic()) the last was said, and when
    the next try is heard."""

    count: int = 0
    at: float = 0.0
    until: float = 0.0


def _remembered(kept: OrderedDict[Any, V], key: Any, new: Callable[[], V]) -> V:
    """``kept[key]``, made by ``new`` when missing; the least recently used forgotten past TRIES_REMEMBERED."""
    value = kept.get(key)
    if value is None:
        value = kept[key] = new()
        while len(kept) > TRIES_REMEMBERED:
            kept.popitem(last=False)
    else:
        kept.move_to_end(key)
    return value


class _Unreachable(Exception):
    """The database failed or did not answer in time (said in the log already)."""


#: Told when a finished game has been stored: the game, and its account holders' ratings before and
#: after it, by name.
Told = Callable[[FinishedGame, dict[str, tuple[Rating, Rating]]], None]


class AccountDesk:
    """See the module docstring. ``store`` is closed with the desk. ``folder`` (the server's) keeps the
    secret that signs session keys and the outbox of finished games; without it both are this run's."""

    def __init__(self, store: AccountStore, *, tries_per_address: int = TRIES_PER_ADDRESS,
                 free_tries: int = FREE_TRIES, first_delay: float = FIRST_DELAY, workers: int = 2,
                 folder: Path | None = None) -> None:
        self.store = store
        self._by_address = _Tries(tries_per_address, ADDRESS_SECONDS_PER_TRY)
        self.free_tries = free_tries
        self.first_delay = first_delay
        #: Wrong passwords by (name key, address); each name's holder's addresses, by name key.
        self._wrong: OrderedDict[tuple[str, str], _Wrong] = OrderedDict()
        self._holders: OrderedDict[str, deque[str]] = OrderedDict()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="accounts")
        self.keys = SessionKeys.in_folder(folder, SESSION_SECONDS)
        self.outbox = GameOutbox(None if folder is None else folder / "outbox")
        #: Names (by engine.names.name_key) an account is known to hold: a guest may not take one while the
        #: database is away.
        self._names: set[str] = set()
        self._recorder: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._told: Told | None = None
        #: Games put in the outbox by this run and not tried yet: surely not in the database.
        self._fresh: set[str] = set()
        #: Until when (time.monotonic()) the database counts as away: it failed just now.
        self._away_until = 0.0
        #: Whether the session keys are signed with the database's secret yet (access_game.net.session_keys).
        self._secret_shared = False

    async def _ask(self, work: Callable[..., T], *args: Any, timeout: float | None = None) -> T:
        """``work`` in the desk's threads; _Unreachable when the database fails (down, unreachable) or
        does not answer within ``timeout`` seconds (said in the log)."""
        try:
            future = asyncio.get_running_loop().run_in_executor(self._pool, work, *args)
            answer = await (future if timeout is None else asyncio.wait_for(future, timeout))
        except p.ProtocolError:
            raise
        except TimeoutError:
            log.error("the accounts' database did not answer within %g s", timeout)
            self._away_until = time.monotonic() + AWAY_SECONDS
            raise _Unreachable from None
        except Exception as exc:
            log.error("the accounts' database failed: %s", str(exc).strip().splitlines()[0] if str(exc).strip()
                      else repr(exc))
            log.debug("the accounts' database failed", exc_info=True)
            self._away_until = time.monotonic() + AWAY_SECONDS
            raise _Unreachable from None
        self._away_until = 0.0
        return answer

    async def _ask_unless_away(self, work: Callable[..., T], *args: Any) -> T:
        """:meth:`_ask` for a hello or a session key: _Unreachable at once while the database counts as
        away (it failed within AWAY_SECONDS), and after DATABASE_WAIT_SECONDS of no answer."""
        if time.monotonic() < self._away_until:
            raise _Unreachable
        return await self._ask(work, *args, timeout=DATABASE_WAIT_SECONDS)

    async def _run(self, work: Callable[..., T], *args: Any) -> T:
        """``work`` in the desk's threads; a database that fails is answered ``server_error``: the
        connection stays, and nothing was changed."""
        try:
            return await self._ask(work, *args)
        except _Unreachable:
            raise p.ProtocolError(p.ErrorCode.SERVER, "the accounts cannot be reached now: try again later"
                                  ) from None

    def _find(self, name: str) -> Account | None:
        """The account holding ``name``, remembered (for guests' hellos while the database is away)."""
        account = self.store.find(name)
        if account is not None and len(self._names) < NAMES_REMEMBERED:
            self._names.add(name_key(account.name))
        return account

    def _try(self, name: str, address: str) -> None:
        """A password try for ``name`` from ``address``, or ``too_many_tries`` with the seconds to wait
        (see the module docstring)."""
        key = name_key(name)
        wrong = self._wrong.get((key, address))
        now = time.monotonic()
        if wrong is not None and now < wrong.until and address not in self._holders.get(key, ()):
            self._too_many(name, address, wrong.until - now)
        wait = self._by_address.wait(address)
        if wait:
            self._too_many(name, address, wait)

    @staticmethod
    def _too_many(name: str, address: str, wait: float) -> NoReturn:
        log.warning("password tries for %r from %s: too many, the next in %d s", name, address, math.ceil(wait))
        raise p.ProtocolError(p.ErrorCode.TOO_MANY_TRIES, "too many password tries: try again later",
                              retry_after=max(1, math.ceil(wait)))

    def _tried(self, name: str, address: str, *, right: bool) -> None:
        """A password heard: a wrong one makes the next try from there wait (after the free ones); the
        right one forgets the wrong ones there and keeps the address as the holder's."""
        key = name_key(name)
        if right:
            self._wrong.pop((key, address), None)
            holders = _remembered(self._holders, key, lambda: deque(maxlen=HOLDER_ADDRESSES))
            if address not in holders:
                holders.append(address)
            return
        wrong = _remembered(self._wrong, (key, address), _Wrong)
        now = time.monotonic()
        if now - max(wrong.at, wrong.until) > LONGEST_DELAY:  # quiet a long while: counted from nothing again
            wrong.count = 0
        wrong.count += 1
        wrong.at = now
        if wrong.count >= self.free_tries:
            delay = self.first_delay * 2 ** (wrong.count - self.free_tries)
            wrong.until = now + min(delay, LONGEST_DELAY)

    # ----------------------------------------------------------------- accounts
    async def held(self, name: str) -> bool:
        """Whether an account holds the name, or one that reads as it, or one it is with a number after it
        (``Victor 2`` beside the account Victor: engine.names). While the database is away, whether this
        process has seen an account hold it: a guest is not kept out for the database's sake."""
        bare = without_number(name)
        try:
            if await self._ask_unless_away(self._find, name) is not None:
                return True
            return bare != name and await self._ask_unless_away(self._find, bare) is not None
        except _Unreachable:
            return name_key(name) in self._names or name_key(bare) in self._names

    async def register(self, name: str, password: str, address: str) -> Signed:
        problem = password_problem(password)
        if problem is not None:
            raise p.ProtocolError(p.ErrorCode.WEAK_PASSWORD, problem)
        self._try(name, address)
        if await self.held(name):
            raise p.ProtocolError(p.ErrorCode.NAME_TAKEN, "an account holds that name already")
        hashed = await self._run(hash_password, password)
        account = await self._run(self.store.create, name, hashed.text())
        if account is None:
            raise p.ProtocolError(p.ErrorCode.NAME_TAKEN, "an account holds that name already")
        self._names.add(name_key(account.name))
        log.info("account %r made from %s", name, address)
        self._tried(name, address, right=True)  # (its maker's address is the holder's)
        return Signed(account, await self._new_session(account), new=True)

    async def sign_in(self, name: str, address: str, *, password: str | None = None,
                      session: str | None = None) -> Signed:
        """Signed in with the password (a try counted), or with a session key; ``wrong_password`` when
        either is wrong, and the same answer for a name no account holds."""
        if session is not None:
            holder = await self._session(name, session)
            self._tried(holder.name, address, right=True)  # (a session is the holder's: so is its address)
            return Signed(holder, session)
        assert password is not None
        self._try(name, address)
        account = await self._run(self._find, name)
        stored = _DUMMY if account is None else _read(account.password)
        good = await self._run(verify_password, password, stored) and stored is not _DUMMY
        self._tried(name, address, right=account is not None and good)
        if account is None or not good:
            log.info("a wrong password for %r from %s", name, address)
            raise p.ProtocolError(p.ErrorCode.WRONG_PASSWORD, "wrong name or password")
        if not stored.current:  # made with older parameters: made again with today's
            await self._run(self.store.set_password, account.id, (await self._run(hash_password, password)).text())
        return Signed(account, await self._new_session(account))

    async def _session(self, name: str, session: str) -> Account:
        """The account a session key signs in: the database's word, or while it is away the key's
        signature (the account then as the key names it: its password is not needed)."""
        ended = p.ProtocolError(p.ErrorCode.WRONG_PASSWORD, "that session is not signed in any more")
        try:
            account = await self._ask_unless_away(self.store.session, _digest(session))
        except _Unreachable:
            number = self.keys.check(session, name)
            if number is None:
                raise p.ProtocolError(p.ErrorCode.SERVER, "the accounts cannot be reached now: try again later"
                                      ) from None
            log.warning("the database is away: %r signed in by the session key's signature", name)
            self._names.add(name_key(name))
            return Account(number, name, "")
        if account is None or not same_name(account.name, name) or self.keys.ended(session):
            raise ended
        self._names.add(name_key(account.name))
        return account

    async def sign_out(self, session: str) -> None:
        """The key signs in no more: at once here, and in the database (when it is away, later: this
        process refuses the key meanwhile)."""
        self.keys.end(session)
        with contextlib.suppress(_Unreachable):
            await self._ask(self.store.end_session, _digest(session))

    def share_secret(self) -> None:
        """Sign session keys with the secret of every process sharing the database from now on (blocking:
        a worker thread's, or a start's before it serves); DatabaseError or the driver's error when the
        database does not answer."""
        if not self._secret_shared:
            self.keys.share(self.store.shared_secret(SESSION_SECRET, self.keys.candidate()))
            self._secret_shared = True

    async def _new_session(self, account: Account) -> str:
        if not self._secret_shared:  # (a key every process checks, or none)
            await self._run(self.share_secret)
        session = self.keys.new(account.id, account.name)
        await self._run(self.store.add_session, account.id, _digest(session))
        return session

    # ----------------------------------------------------------------- ratings and the record
    def keep_game(self, finished: FinishedGame) -> None:
        """A finished game into the outbox, on disk when this returns (OSError when the disk refuses it:
        then it is not kept, and the caller tries again); written to the database soon after."""
        fresh = finished.key not in self.outbox  # (one a start found ended in its journal may be stored already)
        self.outbox.put(finished)
        if fresh:
            self._fresh.add(finished.key)
        self._wake.set()

    def start_recording(self, told: Told) -> None:
        """Write the outbox's games to the database (those left by an earlier run first), trying again
        until each is stored; ``told`` hears of each one stored. Once: later calls change nothing."""
        self._told = told
        if self._recorder is None or self._recorder.done():
            self._recorder = asyncio.ensure_future(self._record_all())

    async def _record_all(self) -> None:
        delay = RETRY_SECONDS
        while True:
            self._wake.clear()
            failed = False
            if not self._secret_shared:  # (a start while the database was away: now it may answer)
                try:
                    await self._ask(self.share_secret)
                except _Unreachable:
                    failed = True
            for finished in [] if failed else self.outbox.pending():
                # A game tried before (in this run, or by an earlier one: it is on disk) may be stored
                # already: a commit whose answer was lost. The database is asked first then.
                again = finished.key not in self._fresh
                self._fresh.discard(finished.key)
                try:
                    rated = await self._ask(self._finish, finished, again)
                except _Unreachable:
                    failed = True
                    break
                self.outbox.done(finished)
                if self._told is not None:
                    try:
                        self._told(finished, rated)
                    except Exception:
                        log.exception("table %s: the players could not be told their ratings", finished.code)
            if failed:
                log.warning("%d finished game(s) wait in the outbox for the database; tried again in %g s",
                            len(self.outbox), delay)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), delay)
                delay = min(delay * 2, RETRY_MOST_SECONDS)
                continue
            delay = RETRY_SECONDS
            await self._wake.wait()

    def _finish(self, finished: FinishedGame, again: bool) -> dict[str, tuple[Rating, Rating]]:
        places = placings(finished.winners, finished.totals)
        finishers = []
        ids: dict[int, str] = {}
        for seat, (name, holder, level) in enumerate(zip(finished.names, finished.accounts, finished.computers,
                                                          strict=True)):
            account = self._find(holder) if level is None and holder else None
            if account is not None:
                ids[account.id] = account.name
            finishers.append(Finisher(seat, name or "?", places[seat], finished.totals[seat],
                                      seat in finished.winners, account=None if account is None else account.id,
                                      computer=level))
        for attempt in range(FINISH_ATTEMPTS):
            try:
                rated = self.store.finish_game(finished.game, finished.code, finished.game_number, finishers,
                                               finished=finished.finished, again=again, key=finished.key)
                break
            except Conflict:  # another process rated one of these players at the same moment: again
                if attempt == FINISH_ATTEMPTS - 1:
                    raise
        return {ids[account]: pair for account, pair in rated.items()}

    async def leaderboard(self, game: str) -> list[Standing]:
        return await self._run(self.store.leaderboard, game, LEADERBOARD_LINES)

    async def record(self, name: str) -> PlayerRecord | None:
        return await self._run(self.store.record, name, RECORD_GAMES)

    def close(self) -> None:
        """Stop writing the outbox (what is left stays on disk for the next run), then the database."""
        if self._recorder is not None:
            self._recorder.cancel()
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
