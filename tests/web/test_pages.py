"""The pages as HTTP answers of a real ``access-game serve``: every route, its language, its guard
headers, gzip, 404s in the player's language, and the game protocol still on the same port."""

from __future__ import annotations

import asyncio
import gzip
import html
import json
import ssl
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from access_game.bench.web_page import Serve
from access_game.net import protocol as p
from speech.languages import LANGUAGES
from speech.web_page_words import page_words

#: A real language the game does not speak (one with no description in speech/languages/).
UNSPOKEN = next(code for code in ("nl", "it", "pt", "pl", "sv") if code not in LANGUAGES)

POLICY_PARTS = ("default-src 'none'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'",
                "connect-src 'self' ws://127.0.0.1:")


def get(url: str, *, headers: dict[str, str] | None = None,
        context: ssl.SSLContext | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=20, context=context) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def guarded(headers: dict[str, str]) -> None:
    policy = headers["Content-Security-Policy"]
    for part in POLICY_PARTS:
        assert part in policy, (part, policy)
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize("path, start", [
    ("/", {"type": "lobby"}),
    ("/t/ACD-EFG-HJK", {"type": "join", "code": "ACD-EFG-HJK"}),
    ("/play?game=gin-rummy&computers=1&name=Ann&lang=es", {"type": "play", "game": "gin-rummy", "computers": 1,
                                                           "name": "Ann"}),
    ("/play?game=solitaire&computers=0", {"type": "play", "game": "solitaire", "computers": 0}),
    ("/play?game=solitaire&computers=1", {"type": "play", "game": "solitaire", "computers": 0}),  # the form's
])
def test_each_route_is_the_table_page_asking_for_its_start(serve: Serve, path: str, start: dict[str, object]) -> None:
    status, headers, body = get(serve.base + path)
    assert status == 200
    guarded(headers)
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    page = body.decode()
    data = json.loads(page.split('<script type="application/json" id="page-data">')[1].split("</script>")[0])
    assert data["start"] == start
    assert '<script type="module" src="/static/table.js"></script>' in page
    assert "<script>" not in page and " on" + "click=" not in page  # no inline script of any kind
    assert ('lang="es"' in page) == ("lang=es" in path)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unknown_addresses_are_404_pages_in_the_players_language(serve: Serve, lang: str) -> None:
    words = page_words(lang)
    for path, why in (("/nothing/here", "not_found_text"), ("/static/../pages.py", "not_found_text"),
                      ("//[bad", "not_found_text"), ("/?" + "&".join(f"a{i}=1" for i in range(30)), "not_found_text"),
                      ("/t/" + "A" * 200, "not_found_text"),
                      ("/play?game=chess&computers=1", "bad_link"), ("/play?game=gin-rummy&computers=99", "bad_link")):
        status, headers, body = get(serve.base + path, headers={"Accept-Language": f"{lang};q=0.9, {UNSPOKEN};q=0.5"})
        assert status == 404, path
        guarded(headers)
        page = html.unescape(body.decode())  # an apostrophe is written &#x27;
        assert f'<html lang="{lang}">' in page
        assert words["not_found_title"] in page and words[why] in page


def test_the_language_comes_from_the_address_then_the_saved_choice_then_the_browser(serve: Serve) -> None:
    def lang_of(path: str, **headers: str) -> str:
        page = get(serve.base + path, headers=headers)[2].decode()
        return page.split('<html lang="')[1].split('"')[0]

    assert lang_of("/") == "en"
    assert lang_of("/", **{"Accept-Language": f"{UNSPOKEN}-{UNSPOKEN.upper()}, es-MX;q=0.8, fr;q=0.5"}) == "es"
    assert lang_of("/", Cookie="other=1; lang=fr", **{"Accept-Language": "es"}) == "fr"
    assert lang_of("/?lang=es", Cookie="lang=fr") == "es"
    assert lang_of("/?lang=xx", Cookie="lang=zz") == "en"


def test_static_files_have_their_types_and_come_gzipped_when_asked(serve: Serve) -> None:
    for name, kind in (("table.js", "text/javascript"), ("view.js", "text/javascript"), ("keys.js", "text/javascript"),
                       ("sounds.js", "text/javascript"), ("web.css", "text/css"), ("cues.json", "application/json"),
                       ("icon.svg", "image/svg+xml")):
        status, headers, plain = get(f"{serve.base}/static/{name}")
        assert status == 200 and headers["Content-Type"].startswith(kind), name
        guarded(headers)
        status, headers, packed = get(f"{serve.base}/static/{name}", headers={"Accept-Encoding": "gzip"})
        if len(plain) > 512:
            assert headers["Content-Encoding"] == "gzip" and gzip.decompress(packed) == plain
        status, _headers, empty = get(f"{serve.base}/static/{name}", headers={"If-None-Match": headers["ETag"]})
        assert (status, empty) == (304, b"")
    from speech.cues import TONES

    cues = json.loads(get(f"{serve.base}/static/cues.json")[2])
    assert set(cues) == set(TONES) and cues["your_turn"]["notes"] == [list(n) for n in TONES["your_turn"].notes]


def test_the_game_protocol_still_answers_on_the_same_port(serve: Serve) -> None:
    async def hello() -> dict[str, object]:
        async with connect(serve.base.replace("http", "ws", 1)) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Ann"}))
            reply: dict[str, object] = json.loads(await ws.recv())
            return reply

    assert asyncio.run(asyncio.wait_for(hello(), 20)) == {"type": "welcome", "protocol": p.PROTOCOL_VERSION}


def test_with_a_certificate_the_pages_are_https_and_point_the_socket_at_wss(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    with Serve("--tls-cert", str(cert), "--tls-key", str(key)) as server:
        assert server.base.startswith("https://127.0.0.1:")
        status, headers, _body = get(server.base + "/", context=ssl.create_default_context(cafile=str(cert)))
        assert status == 200
        guarded(headers)
        assert "wss://127.0.0.1:" in headers["Content-Security-Policy"]
        assert headers["Strict-Transport-Security"].startswith("max-age=")
    script = (Path(__file__).resolve().parents[2] / "access_game" / "web" / "static" / "table.js").read_text()
    assert 'window.location.protocol === "https:" ? "wss:" : "ws:"' in script
