"""The accounts' storage, the same suite on SQLite (a file in a temporary folder) and on a real
PostgreSQL started for these tests (postgres_server): accounts and their names, sessions, a finished
game's record and ratings written together, the leaderboard, a player's record, the schema's version,
and scrypt's hashes."""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from access_game.net.accounts import SqlAccountStore
from access_game.net.database import SCHEMA_VERSION, Conflict, DatabaseError, open_database
from access_game.net.passwords import PasswordHash, hash_password, password_problem, verify_password
from access_game.net.ratings import Finisher, placings

_numbers = itertools.count()


@pytest.fixture
def target(account_database: str) -> str:
    """Where a fresh database is: an SQLite file, or a new database of the test PostgreSQL."""
    return account_database


@pytest.fixture
def store(target: str) -> Iterator[SqlAccountStore]:
    accounts = SqlAccountStore(open_database(target))
    try:
        yield accounts
    finally:
        accounts.close()


def test_a_name_is_one_account_whatever_its_case(store: SqlAccountStore) -> None:
    ann = store.create("Ann", "hash-1")
    assert ann is not None and ann.name == "Ann"
    assert store.create("ANN", "hash-2") is None  # taken, and nothing changed
    found = store.find("aNn")
    assert found == ann and found.password == "hash-1"
    assert store.find("Ben") is None
    store.set_password(ann.id, "hash-3")
    assert (store.find("ann") or ann).password == "hash-3"


def test_a_name_is_one_account_whatever_its_lookalikes(store: SqlAccountStore) -> None:
    victor = store.create("Victor", "hash-1")
    assert victor is not None
    for lookalike in ("Vict\u043er", "V\u0131ctor", "\uff36ictor", "Victo\u0301r"):
        assert store.create(lookalike, "hash-2") is None
        assert store.find(lookalike) == victor
    record = store.record("VICT\u041eR", 5)
    assert record is not None and record.name == "Victor"
    assert store.find("Victoria") is None and store.create("Victoria", "h") is not None


def test_accounts_made_before_names_were_keyed_are_keyed_when_the_store_opens(target: str) -> None:
    db = open_database(target)
    with db.transaction() as tx:  # as an older server left them: no key, compared without case only
        for name in ("Ann", "\u0410nn", "Ben"):
            tx.execute("INSERT INTO accounts (name, folded, password, created) VALUES (?, ?, ?, ?)",
                       (name, name.casefold(), "h", 0.0))
    accounts = SqlAccountStore(db)
    try:
        ann, cyrillic, ben = (accounts.find(n) for n in ("Ann", "\u0410nn", "Ben"))
        assert ann is not None and cyrillic is not None and ben is not None
        assert ann.name == "Ann" and cyrillic.name == "\u0410nn"  # the older keeps the key; each still its own
        assert accounts.find("\uff21NN") == ann and accounts.find("B\u0435n") == ben
        assert accounts.create("\u0391nn", "h") is None
    finally:
        accounts.close()


def test_a_session_names_its_account_until_it_ends(store: SqlAccountStore) -> None:
    ann = store.create("Ann", "h")
    assert ann is not None
    store.add_session(ann.id, "digest-a")
    assert store.session("digest-a") == ann
    assert store.session("digest-b") is None
    store.end_session("digest-a")
    assert store.session("digest-a") is None


def test_a_finished_game_is_recorded_and_rates_only_account_holders(store: SqlAccountStore) -> None:
    ann, ben = store.create("Ann", "h"), store.create("Ben", "h")
    assert ann is not None and ben is not None
    finishers = [Finisher(0, "Ann", 1, 40, True, account=ann.id), Finisher(1, "Ben", 3, 120, False, account=ben.id),
                 Finisher(2, "Cleo", 2, 80, False), Finisher(3, "Anna", 4, 150, False, computer="hard")]
    pairs = store.finish_game("five-crowns", "K7QAMX3F9", 1, finishers)
    assert all(before.games == 0 and before.shown == 0 for before, _after in pairs.values())  # newcomers
    after = {account: rating for account, (_before, rating) in pairs.items()}
    assert set(after) == {ann.id, ben.id}  # the guest and the computer player are not rated
    assert after[ann.id].shown > after[ben.id].shown and after[ann.id].mu > 25 + 2  # the winner rose most
    assert (after[ann.id].games, after[ann.id].wins, after[ben.id].wins) == (1, 1, 0)
    board = store.leaderboard("five-crowns", 10)
    assert [(s.place, s.name) for s in board] == [(1, "Ann"), (2, "Ben")]
    assert store.leaderboard("upcard-rummy", 10) == []
    record = store.record("ann", 10)
    assert record is not None and record.name == "Ann"
    assert [g for g, _r in record.ratings] == ["five-crowns"]
    (line,) = record.games
    assert (line.game, line.place, line.won, line.players) == ("five-crowns", 1, True, ("Ann", "Ben", "Cleo", "Anna"))
    assert line.rating == pytest.approx(after[ann.id].shown)
    assert store.record("Cleo", 10) is None  # a guest has no record
    # A second game starts from the first one's ratings.
    again = store.finish_game("five-crowns", "K7QAMX3F9", 2, [Finisher(0, "Ann", 2, 90, False, account=ann.id),
                                                              Finisher(1, "Ben", 1, 30, True, account=ben.id)])
    assert again[ann.id][0] == after[ann.id]  # the second game starts from the first one's rating
    assert again[ann.id][1].games == 2 and again[ann.id][1].mu < after[ann.id].mu
    assert [g.place for g in (store.record("Ann", 10) or record).games] == [2, 1]  # newest first


def test_a_game_is_kept_once_by_its_key_and_one_kept_without_a_key_is_known_again(store: SqlAccountStore) -> None:
    ann = store.create("Ann", "h")
    assert ann is not None
    seats = [Finisher(0, "Ann", 1, 10, True, account=ann.id), Finisher(1, "Ben", 2, 20, False)]
    assert store.finish_game("upcard-rummy", "K7QAMX3F9", 1, seats, finished=100.0, key="a" * 32)
    # The same game written again by a later start (another end time, not said to be tried before).
    assert store.finish_game("upcard-rummy", "K7QAMX3F9", 1, seats, finished=200.0, key="a" * 32) == {}
    # A game an older version kept with no key, found again by a start under its key: kept once, and
    # known by that key from then on, even when written as new.
    assert store.finish_game("upcard-rummy", "K7QAMX3F9", 2, seats, finished=300.0)
    assert store.finish_game("upcard-rummy", "K7QAMX3F9", 2, seats, finished=400.0, again=True, key="b" * 32) == {}
    assert store.finish_game("upcard-rummy", "K7QAMX3F9", 2, seats, finished=500.0, key="b" * 32) == {}
    record = store.record("Ann", 10)
    assert record is not None and len(record.games) == 2
    assert [g for g, r in record.ratings if r.games == 2] == ["upcard-rummy"]


def test_the_session_keys_secret_is_made_once_for_every_process(target: str) -> None:
    first, second = SqlAccountStore(open_database(target)), SqlAccountStore(open_database(target))
    try:
        assert first.shared_secret("session-keys", "first's") == "first's"
        assert second.shared_secret("session-keys", "second's") == "first's"
    finally:
        first.close()
        second.close()


def test_a_game_that_cannot_be_written_changes_no_rating(store: SqlAccountStore) -> None:
    ann = store.create("Ann", "h")
    assert ann is not None
    bad = [Finisher(0, "Ann", 1, 10, True, account=ann.id), Finisher(0, "Ben", 2, 20, False)]  # one seat twice
    with pytest.raises(Conflict):  # whichever the driver
        store.finish_game("five-crowns", "K7QAMX3F9", 1, bad)
    assert store.leaderboard("five-crowns", 10) == []  # the transaction left nothing behind
    record = store.record("Ann", 10)
    assert record is not None and record.games == ()


def test_the_schema_is_versioned_and_opening_again_keeps_everything(target: str) -> None:
    first = SqlAccountStore(open_database(target))
    first.create("Ann", "h")
    first.close()
    again = SqlAccountStore(open_database(target))
    try:
        assert again.find("Ann") is not None
        with again.db.transaction() as tx:
            assert tx.one("SELECT version FROM schema_version") == (SCHEMA_VERSION,)
            tx.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    finally:
        again.close()
    with pytest.raises(DatabaseError, match="newer than this program"):
        open_database(target)


def test_sqlite_is_one_file_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "data" / "accounts.sqlite3"
    open_database(path).close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert oct(path.stat().st_mode & 0o777) == "0o600"


def test_an_unreachable_postgresql_is_one_clear_sentence_without_its_password() -> None:
    with pytest.raises(DatabaseError) as caught:
        open_database("postgresql://ann:secret@127.0.0.1:1/none")
    assert "secret" not in str(caught.value) and "***" in str(caught.value)


def test_passwords_are_salted_scrypt_with_their_parameters() -> None:
    one, two = hash_password("correct horse", n=2**10), hash_password("correct horse", n=2**10)
    assert one.salt != two.salt and one.key != two.key  # a salt of its own
    assert verify_password("correct horse", one) and not verify_password("correct hors", one)
    read = PasswordHash.read(one.text())
    assert read == one and one.text().startswith("scrypt$1024$8$1$") and not read.current
    assert "correct horse" not in one.text()
    with pytest.raises(ValueError):
        PasswordHash.read("scrypt$1048576$64$64$AAAA$AAAA")  # more memory than a hash may ask for
    assert password_problem("short") and password_problem("x" * 201) and password_problem("long enough") is None


def test_places_follow_the_winners_and_the_direction_of_the_totals() -> None:
    assert placings([2], [50, 80, 10]) == [2, 3, 1]  # lowest wins
    assert placings([0], [500, 300, 300]) == [1, 2, 2]  # highest wins; a tie shares its place
    assert placings([0, 1], [10, 10, 40]) == [1, 1, 3]


def test_an_old_hash_is_made_again_with_todays_parameters_at_sign_in(tmp_path: Path) -> None:
    import asyncio

    from access_game.net.account_desk import AccountDesk

    desk = AccountDesk(SqlAccountStore(open_database(tmp_path / "accounts.sqlite3")))
    try:
        desk.store.create("Ann", hash_password("correct horse", n=2**10).text())

        async def body() -> None:
            signed = await desk.sign_in("ann", "127.0.0.1", password="correct horse")
            assert signed.account.name == "Ann" and signed.session
            assert await desk.sign_in("Ann", "127.0.0.1", session=signed.session)
            await desk.sign_out(signed.session)

        asyncio.run(body())
        account = desk.store.find("Ann")
        assert account is not None and PasswordHash.read(account.password).current
        assert verify_password("correct horse", PasswordHash.read(account.password))
    finally:
        desk.close()


def test_a_broken_postgresql_connection_is_one_clear_refusal_then_made_again(postgres: str) -> None:
    import asyncio

    import psycopg

    from access_game.net import protocol as p
    from access_game.net.account_desk import AccountDesk

    name = f"broken{next(_numbers)}"
    with psycopg.connect(postgres, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    desk = AccountDesk(SqlAccountStore(open_database(postgres.rsplit("/", 1)[0] + "/" + name)))
    try:
        desk.store.create("Ann", "h")
        with psycopg.connect(postgres, autocommit=True) as admin:  # as when PostgreSQL restarts
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))

        async def body() -> None:
            with pytest.raises(p.ProtocolError) as caught:  # (a hello goes on without it: test_database_away)
                await desk.record("Ann")
            assert caught.value.code == "server_error"  # said, not a dropped connection
            assert await desk.record("Ann") is not None  # the next request connects again

        asyncio.run(body())
    finally:
        desk.close()
