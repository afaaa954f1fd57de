"""``access-game serve`` and ``access-game bench-server`` as a user runs them: real processes."""

from __future__ import annotations

import asyncio
import json
import os
import ssl
import subprocess
import sys
from pathlib import Path

import pytest
from server_harness import ROOT, run
from websockets.asyncio.client import connect

from access_game.net import protocol as p

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "access_game", *args], capture_output=True, text=True,
                          timeout=timeout, env=ENV, cwd=ROOT)


@pytest.mark.parametrize("args", [
    ["serve", "--port", "70000"],
    ["serve", "--tls-cert", "cert.pem"],
    ["serve", "--port", "x"],
    ["bench-server", "--tables", "0"],
    ["bench-server", "--tables", "100000"],
    ["bench-server", "--seconds", "0"],
    ["bench-server", "--seats", "1"],
    ["bench-server", "--busy-tables", "9"],
    ["bench-server", "--attack", "--seconds", "61"],
    ["serve", "--tables-per-minute", "-1"],
    ["serve", "--idle-hours", "x"],
])
def test_bad_arguments_exit_2_with_usage(args: list[str]) -> None:
    result = _cli(*args)
    assert result.returncode == 2
    assert result.stderr.startswith("access-game ") and "error:" in result.stderr
    assert len(result.stderr.splitlines()) == 1, result.stderr


@pytest.mark.parametrize(("args", "problem"), [
    (["--host", "a" * 64], "--host '" + "a" * 36 + "...: give an IP address"),
    (["--host", "a\udc80"], "--host 'a\\udc80': give an IP address"),  # a byte argv cannot decode
    (["--host", ""], "--host '': give an IP address (127.0.0.1 for this machine, 0.0.0.0 or :: for every network)"),
    (["--host", "ex\x1b[2Jample"], "--host 'ex\\x1b[2Jample': give an IP address"),
    (["--data", "d" * 100_000], "--data 'ddddd"),
])
def test_serve_refuses_an_address_or_folder_it_cannot_use_with_usage(args: list[str], problem: str,
                                                                     tmp_path: Path) -> None:
    """Before: a 64-character label or a lone surrogate in --host, or a 100,000-character --data, ended
    in a traceback (idna, UnicodeEncodeError, ENAMETOOLONG); --host '' listened on every address."""
    result = _cli("serve", "--port", "0", *args, timeout=30)
    assert result.returncode == 2, result.stderr
    last = result.stderr.splitlines()[-1]
    assert last.startswith("access-game serve: error: " + problem), last
    assert len(last) < 400 and "Traceback" not in result.stderr and "\x1b" not in result.stderr
    if args[0] == "--data":
        assert last.endswith("d...: this folder cannot be used: File name too long. access-game serve --help lists "
                             "the options.")


@pytest.mark.parametrize(("host", "listens_on"), [
    ("127.0.0.1", "127.0.0.1"), ("::1", "::1"), ("0.0.0.0", "0.0.0.0"), ("::", "::"), ("localhost", "localhost"),
    ("example.org", "example.org"), ("example.org.", "example.org."), ("a-b.c9", "a-b.c9"),
    ("0000:0000::0001", "::1"),
])
def test_serve_takes_every_address_and_host_name(host: str, listens_on: str) -> None:
    from access_game.commands.serve import check_host

    assert check_host(host) == listens_on


@pytest.mark.parametrize("host", ["", " ", "a" * 64, "a..b", "-a", "a-", "256.1.1.1", "[::1]", "exa mple", "é.org",
                                  "a." * 127 + "a", "1.2.3", "a\udc80"])
def test_serve_refuses_what_is_neither(host: str) -> None:
    from access_game.commands._common import UsageError
    from access_game.commands.serve import check_host

    with pytest.raises(UsageError, match="give an IP address"):
        check_host(host)


def test_serve_listens_on_loopback_and_says_where(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "access_game", "serve", "--port", "0", "--data",
                             str(tmp_path / "t")], stdout=subprocess.PIPE, text=True, env=ENV, cwd=ROOT)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        assert line.startswith("Serving on ws://127.0.0.1:")
        url = line.removeprefix("Serving on ")

        async def hello() -> dict[str, object]:
            async with connect(url) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Ann"}))
                reply: dict[str, object] = json.loads(await ws.recv())
                return reply

        assert run(hello()) == {"type": "welcome", "protocol": p.PROTOCOL_VERSION}
    finally:
        proc.terminate()
        assert proc.wait(20) == 0


def test_serve_with_tls_speaks_wss(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "2", "-subj", "/CN=localhost", "-addext",
                    "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True, timeout=60)
    proc = subprocess.Popen([sys.executable, "-m", "access_game", "serve", "--port", "0", "--data",
                             str(tmp_path / "t"), "--tls-cert", str(cert), "--tls-key", str(key)],
                            stdout=subprocess.PIPE, text=True, env=ENV, cwd=ROOT)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        assert line.startswith("Serving on wss://127.0.0.1:")
        url = line.removeprefix("Serving on ")
        trust = ssl.create_default_context(cafile=str(cert))

        async def hello() -> dict[str, object]:
            async with connect(url, ssl=trust) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Ann"}))
                reply: dict[str, object] = json.loads(await ws.recv())
                return reply

        assert run(hello()) == {"type": "welcome", "protocol": p.PROTOCOL_VERSION}

        async def plain() -> None:
            async with connect(url.replace("wss://", "ws://")) as ws:
                await asyncio.wait_for(ws.recv(), 5)

        with pytest.raises(Exception):  # noqa: B017 - whatever the handshake failure, no plain text is served
            run(plain())
    finally:
        proc.terminate()
        proc.wait(20)


def test_a_tiny_bench_prints_its_figures() -> None:
    result = _cli("bench-server", "--tables", "2", "--seconds", "2", "--think", "0.2", "--json", timeout=120)
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    for key in ("tables", "clients", "actions", "p50_ms", "p99_ms", "errors", "rss_mb"):
        assert key in figures
    assert figures["tables"] == 2 and figures["clients"] == 8 and figures["errors"] == 0
    assert figures["actions"] > 0 and figures["p50_ms"] > 0 and figures["p99_ms"] >= figures["p50_ms"]
    assert figures["rss_mb"] is None or 10 < figures["rss_mb"] < 500


def test_a_tiny_bench_beside_busy_tables_keeps_their_figures_apart() -> None:
    result = _cli("bench-server", "--tables", "2", "--seconds", "3", "--think", "0.2", "--busy-tables", "1",
                  "--busy-computers", "3", "--json", timeout=120)
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    busy = figures["busy"]
    assert figures["tables"] == 2 and figures["clients"] == 8 and figures["errors"] == 0
    assert busy["tables"] == 1 and busy["computers"] == 3 and busy["level"] == "hard"
    assert busy["person_actions"] > 0 and busy["person_p99_ms"] >= busy["person_p50_ms"] > 0


def test_one_address_asking_too_much_gets_what_the_limits_allow() -> None:
    """The default limits, from one address: a burst of ten tables and sixty joins at most, then about
    one table every six seconds and one join a second."""
    result = _cli("bench-server", "--attack", "--seconds", "2", "--json", timeout=120)
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert 1 <= figures["tables_created"] <= 11 and figures["creates_refused"] > 0
    assert 10 <= figures["codes_guessed"] <= 63 and figures["guesses_refused"] > 0
    assert figures["codes_found"] == 0
