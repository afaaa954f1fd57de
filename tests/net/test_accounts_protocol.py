"""Accounts through a real table server on loopback (protocol 3): register, sign in on another client
and take the seat back, a wrong password refused and nothing changed, a name taken refused (by a guest
and by another account), password tries limited, sign-out, and ratings, record and leaderboard after a
game played to its end. The server keeps its accounts in SQLite, and in a real PostgreSQL started for
these tests (postgres_server): the same suite on both.
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from server_harness import in_process, run
from test_lobby_protocol import Client
from websockets.asyncio.client import connect

from access_game.net import protocol as p
from access_game.net.account_desk import AccountDesk
from access_game.net.accounts import SqlAccountStore
from access_game.net.database import open_database
from access_game.net.scripted import ScriptedPlayer
from access_game.net.server import TableServer
from access_game.net.table_store import TableStore

PASSWORD = "correct horse battery"
@pytest.fixture
def database(account_database: str) -> str:
    """The accounts database of the test, on SQLite and on PostgreSQL (conftest.account_database)."""
    return account_database


def _server(database: str, tmp_path: Path, **tries: int) -> TableServer:
    desk = AccountDesk(SqlAccountStore(open_database(database)), **tries)
    return TableServer(TableStore(tmp_path / "tables"), accounts=desk)


async def _account(url: str, kind: str, name: str, password: str = PASSWORD,
                   **extra: Any) -> tuple[Client, dict[str, Any]]:
    """A connection whose first message registers or signs in (it says hello too)."""
    ws = await connect(url, compression=None, proxy=None)
    client = Client(ws)
    await client.send({"type": kind, "protocol": p.PROTOCOL_VERSION, "name": name, "password": password, **extra})
    first = json.loads(await asyncio.wait_for(ws.recv(), 10))
    if first["type"] == "error":
        return client, first
    assert first["type"] == "welcome"
    return client, await client.next("signed_in", timeout=10)


def test_register_then_sign_in_elsewhere_and_take_the_seat_back(database: str, tmp_path: Path) -> None:
    async def body() -> None:
        tables = _server(database, tmp_path)
        try:
            async with in_process(tables) as (_, url):
                phone, signed = await _account(url, "register", "Ann")
                assert signed["name"] == "Ann" and signed["new"] is True and signed["seats"] == []
                await phone.send({"type": "create", "game": "five-crowns", "seats": 2, "computers": 0,
                                  "level": "easy", "options": {}})
                seated = await phone.next("seated")
                code, old_token = seated["code"], seated["token"]
                # Another device: the password once, then its session for the next connection.
                laptop, again = await _account(url, "sign_in", "ann")
                assert again["name"] == "Ann" and again["new"] is False
                assert again["seats"] == [{"code": code, "seat": 0, "game": "five-crowns", "started": False}]
                await laptop.send({"type": "rejoin", "code": code})
                back = await laptop.next("seated")
                assert back["seat"] == 0 and back["name"] == "Ann" and back["token"] != old_token
                assert (await phone.next("error"))["code"] == "replaced"  # the seat followed the account
                tablet, _signed = await _account(url, "sign_in", "Ann")  # a join where the account sits...
                await tablet.send({"type": "join", "code": code})
                assert (await tablet.next("seated"))["seat"] == 0  # ...takes that seat back, not a second one
                assert (await laptop.next("error"))["code"] == "replaced"
                third = await Client.open(url, "Spy")  # a guest cannot take a seat by the account's name
                await third.send({"type": "rejoin", "code": code})
                assert (await third.next("error"))["code"] == "bad_token"
                await third.send({"type": "rejoin", "code": code, "token": old_token})
                assert (await third.next("error"))["code"] == "bad_token"  # the old device's token stopped
                ws = await connect(url, compression=None, proxy=None)
                session = Client(ws)
                await session.send({"type": "sign_in", "protocol": p.PROTOCOL_VERSION, "name": "Ann",
                                    "session": again["session"]})
                assert (await session.next("welcome"))["protocol"] == p.PROTOCOL_VERSION
                assert (await session.next("signed_in"))["name"] == "Ann"
                await session.send({"type": "sign_out"})
                await session.next("signed_out")
                ws2 = await connect(url, compression=None, proxy=None)
                stale = Client(ws2)
                await stale.send({"type": "sign_in", "protocol": p.PROTOCOL_VERSION, "name": "Ann",
                                  "session": again["session"]})
                assert (await stale.next("error"))["code"] == "wrong_password"  # the session ended with it
        finally:
            assert tables.accounts is not None
            tables.accounts.close()

    run(body())


def test_a_guests_seat_never_follows_an_account_made_later_under_its_name(database: str, tmp_path: Path) -> None:
    """Seats follow the account that was signed in when they were taken, not a name: whoever registers
    a guest's name after the guest has gone must not be handed the guest's seat (and hand)."""

    async def body() -> None:
        tables = _server(database, tmp_path)
        try:
            async with in_process(tables) as (_, url):
                guest = await Client.open(url, "Eve")
                await guest.send({"type": "create", "game": "five-crowns", "seats": 2, "computers": 0,
                                  "level": "easy", "options": {}})
                code = (await guest.next("seated"))["code"]
                await guest.ws.close()
                await asyncio.sleep(0.2)
                thief = await Client.open(url, "Eve")  # a free name again: a guest may use it...
                await thief.send({"type": "register", "name": "Eve", "password": PASSWORD})  # ...and keep it
                signed = await thief.next("signed_in")
                assert signed["seats"] == []
                await thief.send({"type": "rejoin", "code": code})
                assert (await thief.next("error"))["code"] == "bad_token"
                await thief.send({"type": "join", "code": code})
                seated = await thief.next("seated")
                assert seated["seat"] == 1  # a seat of its own, never the guest's
        finally:
            assert tables.accounts is not None
            tables.accounts.close()

    run(body())


def test_wrong_password_and_taken_names_are_refused_and_change_nothing(database: str, tmp_path: Path,
                                                                       caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="access_game")

    async def body() -> None:
        tables = _server(database, tmp_path)
        try:
            async with in_process(tables) as (_, url):
                await _account(url, "register", "Ann")
                _client, wrong = await _account(url, "sign_in", "Ann", "not the password")
                assert wrong["code"] == "wrong_password"
                _client, unknown = await _account(url, "sign_in", "Nobody", PASSWORD)
                assert unknown["code"] == "wrong_password"  # the same answer: no account is told apart
                _client, taken = await _account(url, "register", "ANN", "another password")
                assert taken["code"] == "name_taken"
                _client, short = await _account(url, "register", "Ben", "short")
                assert short["code"] == "weak_password"
                ws = await connect(url, compression=None, proxy=None)
                guest = Client(ws)
                await guest.send({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Ann"})
                assert (await guest.next("error"))["code"] == "name_taken"
                # A free name: a guest.
                await guest.send({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Cleo"})
                assert (await guest.next("welcome"))["protocol"] == p.PROTOCOL_VERSION
                # Nothing changed: Ann's password is the first one, Ben was never made.
                _client, ok = await _account(url, "sign_in", "Ann")
                assert ok["type"] == "signed_in"
                _client, no_ben = await _account(url, "sign_in", "Ben", "short")
                assert no_ben["code"] == "wrong_password"
                # A guest registers the name they play under; another guest's name is not theirs to take.
                await guest.send({"type": "register", "name": "Dan", "password": PASSWORD})
                await guest.next("signed_in")
                other = await Client.open(url, "Eve")
                await other.send({"type": "register", "name": "Dan", "password": PASSWORD})
                assert (await other.next("error"))["code"] == "name_taken"
                await other.send({"type": "register", "name": "Eve", "password": PASSWORD})
                assert (await other.next("signed_in"))["name"] == "Eve"
        finally:
            assert tables.accounts is not None
            tables.accounts.close()

    run(body())
    ours = [r for r in caplog.records if r.name.startswith("access_game")]
    assert any("wrong password" in r.getMessage() for r in ours)  # the tries are logged...
    said = "".join(r.getMessage() for r in ours)
    assert PASSWORD not in said and "not the password" not in said  # ...never the passwords


def test_password_tries_are_limited_per_name_and_address(database: str, tmp_path: Path) -> None:
    async def body() -> None:
        tables = _server(database, tmp_path, free_tries=2, tries_per_address=100)
        try:
            async with in_process(tables) as (_, url):
                await _account(url, "register", "Cleo")  # (made here: this address is Cleo's, not Ann's)
                assert tables.accounts is not None
                made = await tables.accounts.register("Ann", PASSWORD, "192.0.2.1")  # made elsewhere
                assert made.new
                codes = [(await _account(url, "sign_in", "Ann", f"guess {i}"))[1] for i in range(3)]
                assert [c["code"] for c in codes] == ["wrong_password", "wrong_password", "too_many_tries"]
                assert codes[2]["retry_after"] in (1, 2)  # (the first wait, 2 s, less the trip)
                _client, right = await _account(url, "sign_in", "Ann")  # even the right one waits here now
                assert right["code"] == "too_many_tries"
                _client, other = await _account(url, "register", "Ben")  # another name is not held back
                assert other["type"] == "signed_in"
        finally:
            assert tables.accounts is not None
            tables.accounts.close()

    run(body())


def test_a_finished_game_rates_its_account_holders_and_fills_the_leaderboard(database: str, tmp_path: Path) -> None:
    async def signed_player(url: str, name: str, seed: int) -> ScriptedPlayer:
        player = ScriptedPlayer(url, name, seed=seed)
        player.ws = await connect(url, compression=None, max_size=2**22, proxy=None)
        await player.send({"type": "register", "protocol": p.PROTOCOL_VERSION, "name": name, "password": PASSWORD})
        await player.expect("signed_in")
        return player

    async def body() -> None:
        tables = _server(database, tmp_path)
        try:
            async with in_process(tables) as (_, url):
                ann = await signed_player(url, "Ann", 1)
                ben = await signed_player(url, "Ben", 2)
                cleo = ScriptedPlayer(url, "Cleo", seed=3)  # a guest: plays, unrated
                await cleo.open()
                code = await ann.create("upcard-rummy", 4, 1, "easy", {"max_hands": 1})
                await ben.join(code)
                await cleo.join(code)
                players = [ann, ben, cleo]
                await asyncio.gather(*(pl.play(deadline=asyncio.get_running_loop().time() + 60) for pl in players))
                assert all(pl.over for pl in players)
                for holder in (ann, ben):  # each account holder is told their new rating
                    rated = await asyncio.wait_for(holder.expect("rated"), 10)
                    assert rated["game"] == "upcard-rummy" and rated["games"] == 1
                    assert rated["change"] == rated["rating"]  # from a newcomer's 0
                assert await _quiet(cleo, "rated")  # a guest is not rated
                viewer = await Client.open(url, "Lena")
                board: dict[str, Any] = {"entries": []}
                for _ in range(100):  # the desk rates in its own thread, just after the game ended
                    board = await viewer.ask({"type": "leaderboard", "game": "upcard-rummy"}, "leaderboard")
                    if len(board["entries"]) == 2:
                        break
                    await asyncio.sleep(0.05)
                entries = board["entries"]
                assert sorted(e["name"] for e in entries) == ["Ann", "Ben"]  # the guest is not rated
                assert [e["place"] for e in entries] == [1, 2] and entries[0]["rating"] >= entries[1]["rating"]
                assert all(e["games"] == 1 for e in entries) and entries[0]["rating"] != 0.0
                record = await viewer.ask({"type": "record", "name": "ann"}, "record")
                assert record["name"] == "Ann" and record["ratings"][0]["game"] == "upcard-rummy"
                (line,) = record["games"]
                assert line["players"][:3] == ["Ann", "Ben", "Cleo"] and len(line["players"]) == 4
                assert line["rating"] == record["ratings"][0]["rating"]
                assert (await viewer.ask({"type": "record"}, "error"))["code"] == "not_signed_in"
                assert (await viewer.ask({"type": "record", "name": "Cleo"}, "error"))["code"] == "no_account"
                empty = await viewer.ask({"type": "leaderboard", "game": "five-crowns"}, "leaderboard")
                assert empty["entries"] == []
        finally:
            assert tables.accounts is not None
            tables.accounts.close()

    run(body(), timeout=120)


async def _quiet(player: ScriptedPlayer, kind: str) -> bool:
    try:
        await asyncio.wait_for(player.expect(kind), 0.5)
    except TimeoutError:
        return True
    return False


def test_a_server_without_accounts_says_so() -> None:
    async def body() -> None:
        async with in_process() as (_, url):
            guest = await Client.open(url, "Ann")
            assert (await guest.ask({"type": "leaderboard", "game": "five-crowns"}, "error"))["code"] == "no_accounts"
            await guest.send({"type": "register", "name": "Ann", "password": PASSWORD})
            assert (await guest.next("error"))["code"] == "no_accounts"

    run(body())


def test_account_messages_are_checked_before_anything_reads_them() -> None:
    for frame, words in [({"type": "sign_in", "name": "Ann"}, "a password or a session"),
                         ({"type": "sign_in", "name": "Ann", "password": "x", "session": "y"}, "one of them"),
                         ({"type": "register", "name": "Ann", "password": 7}, "password must be text"),
                         ({"type": "register", "name": "Ann", "password": PASSWORD, "extra": 1}, "unknown field"),
                         ({"type": "leaderboard", "game": "chess"}, "game must be one of")]:
        with pytest.raises(p.ProtocolError) as caught:
            p.parse_client(json.dumps(frame))
        assert words in caught.value.message and PASSWORD not in caught.value.message
    message = p.parse_client(json.dumps({"type": "register", "name": "Ann", "password": PASSWORD}))
    assert PASSWORD not in repr(message)  # never in a log line that shows a message
