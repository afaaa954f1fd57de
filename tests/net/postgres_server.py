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

__all__ = ["postgres_bin", "running_postgres"]


def postgres_bin() -> Path:
    """The folder of PostgreSQL's programs (the newest installed); AssertionError when there is none."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    assert on_path, "PostgreSQL is not installed: apt-get install postgresql (the accounts' tests run on it)"
    return Path(on_path).parent


@contextlib.contextmanager
def running_postgres() -> Iterator[str]:
    """A PostgreSQL server of its own; the URL of its ``postgres`` database."""
    bin_dir = postgres_bin()
    root = Path(tempfile.mkdtemp(prefix="access-game-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(root, "nobody")
        as_user = ["runuser", "-u", "nobody", "--"]
    data = root / "data"
    port = free_port()

    def run(*argv: str) -> None:
        subprocess.run([*as_user, *argv], check=True, capture_output=True, timeout=120, cwd=root)

    run(str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB"
    run(str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "-t", "60", "start")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        with contextlib.suppress(Exception):
            run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(root, ignore_errors=True)
