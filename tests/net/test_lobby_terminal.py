"""The lobby as players meet it: a real ``access-game serve`` and ``access-game online`` processes in
real pseudo-terminals on loopback. Ann steps the list and opens a table; Ben finds it in the list and
joins; Cleo watches it (and is never told a card of anyone's hand), chats at the table and sends Ann a
private message; Ann removes Ben from her table; the server's administrator broadcasts, closes the
table and bans a name, and the moderation log holds each act.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pexpect

sys.path.insert(0, str(Path(__file__).resolve().parent))

from terminal_support import COMMAND, online, open_table, serving, terminal_env, terminals, words


def test_a_table_found_opened_joined_watched_and_moderated_from_the_lobby(tmp_path: Path) -> None:
    data = tmp_path / "data"
    admins = tmp_path / "admins.txt"
    admins.write_text("# the server's administrators\nRoot\tsesame\n", encoding="utf-8")
    with serving(data, tmp_path / "server", "--admins", str(admins)) as url, terminals() as children:
        # A client of protocol 2 (as an older access-game sends it) is told to update, and let go.
        from websockets.sync.client import connect

        with connect(url, proxy=None) as old:
            old.send(json.dumps({"type": "hello", "protocol": 2, "name": "Old"}))
            told = json.loads(old.recv(timeout=10))
            assert told["code"] == "protocol_version" and "update access-game" in told["message"]

        ann = online(tmp_path / "ann", url, "Ann")
        children.append(ann)
        ann.expect(words(f"Lobby of {url}: 0 open tables."))
        ann.expect("Join a table by its code.")
        ann.expect("lobby>")
        ann.send("\x1b[B")  # Down
        ann.expect("New table of Five Crowns, 2 to 14 players.")
        ann.send("\x1b[A")  # Up: back to the first item
        ann.expect("Join a table by its code.")
        code = open_table(ann, listed=True)

        ben = online(tmp_path / "ben", url, "Ben")
        children.append(ben)
        ben.expect(words(f"Lobby of {url}: 1 open table."))
        ben.expect("lobby>")
        ben.send("\x1b[F")  # End: the last item, Ann's table
        ben.expect("Five Crowns, host Ann: 1 seat free of 2, 0 computer players.")
        ben.send("\r")
        for child in (ann, ben):
            child.expect("Everyone is here: the game begins.")
            child.expect("Your cards: ")

        cleo = online(tmp_path / "cleo", url, "Cleo")
        children.append(cleo)
        cleo.expect("lobby>")
        cleo.send("\x1b[F")
        cleo.expect("Five Crowns, host Ann: being played, open to watch")
        cleo.send("E")
        cleo.expect(words(f"You are watching Five Crowns table {code}."))
        cleo.expect("New game of Five Crowns: Ann and Ben.")
        cleo.expect("watching>")
        assert "Your cards" not in cleo.before
        cleo.send("s")  # the totals, as at the table
        cleo.expect("Totals: Ann 0, Ben 0.")
        cleo.send("/")
        cleo.expect("say>")
        cleo.send("hi all\r")
        ann.expect(r"Cleo \(watching\): hi all")
        ben.expect(r"Cleo \(watching\): hi all")
        cleo.send("T")
        cleo.expect("to>")
        cleo.send("Ann\r")
        cleo.expect("tell>")
        cleo.send("psst\r")
        cleo.expect("You to Ann: psst")
        ann.expect("Cleo to you: psst")
        cleo.send("T")  # a second message to Ann: what was said with her before comes first, from the server
        cleo.expect("to>")
        cleo.send("Ann\r")
        cleo.expect("You to Ann: psst")
        cleo.expect("tell>")
        cleo.send("\x1b")
        cleo.expect("Chat cancelled.")
        cleo.send("\x1b")  # Escape: back to the list
        cleo.expect("You stopped watching; back in the lobby.")
        cleo.send("p")
        cleo.expect(r"Online \(3\): Ann, Ben and Cleo.")

        # The host removes Ben (Shift+X, then the player from a menu): a computer player takes his seat,
        # and Ben is back in the lobby.
        ann.send("X")
        ann.expect("Remove a player from the table")
        ann.send("\r")
        ben.expect("The host removed you from the table.")
        ben.expect("lobby>")

        root = online(tmp_path / "root", url, "Root", ACCESS_GAME_ADMIN_KEY="sesame")
        children.append(root)
        root.expect("lobby>")
        cleo.expect("Root is online.")
        root.send("/")
        root.send("/broadcast the server restarts at noon\r")
        for child in (ann, ben, cleo):
            child.expect("Message from the server's administrator Root: the server restarts at noon")
        root.send("/")
        root.send(f"/close {code}\r")
        root.expect(words(f"Table {code} closed."))
        ann.expect("An administrator closed the table.")
        cleo.expect("That table is no longer open.")
        root.send("/")
        root.send("/ban Cleo\r")
        root.expect("Cleo banned.")
        cleo.expect("You are banned from this server.")
        cleo.expect(pexpect.EOF)
        for child in (ann, ben):
            child.expect("lobby>")  # back in the lobby once the table closed
        root.send("q")
        root.expect(pexpect.EOF)
    acts = [json.loads(line) for line in (data / "moderation.log").read_text(encoding="utf-8").splitlines()]
    assert [a["act"] for a in acts] == ["remove", "broadcast", "close", "ban"]
    assert acts[0]["by"] == "Ann" and acts[0]["name"] == "Ben" and acts[0]["seat"] == 1
    assert acts[2]["table"] == code.replace("-", "") and acts[3]["name"] == "Cleo"


def test_bad_arguments_exit_2_with_the_usage_and_an_unreachable_server_is_one_line(tmp_path: Path) -> None:
    env = terminal_env(tmp_path)
    for args, said in ((["--server", "http://example.org", "--name", "Ann"], "is not a server address"),
                       (["--server", "ws://127.0.0.1:9", "--name", "\x07"], "--name: a name is 1 to"),
                       (["--name", "Ann"], "the following arguments are required: --server")):
        done = subprocess.run([str(COMMAND), "online", *args], env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.startswith("access-game online: error: ") and said in done.stderr
    bad = tmp_path / "admins.txt"
    bad.write_text("Root\n\x07\n", encoding="utf-8")
    for admins, said in ((tmp_path / "missing.txt", "no such file"), (bad, "line 2: not a name")):
        done = subprocess.run([str(COMMAND), "serve", "--port", "0", "--data", str(tmp_path / "data"), "--admins",
                               str(admins)], env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and done.stderr.startswith("access-game serve: error: ") and said in done.stderr
    from client_support import free_port

    child = online(tmp_path, f"ws://127.0.0.1:{free_port()}", "Ann")
    child.expect("cannot reach the server at")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_the_lobby_bench_times_each_key_to_its_own_line() -> None:
    """bench-server --lobby, small: every key is timed to the line of the item it goes to (a key whose
    line never came would time out), and the figures are there."""
    from access_game.bench.lobby import run_lobby_bench

    figures = run_lobby_bench(3, keys=12)
    assert figures["tables"] == 3 and figures["keys"] == 12
    assert 0 < figures["key_to_line_p50_ms"] <= figures["key_to_line_p99_ms"] <= figures["key_to_line_max_ms"]
