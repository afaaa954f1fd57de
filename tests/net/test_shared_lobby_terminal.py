"""The shared lobby as players meet it: two real ``access-game serve --redis`` processes on one real
redis-server, and ``access-game online`` in real pseudo-terminals, each player at a different process.
Ann opens a public table at the first; Ben, at the second, finds it in his list and joins it, and
Cleo, at the second too, watches it: neither hears anything of the table being at the other process.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from redis_support import RedisServer, start_all
from server_harness import ServerProcess
from terminal_support import online, open_table, terminals, words


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[str, str]]:
    redis = RedisServer(tmp_path).start()
    first = ServerProcess(tmp_path / "a", "--redis", redis.url)
    second = ServerProcess(tmp_path / "b", "--redis", redis.url)
    try:
        one, two = start_all(first, second)
        yield one, two
    finally:
        first.stop()
        second.stop()
        redis.stop()


def test_a_table_at_one_process_joined_and_watched_from_the_other(tmp_path: Path, two: tuple[str, str]) -> None:
    first, second = two
    with terminals() as children:
        ann = online(tmp_path / "ann", first, "Ann")
        children.append(ann)
        ann.expect("lobby>")
        code = open_table(ann, listed=True).replace("-", "")

        ben = online(tmp_path / "ben", second, "Ben")
        children.append(ben)
        ben.expect(words(f"Lobby of {second}: 1 open table."))
        ben.expect("lobby>")
        ben.send("\x1b[F")  # End: the last item, Ann's table, held by the other process
        ben.expect("Five Crowns, host Ann: 1 seat free of 2, 0 computer players.")
        ben.send("\r")
        for child in (ann, ben):
            child.expect("Everyone is here: the game begins.")
            child.expect("Your cards: ")
        # Ben's seat is kept under the address he gave, with the table's code.
        seats = (tmp_path / "ben").rglob("network-seats.json")
        assert any(f"{second} {code}" in path.read_text(encoding="utf-8") for path in seats)

        cleo = online(tmp_path / "cleo", second, "Cleo")
        children.append(cleo)
        cleo.expect("lobby>")
        cleo.send("\x1b[F")
        cleo.expect("Five Crowns, host Ann: being played, open to watch")
        cleo.send("E")
        cleo.expect("You are watching Five Crowns table")
        cleo.expect("New game of Five Crowns: Ann and Ben.")
        cleo.expect("watching>")
        cleo.send("/")
        cleo.expect("say>")
        cleo.send("hi all\r")
        ann.expect(r"Cleo \(watching\): hi all")
        ben.expect(r"Cleo \(watching\): hi all")
