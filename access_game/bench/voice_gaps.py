"""Silence between the game's spoken lines, heard at the sound server: ``python -m access_game.bench.voice_gaps``.

For every catalog game (or those named with ``--game``): a private PulseAudio with a null sink
(:mod:`speech.sound_server`) is started, its monitor recorded from before the program starts, and the
installed ``access-game play --speech self-voicing`` is run in a real pseudo-terminal with fresh
settings (sound cues off unless ``--cues``: a cue heard between two lines is not counted as silence).
Nothing is pressed: the opening is
every line printed before the first prompt, the last one the line that gives the player the turn
("Your turn.", solitaire's "Press D to turn up the next card"); once it has been said, the game is quit.

The recording is cut into stretches of sound, and each printed line is found in it by its own length:
the same line written to a WAV file by espeak-ng at the same rate and measured the same way. Between
one line's last sound and the next line's first is the silence between lines (goal: at most 0.25 s).
Printed per game: the silence between lines (median, p95, max), the time from starting the program to
the end of the opening's last line against the seconds of speech in the opening, and how many lines
were found.
"""

from __future__ import annotations

import argparse
import array
import itertools
import json
import os
import pty
import re
import select
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from access_game.bench.figures import percentile

__all__ = ["GameFigures", "Heard", "find_lines", "main", "measure_game", "sound_spans"]

#: Goal for the silence between two lines, in seconds.
GOAL = 0.25
#: Recorded audio: 16-bit mono.
RATE = 22050
#: A 10 ms window louder than this counts as sound; silences shorter than MERGE within a line are kept
#: as gaps (between words), so lines are found by their length, not by the pauses in them.
LOUD, WINDOW, MERGE = 200, 0.01, 0.03
#: Words a minute: the settings' default.
WORDS_A_MINUTE = 200
#: Seconds of silence after the first prompt was printed that mean everything before it was said.
QUIET_AFTER = 2.5
#: The longest sound cue, in seconds: a stretch of sound no longer than this that fits no line is a cue.
CUE_LONGEST = 0.6
COMMAND = Path(sys.executable).parent / "access-game"
#: The one-line prompt under the messages: a few words and ">" ("draw>", "take? y/n>").
PROMPT = re.compile(r".{1,40}>")


class Heard:
    """The sink's monitor as raw samples, read as they come, with the moment its first sample arrived:
    sample n was played at ``first + n / RATE`` (the null sink plays at real-time pace)."""

    def __init__(self, env: dict[str, str]) -> None:
        self._process = subprocess.Popen(
            ["parec", "--device=null.monitor", "--raw", f"--rate={RATE}", "--channels=1", "--format=s16le",
             "--latency-msec=20"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.data = bytearray()
        self.first: float | None = None
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while self.first is None and time.monotonic() < deadline:
            time.sleep(0.01)
        if self.first is None:
            raise RuntimeError("the sound server's monitor gave nothing to record")

    def _read(self) -> None:
        out = self._process.stdout
        assert out is not None
        while chunk := os.read(out.fileno(), 4096):
            if self.first is None:
                self.first = time.monotonic() - len(chunk) / 2 / RATE
            self.data.extend(chunk)

    def at(self, when: float) -> float:
        """Seconds into the recording of the monotonic moment ``when``."""
        assert self.first is not None
        return when - self.first

    def quiet_since(self) -> float:
        """Seconds of silence at the end of what was recorded so far."""
        samples = array.array("h", bytes(self.data[-RATE * 2 * 10:]))
        n = len(samples)
        while n > 0 and abs(samples[n - 1]) <= LOUD:
            n -= 1
        return (len(samples) - n) / RATE

    def stop(self) -> array.array[int]:
        self._process.terminate()
        self._process.wait(5)
        self._thread.join(5)
        return array.array("h", bytes(self.data))


def sound_spans(samples: Sequence[int], rate: int = RATE) -> list[tuple[float, float]]:
    """Stretches of sound (start, end seconds), 10 ms windows, silences up to MERGE inside one: the
    sound server's one measure, with the bench's finer merge (a gap between lines is what it measures)."""
    from speech.sound_server import sound_spans as spans

    return spans(samples, rate, threshold=LOUD, gap=MERGE, window_seconds=WINDOW)


def line_length(text: str, rate: int, folder: Path) -> float:
    """Seconds from the first sound to the last of ``text`` said alone at ``rate`` words a minute."""
    import wave

    from speech.backends.espeak_ng import espeak_to_wav

    path = folder / "line.wav"
    espeak_to_wav(text, str(path), rate=rate)
    with wave.open(str(path), "rb") as w:
        spans = sound_spans(array.array("h", w.readframes(w.getnframes())), w.getframerate())
    return spans[-1][1] - spans[0][0] if spans else 0.0


def _closest(spans: Sequence[tuple[float, float]], j: int, length: float) -> tuple[int, float]:
    """The run of stretches from ``j`` whose length comes closest to ``length``: its last one, and by how much
    it misses."""
    best, best_miss = j, abs(spans[j][1] - spans[j][0] - length)
    k = j + 1
    while k < len(spans) and spans[k][1] - spans[j][0] <= length + 1.0:
        miss = abs(spans[k][1] - spans[j][0] - length)
        if miss < best_miss:
            best, best_miss = k, miss
        k += 1
    return best, best_miss


def find_lines(spans: Sequence[tuple[float, float]], lengths: Sequence[float],
               tolerance: float = 0.06) -> list[tuple[float, float, float]]:
    """Where each line is in the recording, in order: (start, end, seconds of other sound just before it).
    From the first unclaimed stretch, the run of stretches whose length comes closest to the line's own
    (within ``tolerance`` and 1%: the sound server plays at an exact pace, so a line lasts as long as alone);
    up to two short stretches that fit no line (sound cues) are stepped over and counted as other sound.
    Lines not found are left out at the end."""
    found: list[tuple[float, float, float]] = []
    j = 0
    for length in lengths:
        other = 0.0
        for start in range(j, min(j + 3, len(spans))):
            if start > j:
                skipped = spans[start - 1][1] - spans[start - 1][0]
                if skipped > CUE_LONGEST:
                    return found
                other += skipped
            best, miss = _closest(spans, start, length)
            if miss <= tolerance + 0.01 * length:
                found.append((spans[start][0], spans[best][1], other))
                j = best + 1
                break
        else:
            glued = _glued(spans, j, length, tolerance)
            if glued is None:
                return found  # the recording no longer follows the lines: stop rather than guess
            k, cue = glued
            found.append((spans[k][1] - length, spans[k][1], cue))
            j = k + 1
    return found


def _glued(spans: Sequence[tuple[float, float]], j: int, length: float, tolerance: float) -> tuple[int, float] | None:
    """A line with a cue played right before it, no silence between (the voice's stream plays a cue in
    its place): the first run from ``j`` longer than the line by no more than a cue. Its last stretch,
    and the cue's seconds."""
    for k in range(j, len(spans)):
        extra = spans[k][1] - spans[j][0] - length
        if extra > CUE_LONGEST:
            return None
        if extra >= -tolerance and (k + 1 == len(spans) or spans[k + 1][0] - spans[k][1] > MERGE * 2):
            return k, max(0.0, extra)
    return None


@dataclass(frozen=True, slots=True)
class GameFigures:
    game: str
    lines: int
    found: int
    gaps: tuple[float, ...]
    #: Seconds from starting the program to the end of the opening's last line (the player's turn).
    to_your_turn: float | None
    #: Seconds of speech of the opening's lines, each said alone, and of the cues heard between them.
    speech_before: float

    def line(self) -> str:
        if self.gaps:
            gaps = (f"silence between lines median {statistics.median(self.gaps):.3f} s, "
                    f"p95 {percentile(self.gaps, 0.95):.3f} s, max {max(self.gaps):.3f} s (n={len(self.gaps)})")
        else:
            gaps = "silence between lines: no samples"
        turn = (f"your turn said {self.to_your_turn:.1f} s after start for {self.speech_before:.1f} s of speech "
                f"({100 * (1 - self.speech_before / self.to_your_turn):.0f}% not speech)"
                if self.to_your_turn else "your turn not found in the recording")
        return f"{self.game}: {gaps}; {turn}; {self.found} of {self.lines} lines found in the recording"


def _settle_home(home: Path, cues: bool) -> None:
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps({"cues": cues}))


def _run_in_terminal(argv: list[str], env: dict[str, str], heard: Heard,
                     timeout: float) -> tuple[str, float, float | None]:
    """Run the program until its first prompt has been printed and the voice has been quiet for
    QUIET_AFTER seconds; then quit it. What it printed, when it started, when the prompt was printed."""
    master, slave = pty.openpty()
    started = time.monotonic()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    out = b""
    turn_at: float | None = None
    deadline = started + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                out += chunk
            if turn_at is None and printed_lines(out.decode("utf-8", "replace"))[1]:
                turn_at = time.monotonic()
            if turn_at is not None and time.monotonic() - turn_at > QUIET_AFTER and heard.quiet_since() > QUIET_AFTER:
                break
        os.write(master, b"q")
        time.sleep(0.3)
        os.write(master, b"y")
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    finally:
        os.close(master)
    return out.decode("utf-8", "replace"), started, turn_at


def printed_lines(out: str) -> tuple[list[str], bool]:
    """The lines the program printed before its first prompt (its voice says each), and whether the
    prompt ("draw>") has been printed."""
    lines: list[str] = []
    for raw in out.replace("\r", "").split("\n"):
        text = raw.strip()
        if PROMPT.fullmatch(text):
            return lines, True
        if text:
            lines.append(text)
    return lines, False


def measure_game(game: str, *, seed: int, rate: int, folder: Path, cues: bool = False,
                 timeout: float = 180.0) -> GameFigures:
    from speech.sound_server import NullSinkServer

    home = folder / game
    _settle_home(home, cues)
    with NullSinkServer() as server:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PROMPT_TOOLKIT", "BRLAPI", "ACCESS_GAME_"))}
        env.update(server.env, ACCESS_GAME_HOME=str(home), TERM="dumb", COLUMNS="1000", LINES="24", LANG="C.UTF-8")
        heard = Heard(server.env)
        argv = [str(COMMAND), "play", "--game", game, "--speech", "self-voicing", "--seed", str(seed), "--new",
                "--braille", "off", "--lang", "en"]
        try:
            out, started, _turn = _run_in_terminal(argv, env, heard, timeout)
        finally:
            samples = heard.stop()
    lines, _prompted = printed_lines(out)
    lengths = [line_length(text, rate, folder) for text in lines]
    where = find_lines(sound_spans(samples), lengths)
    gaps = tuple(b[0] - a[1] - b[2] for a, b in itertools.pairwise(where))
    to_turn = None
    if lines and len(where) == len(lines):
        to_turn = where[-1][1] - heard.at(started)
    return GameFigures(game, len(lines), len(where), gaps, to_turn, sum(lengths) + sum(w[2] for w in where))


def main(argv: Sequence[str] | None = None) -> int:
    from access_game import catalog

    names = [g.name for g in catalog.games() if g.table is not None]
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.voice_gaps",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", action="append", choices=names, help="a game (default: every game)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cues", action="store_true", help="with sound cues on (their sound is not silence)")
    args = parser.parse_args(argv)
    cues = "on" if args.cues else "off"
    print(f"self-voicing openings, seed {args.seed}, {WORDS_A_MINUTE} words a minute, cues {cues}; "
          f"goal: at most {GOAL} s of silence between lines")
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.game or names:
            figures = measure_game(game, seed=args.seed, rate=WORDS_A_MINUTE, folder=Path(tmp), cues=args.cues)
            print(figures.line(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
