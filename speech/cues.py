"""Sound cues: short tones for your turn, a draw, a take from the discard pile, a discard, a meld,
going out, a wild card arriving and the hand's end, each heard from where its player sits.

A cue tells in a tenth of a second what a sentence takes a second to say, and it can sound while
speech goes on. The tones are synthesised here and written as stereo WAV files with the stdlib
``wave`` module (no downloaded assets), cached per user, and played by the platform's player process
(see :mod:`speech.audio` for why a player process). Each seat's cues are panned from left to right
around the table (:func:`seat_pan`), so a player hears who drew without a word. Playing never blocks
and never raises: without a sound device or player every cue is a silent no-op.
"""

from __future__ import annotations

import array
import contextlib
import math
import os
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from speech.audio import Player, find_player, reap

if TYPE_CHECKING:
    import subprocess

__all__ = ["CUE_NAMES", "SEAT_CUES", "TONES", "Cue", "Cues", "Tone", "pan_gains", "seat_pan", "write_tone"]

SAMPLE_RATE = 22050
_VERSION = 2


@dataclass(frozen=True, slots=True)
class Tone:
    """Notes played one after another: (start Hz, end Hz, seconds) each; a glide when they differ."""

    notes: tuple[tuple[float, float, float], ...]
    volume: float = 0.35


#: Rising for good news and your turn, falling for things leaving a hand, bright for wilds; a take from
#: the discard pile is low and stepped (a card everyone saw), a meld two taps (cards put down).
#: A note of 0 Hz is a rest.
TONES: dict[str, Tone] = {
    "your_turn": Tone(((660, 660, 0.09), (880, 880, 0.12))),
    "draw": Tone(((520, 700, 0.07),), 0.3),
    "take": Tone(((330, 330, 0.06), (440, 440, 0.08)), 0.35),
    "discard": Tone(((600, 400, 0.08),), 0.3),
    "meld": Tone(((988, 988, 0.04), (0, 0, 0.03), (988, 988, 0.06)), 0.3),
    "wild": Tone(((1047, 1047, 0.06), (1319, 1319, 0.06), (1568, 1568, 0.09)), 0.3),
    "go_out": Tone(((523, 523, 0.09), (659, 659, 0.09), (784, 784, 0.09), (1047, 1047, 0.18))),
    "hand_end": Tone(((784, 784, 0.12), (659, 659, 0.12), (523, 523, 0.2))),
}
CUE_NAMES: tuple[str, ...] = tuple(TONES)
#: Seconds of rest between cues played one after another: one seat's cues close together, a longer
#: rest where the next seat's begin.
SAME_SEAT_REST = 0.05
NEXT_SEAT_REST = 0.15
#: The cues that say what one seat did, heard from that seat's place; "your_turn", "wild" and
#: "hand_end" are the listener's own or the table's, heard from the centre.
SEAT_CUES: frozenset[str] = frozenset({"draw", "take", "discard", "meld", "go_out"})


class Cue(NamedTuple):
    """A cue to play, and the seat whose move it tells (None: the listener's own or the table's)."""

    name: str
    seat: int | None = None


def seat_pan(seat: int, players: int, own_seat: int) -> float:
    """Where ``seat`` is heard, from -1 (left) to 1 (right), for the player at ``own_seat``.

    The player's own seat is the centre. The others are spread evenly from the far left to the far
    right in the order they play after the player: the next player farthest left (at the player's left
    hand, play going round clockwise), the one before the player farthest right. With an odd number of
    others, the one straight across would land on the centre, where the player's own cues are; it is
    moved left of it by one part in (others + 1): the one opponent of a two-player game is half left.
    """
    if players <= 1 or (seat - own_seat) % players == 0:
        return 0.0
    others = players - 1
    place = (seat - own_seat) % players - 1  # 0: the next to play
    spread = 0.0 if others == 1 else -1.0 + 2.0 * place / (others - 1)
    if abs(spread) < 1e-9:
        return -1.0 / (others + 1)
    return spread


def pan_gains(pan: float) -> tuple[float, float]:
    """Left and right gains for ``pan`` (-1 to 1), equal-power: L² + R² is the same everywhere, so a cue
    is as loud from the side as from the centre; the centre is 1 on both sides (as loud as a mono cue)."""
    angle = (max(-1.0, min(1.0, pan)) + 1.0) * math.pi / 4
    return math.sqrt(2) * math.cos(angle), math.sqrt(2) * math.sin(angle)


def _samples(tone: Tone, rate: int, pan: float = 0.0) -> array.array[int]:
    """Interleaved left and right 16-bit samples of ``tone`` heard from ``pan``."""
    left, right = pan_gains(pan)
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
            value = (math.sin(phase) + 0.25 * math.sin(2 * phase)) * env * tone.volume / 1.25
            out.append(int(max(-1.0, min(1.0, value * left)) * 32767))
            out.append(int(max(-1.0, min(1.0, value * right)) * 32767))
    return out


def write_tone(tone: Tone, path: str | os.PathLike[str], rate: int = SAMPLE_RATE, pan: float = 0.0) -> None:
    """Write ``tone`` as a 16-bit stereo WAV heard from ``pan`` (once per user and place: the files are
    kept, so a start loads no ``wave``)."""
    import wave

    data = _samples(tone, rate, pan)
    if sys.byteorder == "big":
        data.byteswap()
    tmp = Path(f"{os.fspath(path)}.{os.getpid()}.{threading.get_ident()}.tmp")  # two threads may write one cue
    with wave.open(str(tmp), "wb") as w:
        w.setnchannels(2)
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
    """The run's cues: which are on, their files, and the player processes playing them."""

    def __init__(
        self,
        enabled: bool = True,
        player: str | None = None,
        *,
        cache_dir: str | os.PathLike[str] | None = None,
        disabled: Iterable[str] = (),
        panning: bool = True,
    ) -> None:
        self.enabled = enabled
        #: Each seat's cues heard from its place (off: every cue from the centre, the same in both ears).
        self.panning = panning
        self.enabled_cues: set[str] = set(CUE_NAMES) - set(disabled)
        self.cache_dir = Path(cache_dir) if cache_dir is not None else _default_cache_dir()
        self._lock = threading.Lock()
        self._procs: list[subprocess.Popen[bytes]] = []
        self.problems: list[str] = []
        self._wanted = player
        self._finding = threading.Lock()
        self._player: Player | None = None
        self._looked = False
        self._frame_cache: dict[tuple[str, float], bytes] = {}
        #: Sequences of cues being played (their player, their file), in a folder of this run's own.
        self._sequences: list[tuple[subprocess.Popen[bytes] | None, Path]] = []
        self._sequence_folder: Path | None = None
        self._sequence_count = 0
        #: When the cues started by :meth:`play_all` end (time.monotonic): later ones wait for them.
        self._busy_until = 0.0
        #: While held (:meth:`hold`): the cues asked for, and those asked for by a line, played last.
        self._holds = 0
        self._held: list[tuple[str, float]] = []
        self._held_last: list[tuple[str, float]] = []

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

    def heard_at(self, pan: float) -> float:
        """Where a cue meant for ``pan`` is heard: there, to a hundredth (one file per place), or the
        centre with panning off."""
        return round(max(-1.0, min(1.0, pan)), 2) + 0.0 if self.panning else 0.0  # + 0.0: no "-0.0" file

    def wav_path(self, name: str, pan: float = 0.0) -> Path:
        """The cue's WAV file heard from ``pan`` (see :meth:`heard_at`), generated on first use (in the
        cache, else a temp folder)."""
        import hashlib  # OpenSSL loads in milliseconds: not before the first line of a game

        tone = TONES[name]
        pan = self.heard_at(pan)
        digest = hashlib.sha1(repr((tone, SAMPLE_RATE, _VERSION)).encode()).hexdigest()[:10]
        for folder in (self.cache_dir, Path(tempfile.gettempdir()) / "access-game-cues"):
            path = folder / f"{name}-{digest}-{pan:+.2f}.wav"
            if path.is_file():  # a FIFO, a device or a link to one here would leave the player waiting: made anew
                return path
            try:
                folder.mkdir(parents=True, exist_ok=True)
                write_tone(tone, path, pan=pan)
                return path
            except OSError as exc:
                self.problems.append(f"cannot write {path}: {exc}")
        raise OSError(f"no folder to write the {name} cue in")

    def hold(self) -> None:
        """Keep the cues asked for from now until :meth:`release` (held runs nest: the outermost releases)."""
        self._holds += 1

    def release(self) -> int:
        """Play the cues held, one after another as one sound (:meth:`play_all`): those of the moves in
        the order asked for, then those a line asked for with :meth:`play` (the "your turn" tone, whose
        line comes last); how many are heard."""
        self._holds = max(0, self._holds - 1)
        if self._holds:
            return 0
        held, self._held, self._held_last = [*self._held, *self._held_last], [], []
        return self.play_all(held)

    def play(self, name: str, pan: float = 0.0) -> bool:
        """Start the cue, heard from ``pan`` (-1 left to 1 right, see :func:`seat_pan`), and return at
        once; False when it did not play (off, unknown, no device). While cues are held (:meth:`hold`)
        it waits for the others and comes after them."""
        if not self.is_enabled(name) or self.player is None:
            return False
        if self._holds:
            self._held_last.append((name, pan))
            return True
        return self._start(name, pan)

    def _start(self, name: str, pan: float) -> bool:
        """Start one cue's player now."""
        player = self.player
        if player is None:
            return False
        try:
            path = self.wav_path(name, pan)
            with self._lock:
                self._procs = reap(self._procs)
                proc = player.start(path)
                if proc is not None:
                    self._procs.append(proc)
            return True
        except Exception as exc:
            self.problems.append(f"{name}: {exc.__class__.__name__}: {exc}")
            return False

    def play_all(self, cues: Sequence[tuple[str, float]], *, at_once: bool = False) -> int:
        """Play cues (name, pan) one after another, as one sound, and return at once; how many are heard.

        One sound, not one player each: the computer players' moves come in one batch, and their cues
        started together would sound as one chord (and on Windows each would cut the one before),
        where one after another, each from its seat, they tell who did what. A longer rest marks the
        change from one seat to the next, and cues asked for while earlier ones still play (the
        player's own discard, then the computer players' moves) begin with the silence that is left,
        but for those ``at_once`` (the answer to the player's own key, which is never kept waiting)."""
        wanted = [(name, pan) for name, pan in cues if self.is_enabled(name)]
        if not wanted or self.player is None:
            return 0
        if self._holds:
            self._held += wanted
            return len(wanted)
        now = time.monotonic()
        lead = 0.0 if at_once else max(0.0, self._busy_until - now)  # what is still playing: these wait for it
        seconds = sum(sum(note[2] for note in TONES[name].notes) for name, _ in wanted)
        if len(wanted) == 1 and lead < 0.01:
            played = self._start(*wanted[0])
            if played:
                self._busy_until = max(self._busy_until, now + seconds)
            return int(played)
        try:
            path = self._sequence_file(wanted, lead)
            self._busy_until = max(self._busy_until, now + lead + seconds + NEXT_SEAT_REST * (len(wanted) - 1))
            with self._lock:
                self._procs = reap(self._procs)
                proc = self.player.start(path)
                if proc is not None:
                    self._procs.append(proc)
                self._sequences.append((proc, path))
                self._sequences = self._drop_played(self._sequences)
            return len(wanted)
        except Exception as exc:
            self.problems.append(f"{'+'.join(n for n, _ in wanted)}: {exc.__class__.__name__}: {exc}")
            return 0

    def _frames(self, name: str, pan: float) -> bytes:
        """The cue's stereo frames heard from ``pan``, read once from its file."""
        import wave

        key = (name, self.heard_at(pan))
        if key not in self._frame_cache:
            with wave.open(str(self.wav_path(name, pan)), "rb") as w:
                self._frame_cache[key] = w.readframes(w.getnframes())
        return self._frame_cache[key]

    def _sequence_file(self, cues: Sequence[tuple[str, float]], lead: float = 0.0) -> Path:
        """A WAV of the cues one after another, after ``lead`` seconds of silence (the cues still
        playing), in this run's own folder (named by the cues, which a test's stand-in player can
        read), removed once played (see :meth:`_drop_played`)."""
        import wave

        def silence(seconds: float) -> bytes:
            return b"\0" * 4 * int(seconds * SAMPLE_RATE)  # 4 bytes a frame: 2 channels of 16 bits

        rest = {False: silence(SAME_SEAT_REST), True: silence(NEXT_SEAT_REST)}  # by whether the seat changes
        parts: list[bytes] = [silence(lead)]
        for i, (name, pan) in enumerate(cues):
            if i:
                parts.append(rest[self.heard_at(pan) != self.heard_at(cues[i - 1][1])])
            parts.append(self._frames(name, pan))
        if self._sequence_folder is None:
            self._sequence_folder = Path(tempfile.mkdtemp(prefix="access-game-cue-runs-"))
        self._sequence_count += 1
        named = "+".join(n for n, _ in cues)
        if len(named) > 200:  # a file name has 255 bytes at most; a long run is only numbered
            named = "cues"
        path = self._sequence_folder / f"{named}-{self._sequence_count}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(2)
            w.setsampwidth(2)
            w.setframerate(SAMPLE_RATE)
            w.writeframes(b"".join(parts))
        return path

    @staticmethod
    def _drop_played(
        sequences: list[tuple[subprocess.Popen[bytes] | None, Path]],
    ) -> list[tuple[subprocess.Popen[bytes] | None, Path]]:
        """Remove the files of sequences whose player has ended; without a process to ask (winsound),
        all but the newest few."""
        kept = []
        unknown = sum(1 for proc, _ in sequences if proc is None)
        for proc, path in sequences:
            done = proc.poll() is not None if proc is not None else unknown > 4
            if proc is None:
                unknown -= 1
            if done:
                with contextlib.suppress(OSError):
                    path.unlink()
            else:
                kept.append((proc, path))
        return kept

    def close(self) -> None:
        """End every cue still playing. Killed, not asked to stop: a player stopped (SIGSTOP) or stuck on
        a wedged sound server would otherwise outlive the game. The run's sequence files go with them."""
        import shutil

        with self._lock:
            for p in self._procs:
                with contextlib.suppress(Exception):
                    if p.poll() is None:
                        p.kill()
            self._procs = []
            self._sequences = []
            if self._sequence_folder is not None:
                shutil.rmtree(self._sequence_folder, ignore_errors=True)
                self._sequence_folder = None
