"""Several ``serve`` processes sharing one lobby through a real redis-server (``serve --redis``).

Two real server processes on one Redis started here: clients of either see one table list and one
list of who is online, chat and private messages cross between them, a join of a table the other
process holds is sent there (``redirect``) and plays there, the person's client follows it by itself
and comes back through the process it knows with its seat's token, and the tables of a process killed
without a goodbye leave the list within the expiry.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from redis_support import RedisServer, start_all
from server_harness import ROOT, ServerProcess, run, settle, step

from access_game.net.scripted import ScriptedPlayer
from access_game.online.client import Connection

#: Seconds after which a silent process's tables leave the lobby, in these tests.
EXPIRY = 2.0


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def two(tmp_path: Path, redis_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two server processes, each with its own table folder, sharing the lobby through one Redis."""
    import redis

    redis.Redis.from_url(redis_url).flushdb()  # nothing left of the previous test's processes
    first = ServerProcess(tmp_path / "a", "--redis", redis_url, "--redis-expiry", str(EXPIRY))
    second = ServerProcess(tmp_path / "b", "--redis", redis_url, "--redis-expiry", str(EXPIRY))
    start_all(first, second)
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()


async def _until(player: ScriptedPlayer, kind: str, test: Any = None, seconds: float = 10) -> dict[str, Any]:
    """Read the player's frames until one of ``kind`` (for which ``test`` holds)."""
    async with asyncio.timeout(seconds):
        while True:
            message = await player.receive()
            if message["type"] == kind and (test is None or test(message)):
                return message


async def _listening(url: str, name: str) -> ScriptedPlayer:
    player = ScriptedPlayer(url, name)
    await player.open()
    await player.send({"type": "tables", "watch": True})
    await _until(player, "tables")
    return player


async def _public_table(url: str, seats: int, seed: int = 0) -> ScriptedPlayer:
    """Ann, at the process serving ``url``, opens a public table of Five Crowns for ``seats`` people and
    no computer player, and is seated at it."""
    ann = ScriptedPlayer(url, "Ann", seed=seed)
    await ann.open()
    await ann.send({"type": "create", "game": "five-crowns", "seats": seats, "computers": 0, "level": "easy",
                    "options": {}, "public": True})
    await ann.expect("seated")
    return ann


def test_one_lobby_across_two_processes(two: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two

    async def go() -> None:
        cleo = await _listening(a.url, "Cleo")
        ben = await _listening(b.url, "Ben")
        # Ann creates a public table at the first process: Ben, at the second, hears it listed.
        ann = await _public_table(a.url, 3)
        listed = await _until(ben, "listed", lambda m: m["table"]["code"] == ann.code)
        assert listed["table"]["host"] == "Ann" and listed["table"]["free"] == 2
        # The list asked for afresh at either process is the same one table.
        for player in (ben, cleo):
            await player.send({"type": "tables", "watch": True})
            tables = await _until(player, "tables")
            assert [t["code"] for t in tables["tables"]] == [ann.code]
        # Who is online is everyone, wherever they connected.
        await ben.send({"type": "who"})
        assert (await _until(ben, "online"))["names"] == ["Ann", "Ben", "Cleo"]
        # The server-wide chat crosses: Ben says it at the second process, Cleo hears it at the first.
        await ben.send({"type": "say", "text": "anyone for a game?"})
        said = await _until(cleo, "said")
        assert (said["name"], said["text"]) == ("Ben", "anyone for a game?")
        # A private message to someone connected only at the other process reaches them, and both keep it.
        await cleo.send({"type": "tell", "to": "Ben", "text": "I am in"})
        told = await _until(ben, "told")
        assert (told["name"], told["to"], told["text"]) == ("Cleo", "Ben", "I am in")
        await ben.send({"type": "history", "channel": "private", "with": "Cleo"})
        history = await _until(ben, "history")
        assert [line["text"] for line in history["lines"]] == ["I am in"]
        # Someone going at one process is heard going at the other.
        await cleo.close()
        gone = await _until(ben, "presence", lambda m: m["name"] == "Cleo")
        assert gone["online"] is False
        for player in (ann, ben):
            await player.close()

    run(go(), 40)


def test_a_join_at_the_other_process_is_sent_to_the_table_and_plays(
        two: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two

    async def go() -> None:
        ann = ScriptedPlayer(a.url, "Ann", seed=1)
        await ann.open()
        code = await ann.create("five-crowns", 2)
        # At the protocol: the second process answers a join of Ann's table with where it is served.
        probe = ScriptedPlayer(b.url, "Probe")
        await probe.open()
        await probe.send({"type": "join", "code": code})
        redirect = await _until(probe, "redirect")
        assert (redirect["url"], redirect["code"], redirect["request"]) == (a.url, code, "join")
        await probe.close()
        # A client that follows it takes the seat there, and the game is played at the first process.
        ben = ScriptedPlayer(b.url, "Ben", seed=2)
        await ben.open()
        await ben.join(code)
        assert ben.redirected_to == a.url and ben.code == code and ben.seat == 1
        players = [ann, ben]
        await settle(players)
        for _move in range(6):
            await step(players)
        assert ann.update is not None and ben.update is not None
        assert ann.actions + ben.actions == 6 and not ann.refusals + ben.refusals
        assert ann.update.view.discard_size == ben.update.view.discard_size
        for player in players:
            await player.close()

    run(go(), 40)


def test_the_players_client_follows_by_itself_and_keeps_its_token(two: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two

    async def create() -> tuple[ScriptedPlayer, str]:
        ann = ScriptedPlayer(a.url, "Ann", seed=1)
        await ann.open()
        return ann, await ann.create("five-crowns", 2)

    loop = asyncio.new_event_loop()
    try:
        ann, code = loop.run_until_complete(create())
        ben = Connection(b.url, "Ben")
        try:
            seated = ben.open({"type": "join", "code": code})
            assert seated["type"] == "seated" and seated["code"] == code
            # The seat is kept under the address Ben gave, with the table's token; it plays at the first.
            assert ben.seat is not None and ben.seat.server == b.url and ben.seat.code == code
            assert ben.at == a.url
            token = ben.seat.token
            # A dropped connection comes back to the process holding the table, with the same token.
            ben.drop()
            deadline = time.monotonic() + 15
            kinds: list[str] = []
            while "_reconnected" not in kinds:
                assert time.monotonic() < deadline, f"not back: {kinds}"
                kinds.append(str(ben.frames.get(timeout=15).get("type")))
            assert "_lost" in kinds and ben.seat.token == token and ben.connected
        finally:
            ben.close()
        loop.run_until_complete(ann.close())
    finally:
        loop.close()


def test_the_lobby_moves_to_the_process_of_a_table_it_watches(two: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two

    async def table() -> tuple[list[ScriptedPlayer], str]:
        ann = await _public_table(a.url, 2, seed=1)
        assert ann.code is not None
        ben = ScriptedPlayer(a.url, "Ben", seed=2)
        await ben.open()
        await ben.join(ann.code)
        await settle([ann, ben])
        return [ann, ben], ann.code

    loop = asyncio.new_event_loop()
    try:
        players, code = loop.run_until_complete(table())
        dan = Connection(b.url, "Dan")
        try:
            dan.open_lobby()
            dan.send({"type": "mute", "name": "Zed", "on": True})
            dan.send({"type": "watch", "code": code})
            seen: list[dict[str, Any]] = []
            while not any(f.get("type") == "watch_update" for f in seen) or \
                    [f.get("type") for f in seen].count("muted") < 2:
                seen.append(dan.frames.get(timeout=10))
            # The spectator never saw the redirect: it is at the first process, hearing the game, and
            # the names it muted are muted there too.
            assert [f["type"] for f in seen if f["type"] in ("redirect", "error")] == []
            assert [f["names"] for f in seen if f["type"] == "muted"] == [["Zed"], ["Zed"]]
            watching = next(f for f in seen if f["type"] == "watching")
            assert watching["code"] == code
            # The lobby it came back to is the same one: the chat of the second process reaches it.
            dan.send({"type": "leave"})
            dan.send({"type": "tables", "watch": True})
            while dan.frames.get(timeout=10).get("type") != "tables":
                pass

            async def say() -> None:
                eve = await _listening(b.url, "Eve")
                await eve.send({"type": "say", "text": "hello from the second"})
                await _until(eve, "said")
                await eve.close()

            loop.run_until_complete(say())
            while (frame := dan.frames.get(timeout=10)).get("type") != "said":
                pass
            assert frame["text"] == "hello from the second"
        finally:
            dan.close()
        for player in players:
            loop.run_until_complete(player.close())
    finally:
        loop.close()


def test_a_killed_process_tables_leave_the_list_within_the_expiry(
        two: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two

    async def go() -> None:
        ben = await _listening(b.url, "Ben")
        ann = await _public_table(a.url, 2)
        await _until(ben, "listed", lambda m: m["table"]["code"] == ann.code)
        a.kill()  # no goodbye: its keys in Redis expire
        killed = time.monotonic()
        unlisted = await _until(ben, "unlisted", lambda m: m["code"] == ann.code, seconds=EXPIRY * 4)
        waited = time.monotonic() - killed
        assert unlisted["code"] == ann.code
        # The expiry, and at most one round of reading the others (a third of it) after.
        assert waited < EXPIRY * 4 / 3 + 1.0, waited
        await ben.send({"type": "tables", "watch": True})
        assert (await _until(ben, "tables"))["tables"] == []
        await ben.send({"type": "who"})
        assert (await _until(ben, "online"))["names"] == ["Ben"]
        await ben.close()

    run(go(), 40)


def test_an_administrator_at_one_process_reaches_the_other(tmp_path: Path, redis_url: str) -> None:
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    admins = tmp_path / "admins.txt"
    admins.write_text("Mira\n", encoding="utf-8")
    a = ServerProcess(tmp_path / "a", "--redis", redis_url, "--redis-expiry", str(EXPIRY), "--admins", str(admins))
    b = ServerProcess(tmp_path / "b", "--redis", redis_url, "--redis-expiry", str(EXPIRY), "--admins", str(admins))
    start_all(a, b)

    async def go() -> None:
        ann = ScriptedPlayer(a.url, "Ann")
        await ann.open()
        code = await ann.create("five-crowns", 2)
        spam = ScriptedPlayer(a.url, "Spam")
        await spam.open()
        mira = ScriptedPlayer(b.url, "Mira")
        await mira.open()
        # A broadcast at the second process reaches a seat at the first.
        await mira.send({"type": "broadcast", "text": "the server restarts at noon"})
        await _until(mira, "done")
        heard = await _until(ann, "broadcast")
        assert (heard["name"], heard["text"]) == ("Mira", "the server restarts at noon")
        # A ban there closes the banned name's connection here.
        await mira.send({"type": "ban", "name": "Spam"})
        await _until(mira, "done")
        refused = await _until(spam, "error")
        assert refused["code"] == "banned"
        # A close there of a table held here: its player is told, and it is gone.
        await mira.send({"type": "close", "code": code})
        assert (await _until(mira, "done"))["code"] == code
        closed = await _until(ann, "error")
        assert closed["code"] == "closed"
        probe = ScriptedPlayer(a.url, "Probe")
        await probe.open()
        await probe.send({"type": "join", "code": code})
        assert (await _until(probe, "error"))["code"] == "no_table"
        for player in (probe, mira):
            await player.close()

    async def later() -> None:
        # A process started after the ban refuses the name too.
        spam = ScriptedPlayer(c.url, "spam")
        with pytest.raises(RuntimeError, match="banned"):
            await spam.open()

    c = ServerProcess(tmp_path / "c", "--redis", redis_url, "--redis-expiry", str(EXPIRY))
    try:
        run(go(), 40)
        c.start()
        run(later(), 20)
    finally:
        a.stop()
        b.stop()
        c.stop()
    assert '"act": "close"' in (tmp_path / "b" / "moderation.log").read_text(encoding="utf-8")


def test_after_redis_restarts_the_lobby_is_whole_again(tmp_path: Path) -> None:
    """Before: a process whose subscription had ended listened again at once, for ever, without letting
    anything else run: every connection of it hung once Redis had gone away."""
    server = RedisServer(tmp_path).start()
    a = ServerProcess(tmp_path / "a", "--redis", server.url, "--redis-expiry", str(EXPIRY))
    b = ServerProcess(tmp_path / "b", "--redis", server.url, "--redis-expiry", str(EXPIRY))
    start_all(a, b)

    async def go() -> None:
        cleo = await _listening(a.url, "Cleo")
        ben = await _listening(b.url, "Ben")
        ann = await _public_table(a.url, 2)
        await _until(ben, "listed")
        server.stop()  # everything Redis held is lost with it
        await asyncio.sleep(0.5)
        # Without Redis each process serves on: the table plays, its lobby answers.
        await ben.send({"type": "who"})
        await _until(ben, "online")
        server.start()
        # Each process writes all it holds again at its next heartbeat, and listens again.
        deadline = time.monotonic() + EXPIRY * 3
        codes: list[str] = []
        while codes != [ann.code]:
            assert time.monotonic() < deadline, codes
            await asyncio.sleep(0.3)
            await ben.send({"type": "tables", "watch": True})
            codes = [t["code"] for t in (await _until(ben, "tables"))["tables"]]
        await asyncio.sleep(1.2)  # (a subscription lost is made again after a second)
        await ben.send({"type": "say", "text": "still here?"})
        assert (await _until(cleo, "said"))["text"] == "still here?"
        for player in (ann, ben, cleo):
            await player.close()

    try:
        run(go(), 40)
    finally:
        a.stop()
        b.stop()
        server.stop()


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "access_game", "serve", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_serve_says_what_is_wrong_with_the_sharing_options(tmp_path: Path, redis_url: str) -> None:
    data = str(tmp_path / "tables")
    for args in (["--public-url", "ws://127.0.0.1:1"], ["--redis", "http://x"],
                 ["--redis", redis_url, "--public-url", "http://x"], ["--redis", redis_url, "--host", "0.0.0.0"]):
        done = _serve("--port", "0", "--data", data, *args)
        assert done.returncode == 2 and "--help lists the options" in done.stderr, (args, done.stderr)
    # A Redis nobody answers at: said in one line, nothing served.
    from client_support import free_port

    done = _serve("--port", "0", "--data", data, "--redis", f"redis://127.0.0.1:{free_port()}/0")
    assert done.returncode == 1 and "Redis" in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_tiny_two_process_bench_prints_both_figures() -> None:
    """``bench-server --processes 2`` with no Redis given starts its own: one process, then two, each
    table's other players sent on to the process holding it."""
    done = subprocess.run([sys.executable, "-m", "access_game", "bench-server", "--processes", "2", "--tables", "2",
                           "--seconds", "1", "--think", "0.1", "--json"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    alone, shared = figures["one_process"], figures["two_processes"]
    assert alone["tables"] == shared["tables"] == 2 and alone["errors"] == shared["errors"] == 0
    assert alone["redirects"] == 0 and shared["redirects"] == 2 * 3  # each table's three guests
    assert shared["held"] == [1, 1] and alone["held"] == [2]
    for phase in (alone, shared):
        assert phase["actions"] > 0 and phase["p99_ms"] >= phase["p50_ms"] > 0


@pytest.mark.parametrize("args", [["--redis", "redis://127.0.0.1:6379/0"], ["--processes", "3"]])
def test_the_bench_refuses_sharing_options_that_do_not_go_together(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "access_game", "bench-server", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and "--help lists the options" in done.stderr, done.stderr


@pytest.mark.parametrize(("url", "came_from", "followed"), [
    ("wss://play2.example.org", "wss://play.example.org", True),
    ("ws://play2.example.org:8765", "ws://play.example.org", True),
    ("ws://play2.example.org:8765", "wss://play.example.org", False),  # the token would cross readable
    ("ws://127.0.0.1:8766", "wss://127.0.0.1:8765", True),  # on this machine
    ("http://play2.example.org", "ws://play.example.org", False),
    ("ws://", "ws://play.example.org", False),
    (None, "ws://play.example.org", False),
    ("ws://[::1", "ws://play.example.org", False),
])
def test_a_redirect_is_followed_only_to_an_address_that_keeps_the_token_safe(
        url: Any, came_from: str, followed: bool) -> None:
    from access_game.online.client import redirect_url

    assert redirect_url({"type": "redirect", "url": url}, came_from) == (url if followed else None)


def test_a_server_alone_loads_nothing_of_redis() -> None:
    """Without --redis one process does everything as before: Redis's client is not even imported."""
    code = ("import sys, access_game.cli as c, access_game.net.serving, access_game.net.server, "
            "access_game.online.client; c.build_parser(); print(sorted(m for m in sys.modules "
            "if m.split('.')[0] == 'redis' or 'shared' in m or 'redis_bus' in m))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                         timeout=120).stdout
    assert out.strip() == "[]"
