"""How soon a player hears their own move: ``python -m access_game.bench.own_move``.

A player presses X and must hear "You discarded ..." at once, however many computer players then take
their turns. This runs ``access-game play`` in a real pseudo-terminal (TERM=dumb, screen-reader mode:
the lines a screen reader is given), plays whole turns by keys (D, then X) for each table size asked,
and times from each key's byte written to the first byte of the mover's own line ("You drew",
"You discarded") read back, and, for comparison, to the prompt that follows the computer players'
turns. Figures are medians, p99 and max in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from access_game.bench.figures import percentile

__all__ = ["main", "measure"]

#: The longest wait for one answer: a hung program is a failure, not a figure.
ANSWER_SECONDS = 60.0


class _Terminal:
    """``access-game play`` on a pseudo-terminal; what it prints, read as it comes."""

    def __init__(self, args: Sequence[str], home: str) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PROMPT_TOOLKIT", "BRLAPI"))}
        env.update(ACCESS_GAME_HOME=home, TERM="dumb", COLUMNS="200", LINES="24")
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen([sys.executable, "-m", "access_game", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self.seen = ""
        self.pos = 0

    def wait_for(self, *texts: str) -> tuple[str, float]:
        """Read until one of ``texts`` appears after what was looked at before; which, and when it came."""
        deadline = time.monotonic() + ANSWER_SECONDS
        while True:
            hits = [(i, t) for t in texts if (i := self.seen.find(t, self.pos)) >= 0]
            if hits:
                i, text = min(hits)
                self.pos = i + len(text)
                return text, time.perf_counter()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"none of {texts} came; last: {self.seen[-200:]!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    raise TimeoutError(f"the game ended; last: {self.seen[-200:]!r}") from None
                self.seen += data.decode("utf-8", "replace")

    def press(self, key: str) -> float:
        """Send a key; what was printed before it is old news to the next wait."""
        self.pos = len(self.seen)
        os.write(self.master, key.encode())
        return time.perf_counter()

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
        os.close(self.master)


def measure(players: int, level: str, turns: int, seed: int) -> dict[str, Any]:
    """Play ``turns`` turns at a table of ``players`` (the others computer players of ``level``)."""
    own: list[float] = []
    after: list[float] = []
    with tempfile.TemporaryDirectory(prefix="access-game-bench-") as home:
        term = _Terminal(["play", "--players", str(players), "--level", level, "--seed", str(seed), "--speech",
                          "screen-reader", "--braille", "off", "--new"], home)
        try:
            term.wait_for("draw>")
            for _ in range(turns):
                for key, line in (("d", "You drew"), ("x", "You discarded")):
                    sent = term.press(key)
                    _, heard = term.wait_for(line, "You went out", "You took")
                    own.append((heard - sent) * 1000)
                    which, ready = term.wait_for("draw>", "discard>", "y/n>")
                    after.append((ready - sent) * 1000)
                    if which == "y/n>":  # the game ended: play again? no more turns to time
                        return _figures(players, level, own, after)
        finally:
            term.close()
    return _figures(players, level, own, after)


def _figures(players: int, level: str, own: list[float], after: list[float]) -> dict[str, Any]:
    def q(values: list[float], p: float) -> float:
        return round(percentile(values, p), 1)

    return {"players": players, "level": level, "keys": len(own),
            "own_line_ms": {"median": round(statistics.median(own), 1), "p99": q(own, 0.99), "max": q(own, 1.0)},
            "next_prompt_ms": {"median": round(statistics.median(after), 1), "p99": q(after, 0.99),
                               "max": q(after, 1.0)}}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.own_move",
                                     description="Time from a key to the player's own move's line, in a real "
                                                 "pseudo-terminal.")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 14], help="table sizes (default 4 14)")
    parser.add_argument("--level", default="hard", choices=("easy", "normal", "hard"))
    parser.add_argument("--turns", type=int, default=20, help="turns timed per table size (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not all(2 <= n <= 14 for n in args.players) or not 1 <= args.turns <= 500:
        parser.error("--players are 2 to 14, --turns 1 to 500")
    for n in args.players:
        print(json.dumps(measure(n, args.level, args.turns, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
