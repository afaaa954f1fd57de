"""Names nobody can counterfeit, a sign-in no stranger can lock, and text fields checked whole, against a
real ``access-game serve`` process with real WebSocket clients on loopback (several source addresses:
127.0.0.x).

- Beside the accounts Victor and Ann, the ban of Spam, an administrator Root listed with a key (and no
  account) and Keeper listed without one, the 50 names of data/lookalike_names.json (lookalikes by
  Unicode's confusables, NFKC, case and marks, a number after a held name, and names that read as the
  program's own sentences in English, French and Spanish in a way that misleads) are refused; ordinary
  names (accents, other scripts) and the 25 real names of data/real_names.json (English, French and
  Spanish names holding a word of the program's sentences about the game: Kim Won, Anne Gagné, Juan
  Gana) are let in, and two lookalikes at one table are told apart.
- Nine wrong passwords from two addresses do not keep the holder out from a third; the refusals say
  when a try will be heard, the wait grows, and the holder's own address is not held back by a guesser
  there; one address still gets a few tries a minute whatever the names.
- A lone surrogate in a name, a password or a chat line is ``bad_message``, and no traceback is logged.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from server_harness import ServerProcess, run
from websockets.asyncio.client import ClientConnection, connect

from access_game.net import protocol as p
from access_game.net.account_desk import ADDRESS_SECONDS_PER_TRY, TRIES_PER_ADDRESS
from speech import lobby_words
from speech.i18n import LANGUAGES, in_language

PASSWORD = "correct horse battery"
ROOT_KEY = "the root key"
DATA = Path(__file__).parent / "data" / "lookalike_names.json"
REAL_NAMES = Path(__file__).parent / "data" / "real_names.json"
#: Names that must stay everyone's: accents of real names, other scripts with no Latin lookalike here.
ORDINARY = ["José", "Zoë", "Łukasz", "Björn", "Zoltán", "Ñuño", "Jürgen", "María José", "Mary Ann", "Jean-Luc",
            "O'Brien", "Anne-Marie", "Nancy Drew", "Victoria", "Anna", "Spammer", "Дмитрий", "Владимир",
            "Татьяна", "Σοφία", "李雷", "Keeper"]
REFUSED = {"name_taken", "banned", "bad_name"}


async def _open(url: str, source: str = "127.0.0.1") -> ClientConnection:
    return await connect(url, compression=None, proxy=None, local_addr=(source, 0))


async def _first(url: str, message: dict[str, Any], source: str = "127.0.0.1") -> dict[str, Any]:
    """The server's first answer to a connection's first message (then the connection is closed)."""
    ws = await _open(url, source)
    try:
        await ws.send(json.dumps(message))
        return dict(json.loads(await asyncio.wait_for(ws.recv(), 10)))
    finally:
        await ws.close()


async def _sign_in(url: str, name: str, password: str, source: str, kind: str = "sign_in") -> dict[str, Any]:
    """The answer to a sign-in (or register) said first: the error, or ``signed_in``."""
    ws = await _open(url, source)
    try:
        await ws.send(json.dumps({"type": kind, "protocol": p.PROTOCOL_VERSION, "name": name, "password": password}))
        while True:
            frame = dict(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            if frame["type"] in ("error", "signed_in"):
                return frame
    finally:
        await ws.close()


def _hello(name: str, **extra: Any) -> dict[str, Any]:
    return {"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": name, **extra}


@pytest.fixture
def server(tmp_path: Path) -> Any:
    admins = tmp_path / "admins.txt"
    admins.write_text(f"Root\t{ROOT_KEY}\nKeeper\n", encoding="utf-8")
    proc = ServerProcess(tmp_path / "data", "--admins", str(admins))
    proc.start()
    try:
        yield proc
    finally:
        proc.stop()


def test_lookalike_and_sentence_like_names_are_refused_and_ordinary_ones_let_in(server: ServerProcess) -> None:
    listed = json.loads(DATA.read_text(encoding="utf-8"))
    assert len(listed) == 50
    real = json.loads(REAL_NAMES.read_text(encoding="utf-8"))
    assert len(real) == 25 and {e["language"] for e in real} == {"en", "fr", "es"}

    async def body() -> tuple[int, list[str]]:
        url = server.url
        for holder in ("Victor", "Ann"):
            assert (await _sign_in(url, holder, PASSWORD, "127.0.0.1", "register"))["type"] == "signed_in"
        # Root with the key is an administrator, and bans Spam.
        root = await _open(url)
        await root.send(json.dumps(_hello("Root", admin_key=ROOT_KEY)))
        assert json.loads(await root.recv())["type"] == "welcome"
        await root.send(json.dumps({"type": "ban", "name": "Spam"}))
        while json.loads(await asyncio.wait_for(root.recv(), 10))["type"] != "done":
            pass
        refused, let_in = 0, []
        for entry in listed:
            answer = await _first(url, _hello(entry["name"]))
            if answer["type"] == "error" and answer["code"] in REFUSED:
                refused += 1
            else:
                let_in.append(f"{entry['name']!r} ({entry['why']}): {answer}")
        print(f"lookalike or sentence-like names refused: {refused} of {len(listed)}")
        for name in ORDINARY:
            answer = await _first(url, _hello(name))
            assert answer["type"] == "welcome", (name, answer)
        welcomed = 0
        for entry in real:
            answer = await _first(url, _hello(entry["name"]))
            assert answer["type"] == "welcome", (entry, answer)
            welcomed += 1
        print(f"real names holding a word of the program's sentences let in: {welcomed} of {len(real)}")
        # A word of speech or presence after a name still misleads, joined by a hyphen too.
        for name in ("Jo Says-Smith", "Paul dit", "Kim left"):
            assert (await _first(url, _hello(name)))["code"] == "bad_name", name
        # An account is not made under a lookalike either, nor under a sentence.
        assert (await _sign_in(url, "V\u0456ctor", PASSWORD, "127.0.0.1", "register"))["code"] == "name_taken"
        assert (await _sign_in(url, "Ben says", PASSWORD, "127.0.0.1", "register"))["code"] == "bad_name"
        # The holder signs in under a lookalike spelling: the account is Victor's, spelled as it was made.
        assert (await _sign_in(url, "VICTOR", PASSWORD, "127.0.0.1"))["name"] == "Victor"
        # Two lookalikes at one table are heard apart.
        cleo = await _open(url)
        await cleo.send(json.dumps(_hello("Cleo")))
        await cleo.send(json.dumps({"type": "create", "game": "five-crowns", "seats": 3, "computers": 0,
                                    "level": "easy", "options": {}}))
        code = await _frame(cleo, "seated")
        other = await _open(url)
        await other.send(json.dumps(_hello("Cl\u0435o")))  # a Cyrillic е
        await other.send(json.dumps({"type": "join", "code": code["code"]}))
        seated = await _frame(other, "seated")
        assert seated["name"] == "Cl\u0435o 2"
        await root.close()
        await cleo.close()
        await other.close()
        return refused, let_in

    refused, let_in = run(body(), timeout=120)
    assert refused == 50, let_in
    assert "Traceback" not in server.errors


async def _frame(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        frame = dict(json.loads(await asyncio.wait_for(ws.recv(), 10)))
        assert frame["type"] != "error", frame
        if frame["type"] == kind:
            return frame


def test_a_stranger_cannot_lock_the_holder_out(server: ServerProcess) -> None:
    async def body() -> None:
        url = server.url
        home, guesser_a, guesser_b, travelling = "127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"
        assert (await _sign_in(url, "Victor", PASSWORD, home, "register"))["type"] == "signed_in"
        # Nine wrong passwords, five from one address and four from another, each right after the last.
        codes = []
        for i in range(9):
            answer = await _sign_in(url, "Victor", f"guess {i}", guesser_a if i < 5 else guesser_b)
            codes.append(answer["code"])
            if answer["code"] == "too_many_tries":
                assert isinstance(answer["retry_after"], int) and answer["retry_after"] >= 1
        assert codes[:3] == codes[5:8] == ["wrong_password"] * 3 and codes[3] == codes[8] == "too_many_tries", codes
        # The right password is not heard early there either; the session key is: a session is not a try.
        assert (await _sign_in(url, "Victor", PASSWORD, guesser_b))["code"] == "too_many_tries"
        signed = await _sign_in(url, "Victor", PASSWORD, home)
        ws = await _open(url, guesser_b)
        await ws.send(json.dumps({"type": "sign_in", "protocol": p.PROTOCOL_VERSION, "name": "Victor",
                                  "session": signed["session"]}))
        assert (await _frame(ws, "signed_in"))["name"] == "Victor"
        await ws.close()
        # The holder, from a third address, at once.
        assert (await _sign_in(url, "Victor", PASSWORD, travelling))["type"] == "signed_in"
        # A guesser at the holder's own address (one router): the holder is not held back there.
        for i in range(4):
            assert (await _sign_in(url, "Victor", f"near {i}", home))["code"] == "wrong_password"
        assert (await _sign_in(url, "Victor", PASSWORD, home))["type"] == "signed_in"

    run(body(), timeout=120)


def test_the_wait_is_said_and_grows_and_one_address_gets_few_tries(server: ServerProcess) -> None:
    async def body() -> None:
        url = server.url
        assert (await _sign_in(url, "Ann", PASSWORD, "127.0.0.1", "register"))["type"] == "signed_in"
        guesser = "127.0.0.5"
        for i in range(3):  # the free ones
            assert (await _sign_in(url, "Ann", f"guess {i}", guesser))["code"] == "wrong_password"
        early = await _sign_in(url, "Ann", PASSWORD, guesser)  # even the right one is not heard early
        assert early["code"] == "too_many_tries" and early["retry_after"] in (1, 2)  # (2 s, less the trip)
        await asyncio.sleep(early["retry_after"] + 0.2)
        assert (await _sign_in(url, "Ann", "guess 4", guesser))["code"] == "wrong_password"
        later = await _sign_in(url, "Ann", "guess 5", guesser)
        assert later["code"] == "too_many_tries" and later["retry_after"] in (3, 4)  # twice as long
        # One address, many names: a few tries, then told when the next one is heard.
        roamer = "127.0.0.6"
        burst = TRIES_PER_ADDRESS
        answers = [await _sign_in(url, f"Nobody {chr(65 + i)}", PASSWORD, roamer) for i in range(burst + 1)]
        assert [a["code"] for a in answers[:burst]] == ["wrong_password"] * burst
        last = answers[burst]
        assert last["code"] == "too_many_tries" and 1 <= last["retry_after"] <= ADDRESS_SECONDS_PER_TRY

    began = time.monotonic()
    run(body(), timeout=120)
    assert time.monotonic() - began < 60
    # Each refusal is logged as a warning, and the log says it once a minute (access_game.net.log_throttle).
    time.sleep(0.3)
    assert server.errors.count("password tries for") == 1, server.errors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_refusals_are_said_in_the_players_language(lang: str) -> None:
    with in_language(lang):
        waits = [lobby_words.error_words("too_many_tries", "too many password tries", retry_after=n) for n in (1, 4)]
        bad = lobby_words.error_words("bad_name", "that name reads as the program's own words")
        taken = lobby_words.error_words("name_taken", "that name is a server administrator's")
    assert "1" in waits[0] and "4" in waits[1] and waits[0] != waits[1]
    for said in (*waits, bad, taken):  # the player's words, never the server's message for logs
        assert "server says" not in said.casefold() and "reads as the program" not in said
    if lang != "en":
        assert "password" not in waits[1] and "name" not in bad


def test_a_lone_surrogate_in_any_text_is_a_bad_message_and_no_traceback(server: ServerProcess) -> None:
    lone = "\\ud800"

    async def body() -> None:
        url = server.url
        assert (await _sign_in(url, "Dan", PASSWORD, "127.0.0.1", "register"))["type"] == "signed_in"
        ws = await _open(url)
        frames = [frame.replace("LONE", lone).replace("PV", str(p.PROTOCOL_VERSION)) for frame in (
            '{"type": "sign_in", "protocol": PV, "name": "Dan", "password": "abcLONEdefghij"}',
            '{"type": "register", "protocol": PV, "name": "Eve", "password": "abcLONEdefghij"}',
            '{"type": "hello", "protocol": PV, "name": "ELONEve"}',
        )]
        for frame in frames:
            await ws.send(frame)
            answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert answer["type"] == "error" and answer["code"] == "bad_message", answer
        await ws.send(json.dumps(_hello("Eve")))  # the connection is still good
        assert json.loads(await ws.recv())["type"] == "welcome"
        for frame in ('{"type": "say", "text": "hi LONE"}', '{"type": "tell", "to": "Dan", "text": "LONE"}',
                      '{"type": "mute", "name": "DLONEan"}'):
            await ws.send(frame.replace("LONE", lone))
            answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert answer["code"] == "bad_message", answer
        await ws.send('{"type": "say", "text": "a whole emoji \\ud83d\\ude00"}')  # a pair is text
        said = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert said["type"] == "said" and said["text"].endswith("\U0001f600")
        await ws.close()
        # The holder's password still works: nothing was changed.
        assert (await _sign_in(url, "Dan", PASSWORD, "127.0.0.1"))["type"] == "signed_in"

    run(body(), timeout=60)
    assert "Traceback" not in server.errors and "cannot be reached" not in server.errors
