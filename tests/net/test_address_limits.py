"""Limits per address, as a crowd or an attacker meets them: real sockets from several loopback
addresses (127.0.0.0/8 is all this machine's, so each test's clients can come from addresses of their
own), and a real ``serve --behind-proxy`` process for the proxy's header.

Over an allowance the answer is ``too_many`` and nothing changes; too many connections are refused at
the handshake (HTTP 429); a connection that floods is closed and its whole address cut off for a while,
and no other address notices any of it. Guessing table codes from one address is bounded by its joins
a minute, whatever the number of connections it opens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from typing import Any

import pytest
from server_harness import ServerProcess, in_process, run, seated
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from access_game.net import protocol as p
from access_game.net.limits import FLOOD_LIMIT, RATE_BURST, Limits
from access_game.net.server import CLOSE_TOO_SLOW, TableServer
from engine.actions import Draw, action_to_data


async def _client(url: str, address: str, headers: dict[str, str] | None = None) -> ClientConnection:
    """A connection from ``address``, welcomed."""
    ws = await connect(url, compression=None, local_addr=(address, 0), additional_headers=headers)
    await ws.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Guest"}))
    assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "welcome"
    return ws


async def _refused(url: str, address: str, headers: dict[str, str] | None = None) -> int:
    """The HTTP status a connection from ``address`` is refused with (the test fails if it is let in)."""
    with pytest.raises(InvalidStatus) as refused:
        ws = await connect(url, compression=None, local_addr=(address, 0), additional_headers=headers)
        await ws.close()
    return int(refused.value.response.status_code)


async def _answer(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
    return message


async def _closed(ws: ClientConnection) -> int | None:
    """Read until the server closes the connection; its close code."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    return ws.close_code


def _code() -> str:
    return "".join(secrets.choice(p.CODE_ALPHABET) for _ in range(p.CODE_LENGTH))


def test_connections_past_the_limit_are_refused_at_the_handshake_and_other_addresses_are_not() -> None:
    async def go() -> None:
        async with in_process(TableServer(None, Limits(connections_per_address=3))) as (tables, url):
            mine = [await _client(url, "127.0.0.5") for _ in range(3)]
            assert await _refused(url, "127.0.0.5") == 429
            other = await _client(url, "127.0.0.6")
            # One goes: there is room for one more.
            await mine.pop().close()
            while len(tables.addresses["127.0.0.5"].connections) == 3:
                await asyncio.sleep(0.01)
            mine.append(await _client(url, "127.0.0.5"))
            # Many at once: however they race, no more than the limit are let in.
            for ws in mine:
                await ws.close()
            while tables.addresses["127.0.0.5"].connections:
                await asyncio.sleep(0.01)
            results = await asyncio.gather(*(_client(url, "127.0.0.5") for _ in range(10)), return_exceptions=True)
            welcomed = [r for r in results if isinstance(r, ClientConnection)]
            assert 1 <= len(welcomed) <= 3, results
            assert all(isinstance(r, ClientConnection | InvalidStatus | ConnectionClosed | AssertionError)
                       for r in results), results
            for ws in [*welcomed, other]:
                await ws.close()

    run(go())


def test_tables_past_the_limit_are_answered_too_many_and_nothing_is_made() -> None:
    async def go() -> None:
        async with in_process(TableServer(None, Limits(tables_per_minute=2))) as (tables, url):
            create = json.dumps({"type": "create", "game": "five-crowns", "seats": 2})
            for _ in range(2):
                ws = await _client(url, "127.0.0.5")
                await ws.send(create)
                assert (await _answer(ws))["type"] == "seated"
            ws = await _client(url, "127.0.0.5")
            await ws.send(create)
            answer = await _answer(ws)
            assert answer["type"] == "error" and answer["code"] == "too_many", answer
            assert len(tables.tables) == 2
            # The connection is no worse for it, and another address may make its own.
            await ws.send(json.dumps({"type": "chat", "text": "hi"}))
            assert (await _answer(ws))["code"] == "not_seated"
            other = await _client(url, "127.0.0.6")
            await other.send(create)
            assert (await _answer(other))["type"] == "seated"
            assert len(tables.tables) == 3

    run(go())


def test_guessing_codes_from_one_address_is_bounded_by_its_joins_a_minute() -> None:
    """Eight connections from one address each send 30 guesses at once (under their own rate): only the
    address's joins a minute (60, and one more a second) are looked at; the rest are ``too_many``."""
    async def go() -> None:
        async with in_process(TableServer(None)) as (_tables, url):
            ann, _ben = await seated(url, "five-crowns", 2)  # a table in use, full
            guessers = [await _client(url, "127.0.0.7") for _ in range(8)]
            began = time.monotonic()
            answers: list[str] = []

            async def guess(ws: ClientConnection) -> None:
                for i in range(30):
                    kind = "join" if i % 2 else "rejoin"
                    message = {"type": kind, "code": ann.code if i == 29 else _code()}
                    if kind == "rejoin":
                        message["token"] = secrets.token_urlsafe(24)
                    await ws.send(json.dumps(message))
                for _ in range(30):
                    answers.append((await _answer(ws))["code"])

            await asyncio.gather(*(guess(ws) for ws in guessers))
            elapsed = time.monotonic() - began
            looked_at = [a for a in answers if a != "too_many"]
            assert set(answers) <= {"too_many", "no_table", "bad_token"}, set(answers)
            assert len(answers) == 240
            assert len(looked_at) <= 60 + elapsed + 1, (len(looked_at), elapsed)
            print(f"{len(looked_at)} of 240 guesses looked at in {elapsed:.2f} s")
            # Someone else, from another address, joins as ever.
            cleo = await _client(url, "127.0.0.8")
            await cleo.send(json.dumps({"type": "create", "game": "solitaire", "seats": 1}))
            assert (await _answer(cleo))["type"] == "seated"
            for ws in [*guessers, cleo]:
                await ws.close()

    run(go())


def test_too_fast_answers_every_dropped_message_with_its_ref() -> None:
    async def go() -> None:
        async with in_process(TableServer(None)) as (_tables, url):
            ann, ben = await seated(url, "five-crowns", 2)
            waiting = ben if ann.my_turn() else ann
            assert waiting.ws is not None and waiting.seat is not None
            out_of_turn = action_to_data(Draw(waiting.seat))
            count = RATE_BURST + FLOOD_LIMIT - 5
            for ref in range(1, count + 1):
                await waiting.ws.send(json.dumps({"type": "act", "ref": ref, "action": out_of_turn}))
            await waiting.ws.send(json.dumps({"type": "chat", "text": "and this"}))
            answered: dict[int, str] = {}
            too_fast_without_ref = 0
            while len(answered) < count or not too_fast_without_ref:
                message = await waiting.receive()
                if message["type"] == "refused":
                    answered[message["ref"]] = "refused"
                elif message["type"] == "error" and message["code"] == "too_fast":
                    if "ref" in message:
                        assert message["ref"] not in answered
                        answered[message["ref"]] = "too_fast"
                    else:
                        too_fast_without_ref += 1
                elif message["type"] == "chat":  # the chat got through: the bucket had filled again
                    too_fast_without_ref += 1
            assert sorted(answered) == list(range(1, count + 1))
            dropped = [ref for ref, how in answered.items() if how == "too_fast"]
            assert len(dropped) >= FLOOD_LIMIT - 10 and dropped == list(range(count - len(dropped) + 1, count + 1))
            # Not a flood: the connection is still there, and is heard again once its allowance has
            # earned a message back.
            await asyncio.sleep(2 / p.RATE_PER_SECOND)
            await waiting.send({"type": "chat", "text": "still here"})
            assert (await waiting.expect("chat"))["text"] == "still here"
            for pl in (ann, ben):
                await pl.close()

    run(go())


def test_a_flooder_is_cut_off_with_all_its_connections_for_a_while_and_no_one_else_is() -> None:
    async def go() -> None:
        async with in_process(TableServer(None, Limits(flood_block_seconds=1.5))) as (_tables, url):
            ann, ben = await seated(url, "five-crowns", 2)
            # Mallory's address: one connection seated at a table, one that floods.
            seated_ws = await _client(url, "127.0.0.9")
            await seated_ws.send(json.dumps({"type": "create", "game": "five-crowns", "seats": 2}))
            assert (await _answer(seated_ws))["type"] == "seated"
            flood = await _client(url, "127.0.0.9")
            with contextlib.suppress(ConnectionClosed):
                for _ in range(RATE_BURST + FLOOD_LIMIT + 40):
                    await flood.send('{"type": "chat", "text": "spam"}')
            cut_at = time.monotonic()
            assert await _closed(flood) == p.CLOSE_POLICY
            # The others behind that address are told to try again later (a program comes back by itself
            # once the block is over); only the flooder is refused for good.
            assert await _closed(seated_ws) == CLOSE_TOO_SLOW
            assert await _refused(url, "127.0.0.9") == 429
            # Everyone else: untouched.
            other = await _client(url, "127.0.0.10")
            await ann.send({"type": "chat", "text": "fine"})
            for pl in (ann, ben):
                assert (await pl.expect("chat"))["text"] == "fine"
            # Once the block is over, the address may come back.
            while True:
                try:
                    back = await _client(url, "127.0.0.9")
                    break
                except InvalidStatus:
                    assert time.monotonic() - cut_at < 10
                    await asyncio.sleep(0.1)
            assert time.monotonic() - cut_at >= 1.5 - 0.2
            for ws in (back, other):
                await ws.close()
            for pl in (ann, ben):
                await pl.close()

    run(go())


def test_behind_a_proxy_the_address_is_the_last_one_it_forwards(tmp_path: Any) -> None:
    server = ServerProcess(tmp_path / "tables", "--behind-proxy", "--connections-per-address", "2")
    url = server.start()

    def via(*addresses: str) -> dict[str, str]:
        return {"X-Forwarded-For": ", ".join(addresses)}

    async def go() -> None:
        first = [await _client(url, "127.0.0.1", via("203.0.113.5")) for _ in range(2)]
        # The same player, whatever it claims before the proxy's own entry.
        assert await _refused(url, "127.0.0.1", via("203.0.113.5")) == 429
        assert await _refused(url, "127.0.0.1", via("198.51.100.1", "203.0.113.5")) == 429
        # Another player, behind the same proxy.
        others = [await _client(url, "127.0.0.1", via("203.0.113.5", "198.51.100.7")) for _ in range(2)]
        for ws in first + others:
            await ws.close()

    try:
        run(go())
    finally:
        server.stop()


def test_without_behind_proxy_a_forwarded_address_counts_for_nothing() -> None:
    async def go() -> None:
        async with in_process(TableServer(None, Limits(connections_per_address=2))) as (_tables, url):
            mine = [await _client(url, "127.0.0.5", {"X-Forwarded-For": f"203.0.113.{i}"}) for i in range(2)]
            assert await _refused(url, "127.0.0.5", {"X-Forwarded-For": "203.0.113.9"}) == 429
            for ws in mine:
                await ws.close()

    run(go())


def test_a_full_table_is_answered_as_an_unknown_code_is_and_as_soon() -> None:
    """A guesser must not learn that a code is live from how long its answer took: a join of a full
    table whose computer players are thinking (the test holds the table busy the way they do, with its
    lock) is answered at once, with the same words as a code nobody uses."""
    async def go() -> None:
        async with in_process(TableServer(None)) as (tables, url):
            ann, ben = await seated(url, "five-crowns", 2)
            guesser = await _client(url, "127.0.0.7")
            await guesser.send(json.dumps({"type": "join", "code": _code()}))
            unknown = await _answer(guesser)
            async with tables._lock(ann.code or ""):
                for code, token in ((ann.code, None), (_code(), None), (ann.code, "x" * 32)):
                    kind = "join" if token is None else "rejoin"
                    message = {"type": kind, "code": code, **({"token": token} if token else {})}
                    await guesser.send(json.dumps(message))
                    answer = json.loads(await asyncio.wait_for(guesser.recv(), 1))
                    if kind == "join":
                        assert answer == unknown
                    else:
                        assert answer["type"] == "error" and answer["code"] == "bad_token"
            for ws in (guesser, ann.ws, ben.ws):
                assert ws is not None
                await ws.close()

    run(go())


def test_an_ipv6_machine_draws_on_one_allowance_for_its_whole_network() -> None:
    """One machine usually holds a whole IPv6 /64: stepping from one of its addresses to the next must
    not give it a new allowance. An IPv4 client on a dual-stack socket counts by its IPv4 address."""
    from access_game.net.rooms.state import _allowance_key

    assert _allowance_key("2001:db8:1:2::1") == _allowance_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert _allowance_key("2001:db8:1:3::1") != _allowance_key("2001:db8:1:2::1")
    assert _allowance_key("::ffff:192.0.2.7") == _allowance_key("192.0.2.7") == "192.0.2.7"
    assert _allowance_key("::1") == "::1" and _allowance_key("127.0.0.9") == "127.0.0.9"
