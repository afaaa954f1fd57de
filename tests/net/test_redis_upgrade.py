"""A fleet sharing its lobby through Redis is upgraded by stopping every process, then starting them
with the new version (docs/online.md, "Upgrading a fleet"): a process of this version refuses to join a
lobby still shared by an older one, in one line, and joins once the older processes are gone.

The older side is played by a real Redis client doing what an older ``serve`` did: subscribed to the
pub/sub channel ``access-game:lobby`` and publishing its news there, or listed in ``processes`` with a
``process:<id>`` that names no tag; the newer side is the real ``access-game serve --redis``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import redis
from redis_support import RedisServer
from server_harness import ROOT, ServerProcess

from access_game.net.redis_bus import OLD_CHANNEL, PREFIX


def _serve(data: Path, url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "access_game", "serve", "--port", "0", "--data", str(data),
                           "--redis", url], capture_output=True, text=True, timeout=60, cwd=ROOT)


def _refused(done: subprocess.CompletedProcess[str], url: str) -> None:
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert done.stderr.startswith(f"access-game serve: the lobby at {url} is shared by processes of an older "
                                  "access-game"), done.stderr
    assert "Upgrading a fleet" in done.stderr and "Serving on" not in done.stdout


def test_a_new_process_refuses_a_lobby_an_older_one_shares_by_pub_sub(tmp_path: Path) -> None:
    server = RedisServer(tmp_path).start()
    try:
        client = redis.Redis.from_url(server.url, decode_responses=True)
        old = client.pubsub()
        old.subscribe(OLD_CHANNEL)  # an older process listening, and publishing its news
        assert old.get_message(timeout=5) is not None  # (its subscription confirmed)
        assert client.publish(OLD_CHANNEL, json.dumps({"from": "0ld0ld0ld0ld", "kind": "here"})) == 1
        _refused(_serve(tmp_path / "new", server.url), server.url)
        old.unsubscribe(OLD_CHANNEL)
        old.close()

        # One that is between its reads (not subscribed this instant) is known by its process key.
        client.hset(f"{PREFIX}process:0ld0ld0ld0ld", mapping={"url": "ws://127.0.0.1:1"})
        client.sadd(f"{PREFIX}processes", "0ld0ld0ld0ld")
        _refused(_serve(tmp_path / "new", server.url), server.url)

        client.delete(f"{PREFIX}process:0ld0ld0ld0ld")  # the older fleet stopped: the new one starts
        new = ServerProcess(tmp_path / "new", "--redis", server.url)
        try:
            assert new.start().startswith("ws://")
        finally:
            new.stop()
        assert "Traceback" not in new.errors, new.errors
        client.close()
    finally:
        server.stop()
