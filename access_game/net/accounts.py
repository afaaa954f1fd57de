"""Accounts, sessions, ratings and the record of games, kept in a database (access_game.net.database).

The server asks for them through :class:`AccountStore`, one small interface, so that how they are kept
can change without the server knowing: :class:`SqlAccountStore` keeps them in SQLite or PostgreSQL with
the same SQL. Every method is blocking (the server calls them from a worker thread, never its loop) and
each change is one transaction: a finished game's record and its players' new ratings are written
together or not at all.

Names are compared as they read (engine.names.name_key: "Ann", "ann" and "Аnn" with a Cyrillic А are
one account), by the ``skeleton`` column; the account keeps its spelling. An account made before that
column is given its key when the store opens (one that reads as an older account's keeps none, and is
found by its own spelling, without case, as before).
Passwords reach this module already hashed (access_game.net.passwords), sessions as their SHA-256.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from access_game.net.database import Conflict, Database, Transaction
from access_game.net.ratings import Finisher, Rating, rate
from engine.names import name_key

__all__ = ["Account", "AccountStore", "DeferredStore", "GameLine", "PlayerRecord", "SqlAccountStore", "Standing"]

#: Of the accounts a name reads as, the one spelled so (whatever its case) first: two made before names
#: were keyed may read alike, and each is still found by its own spelling.
_SPELLED_FIRST = "ORDER BY CASE WHEN folded = ? THEN 0 ELSE 1 END, id LIMIT 1"
#: Seconds a session (a signed-in client's key for its next connections) is good for.
SESSION_SECONDS = 30 * 24 * 3600


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    name: str
    #: The password's hash as kept (access_game.net.passwords.PasswordHash.text).
    password: str


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a game's leaderboard."""

    place: int
    name: str
    rating: Rating


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game of a player's record: which game, when it ended, where they came among how many, the
    names at the table in seat order, and their rating after it (None: they were not rated)."""

    game: str
    finished: float
    place: int
    players: tuple[str, ...]
    won: bool
    rating: float | None


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    name: str
    ratings: tuple[tuple[str, Rating], ...]
    games: tuple[GameLine, ...]


class AccountStore(Protocol):
    """What the server asks of the accounts' storage (blocking calls; see the module docstring)."""

    def create(self, name: str, password: str) -> Account | None: ...

    def find(self, name: str) -> Account | None: ...

    def set_password(self, account: int, password: str) -> None: ...

    def add_session(self, account: int, digest: str) -> None: ...

    def session(self, digest: str) -> Account | None: ...

    def end_session(self, digest: str) -> None: ...

    def finish_game(self, game: str, code: str, game_number: int, finishers: Sequence[Finisher], *,
                    finished: float | None = None, again: bool = False,
                    key: str | None = None) -> dict[int, tuple[Rating, Rating]]: ...

    def shared_secret(self, name: str, candidate: str) -> str: ...

    def leaderboard(self, game: str, limit: int) -> list[Standing]: ...

    def record(self, name: str, limit: int) -> PlayerRecord | None: ...

    def close(self) -> None: ...


class SqlAccountStore:
    """:class:`AccountStore` on a :class:`~access_game.net.database.Database` (SQLite or PostgreSQL)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._key_accounts()

    def _key_accounts(self) -> None:
        """Give every account its name's key (those made before the column, or keyed by an older
        confusables table); one that reads as an account keyed already keeps none."""
        with self.db.transaction() as tx:
            rows = tx.all("SELECT id, name, skeleton FROM accounts ORDER BY id")
        for account, name, kept in rows:
            key = name_key(str(name))
            if kept == key:
                continue
            try:
                with self.db.transaction() as tx:
                    tx.execute("UPDATE accounts SET skeleton = ? WHERE id = ?", (key, int(account)))
            except Conflict:
                continue

    def create(self, name: str, password: str) -> Account | None:
        """A new account, or None when the name (whatever its case, or a name that reads as it) is an
        account's already (made by another server process at the same moment too)."""
        key = name_key(name)
        try:
            with self.db.transaction() as tx:
                if tx.one("SELECT id FROM accounts WHERE skeleton = ? OR folded = ?",
                          (key, name.casefold())) is not None:
                    return None
                row = tx.one("INSERT INTO accounts (name, folded, skeleton, password, created) VALUES (?, ?, ?, ?, ?) "
                             "RETURNING id", (name, name.casefold(), key, password, time.time()))
        except Conflict:
            return None
        assert row is not None
        return Account(int(row[0]), name, password)

    def find(self, name: str) -> Account | None:
        """The account whose name reads as ``name``, or None."""
        with self.db.transaction() as tx:
            row = tx.one("SELECT id, name, password FROM accounts WHERE skeleton = ? OR folded = ? "
                         + _SPELLED_FIRST, (name_key(name), name.casefold(), name.casefold()))
        return None if row is None else Account(int(row[0]), str(row[1]), str(row[2]))

    def set_password(self, account: int, password: str) -> None:
        with self.db.transaction() as tx:
            tx.execute("UPDATE accounts SET password = ? WHERE id = ?", (password, account))

    def add_session(self, account: int, digest: str) -> None:
        now = time.time()
        with self.db.transaction() as tx:
            tx.execute("DELETE FROM sessions WHERE created < ?", (now - SESSION_SECONDS,))
            tx.execute("INSERT INTO sessions (digest, account, created) VALUES (?, ?, ?)", (digest, account, now))

    def session(self, digest: str) -> Account | None:
        with self.db.transaction() as tx:
            row = tx.one("SELECT a.id, a.name, a.password FROM sessions s JOIN accounts a ON a.id = s.account "
                         "WHERE s.digest = ? AND s.created >= ?", (digest, time.time() - SESSION_SECONDS))
        return None if row is None else Account(int(row[0]), str(row[1]), str(row[2]))

    def end_session(self, digest: str) -> None:
        with self.db.transaction() as tx:
            tx.execute("DELETE FROM sessions WHERE digest = ?", (digest,))

    def finish_game(self, game: str, code: str, game_number: int, finishers: Sequence[Finisher], *,
                    finished: float | None = None, again: bool = False,
                    key: str | None = None) -> dict[int, tuple[Rating, Rating]]:
        """Keep a finished game in the record and rate its account holders, in one transaction; their
        ratings before and after it, by account. ``finished``: when it ended (by default now). ``key``:
        the game's own (access_game.net.outbox.game_key): a game of that key kept already is not kept
        again (nothing is rated then), whoever writes it. ``again``: it was tried before and may be kept
        already (a commit whose answer was lost), perhaps by a version that gave games no key: a game of
        that table, number and end, or of that table, number and players kept without a key, is not kept
        twice either."""
        accounts = sorted({f.account for f in finishers if f.account is not None})
        ended = time.time() if finished is None else finished
        with self.db.transaction() as tx:
            if key is not None and tx.one("SELECT id FROM games WHERE outbox_key = ?", (key,)) is not None:
                return {}
            if again:
                row = tx.one("SELECT id FROM games WHERE table_code = ? AND game_number = ? AND finished = ?",
                             (code, game_number, ended))
                kept = int(row[0]) if row is not None else _kept_without_key(tx, game, code, game_number, finishers)
                if kept is not None:
                    if key is not None:  # known by its key from now on
                        tx.execute("UPDATE games SET outbox_key = ? WHERE id = ? AND outbox_key IS NULL", (key, kept))
                    return {}
            before: dict[int, Rating] = {}
            for account in accounts:
                row = tx.one("SELECT mu, sigma, games, wins FROM ratings WHERE account = ? AND game = ?"
                             + (" FOR UPDATE" if self.db.dialect == "postgresql" else ""), (account, game))
                if row is not None:
                    before[account] = Rating(float(row[0]), float(row[1]), int(row[2]), int(row[3]))
            after = rate(finishers, before)
            for account, rating in after.items():
                if account in before:
                    tx.execute("UPDATE ratings SET mu = ?, sigma = ?, games = ?, wins = ? "
                               "WHERE account = ? AND game = ?",
                               (rating.mu, rating.sigma, rating.games, rating.wins, account, game))
                else:
                    tx.execute("INSERT INTO ratings (account, game, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?)",
                               (account, game, rating.mu, rating.sigma, rating.games, rating.wins))
            row = tx.one("INSERT INTO games (game, table_code, game_number, finished, outbox_key) "
                         "VALUES (?, ?, ?, ?, ?) RETURNING id", (game, code, game_number, ended, key))
            assert row is not None
            for f in finishers:
                rated = after.get(f.account) if f.account is not None else None
                tx.execute("INSERT INTO results (game, seat, name, account, computer, place, total, won, rating) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (int(row[0]), f.seat, f.name, f.account, f.computer, f.place, f.total, int(f.won),
                            None if rated is None else rated.shown))
        return {account: (before.get(account, Rating()), rating) for account, rating in after.items()}

    def shared_secret(self, name: str, candidate: str) -> str:
        """The secret ``name`` of every process sharing this database: ``candidate`` when none was kept
        yet (the first process to ask makes it), else the one kept (another process's, made first)."""
        with self.db.transaction() as tx:
            tx.execute("INSERT INTO secrets (name, secret) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                       (name, candidate))
            row = tx.one("SELECT secret FROM secrets WHERE name = ?", (name,))
        assert row is not None
        return str(row[0])

    def leaderboard(self, game: str, limit: int) -> list[Standing]:
        """The best ``limit`` rated players of a game, by the rating shown."""
        with self.db.transaction() as tx:
            rows = tx.all("SELECT a.name, r.mu, r.sigma, r.games, r.wins FROM ratings r "
                          "JOIN accounts a ON a.id = r.account WHERE r.game = ? "
                          "ORDER BY r.mu - 3 * r.sigma DESC, a.folded LIMIT ?", (game, limit))
        return [Standing(i, str(name), Rating(float(mu), float(sigma), int(games), int(wins)))
                for i, (name, mu, sigma, games, wins) in enumerate(rows, 1)]

    def record(self, name: str, limit: int) -> PlayerRecord | None:
        """An account's ratings and its last ``limit`` games (the newest first); None: no such account."""
        with self.db.transaction() as tx:
            row = tx.one("SELECT id, name FROM accounts WHERE skeleton = ? OR folded = ? " + _SPELLED_FIRST,
                         (name_key(name), name.casefold(), name.casefold()))
            if row is None:
                return None
            account, spelled = int(row[0]), str(row[1])
            ratings = tx.all("SELECT game, mu, sigma, games, wins FROM ratings WHERE account = ? ORDER BY game",
                             (account,))
            games = tx.all("SELECT g.id, g.game, g.finished, r.place, r.won, r.rating FROM results r "
                           "JOIN games g ON g.id = r.game WHERE r.account = ? ORDER BY g.finished DESC, g.id DESC "
                           "LIMIT ?", (account, limit))
            lines = []
            for game_id, game, finished, place, won, rating in games:
                names = tx.all("SELECT name FROM results WHERE game = ? ORDER BY seat", (game_id,))
                lines.append(GameLine(str(game), float(finished), int(place), tuple(str(n[0]) for n in names),
                                      bool(won), None if rating is None else float(rating)))
        return PlayerRecord(spelled, tuple((str(g), Rating(float(mu), float(sigma), int(n), int(w)))
                                           for g, mu, sigma, n, w in ratings), tuple(lines))

    def close(self) -> None:
        self.db.close()


def _kept_without_key(tx: Transaction, game: str, code: str, game_number: int,
                      finishers: Sequence[Finisher]) -> int | None:
    """The game of that table and number, with those names in those seats, kept already under no key (by
    a version that gave games none) or another (an older outbox's random one): the same game, or None."""
    names = [f.name for f in sorted(finishers, key=lambda f: f.seat)]
    for (kept,) in tx.all("SELECT id FROM games WHERE table_code = ? AND game_number = ? AND game = ?",
                          (code, game_number, game)):
        if [str(n) for (n,) in tx.all("SELECT name FROM results WHERE game = ? ORDER BY seat", (kept,))] == names:
            return int(kept)
    return None


class DeferredStore:
    """An :class:`SqlAccountStore` opened at its first use, and at each use after until it opens: a server
    started while its database is away (PostgreSQL stopped, the network cut) serves without it meanwhile;
    each call before then raises what opening it raised (access_game.net.database.DatabaseError)."""

    def __init__(self, opener: Callable[[], Database]) -> None:
        self._opener = opener
        self._store: SqlAccountStore | None = None
        self._lock = threading.Lock()

    def opened(self) -> SqlAccountStore:
        with self._lock:
            if self._store is None:
                self._store = SqlAccountStore(self._opener())
            return self._store

    def create(self, name: str, password: str) -> Account | None:
        return self.opened().create(name, password)

    def find(self, name: str) -> Account | None:
        return self.opened().find(name)

    def set_password(self, account: int, password: str) -> None:
        self.opened().set_password(account, password)

    def add_session(self, account: int, digest: str) -> None:
        self.opened().add_session(account, digest)

    def session(self, digest: str) -> Account | None:
        return self.opened().session(digest)

    def end_session(self, digest: str) -> None:
        self.opened().end_session(digest)

    def finish_game(self, game: str, code: str, game_number: int, finishers: Sequence[Finisher], *,
                    finished: float | None = None, again: bool = False,
                    key: str | None = None) -> dict[int, tuple[Rating, Rating]]:
        return self.opened().finish_game(game, code, game_number, finishers, finished=finished, again=again, key=key)

    def shared_secret(self, name: str, candidate: str) -> str:
        return self.opened().shared_secret(name, candidate)

    def leaderboard(self, game: str, limit: int) -> list[Standing]:
        return self.opened().leaderboard(game, limit)

    def record(self, name: str, limit: int) -> PlayerRecord | None:
        return self.opened().record(name, limit)

    def close(self) -> None:
        with self._lock:
            if self._store is not None:
                self._store.close()
