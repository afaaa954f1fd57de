"""A real redis-server for the tests of several server processes sharing one lobby (``serve --redis``):
started on a free loopback port with nothing kept on disk, stopped after. A machine without
redis-server fails these tests (README.md says what to install): it is never skipped."""

from __future__ import annotations

import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from client_support import free_port

from access_game.bench.shared import start_redis_server


def start_all(*servers: Any) -> list[str]:
    """Start server processes (``ServerProcess``) side by side rather than one after the other (each
    takes a second or two to import and listen); their URLs."""
    with ThreadPoolExecutor(len(servers)) as pool:
        return list(pool.map(lambda server: server.start(), servers))


class RedisServer:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> RedisServer:
        """Start it (again, after ``stop``, on the same port): a missing or silent redis-server fails the test
        with the bench's own sentence."""
        self.proc = start_redis_server(self.folder, self.port)
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
