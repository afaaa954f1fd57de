"""The web channel obeys the game protocol's rules: the origin allow-list, the frame size, the message
rate, a bad frame answered with ``error`` and nothing changed; and each browser is counted under its
own address, not under the loopback address its hosted terminal connects from."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from terminal_support import serving
from web_support import Browser, ServerThread
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from access_game.net import PROTOCOL_VERSION
from access_game.net.limits import FLOOD_LIMIT, RATE_BURST
from access_game.net.protocol import MAX_FRAME_BYTES
from access_game.net.seat_trust import HEADER
from access_game.net.server import HARD_FRAME_BYTES, TableServer
from access_game.web.gateway import WebGateway
from speech import web_words as ww
from speech.i18n import LANGUAGES, _, in_language

#: A real language the game does not speak (one with no description in speech/languages/).
UNSPOKEN = next(code for code in ("nl", "it", "pt", "pl", "sv") if code not in LANGUAGES)


def _seated(browser: Browser, lang: str = "en") -> None:
    browser.send("start", lang=lang, name="Ann")
    browser.send("play", game="gin-rummy", computers=1)
    browser.wait(lambda b: bool(b.state.get("hand")) and bool(b.prompt))
    browser.quiet(1.0)  # (a computer player may still be moving: its lines are not answers)


def test_the_origin_allow_list_holds_for_the_web_channel(tmp_path: Path) -> None:
    with serving(tmp_path / "tables", tmp_path / "server", "--origin", "https://cards.example") as url:
        with pytest.raises(InvalidStatus) as refused:
            Browser(url, origin="https://elsewhere.example")
        assert refused.value.response.status_code == 403
        browser = Browser(url, origin="https://cards.example")
        try:
            _seated(browser)
        finally:
            browser.close()


BAD_FRAMES = [
    "{not json",
    "[1, 2]",
    json.dumps({"type": "key"}),
    json.dumps({"type": "key", "key": "x" * 40}),
    json.dumps({"type": "key", "key": "d", "more": 1}),
    json.dumps({"type": "nonsense"}),
    json.dumps({"type": "settings", "lang": UNSPOKEN}),
    json.dumps({"type": "settings", "verbosity": "terse"}),
    json.dumps({"type": "play", "game": "gin-rummy", "computers": 99}),
    json.dumps({"type": "play", "game": "solitaire", "computers": 1}),
    json.dumps({"type": "join", "code": "not a code"}),
    json.dumps({"type": "resume", "token": 5}),
    json.dumps({"type": "command", "name": "no-such-command"}),
    json.dumps({"type": "start", "name": "Again"}),
]


def test_a_bad_frame_is_answered_with_an_error_in_the_language_and_changes_nothing(served: str) -> None:
    browser = Browser(served)
    try:
        _seated(browser, "fr")
        before = (list(browser.lines), browser.prompt, browser.state)
        count = len(browser.frames)
        for frame in BAD_FRAMES:
            browser.send_raw(frame)
        browser.send_raw(b"\x00binary")
        browser.wait(lambda b: len(b.frames) >= count + len(BAD_FRAMES) + 1)
        browser.quiet(0.5)
        answers = browser.frames[count:]
        assert [f["type"] for f in answers] == ["error"] * (len(BAD_FRAMES) + 1), answers
        assert all(f["code"] in ("bad_message", "already_seated") for f in answers), answers
        with in_language("fr"):
            french = {_(ww.BAD_MESSAGE), _(ww.ONE_TABLE)}
        assert {f["text"] for f in answers} <= french, answers
        assert (browser.lines, browser.prompt, browser.state) == before
        browser.key("h")  # the seat still plays
        browser.wait(lambda b: len(b.lines) > len(before[0]))
    finally:
        browser.close()


def test_frames_too_big_are_refused_then_cut(served: str) -> None:
    browser = Browser(served)
    try:
        browser.send("start", lang="en", name="Ann")
        browser.send_raw(json.dumps({"type": "text", "text": "x" * (MAX_FRAME_BYTES + 10)}))
        browser.wait(lambda b: bool(b.errors()))
        assert browser.errors()[-1]["code"] == "too_big"
        browser.send_raw("x" * (HARD_FRAME_BYTES + 10))
        browser.wait(lambda b: b.closed, message="a frame over the hard limit did not close the socket")
        assert browser.ws.close_code == 1009
    finally:
        browser.close()


def test_a_flood_is_refused_then_cut(served: str) -> None:
    browser = Browser(served)
    try:
        browser.send("start", lang="en", name="Ann")
        for _n in range(RATE_BURST + FLOOD_LIMIT + 30):
            try:
                browser.send("settings", verbosity="normal")
            except ConnectionClosed:  # cut off under the flood: sending no more is the point
                break
        browser.wait(lambda b: b.closed, message="a flood did not close the socket")
        assert any(f["code"] == "too_fast" for f in browser.errors())
        assert browser.ws.close_code == 1008
    finally:
        browser.close()


def test_each_browser_counts_under_its_own_address_not_loopbacks() -> None:
    """Behind a proxy, a browser's address is the one the proxy names; its hosted terminal's game
    connection, made over loopback, is counted under that address too. A program naming an address in
    the gateway's header without this process's secret is counted under its own."""
    tables = TableServer(None, behind_proxy=True, web=WebGateway)
    with ServerThread(tables) as server:
        proxied = Browser(server.url, headers={"X-Forwarded-For": "203.0.113.7"})
        try:
            _seated(proxied)
            counts = server.call(lambda: {host: len(a.connections) for host, a in tables.addresses.items()})
            assert counts.get("203.0.113.7") == 2, counts  # the page's socket and its seat's connection
            with connect(server.url, proxy=None, additional_headers={HEADER: "0" * 64 + " 198.51.100.9"}) as forged:
                forged.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Eve"}))
                forged.recv()
                hosts = server.call(lambda: {h for h, a in tables.addresses.items() if a.connections})
                assert "198.51.100.9" not in hosts and "127.0.0.1" in hosts, hosts
        finally:
            proxied.close()
        time.sleep(0.5)
        left = server.call(lambda: len(tables.addresses.get("203.0.113.7").connections))  # type: ignore[union-attr]
        assert left == 0, "the browser went, and its seat's connection with it"


def test_over_tls_the_web_seat_connects_to_its_own_server(tmp_path: Path) -> None:
    """``serve --tls-cert``: the page speaks wss, and its hosted seat reaches the same server over TLS too."""
    import ssl
    import subprocess

    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "2", "-subj", "/CN=localhost", "-addext",
                    "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True, timeout=60)
    with serving(tmp_path / "tables", tmp_path / "server", "--tls-cert", str(cert), "--tls-key", str(key)) as url:
        assert url.startswith("wss://")
        trust = ssl.create_default_context(cafile=str(cert))
        browser = Browser(url, ssl=trust)
        try:
            _seated(browser)
        finally:
            browser.close()


def test_a_failing_seat_says_so_and_plays_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in a hosted seat's job costs that key, said in one line; the seat and the server go on."""
    from access_game.web.seat import WebSeat

    with ServerThread(TableServer(None, web=WebGateway)) as server:
        browser = Browser(server.url)
        try:
            _seated(browser)

            def broken(self: WebSeat, key: str) -> None:
                raise RuntimeError("a bug")

            monkeypatch.setattr(WebSeat, "_key", broken)
            browser.key("h")
            browser.wait(lambda b: any(e["code"] == "server_error" for e in b.errors()))
            assert browser.errors()[-1]["text"] == _(ww.SEAT_FAILED)
            monkeypatch.undo()
            count = len(browser.lines)
            browser.key("h")
            browser.wait(lambda b: len(b.lines) > count)
            assert browser.lines[-1].startswith("10 cards")
        finally:
            browser.close()
