"""The lobby bench: how long a key takes to bring its line at the client, with N open tables listed.

A real server process (``access-game serve``) is given N public tables, each opened by a connection of
its own that stays (a table nobody holds a seat at closes). Then ``access-game online`` runs in a
pseudo-terminal of this process, as a player's terminal, with the screen-reader speech, which prints
every line it says; the bench presses Down (and, at the end of the list, Up) and times each key from
its bytes written to the terminal to the whole line of the item read back from it. Median and 99th
percentile are printed by ``access-game bench-server --lobby N``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pty
import re
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from access_game.bench.figures import percentile
from access_game.net import protocol as p

__all__ = ["MAX_LOBBY_TABLES", "run_lobby_bench"]

MAX_LOBBY_TABLES = 2000
#: Keys timed (Down through the list, then Up back).
KEYS = 400
#: Seconds to wait for one line before the bench gives up.
LINE_SECONDS = 30.0
_LINE = re.compile(rb"(New table of [^\r\n]*|Join a table[^\r\n]*|[^\r\n]*host Bench \d+[^\r\n]*)\r*\n")
_DOWN, _UP = b"\x1b[B", b"\x1b[A"


async def _open_tables(url: str, count: int) -> list[ClientConnection]:
    """``count`` public tables of Five Crowns for two, each held by a connection of its own."""
    held: list[ClientConnection] = []
    for n in range(count):
        ws = await connect(url, compression=None, proxy=None, max_size=2**24)
        await ws.send(p.encode({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": f"Bench {n}"}))
        await ws.recv()
        await ws.send(p.encode({"type": "create", "game": "five-crowns", "seats": 2, "computers": 0,
                                "level": "easy", "options": {}, "public": True}))
        while p.decode_server(await ws.recv())["type"] != "seated":
            pass
        held.append(ws)
    return held


class _Terminal:
    """``access-game online`` in a pseudo-terminal: keys written, lines read back."""

    def __init__(self, url: str, home: Path) -> None:
        self.master, slave = pty.openpty()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PROMPT_TOOLKIT", "BRLAPI"))}
        env.update(ACCESS_GAME_HOME=str(home), TERM="dumb", COLUMNS="400", LINES="24")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "access_game", "online", "--server", url, "--name", "Timer", "--speech",
             "screen-reader"], stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        self.buffer = b""

    def line(self, expect: bytes = b"", seconds: float = LINE_SECONDS) -> bytes:
        """The next whole line of a list item the terminal shows (one holding ``expect``)."""
        deadline = time.monotonic() + seconds
        while True:
            match = _LINE.search(self.buffer)
            if match is not None:
                self.buffer = self.buffer[match.end():]
                if expect in match.group(1):
                    return match.group(1)
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no line from the lobby; it last showed {self.buffer[-200:]!r}")
            ready, _w, _x = select.select([self.master], [], [], left)
            if ready:
                try:
                    self.buffer += os.read(self.master, 65536)
                except OSError:
                    raise TimeoutError("the lobby's terminal closed") from None

    def press(self, key: bytes, expect: bytes) -> float:
        """Milliseconds from the key written to its line (the one holding ``expect``) read back."""
        self.buffer = b""
        began = time.perf_counter()
        os.write(self.master, key)
        self.line(expect)
        return (time.perf_counter() - began) * 1000

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self.master, b"q")
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(5)
        os.close(self.master)


def _games_listed() -> int:
    """The games the lobby offers a new table of: those of the server's games message (the catalog's
    games with a table) that more than one player can play."""
    from access_game.net.lobby_messages import games

    return sum(1 for g in games()["games"] if int(g["players"][1]) > 1)


def run_lobby_bench(tables: int, keys: int = KEYS) -> dict[str, Any]:
    """The figures: tables listed, keys timed, key-to-line median, p99 and worst in milliseconds."""
    from access_game.bench.server import start_server_process

    with tempfile.TemporaryDirectory(prefix="access-game-bench-lobby-") as tmp:
        server, url = start_server_process(Path(tmp) / "tables")
        loop = asyncio.new_event_loop()
        held: list[ClientConnection] = []
        terminal: _Terminal | None = None
        try:
            held = loop.run_until_complete(_open_tables(url, tables))
            opened = time.perf_counter()
            terminal = _Terminal(url, Path(tmp) / "home")
            terminal.line()  # the first item: the list has come
            open_ms = (time.perf_counter() - opened) * 1000
            times: list[float] = []
            # The list: join by code, a new table of each game for several players, then the tables in
            # the order they were opened. Each key is timed to the line of the item it goes to.
            listed = _games_listed()
            fixed = 1 + listed
            items = [b"Join a table", *([b"New table of"] * listed),
                     *(f"host Bench {n}:".encode() for n in range(tables))]
            at = 0
            for _n in range(keys):
                step = 1 if at + 1 < len(items) and (at < fixed or len(times) < keys // 2 or at < fixed + 1) else -1
                at += step
                times.append(terminal.press(_DOWN if step > 0 else _UP, items[at]))
        finally:
            if terminal is not None:
                terminal.close()
            for ws in held:
                with contextlib.suppress(Exception):
                    loop.run_until_complete(ws.close())
            loop.close()
            server.terminate()
            server.wait(60)
    ordered = sorted(times)
    return {"tables": tables, "keys": len(times), "lobby_open_ms": round(open_ms, 1),
            "key_to_line_p50_ms": round(statistics.median(ordered), 2),
            "key_to_line_p99_ms": round(percentile(ordered, 0.99), 2),
            "key_to_line_max_ms": round(ordered[-1], 2)}
