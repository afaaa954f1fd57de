"""Start-up time against a bare Python: ``python -m access_game.bench_startup``.

A player runs ``access-game hand ...`` many times while checking a real deck, so it must start as fast
as Python allows; the label libraries (reportlab, PIL) are only for the commands that print.
Both commands are run alternately in the same run, each a fresh process, so a busy machine slows both
alike, and the figure is the ratio of the medians, of wall-clock time and of CPU time (the children's
user and system time, which other work on a busy machine inflates far less than the wall clock):

- bare: ``python -c pass`` (the interpreter and its site packages, nothing of ours);
- each command given (default: the hand checker on a Five Crowns hand) as ``python -m access_game ...``.

The children may write their bytecode caches (``PYTHONDONTWRITEBYTECODE`` is dropped for them), as an
installed copy has: without them every run would compile each module again, which measures the
compiler, not the start-up a player meets.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

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


def _summary(seconds: Sequence[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return f"median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms (n={len(ms)})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench_startup", description=__doc__)
    parser.add_argument("--runs", type=int, default=21, help="runs of each command (default 21)")
    parser.add_argument(
        "command", nargs="*", help=f"the access-game command line to time (default: {DEFAULT_COMMAND})"
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    command = args.command or shlex.split(DEFAULT_COMMAND)
    bare_argv = [sys.executable, "-c", "pass"]
    ours_argv = [sys.executable, "-m", "access_game", *command]
    time_command(ours_argv)  # once first, so the file cache is warm for both
    bare: list[tuple[float, float]] = []
    ours: list[tuple[float, float]] = []
    for _ in range(args.runs):
        bare.append(time_command(bare_argv))
        ours.append(time_command(ours_argv))
    for what, runs in (("bare python -c pass", bare), (f"access-game {' '.join(command)}", ours)):
        print(f"{what}: wall {_summary([w for w, _ in runs])}; CPU {_summary([c for _, c in runs])}")
    wall = statistics.median(w for w, _ in ours) / statistics.median(w for w, _ in bare)
    cpu = statistics.median(c for _, c in ours) / statistics.median(c for _, c in bare)
    print(f"start-up: {wall:.1f}x a bare Python by the wall clock, {cpu:.1f}x by CPU time (medians)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
