"""Speech latency figures: ``python -m access_game.bench.speech``.

1. Event to speak call: a seeded bot game is told to seat 0 action by action; each batch of events
   goes through the narrator and the announcer, and the clock stops when the backend's speak() is
   entered. Target: median under 5 ms.
2. The same with the espeak-ng backend, up to speak() returning (the espeak-ng process started).
3. espeak-ng time to first audio: from starting ``espeak-ng --stdout`` to the first audio bytes after
   the WAV header, and the time to synthesise a whole sentence to a file.
4. pyttsx3 (espeak-ng inside): time to synthesise a sentence to a file.
Medians are printed with the 95th percentile and the number of samples.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from access_game.bench.figures import timing_line
from engine.bots.base import make_agent
from engine.events import Event
from engine.game import Game
from speech.announcer import Announcer
from speech.backends.base import SilentBackend
from speech.narrator import Narrator
from speech.utterance import Verbosity

SENTENCE = "Anna took the 9 of clubs and discarded the king of stars."


class _StopwatchBackend(SilentBackend):
    """Notes the moment speak() is entered; does nothing else (a voice to the announcer, so it waits on it)."""

    name = "stopwatch"
    speaks = True

    def __init__(self) -> None:
        self.calls: list[float] = []

    def speak(self, text: str, *, urgent: bool = False) -> None:
        self.calls.append(time.perf_counter())


def _summary(label: str, seconds: Sequence[float]) -> str:
    return f"{label}: {timing_line([s * 1000 for s in seconds], digits=3, tail=0.95)}"


def game_batches(seed: int = 1, players: int = 4) -> tuple[list[str], list[list[Event]]]:
    """Seat 0's events of a whole bot game, in the batches they arrive in (one batch per action)."""
    game = Game.new("five-crowns", [f"Player {i + 1}" for i in range(players)], seed=seed)
    agents = [make_agent("five-crowns", "easy", seed=seed + i) for i in range(players)]
    batches = [list(game.seat_log(0))]
    while not game.over:
        seat = game.seats_to_act()[0]
        before = len(game.seat_log(0))
        game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
        batches.append(list(game.seat_log(0)[before:]))
    return game.players, batches


def settle(backend: object) -> None:
    """Stop the voice and wait until its processes are gone, so each batch starts from silence."""
    stop = getattr(backend, "stop", None)
    if callable(stop):
        stop()
    for proc in getattr(backend, "processes", ()):
        proc.wait()


def event_to_speak(batches: list[list[Event]], players: list[str], backend: object, passes: int) -> list[float]:
    """Per batch that says something: time from handing the events over to the first speak() call."""
    samples: list[float] = []
    for _ in range(passes):
        narrator = Narrator(0, players, Verbosity.NORMAL)
        announcer = Announcer(backend, None)  # type: ignore[arg-type]
        for batch in batches:
            start = time.perf_counter()
            said = narrator.narrate(batch)
            for u in said:
                announcer.announce(u)
            if said:
                if isinstance(backend, _StopwatchBackend) and backend.calls:
                    samples.append(backend.calls[0] - start)
                    backend.calls.clear()
                elif not isinstance(backend, _StopwatchBackend):
                    samples.append(time.perf_counter() - start)
            settle(backend)
    return samples


def espeak_first_audio(runs: int) -> tuple[list[float], list[float]]:
    exe = shutil.which("espeak-ng")
    if exe is None:
        return [], []
    first: list[float] = []
    whole: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(runs):
            start = time.perf_counter()
            proc = subprocess.Popen(
                [exe, "--stdout", "--", SENTENCE], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
            )
            out: Any = proc.stdout
            got = 0
            while got <= 44:  # the RIFF header, then audio
                chunk = out.read1(4096)
                if not chunk:
                    break
                got += len(chunk)
            first.append(time.perf_counter() - start)
            out.close()
            proc.kill()
            proc.wait()
            start = time.perf_counter()
            subprocess.run([exe, "-w", str(Path(tmp) / "s.wav"), "--", SENTENCE], check=True)
            whole.append(time.perf_counter() - start)
    return first, whole


def pyttsx3_synth(runs: int) -> list[float]:
    try:
        from speech.backends.pyttsx3_voice import Pyttsx3Backend

        backend = Pyttsx3Backend(player=None)
    except Exception:
        return []
    out: list[float] = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(runs):
                start = time.perf_counter()
                backend.save(SENTENCE, str(Path(tmp) / f"{i}.wav"))
                out.append(time.perf_counter() - start)
    finally:
        backend.close()
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.speech", description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=5, help="times the game is told (default 5)")
    parser.add_argument("--runs", type=int, default=20, help="espeak-ng and pyttsx3 runs (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    players, batches = game_batches(args.seed)
    events = sum(len(b) for b in batches)
    print(f"game: five-crowns, {len(players)} players, seed {args.seed}, {events} events for seat 0")
    print(
        _summary(
            "event -> speak() call (announcer, stopwatch backend)",
            event_to_speak(batches, players, _StopwatchBackend(), args.passes),
        )
    )

    if shutil.which("espeak-ng"):
        from speech.backends.espeak_ng import EspeakBackend

        espeak = EspeakBackend()
        try:
            print(
                _summary(
                    "event -> espeak-ng speak() returned, process started", event_to_speak(batches, players, espeak, 1)
                )
            )
        finally:
            espeak.close()
        first, whole = espeak_first_audio(args.runs)
        print(_summary("espeak-ng time to first audio (--stdout)", first))
        print(_summary("espeak-ng whole sentence to a WAV file (-w)", whole))
    else:
        print("espeak-ng: not installed")
    synth = pyttsx3_synth(args.runs)
    print(_summary("pyttsx3 sentence to a WAV file", synth) if synth else "pyttsx3: not available")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
