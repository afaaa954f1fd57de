"""The live table server every remote-session test plays on: real websockets on loopback, its table
directory in the test's own folder; and ``served``, the installed ``access-game serve`` as its own
process, for the tests that run the commands in real terminals."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client_support import LiveServer
from postgres_server import running_postgres
from terminal_support import serving

_databases = itertools.count()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(tmp_path / "tables") as live:
        yield live


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """The URL of an ``access-game serve`` process keeping its tables in the test's folder."""
    with serving(tmp_path / "tables", tmp_path / "server") as url:
        yield url


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A real PostgreSQL server for the accounts' tests, started once (tests/net/postgres_server.py)."""
    with running_postgres() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def account_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a fresh accounts database is: an SQLite file, or a new database of the test PostgreSQL; the
    accounts' tests run on both."""
    if request.param == "sqlite":
        return str(tmp_path / "accounts.sqlite3")
    import psycopg

    url: str = request.getfixturevalue("postgres")
    name = f"test{next(_databases)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return url.rsplit("/", 1)[0] + "/" + name
