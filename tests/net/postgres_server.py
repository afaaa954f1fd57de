"""A real PostgreSQL for the tests: ``initdb`` in a temporary folder and ``pg_ctl start`` on a free
loopback port, stopped after. PostgreSQL refuses to run as root, so as root it runs as ``nobody``
(through ``runuser``). When PostgreSQL is not installed the tests that need it fail, saying what to
install (``.ci/run`` installs the ``postgresql`` package): they are never skipped.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from client_support import free_port

__all__ = ["Postgres", "own_postgres", "postgres_bin", "running_postgres"]


def postgres_bin() -> Path:
    """The folder of PostgreSQL's programs (the newest installed); AssertionError when there is none."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    assert on_path, "PostgreSQL is not installed: apt-get install postgresql (the accounts' tests run on it)"
    return Path(on_path).parent


class Postgres:
    """A PostgreSQL server of its own, in ``root``: ``url`` names its ``postgres`` database; ``stop`` and
    ``start`` it (the same data and port) to see what the program does while it is away."""

    def __init__(self, root: Path) -> None:
        self.bin = postgres_bin()
        self.root = root
        self.data = root / "data"
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self._as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(root, "nobody")
            self._as_user = ["runuser", "-u", "nobody", "--"]

    def run(self, *argv: str) -> None:
        subprocess.run([*self._as_user, *argv], check=True, capture_output=True, timeout=120, cwd=self.root)

    def init(self) -> None:
        self.run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                 "--no-sync")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB"
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w",
                 "-t", "60", "start")

    def stop(self, mode: str = "fast") -> None:
        """``pg_ctl stop``: ``fast`` ends the connections (as a restart does), ``immediate`` as a crash."""
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")


@contextlib.contextmanager
def own_postgres() -> Iterator[Postgres]:
    """A PostgreSQL server of its own, started; stopped and removed after."""
    server = Postgres(Path(tempfile.mkdtemp(prefix="access-game-pg-")))
    server.init()
    server.start()
    try:
        yield server
    finally:
        with contextlib.suppress(Exception):
            server.stop("immediate")
        shutil.rmtree(server.root, ignore_errors=True)


@contextlib.contextmanager
def running_postgres() -> Iterator[str]:
    """A PostgreSQL server of its own; the URL of its ``postgres`` database."""
    with own_postgres() as server:
        yield server.url
