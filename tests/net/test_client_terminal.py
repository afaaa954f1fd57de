"""The installed commands in real pseudo-terminals: ``access-game serve``, then ``access-game host`` in
one terminal and ``access-game join`` in a second; each hears the other's moves, and leaving keeps the
seat. Also: a server that cannot be reached is one line and exit 1; bad arguments exit 2 with usage."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client_support import free_port
from terminal_support import exits, quit_game, words
from terminal_support import spawn as _spawn


def test_host_and_join_from_two_terminals_hear_each_other(served: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # The table's rules are the host's settings: Ann's say she deals hand 1, so Ben plays first.
    from access_game.settings import Settings, save_settings

    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path / "ann"))
    save_settings(Settings().with_rule("five-crowns", "first_dealer", "you"))
    ann = _spawn(tmp_path / "ann", "host", "--server", served, "--game", "five-crowns", "--seats", "2",
                 "--computers", "0", "--name", "Ann")
    ann.expect(r"Table code: ([A-Z0-9]{3}-[A-Z0-9]{3}-[A-Z0-9]{3})")
    code = ann.match.group(1)
    ann.expect("Waiting for players to join: 1 of 2 seats taken.")
    ben = _spawn(tmp_path / "ben", "join", "--server", served, code, "--name", "Ben")
    for child in (ann, ben):
        child.expect("Everyone is here: the game begins.")
        child.expect("Your cards: ")
    ann.expect("wait>")  # Ann deals, so Ben plays first
    ben.expect("draw>")
    ben.send("d")
    ben.expect(r"You drew (the|a|an) ")
    ben.expect("discard>")
    ann.expect("Ben drew")
    ben.send("x")
    ben.expect(r"You discarded (the|a|an) ")
    ann.expect(r" discarded (the|a|an) ")  # arrived while Ann's prompt waited for keys
    ann.expect("draw>")
    ann.send("d")
    ann.expect("discard>")
    ann.send("x")
    ben.expect(r"Ann (drew from the stock and )?discarded (the|a|an) ")
    ann.send("/")
    ann.expect("say>")
    ann.send("good game\r")
    ben.expect("Ann says: good game")
    # (the announcer may wrap a long line at the width setting: any whitespace between words)
    quit_game(ann, then=words(f"Your seat is kept: access-game join --server {served} {code} takes it back."))
    ben.expect("Ann is away.")
    # Ann's terminal again: the seat kept under her data folder is taken back, the game where it stood.
    ann = _spawn(tmp_path / "ann", "join", "--server", served, code, "--name", "Ann")
    ann.expect("you sit in seat 1")
    ann.expect("wait>")
    ben.expect("Ann is back.")
    quit_game(ann)
    quit_game(ben)


def test_a_server_that_cannot_be_reached_is_one_line_and_exit_1(tmp_path: Path) -> None:
    url = f"ws://127.0.0.1:{free_port()}"
    child = _spawn(tmp_path, "join", "--server", url, "KQ7XMA", "--name", "Ben")
    out = exits(child, 1).replace("\r", "").strip()
    assert out == f"access-game: cannot reach the server at {url}: connection refused", out
    assert "Traceback" not in out


@pytest.mark.parametrize("args", [
    ["host", "--server", "http://x", "--game", "five-crowns", "--seats", "2", "--name", "A"],
    ["host", "--server", "ws://127.0.0.1:1", "--game", "solitaire", "--seats", "2", "--name", "A"],
    ["host", "--server", "ws://127.0.0.1:1", "--game", "five-crowns", "--seats", "2", "--computers", "2",
     "--name", "A"],
    ["host", "--server", "ws://127.0.0.1:1", "--game", "five-crowns", "--seats", "2", "--name", " "],
    ["join", "--server", "ws://127.0.0.1:1", "K7", "--name", "Ben"],
    ["join", "--server", "ws://127.0.0.1:1", "K7Q2MX"],
    # no name, and no seat kept at that table on this computer to take back (which would have one)
    ["join", "--server", "ws://127.0.0.1:1", "K7Q-AMX-3F9"],
])
def test_bad_arguments_exit_2_with_usage(args: list[str], capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from access_game.cli import main

    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    try:
        status = main(args)
    except SystemExit as exc:  # argparse's own refusals
        status = int(exc.code or 0)
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.startswith("access-game ") and len(err.splitlines()) == 1, err
    assert "error: " in err and "Traceback" not in err


def test_join_without_a_name_takes_back_the_seat_kept_with_its_name(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    """The command a terminal prints on leaving a game ("Your seat is kept: access-game join --server URL
    CODE takes it back.") names no player: typed as printed, it must work, with the kept seat's name."""
    import io

    from access_game.cli import main
    from access_game.online.client import SeatToken, TokenStore

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    TokenStore().put(SeatToken("ws://127.0.0.1:1", "K7QAMX3F9", 1, "secret", "Ben"))
    asked: list[Any] = []
    monkeypatch.setattr("access_game.online.terminal.play_at_table",
                        lambda request, settings: asked.append(request) or 0)
    monkeypatch.setattr(sys, "stdin", Terminal())
    assert main(["join", "--server", "ws://127.0.0.1:1", "K7Q-AMX-3F9"]) == 0
    assert [(r.name, r.code) for r in asked] == [("Ben", "K7QAMX3F9")]


def test_a_table_code_the_server_does_not_know_is_one_line_and_exit_1(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from client_support import LiveServer

    from access_game.online.client import TokenStore
    from access_game.online.terminal import SeatRequest, play_at_table
    from access_game.settings import Settings

    with LiveServer(tmp_path / "tables") as server:
        request = SeatRequest(server.url, "Ben", {"type": "join", "code": "KQ7XMA"}, code="KQ7XMA")
        status = play_at_table(request, Settings(speech="silent"), tokens=TokenStore(tmp_path / "seats.json"))
    assert status == 1
    assert capsys.readouterr().err == "access-game: There is no table with a free seat and that code on this server.\n"


def test_the_host_waits_at_a_prompt_chats_and_gives_a_free_seat_to_a_computer(served: str, tmp_path: Path) -> None:
    """Before every seat is taken the keys that need no cards already work: the seats, chat, and the
    host's hand-over of a free seat; the game then begins by itself when the last person sits down."""
    ann = _spawn(tmp_path / "ann", "host", "--server", served, "--game", "five-crowns", "--seats", "3",
                 "--computers", "0", "--name", "Ann")
    ann.expect(r"Table code: ([A-Z0-9]{3}-[A-Z0-9]{3}-[A-Z0-9]{3})")
    code = ann.match.group(1)
    ann.expect("While the seats fill: / to chat")
    ann.expect("waiting>")
    ann.send("?")
    ann.expect(r"Help for Five Crowns: \d+ commands")
    ann.expect("help>")  # U closes the help and does its work
    ann.send("U")
    ann.expect("Seat 1, Ann, you.")
    ann.expect("Seat 2, free, the table waits for this player.")
    ann.expect("Seat 3, free, the table waits for this player.")
    ann.send("/")
    ann.expect("say>")
    ann.send("anyone there?\r")
    ann.expect("Ann says: anyone there?")
    ann.send("V")
    ann.expect("Hand a seat to a computer player")
    ann.send("\r")  # the first free seat, seat 2
    ann.expect("A computer player takes seat 2.")
    ann.expect("Waiting for players to join: 1 of 2 seats taken.")
    ann.send("U")  # before the deal gives it a name, the seat is a computer player's, not free
    ann.expect("Seat 2, computer player.")
    ann.expect("Seat 3, free, the table waits for this player.")
    ben = _spawn(tmp_path / "ben", "join", "--server", served, code, "--name", "Ben")
    for child in (ann, ben):
        child.expect("Everyone is here: the game begins.")
        child.expect("Your cards: ")
    ann.send("U")
    ann.expect(r"Seat 2, \w+, computer player.")
    for child in (ann, ben):
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
        child.close()


def test_ctrl_c_while_the_seats_fill_leaves_the_table(served: str, tmp_path: Path) -> None:
    ann = _spawn(tmp_path / "ann", "host", "--server", served, "--game", "upcard-rummy", "--seats", "2",
                 "--computers", "0", "--name", "Ann")
    ann.expect("waiting>")
    ann.sendcontrol("c")
    ann.expect("You left the table before the game began.")
    exits(ann, 0)


def test_the_host_deals_again_from_the_terminal(served: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game played to its end at a network table: the host is asked whether to deal again, and Y
    deals a new game to the same seats at the same prompt."""
    from access_game.settings import Settings, save_settings

    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path / "ann"))
    save_settings(Settings().with_rule("upcard-rummy", "target", 500))  # a game of a hand or two
    ann = _spawn(tmp_path / "ann", "host", "--server", served, "--game", "upcard-rummy", "--seats", "2",
                 "--computers", "1", "--name", "Ann")
    ann.expect("Everyone is here: the game begins.")
    prompt = r"\r\n(last turn, )?(draw|meld or discard|discard)>"
    ann.expect(prompt)
    for _ in range(400):  # Shift+N does what the hint says, one step at a time, until the game ends
        ann.send("N")  # the next key only once this one's prompt is back: a key typed ahead would answer
        if ann.expect([r"Deal a new game to the same seats\?", prompt], timeout=15) == 0:
            break
    else:
        raise AssertionError("the game did not end")
    ann.expect("deal again y/n>")
    ann.send("y")
    ann.expect("Ann deals a new game at this table.")
    ann.expect(r"Hand 1\.")
    ann.expect("Your cards: ")
    ann.sendcontrol("c")
    ann.expect(pexpect.EOF)
    ann.close()


def test_a_seat_ends_quietly_when_the_reader_of_its_lines_goes(served: str, tmp_path: Path) -> None:
    """``access-game host … | head``: once the reader has gone, the next lines end the command quietly
    (status 141, nothing on standard error), not with a crash line; the server keeps the seat."""
    import os
    import pty
    import subprocess

    from terminal_support import COMMAND, terminal_env

    master, slave = pty.openpty()
    read, write = os.pipe()
    proc = subprocess.Popen([str(COMMAND), "host", "--server", served, "--game", "five-crowns", "--seats", "2",
                             "--computers", "1", "--name", "Ann", "--speech", "screen-reader"],
                            stdin=slave, stdout=write, stderr=subprocess.PIPE, env=terminal_env(tmp_path / "ann"),
                            text=True)
    os.close(slave)
    os.close(write)
    seen = b""
    with os.fdopen(read, "rb") as reader:
        while b"Your cards: " not in seen:
            chunk = reader.read1(4096)
            assert chunk, seen
            seen += chunk
    try:
        os.write(master, b"?")  # any key: its answer finds nobody to read it
        _out, error = proc.communicate(timeout=30)
    finally:
        os.close(master)
    assert (proc.returncode, error) == (141, "")
