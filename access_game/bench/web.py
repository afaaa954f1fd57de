"""The web table's bench: how soon a browser hears its first table line, and its own line after a key.

A real server process (``access-game serve``) on loopback and a WebSocket client speaking the ``/web``
channel as a page does. For each of ``tables`` quick-play tables (against one computer player, the
games of the catalog in turn): the time from ``play`` sent to the first line received (the table's
code), and to the deal; then, on that table, ``keys`` presses of H (the hand read out: no move, the
hosted terminal's own answer) and, whenever it is the player's turn, Shift+N (the hint's move: a round
trip to the table and back), each timed from the key sent to its first line received. Everything
below the browser is measured: the channel, the hosted terminal, its connection to the table and back.

    python -m access_game.bench.web [--tables N] [--keys N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from access_game.bench.figures import timing_line

__all__ = ["run_web_bench"]

#: Seconds to wait for one answer before the bench gives up.
ANSWER_SECONDS = 30.0


class _Page:
    """A page's socket, read in this thread (the bench waits for each answer in turn)."""

    def __init__(self, url: str) -> None:
        from websockets.sync.client import connect

        self.ws = connect(url + "/web", proxy=None).__enter__()
        self.prompt = ""

    def send(self, kind: str, **fields: Any) -> None:
        self.ws.send(json.dumps({"type": kind, **fields}))

    def until(self, kind: str, test: Any = None) -> dict[str, Any]:
        """Frames until one of ``kind`` (for which ``test`` holds); the prompt followed on the way."""
        deadline = time.monotonic() + ANSWER_SECONDS
        while True:
            frame: dict[str, Any] = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
            if frame["type"] == "prompt":
                self.prompt = frame["text"]
            if frame["type"] == kind and (test is None or test(frame)):
                return frame

    def settle(self, seconds: float = 0.3) -> None:
        """Read until nothing has come for ``seconds`` (the others' moves said)."""
        while True:
            try:
                frame = json.loads(self.ws.recv(timeout=seconds))
            except TimeoutError:
                return
            if frame["type"] == "prompt":
                self.prompt = frame["text"]

    def close(self) -> None:
        self.ws.close()


def run_web_bench(tables: int = 12, keys: int = 40) -> dict[str, Any]:
    """The figures (milliseconds): first line and deal after ``play``, and key to own line."""
    from access_game.catalog import game, network_games
    from speech.i18n import pgettext

    wait_word = pgettext("prompt", "wait")
    first_line: list[float] = []
    deal_line: list[float] = []
    read_key: list[float] = []
    move_key: list[float] = []
    with tempfile.TemporaryDirectory(prefix="access-game-web-bench-") as folder:
        env = {**os.environ, "ACCESS_GAME_HOME": str(Path(folder) / "home")}
        server = subprocess.Popen([sys.executable, "-m", "access_game", "serve", "--port", "0", "--data",
                                   str(Path(folder) / "tables")], stdout=subprocess.PIPE, text=True, env=env)
        try:
            assert server.stdout is not None
            match = re.search(r"(ws://\S+)", server.stdout.readline())
            assert match, "the server did not say where it serves"
            url = match.group(1)
            names = network_games()
            for n in range(tables):
                name = names[n % len(names)]
                page = _Page(url)
                try:
                    page.send("start", lang="en", name="Bench")
                    began = time.perf_counter()
                    page.send("play", game=name, computers=1)
                    deal = f"New game of {game(name).spoken_title}"
                    frame = page.until("lines")
                    first_line.append((time.perf_counter() - began) * 1000)
                    while not any(line.startswith(deal) for line in frame["lines"]):
                        frame = page.until("lines")
                    deal_line.append((time.perf_counter() - began) * 1000)
                    page.settle()
                    for k in range(keys):
                        move = k % 2 == 1 and not page.prompt.startswith(wait_word)
                        began = time.perf_counter()
                        page.send("key", key="N" if move else "h")
                        page.until("lines")
                        (move_key if move else read_key).append((time.perf_counter() - began) * 1000)
                        page.settle(0.15)
                finally:
                    page.close()
        finally:
            server.terminate()
            server.wait(timeout=20)
    return {"tables": tables, "first_line_ms": _figures(first_line), "deal_line_ms": _figures(deal_line),
            "read_key_ms": _figures(read_key), "move_key_ms": _figures(move_key)}


def _figures(values: list[float]) -> dict[str, Any]:
    from access_game.bench.figures import percentile

    if not values:
        return {"n": 0}
    return {"n": len(values), "median": round(sorted(values)[len(values) // 2], 1),
            "p99": round(percentile(values, 0.99), 1), "max": round(max(values), 1), "line": timing_line(values)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.web", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = run_web_bench(max(1, args.tables), max(1, args.keys))
    if args.json:
        print(json.dumps(figures))
    else:
        for name in ("first_line_ms", "deal_line_ms", "read_key_ms", "move_key_ms"):
            print(f"{name}: {figures[name].get('line', 'no samples')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
