"""A seat at a server of several processes survives its Redis failing, and the shared lobby comes whole
again with nothing said lost: two real ``access-game serve --redis`` processes and a real redis-server,
stopped (SIGSTOP), killed and started again empty, and cut off from one process (a split).

The rounds are the bench's (``python -m access_game.bench.redis_faults``), whose figures are quoted; the
terminal's side is ``access-game join`` in a real pseudo-terminal taking a kept seat back through the
process that does not hold its table while Redis is stopped.
"""

from __future__ import annotations

import json
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from redis_support import RedisServer, start_all
from server_harness import ServerProcess, run
from terminal_support import quit_game, spawn, terminals, words

from access_game.bench.redis_faults import run_faults
from access_game.net.scripted import ScriptedPlayer
from access_game.net.table_store import TableStore
from access_game.net.tables import Table
from access_game.online.client import SeatToken, TokenStore

EXPIRY = 3
#: Tags kept in each process's data folder (as a restarted process finds its own), and a code drawn by
#: neither: a table made before codes named their process, found only through Redis.
TAG_A, TAG_B = "AC", "DE"
UNTAGGED = "XXKQ7MAP3"


def test_seats_lines_and_lists_survive_redis_stopped_killed_and_split() -> None:
    result = run_faults(["stop", "kill", "split"], expiry=EXPIRY)
    report = json.dumps(result, indent=1)
    assert result["servers_alive"], report
    # Every seat taken back through either process during every fault, its token kept.
    assert result["seats_tried"] == 6 and result["seats_kept"] == 6, report
    # Every lobby line said at one process during the fault heard at the other after it.
    assert result["lines_said"] == 18 and result["lines_lost"] == 0, report
    # Both processes list every public table and the same names online again.
    assert result["lists_whole"] == result["rounds_run"] == 3, report
    # A table is made at once while Redis is away (before: 10 s on a stopped Redis).
    assert result["slowest_create_s"] < 1.0, report
    assert result["slowest_rejoin_s"] < 5.0, report


def _keep_tag(data: Path, tag: str) -> None:
    data.mkdir(parents=True)
    (data / "process-tag.json").write_text(json.dumps({"tag": tag}), encoding="utf-8")


def _untagged_table(data: Path) -> str:
    """A table of Ben's and a computer player held by the first process under a code of no process's
    tag; Ben's token."""
    store = TableStore(data)
    table = Table.create(UNTAGGED, "five-crowns", seats=2, computers=1, level="easy", options={})
    token = table.take(0, "Ben")
    table.start()
    store.record(table)
    store.save(table)
    return token


def _seats_file(home: Path) -> Path:
    return home / "data" / "network-seats.json"


@pytest.fixture
def stopped_redis(tmp_path: Path) -> Iterator[tuple[RedisServer, str, str, str]]:
    """Redis, the first process (its tag TAG_A, holding Ben's untagged table) and the second (TAG_B);
    Redis, both URLs and Ben's token."""
    redis = RedisServer(tmp_path).start()
    _keep_tag(tmp_path / "a", TAG_A)
    _keep_tag(tmp_path / "b", TAG_B)
    ben_token = _untagged_table(tmp_path / "a")
    first = ServerProcess(tmp_path / "a", "--redis", redis.url, "--redis-expiry", str(EXPIRY))
    second = ServerProcess(tmp_path / "b", "--redis", redis.url, "--redis-expiry", str(EXPIRY))
    try:
        url_a, url_b = start_all(first, second)
        yield redis, url_a, url_b, ben_token
    finally:
        assert redis.proc is not None
        redis.proc.send_signal(signal.SIGCONT)
        first.stop()
        second.stop()
        redis.stop()
    assert "Traceback" not in first.errors + second.errors, first.errors + second.errors


async def _answer(url: str, request: dict[str, object]) -> tuple[dict[str, object], float]:
    """The first answer to ``request`` at ``url`` (not followed), and how long it took."""
    player = ScriptedPlayer(url, "Probe")
    await player.open()
    began = time.monotonic()
    await player.send(request)
    answer = await player.receive()
    await player.close()
    return answer, time.monotonic() - began


def test_join_takes_a_kept_seat_back_through_the_other_process_while_redis_is_stopped(
        tmp_path: Path, stopped_redis: tuple[RedisServer, str, str, str]) -> None:
    redis, url_a, url_b, ben_token = stopped_redis
    assert redis.proc is not None

    async def ann_seated() -> tuple[str, str]:
        ann = ScriptedPlayer(url_a, "Ann")
        await ann.open()
        code = await ann.create("five-crowns", 2, computers=1)
        assert ann.token is not None
        await ann.close()
        return code, ann.token

    code, ann_token = run(ann_seated())
    assert code.startswith(TAG_A)  # the code names the process holding the table
    # Both seats kept under the address of the process that does not hold them, as a player who
    # connected there (and was sent on) keeps them.
    ann_home, ben_home = tmp_path / "ann", tmp_path / "ben"
    TokenStore(_seats_file(ann_home)).put(SeatToken(url_b, code, 0, ann_token, "Ann"))
    TokenStore(_seats_file(ben_home)).put(SeatToken(url_b, UNTAGGED, 0, ben_token, "Ben"))

    redis.proc.send_signal(signal.SIGSTOP)
    # A code the second process cannot place without Redis: "unavailable", at once, never "bad_token".
    answer, took = run(_answer(url_b, {"type": "rejoin", "code": UNTAGGED, "token": ben_token, "seen": 0}))
    assert answer["type"] == "error" and answer["code"] == "unavailable", answer
    assert took < 3.0, took
    # A table made at the second process meanwhile: at once, its code its process's.
    answer, took = run(_answer(url_b, {"type": "create", "game": "five-crowns", "seats": 2, "computers": 1,
                                       "level": "easy", "options": {}}))
    assert answer["type"] == "seated" and str(answer["code"]).startswith(TAG_B) and took < 1.0, (answer, took)

    with terminals() as children:
        # Ann's code names its process: she is sent there without Redis and sits down at once.
        ann = spawn(ann_home, "join", "--server", url_b, code, "--name", "Ann")
        children.append(ann)
        ann.expect("Ann, you sit in seat 1", timeout=15)
        quit_game(ann, then=words(f"Your seat is kept: access-game join --server {url_b}"))
        # Ben's cannot be placed while Redis is stopped: told once that the server is busy, he waits,
        # and sits down when Redis answers again.
        ben = spawn(ben_home, "join", "--server", url_b, UNTAGGED, "--name", "Ben", timeout=30)
        children.append(ben)
        ben.expect(words("The server is busy; trying again until it answers."))
        time.sleep(4)  # a few tries
        redis.proc.send_signal(signal.SIGCONT)
        ben.expect("Ben, you sit in seat 1")
        assert "busy" not in ben.before
        quit_game(ben, then=words(f"Your seat is kept: access-game join --server {url_b}"))
    for home, kept, token in ((ann_home, code, ann_token), (ben_home, UNTAGGED, ben_token)):
        seat = TokenStore(_seats_file(home)).get(url_b, kept)
        assert seat is not None and seat.token == token


def test_a_process_keeps_its_tag_across_restarts(tmp_path: Path) -> None:
    """A restarted process draws codes with the tag it had: its tables' codes, old and new, still say
    where they are held."""
    redis = RedisServer(tmp_path).start()
    server = ServerProcess(tmp_path / "a", "--redis", redis.url, "--redis-expiry", str(EXPIRY))

    async def a_code(url: str) -> str:
        host = ScriptedPlayer(url, "Ann")
        await host.open()
        code = await host.create("five-crowns", 2, computers=1)
        await host.close()
        return code

    try:
        first = run(a_code(server.start()))
        server.stop()
        second = run(a_code(server.start()))
        assert first[:2] == second[:2]
        assert json.loads((tmp_path / "a" / "process-tag.json").read_text(encoding="utf-8")) == {"tag": first[:2]}
    finally:
        server.stop()
        redis.stop()
