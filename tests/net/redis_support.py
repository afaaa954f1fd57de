"""A real redis-server for the tests of several server processes sharing one lobby (``serve --redis``):
started on a free loopback port with nothing kept on disk, stopped after. A machine without
redis-server fails these tests (README.md says what to install): it is never skipped."""

from __future__ import annotations

import shutil
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import redis
from client_support import free_port


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
        binary = shutil.which("redis-server")
        assert binary is not None, "redis-server is not installed: apt-get install redis-server"
        self.proc = subprocess.Popen([binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no", "--dir", str(self.folder)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                assert self.proc.poll() is None, "redis-server stopped at once"
                assert time.monotonic() < deadline, "redis-server did not answer in 10 seconds"
                time.sleep(0.05)
        client.close()
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
