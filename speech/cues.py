"""Sound cues: short tones for your turn, a draw, a discard, a wild card arriving, going out, hand end.

A cue tells in a tenth of a second what a sentence takes a second to say, and it can sound while
speech goes on. The tones are synthesised here and written as WAV files with the stdlib ``wave``
module (no downloaded assets), cached per user, and played by the platform's player process (see
:mod:`speech.audio` for why a player process). Playing never blocks and never raises: without a
sound device or player every cue is a silent no-op.
"""

from __future__ import annotations

import array
import contextlib
import math
import os
import sys
import tempfile
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from speech.audio import Player, find_player, reap

if TYPE_CHECKING:
    import subprocess

__all__ = ["CUE_NAMES", "TONES", "Cues", "Tone", "write_tone"]

SAMPLE_RATE = 22050
_VERSION = 1


@dataclass(frozen=True, slots=True)
class Tone:
    """Notes played one after another: (start Hz, end Hz, seconds) each; a glide when they differ."""

    notes: tuple[tuple[float, float, float], ...]
    volume: float = 0.35


#: Rising for good news and your turn, falling for things leaving your hand, bright for wilds.
TONES: dict[str, Tone] = {
    "your_turn": Tone(((660, 660, 0.09), (880, 880, 0.12))),
    "draw": Tone(((520, 700, 0.07),), 0.3),
    "discard": Tone(((600, 400, 0.08),), 0.3),
    "wild": Tone(((1047, 1047, 0.06), (1319, 1319, 0.06), (1568, 1568, 0.09)), 0.3),
    "go_out": Tone(((523, 523, 0.09), (659, 659, 0.09), (784, 784, 0.09), (1047, 1047, 0.18))),
    "hand_end": Tone(((784, 784, 0.12), (659, 659, 0.12), (523, 523, 0.2))),
}
CUE_NAMES: tuple[str, ...] = tuple(TONES)


def _samples(tone: Tone, rate: int) -> array.array[int]:
    out = array.array("h")
    attack = int(0.005 * rate)
    for f0, f1, seconds in tone.notes:
        n = max(int(seconds * rate), 1)
        phase = 0.0
        release = max(int(0.3 * n), 1)
        for i in range(n):
            freq = f0 + (f1 - f0) * i / n
            phase += 2 * math.pi * freq / rate
            env = min(1.0, i / attack) if attack else 1.0
            if i > n - release:
                env *= (n - i) / release
            # A touch of the second harmonic makes the tone easier to hear on small speakers.
            value = math.sin(phase) + 0.25 * math.sin(2 * phase)
            out.append(int(max(-1.0, min(1.0, value * env * tone.volume / 1.25)) * 32767))
    return out


def write_tone(tone: Tone, path: str | os.PathLike[str], rate: int = SAMPLE_RATE) -> None:
    """Write ``tone`` as a 16-bit mono WAV (once per user: the files are kept, so a start loads no ``wave``)."""
    import wave

    data = _samples(tone, rate)
    if sys.byteorder == "big":
        data.byteswap()
    tmp = Path(f"{os.fspath(path)}.{os.getpid()}.{threading.get_ident()}.tmp")  # two threads may write one cue
    with wave.open(str(tmp), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.tobytes())
    os.replace(tmp, path)


def _default_cache_dir() -> Path:
    try:
        import platformdirs

        return Path(platformdirs.user_cache_dir("access-game")) / "cues"
    except Exception:
        return Path(tempfile.gettempdir()) / "access-game-cues"


class Cues:
    def __init__(
        self,
        enabled: bool = True,
        player: str | None = None,
        *,
        cache_dir: str | os.PathLike[str] | None = None,
        disabled: Iterable[str] = (),
    ) -> None:
        self.enabled = enabled
        self.enabled_cues: set[str] = set(CUE_NAMES) - set(disabled)
        self.cache_dir = Path(cache_dir) if cache_dir is not None else _default_cache_dir()
        self._lock = threading.Lock()
        self._procs: list[subprocess.Popen[bytes]] = []
        self.problems: list[str] = []
        self._wanted = player
        self._finding = threading.Lock()
        self._player: Player | None = None
        self._looked = False

    @property
    def player(self) -> Player | None:
        """The program that plays the cues, looked for on first use: looking asks the sound server,
        which would cost every start milliseconds before its first line, and a game's first cue comes
        later."""
        with self._finding:
            if not self._looked:
                self._looked = True
                try:
                    self._player = find_player(self._wanted)
                except Exception as exc:
                    self.problems.append(f"no player: {exc}")
            return self._player

    @player.setter
    def player(self, value: Player | None) -> None:
        with self._finding:
            self._looked, self._player = True, value

    def prepare(self) -> None:
        """Look for the player and write the cue files in a thread of their own, now, so that neither
        falls on the key that brings the first cue (a lookup asks the sound server: milliseconds).
        Called once the game's first line is out; a cue asked for sooner waits for the lookup."""
        def ready() -> None:
            if self.player is not None:
                for name in tuple(self.enabled_cues):
                    with contextlib.suppress(OSError):
                        self.wav_path(name)

        threading.Thread(target=ready, name="cues-ready", daemon=True).start()

    @property
    def available(self) -> bool:
        """A sound device and a player were found."""
        return self.player is not None

    def set_enabled(self, enabled: bool, name: str | None = None) -> None:
        """All cues on or off (name None), or one cue."""
        if name is None:
            self.enabled = enabled
            return
        if name not in TONES:
            raise ValueError(f"no sound cue {name!r}; the cues are {', '.join(CUE_NAMES)}")
        if enabled:
            self.enabled_cues.add(name)
        else:
            self.enabled_cues.discard(name)

    def is_enabled(self, name: str) -> bool:
        return self.enabled and name in self.enabled_cues

    def wav_path(self, name: str) -> Path:
        """The cue's WAV file, generated on first use (in the cache, else a temp folder)."""
        import hashlib  # OpenSSL loads in milliseconds: not before the first line of a game

        tone = TONES[name]
        digest = hashlib.sha1(repr((tone, SAMPLE_RATE, _VERSION)).encode()).hexdigest()[:10]
        for folder in (self.cache_dir, Path(tempfile.gettempdir()) / "access-game-cues"):
            path = folder / f"{name}-{digest}.wav"
            if path.is_file():  # a FIFO, a device or a link to one here would leave the player waiting: made anew
                return path
            try:
                folder.mkdir(parents=True, exist_ok=True)
                write_tone(tone, path)
                return path
            except OSError as exc:
                self.problems.append(f"cannot write {path}: {exc}")
        raise OSError(f"no folder to write the {name} cue in")

    def play(self, name: str) -> bool:
        """Start the cue and return at once; False when it did not play (off, unknown, no device)."""
        if not self.is_enabled(name) or self.player is None:
            return False
        try:
            path = self.wav_path(name)
            with self._lock:
                self._procs = reap(self._procs)
                proc = self.player.start(path)
                if proc is not None:
                    self._procs.append(proc)
            return True
        except Exception as exc:
            self.problems.append(f"{name}: {exc.__class__.__name__}: {exc}")
            return False

    def play_all(self, names: Sequence[str]) -> int:
        return sum(1 for n in names if self.play(n))

    def close(self) -> None:
        """End every cue still playing. Killed, not asked to stop: a player stopped (SIGSTOP) or stuck on
        a wedged sound server would otherwise outlive the game."""
        with self._lock:
            for p in self._procs:
                with contextlib.suppress(Exception):
                    if p.poll() is None:
                        p.kill()
            self._procs = []
