"""Hung peers: BRLTTY, the sound server and the audio player stopped while a real game is played.

A wedged peer is a process that is there and does not answer: it takes connections, or holds a pipe
open, and never replies. SIGSTOP makes exactly that of a real one. Each run starts the installed
``access-game`` in a real pseudo-terminal (pexpect), speaking with its own voice (espeak-ng through a
private PulseAudio with a null sink) and writing to a real braille display (BRLTTY's TTY driver on a
tmux pseudo-terminal, through BrlAPI), and presses keys; a random source seeded with the run's seed
chooses which peers to stop, at which key (or before the game starts), a moment within that key's
handling, and for how many keys (a stop may last through quitting). Stopped peers are let go (SIGCONT)
when their keys are over, or once the game has exited.

Measured: every key's answer (its own line, not just any output) must appear within KEY_BOUND seconds,
and after "y" to "Quit the game?" the program must exit within EXIT_BOUND seconds.

    .venv/bin/python scripts/hung_peers.py --runs 200 --seed 1

It prints a line per run and the totals: stops injected, keys pressed after a stop, keys unanswered
after a stop (goal 0), exits that hung (goal 0), runs that printed a traceback (goal 0: a thread that
dies silences the voice), the slowest key after a stop and the slowest exit. It exits 1 when any of
the goals is missed. ``--log DIR`` keeps each game's terminal output. The test suite runs three short seeds of it
(tests/peers/test_hung_peers.py).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pexpect

from braille.tty_display import TtyDisplay
from speech.sound_server import NullSinkServer

#: The installed command, beside this Python.
COMMAND = Path(sys.executable).parent / "access-game"
#: Seconds a key's own line may take to appear.
KEY_BOUND = 3.0
#: Seconds from "y" to "Quit the game?" to the program's end.
EXIT_BOUND = 5.0
#: Seconds the game may take to show its first prompt.
START_BOUND = 15.0
PEERS = ("brltty", "sound server", "audio player")
#: The keys pressed besides drawing and discarding, and the line that answers each (never said otherwise).
INFO_KEYS = {
    "i": r"Hand \d+ of \d+, \d+ cards dealt",
    "w": r"are wild: ",
    "h": r"\d+ cards: ",
    "u": r"the discard pile has",
    "s": r"Totals: ",
}
MOVE_KEYS = {"d": r"You drew", "x": r"You discarded"}
QUIT_QUESTION = r"Quit the game\?"


@dataclass(frozen=True, slots=True)
class Stop:
    """One peer stopped: before key ``at`` is answered (-1: before the game starts), for ``keys`` keys."""

    peer: str
    at: int
    keys: int
    delay: float


@dataclass(slots=True)
class RunResult:
    seed: int
    stops: list[Stop] = field(default_factory=list)
    #: Stops that found nothing to stop (no audio player running then).
    missed: int = 0
    keys_after_stop: int = 0
    unanswered: list[str] = field(default_factory=list)
    slowest_after_stop: float = 0.0
    exit_seconds: float = 0.0
    exit_hung: bool = False
    start_failed: str = ""
    #: A traceback appeared on the terminal (a thread died, or the program did).
    traceback: bool = False

    def line(self) -> str:
        stops = ", ".join(f"{s.peer} at key {s.at} for {s.keys}" for s in self.stops) or "none"
        verdict = "ok" if not (self.unanswered or self.exit_hung or self.start_failed or self.traceback) else "FAILED"
        extra = f"; unanswered: {', '.join(self.unanswered)}" if self.unanswered else ""
        extra += "; a traceback on the terminal" if self.traceback else ""
        extra += f"; {self.start_failed}" if self.start_failed else ""
        return (f"seed {self.seed}: {verdict}: stops [{stops}], {self.missed} missed; "
                f"{self.keys_after_stop} keys after a stop, slowest {self.slowest_after_stop:.2f} s; "
                f"exit {'HUNG' if self.exit_hung else f'{self.exit_seconds:.2f} s'}{extra}")


@dataclass(slots=True)
class Peers:
    """The private sound server and braille display every run plays against."""

    sound: NullSinkServer
    display: TtyDisplay

    def pid(self, peer: str, game_pid: int) -> int | None:
        if peer == "brltty":
            return self.display.pid
        if peer == "sound server":
            return self.sound.pid
        return audio_player(game_pid)


@contextlib.contextmanager
def started_peers() -> Iterator[Peers]:
    sound = NullSinkServer()
    try:
        display = TtyDisplay()
    except BaseException:
        sound.stop()
        raise
    try:
        yield Peers(sound, display)
    finally:
        display.stop()
        sound.stop()


def audio_player(game_pid: int, wait: float = 1.0) -> int | None:
    """A player process the game is running now (the voice's stream, pacat, or a cue's paplay), waiting up
    to ``wait`` seconds for one."""
    deadline = time.monotonic() + wait
    while True:
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                name = stat[stat.index("(") + 1 : stat.rindex(")")]
                fields = stat[stat.rindex(")") + 2 :].split()
                if name in ("pacat", "paplay") and fields[0] in "RSD" and int(fields[1]) == game_pid:
                    return int(entry.name)
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.01)


def plan(rng: random.Random, keys: int) -> tuple[list[str], list[Stop]]:
    """The keys to press (draw and discard in turn, info keys between) and the stops to make."""
    pressed: list[str] = []
    draw = True
    while len(pressed) < keys:
        if rng.random() < 0.4:
            pressed.append(rng.choice(sorted(INFO_KEYS)))
        else:
            pressed.append("d" if draw else "x")
            draw = not draw
    stops = []
    for _ in range(rng.choice((1, 1, 2))):
        peer = rng.choice(PEERS)
        at = rng.randrange(-1, keys) if peer != "audio player" else rng.randrange(0, keys)
        stops.append(Stop(peer, at, rng.randrange(1, keys + 2), round(rng.uniform(0.0, 0.2), 3)))
    return pressed, stops


def _spawn(peers: Peers, home: Path, seed: int) -> Any:
    env = {k: v for k, v in peers.sound.env.items() if not k.startswith("PROMPT_TOOLKIT")}
    env.update(ACCESS_GAME_HOME=str(home), TERM="xterm", COLUMNS="200", LINES="24",
               BRLAPI_HOST=peers.display.host, BRLAPI_AUTH="none")
    args = ["play", "--seed", str(seed), "--players", "2", "--first-dealer", "you", "--speech", "self-voicing",
            "--braille", "brlapi"]
    return pexpect.spawn(str(COMMAND), args, env=env, dimensions=(24, 200), encoding="utf-8", timeout=KEY_BOUND)


def _signal(pid: int | None, sig: signal.Signals) -> None:
    if pid is not None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)


class _Seen:
    """Everything the game wrote to its terminal (pexpect's log), and a copy in a file when asked."""

    def __init__(self, path: Path | None) -> None:
        self.parts: list[str] = []
        self.file = open(path, "w", encoding="utf-8") if path is not None else None  # noqa: SIM115

    def write(self, text: str) -> None:
        self.parts.append(text)
        if self.file is not None:
            self.file.write(text)

    def flush(self) -> None:
        if self.file is not None:
            self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()

    def text(self) -> str:
        return "".join(self.parts)


def run_once(peers: Peers, seed: int, *, keys: int = 16, log: Path | None = None) -> RunResult:
    """One game with the planned stops; every stopped peer is let go again before this returns."""
    rng = random.Random(seed)
    pressed, stops = plan(rng, keys)
    result = RunResult(seed, stops=stops)
    #: Peers stopped now: (stop, pid).
    held: list[tuple[Stop, int]] = []
    #: Whether a peer has been stopped yet in this run (the keys from then on are the ones that count).
    stopped = False

    def stop_due(index: int, child: Any) -> None:
        nonlocal stopped
        for stop in stops:
            if stop.at == index:
                if stop.delay:
                    time.sleep(stop.delay)
                pid = peers.pid(stop.peer, child.pid if child is not None else -1)
                if pid is None:
                    result.missed += 1
                    continue
                _signal(pid, signal.SIGSTOP)
                held.append((stop, pid))
                stopped = True

    def release_due(index: int) -> None:
        for stop, pid in list(held):
            if stop.at + stop.keys <= index:
                _signal(pid, signal.SIGCONT)
                held.remove((stop, pid))

    def press(child: Any) -> None:
        for index, key in enumerate([*pressed, "q"]):
            release_due(index)
            child.send(key)
            sent = time.monotonic()
            stop_due(index, child)
            pattern = QUIT_QUESTION if key == "q" else INFO_KEYS.get(key) or MOVE_KEYS[key]
            try:
                child.expect(pattern, timeout=max(0.0, KEY_BOUND - (time.monotonic() - sent)))
            except (pexpect.TIMEOUT, pexpect.EOF):
                result.unanswered.append(f"{key!r} (key {index}{'' if stopped else ', before any stop'})")
                return
            if stopped:
                result.keys_after_stop += 1
                result.slowest_after_stop = max(result.slowest_after_stop, time.monotonic() - sent)
        child.send("y")
        quit_at = time.monotonic()
        try:
            child.expect(pexpect.EOF, timeout=EXIT_BOUND)
            result.exit_seconds = time.monotonic() - quit_at
        except pexpect.TIMEOUT:
            result.exit_hung = True

    with tempfile.TemporaryDirectory(prefix="access-game-hung-") as home:
        stop_due(-1, None)
        seen = _Seen(log / f"run-{seed}.log" if log is not None else None)
        child = _spawn(peers, Path(home), seed)
        child.logfile_read = seen
        try:
            child.expect("draw>", timeout=START_BOUND)
            press(child)
        except (pexpect.TIMEOUT, pexpect.EOF) as exc:
            result.start_failed = f"no first prompt within {START_BOUND:g} s ({exc.__class__.__name__})"
        finally:
            for _stop, pid in held:
                _signal(pid, signal.SIGCONT)
            if child.isalive():
                child.kill(signal.SIGKILL)
            child.close(force=True)
            seen.close()
        result.traceback = "Traceback (most recent call last)" in seen.text()
    return result


@dataclass(slots=True)
class Totals:
    runs: int = 0
    stops: int = 0
    missed: int = 0
    by_peer: dict[str, int] = field(default_factory=dict)
    keys_after_stop: int = 0
    unanswered: int = 0
    exits_hung: int = 0
    starts_failed: int = 0
    tracebacks: int = 0
    slowest_key: float = 0.0
    slowest_exit: float = 0.0

    def add(self, r: RunResult) -> None:
        self.runs += 1
        self.stops += len(r.stops) - r.missed
        self.missed += r.missed
        for s in r.stops:
            self.by_peer[s.peer] = self.by_peer.get(s.peer, 0) + 1
        self.keys_after_stop += r.keys_after_stop
        self.unanswered += len(r.unanswered)
        self.exits_hung += int(r.exit_hung)
        self.starts_failed += int(bool(r.start_failed))
        self.tracebacks += int(r.traceback)
        self.slowest_key = max(self.slowest_key, r.slowest_after_stop)
        self.slowest_exit = max(self.slowest_exit, r.exit_seconds)

    @property
    def failed(self) -> bool:
        return bool(self.unanswered or self.exits_hung or self.starts_failed or self.tracebacks)

    def lines(self) -> list[str]:
        peers = ", ".join(f"{name} {n}" for name, n in sorted(self.by_peer.items()))
        return [
            f"runs: {self.runs}",
            f"stops injected: {self.stops} ({peers}; {self.missed} found no audio player running)",
            f"keys pressed after a stop: {self.keys_after_stop}",
            f"keys unanswered after a stop (bound {KEY_BOUND:g} s): {self.unanswered}",
            f"exits that hung (bound {EXIT_BOUND:g} s): {self.exits_hung}",
            f"starts without a first prompt: {self.starts_failed}; runs with a traceback on the terminal: "
            f"{self.tracebacks}",
            f"slowest key after a stop: {self.slowest_key:.2f} s; slowest exit: {self.slowest_exit:.2f} s",
        ]


def run_many(seeds: Sequence[int], *, keys: int = 16, out: Any = None, log: Path | None = None) -> Totals:
    totals = Totals()
    with started_peers() as peers:
        for seed in seeds:
            result = run_once(peers, seed, keys=keys, log=log)
            totals.add(result)
            if out is not None:
                print(result.line(), file=out, flush=True)
    return totals


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="the first run's seed; each run the next (default 1)")
    parser.add_argument("--keys", type=int, default=16, help="keys pressed in each game before quitting (default 16)")
    parser.add_argument("--log", type=Path, help="a folder to keep each game's terminal output in (run-SEED.log)")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.keys < 2:
        parser.error("--runs must be at least 1 and --keys at least 2")
    if args.log is not None:
        args.log.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    totals = run_many(range(args.seed, args.seed + args.runs), keys=args.keys, out=sys.stdout, log=args.log)
    for line in totals.lines():
        print(line)
    print(f"took {time.monotonic() - started:.0f} s")
    return 1 if totals.failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
