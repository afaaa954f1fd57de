"""Accounts as players meet them: a real ``access-game serve --database postgresql://…`` (a PostgreSQL
the test starts) and ``access-game online`` processes in real pseudo-terminals. Ann makes her account
(the password asked on one line and never shown), opens a table, and takes her seat back from another
terminal where she signs in; a wrong password and a guest under her name are refused with one clear
line; the leaderboard and record keys answer one line each.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pexpect
from postgres_server import running_postgres
from terminal_support import COMMAND, exits, online, open_table, serving, spawn, terminal_env, terminals, words

PASSWORD = "lantern-harbour-7"


def _refused(child: Any, password: str) -> None:
    """``password`` typed at the question: refused in one line that gives nothing away, and exit 1."""
    child.send(password + "\r")
    child.expect(words("Wrong name or password: nothing was changed."))
    exits(child, 1)


def test_an_account_made_signed_in_elsewhere_and_its_seat_taken_back(tmp_path: Path) -> None:
    errors: list[str] = []
    with running_postgres() as database, serving(tmp_path / "data", tmp_path / "server", "--database", database,
                                                 errors=errors) as url, terminals() as children:
        ann = online(tmp_path / "phone", url, "Ann", "--register")
        children.append(ann)
        ann.expect(words("A new password for the account Ann (not shown, at least 8 characters):"))
        ann.send(PASSWORD + "\r")
        ann.expect(words("The same password again (not shown):"))
        ann.send(PASSWORD + "\r")
        ann.expect(words("Account Ann made: you are signed in, and nobody else can take this name."))
        ann.expect("lobby>")
        assert PASSWORD not in ann.before  # never shown (nor stars a screen reader would read)
        ann.send("D")
        ann.expect(words("Leaderboard of Five Crowns: nobody is rated yet."))
        ann.send("R")
        ann.expect(words("Record of Ann: no game finished yet."))
        code = open_table(ann, listed=False)

        guest = online(tmp_path / "guest", url, "ann")  # a guest under the account's name: refused...
        guest.expect(words("That name, or one that reads like it, belongs to an account"))
        guest.expect("Password of ann")  # ...and asked the account's password, once
        _refused(guest, "a-guess-at-it")
        wrong = online(tmp_path / "laptop", url, "Ann", "--sign-in")
        wrong.expect("Password of Ann")
        _refused(wrong, "not-her-password")

        laptop = online(tmp_path / "laptop", url, "Ann", "--sign-in")
        children.append(laptop)
        laptop.expect("Password of Ann")
        laptop.send(PASSWORD + "\r")
        laptop.expect(words("Signed in as Ann. You hold 1 seat at the server's tables: it is first in the list."))
        laptop.expect("lobby>")
        laptop.send("\x1b[B")
        laptop.expect(words(f"Your seat at Five Crowns, table {code}, waiting for players: Enter takes it back."))
        laptop.send("\r")
        laptop.expect(words("Waiting for players to join: 1 of 2 seats taken."))
        ann.expect(words("Your seat was taken up from another terminal."))
        assert PASSWORD not in laptop.before
    assert PASSWORD not in errors[0]


def test_host_signs_in_and_a_database_out_of_reach_is_said_in_one_line_as_serve_starts(tmp_path: Path) -> None:
    said: list[str] = []
    with serving(tmp_path / "away", tmp_path / "server", "--database", "postgresql://ann:hunter22@127.0.0.1:1/cards",
                 errors=said) as url:
        assert url.startswith("ws://")  # it serves (guests, session keys) until the database answers
    assert "Traceback" not in said[0] and "hunter22" not in said[0]
    assert said[0].startswith("access-game serve: the accounts' database cannot be reached now "
                              "(postgresql://ann:***@127.0.0.1:1"), said[0]
    wrong = subprocess.run([str(COMMAND), "serve", "--port", "0", "--data", str(tmp_path / "data"), "--database",
                            "mysql://ann:hunter22@db/cards"], env=terminal_env(tmp_path / "server"),
                           capture_output=True, text=True, timeout=60)
    assert wrong.returncode == 2 and wrong.stderr.startswith("access-game serve: error: ")
    assert "neither a postgresql:// address nor a file's path" in wrong.stderr and "hunter22" not in wrong.stderr

    with serving(tmp_path / "data", tmp_path / "server") as url, terminals() as children:
        maker = online(tmp_path / "maker", url, "Ben", "--register")
        children.append(maker)
        maker.expect("A new password")
        maker.send(PASSWORD + "\r")
        maker.expect("The same password again")
        maker.send(PASSWORD + "x\r")  # not the same: nothing is sent
        maker.expect(words("The two passwords differ: nothing was sent. Try again."))
        maker.expect(pexpect.EOF)
        host = spawn(tmp_path / "host", "host", "--server", url, "--game", "five-crowns", "--seats", "2", "--name",
                     "Ben", "--sign-in")
        children.append(host)
        host.expect("Password of Ben")
        _refused(host, PASSWORD)  # Ben made no account
    assert (tmp_path / "data" / "accounts.sqlite3").is_file()  # the default: one file beside the tables
