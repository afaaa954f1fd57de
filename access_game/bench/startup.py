"""Start-up time against a bare Python: ``python -m access_game.bench.startup``.

A player runs ``access-game hand ...`` many times while checking a real deck, so it must start as fast
as Python allows; the label libraries (reportlab, PIL) are only for the commands that print.
Both commands are run alternately in the same run, each a fresh process, so a busy machine slows both
alike, and the figure is the ratio of the medians, of wall-clock time and of CPU time (the children's
user and system time, which other work on a busy machine inflates far less than the wall clock):

- bare: ``python -c pass`` (the interpreter and its site packages, nothing of ours);
- each command given (default: the hand checker on a Five Crowns hand) as ``python -m access_game ...``.

``--first-line`` times a command that does not end by itself (``play``) to its first line of text in
a pseudo-terminal, as a player meets it, then ends it; each run gets empty settings and data folders,
so it starts a new game, never a saved one. ``-- --help`` times the list of commands.

The children may write their bytecode caches (``PYTHONDONTWRITEBYTECODE`` is dropped for them), as an
installed copy has: without them every run would compile each module again, which measures the
compiler, not the start-up a player meets.
"""

from __future__ import annotations

import argparse
import os
import pty
import resource
import select
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

from access_game.bench.figures import timing_line

__all__ = ["main", "time_command"]

DEFAULT_COMMAND = "hand 9d 7c jd 3st jo --wild 5"


def time_command(argv: Sequence[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of running ``argv`` to its exit; a failing command is an error, not a
    figure."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def time_first_line(argv: Sequence[str], timeout: float = 60.0) -> tuple[float, float]:
    """Wall-clock and CPU seconds from starting ``argv`` in a pseudo-terminal to its first line of text
    (a line with a letter in it, past the terminal's set-up codes); it is then ended. Fresh settings and
    data folders each run: a new game, as at first start."""
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as home:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update({f"XDG_{d}_HOME": os.path.join(home, d.lower()) for d in ("CONFIG", "DATA", "CACHE", "STATE")})
        env.update(HOME=home, TERM=env.get("TERM", "xterm"))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: the command, its terminal the pseudo-terminal
            try:
                os.execve(argv[0], list(argv), env)
            finally:
                os._exit(127)
        seen = b""
        try:
            while True:
                left = start + timeout - time.perf_counter()
                if left <= 0:
                    raise TimeoutError(f"no line of text from {' '.join(argv)} in {timeout:.0f} s")
                ready, _, _ = select.select([fd], [], [], left)
                if not ready:
                    continue
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise RuntimeError(f"{' '.join(argv)} ended before a line of text")
                seen += chunk
                if any(c.isalpha() for line in seen.split(b"\n")[:-1] for c in line.decode("utf-8", "replace")):
                    break
            wall = time.perf_counter() - start
        finally:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _summary(seconds: Sequence[float]) -> str:
    return timing_line([s * 1000 for s in seconds])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.startup", description=__doc__)
    parser.add_argument("--runs", type=int, default=21, help="runs of each command (default 21)")
    parser.add_argument("--first-line", action="store_true",
                        help="time the command to its first line of text in a pseudo-terminal (for play), "
                        "not to its end")
    parser.add_argument(
        "command", nargs="*", help=f"the access-game command line to time (default: {DEFAULT_COMMAND})"
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    command = args.command or shlex.split(DEFAULT_COMMAND)
    bare_argv = [sys.executable, "-c", "pass"]
    ours_argv = [sys.executable, "-m", "access_game", *command]
    timer = time_first_line if args.first_line else time_command
    timer(ours_argv)  # once first, so the file cache is warm for both
    bare: list[tuple[float, float]] = []
    ours: list[tuple[float, float]] = []
    for _ in range(args.runs):
        bare.append(time_command(bare_argv))
        ours.append(timer(ours_argv))
    what_ours = f"access-game {' '.join(command)}" + (" (to its first line)" if args.first_line else "")
    for what, runs in (("bare python -c pass", bare), (what_ours, ours)):
        print(f"{what}: wall {_summary([w for w, _ in runs])}; CPU {_summary([c for _, c in runs])}")
    wall = statistics.median(w for w, _ in ours) / statistics.median(w for w, _ in bare)
    cpu = statistics.median(c for _, c in ours) / statistics.median(c for _, c in bare)
    print(f"start-up: {wall:.1f}x a bare Python by the wall clock, {cpu:.1f}x by CPU time (medians)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
