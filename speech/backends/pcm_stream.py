"""One sound server stream kept open for the game's voice, so lines follow each other without gaps.

Why: a player process per line (``espeak-ng --stdout | paplay``) pays, for every line, a process
start, a connection to the sound server, a new stream filling its buffer before it plays, and at the
end a drain that waits out the server's latency; espeak-ng also ends every line with 0.3 s of
silence of its own. Together that put 0.5 s to 2 s of silence after each line on a busy machine. Here
one player (``pacat``, raw PCM from its standard input) stays connected; each line's audio is
written into it as espeak-ng makes it, the next line's is written while the last part of this one is
still playing, and espeak-ng's trailing silence is cut to :data:`KEEP_TAIL`.

What a key press needs is unchanged: the player is killed, the server drops its stream at once (the
audio buffered in it goes with it), and a new player is started for the next line.

The stream does not know when the server has played what it was given; it keeps a clock: audio
written while the stream is idle starts after :data:`START_LATENCY`, and every byte plays at the
stream's rate after what was written before it (:attr:`PcmStream.play_until`). What is still in the
pipe (``FIONREAD``) tells a player that reads nothing (stopped, or its server wedged) from one that
plays. Linux only: the pipe check and ``pacat`` are what a PulseAudio or PipeWire desktop has.
"""

from __future__ import annotations

import array
import contextlib
import os
import select
import shutil
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = [
    "KEEP_TAIL", "PcmFormat", "PcmStream", "Trimmer", "WavReader", "end", "let_end", "stream_command", "to_stream",
]

#: Seconds of espeak-ng's trailing silence kept after a line's last sound (it writes 0.3 s): the pause
#: between two lines, short enough that the next line follows at once, long enough to hear the break.
KEEP_TAIL = 0.1
#: A sample quieter than this (of 32767) counts as silence when a line's tail is trimmed.
QUIET = 64
#: Seconds the sound server takes to start playing what is written to an idle stream (its latency).
START_LATENCY = 0.05
#: The latency asked of the sound server, in milliseconds: how much it buffers ahead of playing.
LATENCY_MS = 100
#: How often a blocked write or read looks at its deadline and at a key press.
POLL = 0.05
#: The audio every line is converted to: espeak-ng's own rate, in stereo so a cue panned left or right
#: keeps its place (a mono line is written to both sides).
RATE, CHANNELS = 22050, 2


def stream_command(rate: int = RATE, channels: int = CHANNELS) -> tuple[str, ...] | None:
    """The sound server's player of raw PCM from standard input (pacat), or None when it is missing."""
    exe = shutil.which("pacat")
    if exe is None or not sys.platform.startswith("linux"):
        return None
    return (exe, "--playback", "--raw", "--format=s16le", f"--rate={rate}", f"--channels={channels}",
            f"--latency-msec={LATENCY_MS}", "--client-name=access-game", "--stream-name=voice")


@dataclass(frozen=True, slots=True)
class PcmFormat:
    """16-bit little-endian PCM: frames a second and channels."""

    rate: int
    channels: int

    @property
    def frame_bytes(self) -> int:
        return 2 * self.channels

    def seconds(self, size: int) -> float:
        return size / (self.rate * self.frame_bytes)


class WavReader:
    """A WAV file or stream (espeak-ng --stdout writes one with an unknown length) read as its format and
    PCM chunks, each read bounded by a deadline so a stopped espeak-ng holds nobody."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._pending = b""
        self.format: PcmFormat | None = None
        self._left: int | None = None

    def _read(self, n: int, until: float) -> bytes:
        """Up to ``n`` bytes (b"" at the end); TimeoutError past ``until``."""
        if self._pending:
            out, self._pending = self._pending[:n], self._pending[n:]
            return out
        while True:
            left = until - time.monotonic()
            if left <= 0:
                raise TimeoutError
            ready, _, _ = select.select([self._fd], [], [], min(POLL, left))
            if ready:
                return os.read(self._fd, n)

    def _exactly(self, n: int, until: float) -> bytes:
        out = b""
        while len(out) < n:
            chunk = self._read(n - len(out), until)
            if not chunk:
                raise ValueError("the WAV data ended in its header")
            out += chunk
        return out

    def header(self, until: float) -> PcmFormat:
        """Read up to the data chunk; the format of what follows (16-bit PCM only)."""
        riff = self._exactly(12, until)
        if riff[:4] != b"RIFF" or riff[8:12] != b"WAVE":
            raise ValueError("not a WAV stream")
        fmt: PcmFormat | None = None
        while True:
            name, size = struct.unpack("<4sI", self._exactly(8, until))
            if name == b"data":
                if fmt is None:
                    raise ValueError("WAV data before its format")
                self.format = fmt
                self._left = None if size >= 0x7F000000 else size  # espeak-ng streams: no length known
                return fmt
            body = self._exactly(size + (size & 1), until)
            if name == b"fmt ":
                tag, channels, rate, _rate_bytes, _align, bits = struct.unpack("<HHIIHH", body[:16])
                if tag != 1 or bits != 16:
                    raise ValueError("only 16-bit PCM is played")
                fmt = PcmFormat(rate, channels)

    def chunk(self, until: float, size: int = 8192) -> bytes:
        """The next PCM bytes, whole frames (b"" at the end)."""
        if self._left == 0:
            return b""
        want = size if self._left is None else min(size, self._left)
        data = self._read(want, until)
        assert self.format is not None
        frame = self.format.frame_bytes
        while data and len(data) % frame:  # a frame split between reads is completed
            more = self._read(frame - len(data) % frame, until)
            if not more:
                data = data[: len(data) - len(data) % frame]
                break
            data += more
        if self._left is not None:
            self._left -= len(data)
        return data


def to_stream(data: bytes, source: PcmFormat, channels: int = CHANNELS) -> bytes:
    """``data`` in the stream's channels: mono is written to both sides, stereo kept, more mixed down to
    their first two."""
    if source.channels == channels:
        return data
    samples = array.array("h", data)
    if sys.byteorder != "little":
        samples.byteswap()
    frames = len(samples) // source.channels
    out = array.array("h", bytes(2 * frames * channels))
    for side in range(channels):
        out[side::channels] = samples[min(side, source.channels - 1)::source.channels][:frames]
    if sys.byteorder != "little":
        out.byteswap()
    return out.tobytes()


class Trimmer:
    """Holds back a line's last half second so its trailing silence can be cut to ``keep`` seconds once
    the line is known to have ended."""

    def __init__(self, fmt: PcmFormat, keep: float = KEEP_TAIL, hold: float = 0.5) -> None:
        self._fmt = fmt
        self._keep = int(keep * fmt.rate) * fmt.frame_bytes
        self._hold = int(hold * fmt.rate) * fmt.frame_bytes
        self._held = b""

    def push(self, data: bytes) -> bytes:
        """What can be played now of ``data`` (all but the last half second seen)."""
        self._held += data
        if len(self._held) <= self._hold:
            return b""
        cut = len(self._held) - self._hold
        out, self._held = self._held[:cut], self._held[cut:]
        return out

    def end(self) -> bytes:
        """The held tail, its silence after the last sound cut to ``keep`` seconds."""
        samples = array.array("h", self._held)
        if sys.byteorder != "little":
            samples.byteswap()
        last = len(samples)
        while last > 0 and abs(samples[last - 1]) <= QUIET:
            last -= 1
        frame = self._fmt.frame_bytes
        end = min(len(self._held), -(-last * 2 // frame) * frame + self._keep)
        out, self._held = self._held[:end], b""
        return out


def _in_pipe(fd: int) -> int:
    """Bytes written into the pipe ``fd`` that its reader has not read yet."""
    import fcntl  # here: Linux only, and this module is imported on every system
    import termios

    buf = array.array("i", [0])
    try:
        fcntl.ioctl(fd, termios.FIONREAD, buf)
    except OSError:
        return 0
    return buf[0]


class PcmStream:
    """A player process kept running and fed PCM; its clock says when what was written has played.

    Only the voice's own thread writes, starts and retires the player; :meth:`kill` may come from any
    thread (a key press) and only kills it, which the writer sees as a broken pipe.
    """

    def __init__(self, command: Callable[[PcmFormat], tuple[str, ...] | None] = lambda f: stream_command(
            f.rate, f.channels)) -> None:
        self._command = command
        self.proc: subprocess.Popen[bytes] | None = None
        self.format = PcmFormat(RATE, CHANNELS)
        #: When the audio written so far will have been played (monotonic seconds).
        self.play_until = 0.0
        #: The player :meth:`kill` was given: gone, even before the system has reaped it.
        self._killed: subprocess.Popen[bytes] | None = None

    def running(self) -> subprocess.Popen[bytes]:
        """The player, started when there is none (or the last one ended)."""
        proc = self.proc
        if proc is not None and proc is not self._killed and proc.poll() is None:
            return proc
        self.retire()
        command = self._command(self.format)
        if command is None:
            raise OSError("pacat is not installed")
        proc = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        assert proc.stdin is not None
        os.set_blocking(proc.stdin.fileno(), False)
        self.proc = proc
        self.play_until = 0.0
        return proc

    def use_rate(self, rate: int) -> None:
        """Audio at another rate needs another player: the present one plays out what it has first."""
        if rate != self.format.rate:
            self.close_idle()
            self.format = PcmFormat(rate, CHANNELS)

    def write(self, data: bytes, until: float, cut: Callable[[], bool]) -> bool:
        """Write ``data`` (already in the stream's format); False when the player ended or a key cut it,
        TimeoutError past ``until`` (a player that reads nothing)."""
        proc = self.running()
        assert proc.stdin is not None
        fd = proc.stdin.fileno()
        view = memoryview(data)
        while view:
            if cut():
                return False
            left = until - time.monotonic()
            if left <= 0:
                raise TimeoutError
            _, ready, _ = select.select([], [fd], [], min(POLL, left))
            if not ready:
                continue
            try:
                n = os.write(fd, view)
            except BlockingIOError:
                continue
            except OSError:  # the player ended (killed by a key, or it failed)
                return False
            now = time.monotonic()
            if self.play_until < now:
                self.play_until = now + START_LATENCY
            self.play_until += self.format.seconds(n)
            view = view[n:]
        return True

    def unread_seconds(self) -> float:
        """Seconds of audio still in the pipe, not yet taken by the player."""
        proc = self.proc
        if proc is None or proc.stdin is None or proc.poll() is not None:
            return 0.0
        return self.format.seconds(_in_pipe(proc.stdin.fileno()))

    def left(self) -> float:
        """Seconds until what was written has played (0 once it has)."""
        return max(0.0, self.play_until - time.monotonic(), self.unread_seconds())

    def kill(self) -> None:
        """Silence at once: the server drops the stream and what it holds."""
        proc = self.proc
        if proc is not None and proc.poll() is None:
            self._killed = proc
            with contextlib.suppress(OSError):
                proc.kill()
        self.play_until = min(self.play_until, time.monotonic())

    def close_idle(self) -> None:
        """Let the player end by itself after playing what it has (its input closed)."""
        left = self.left()
        let_end(self.detach(), wait=LATENCY_MS / 1000 + left + 1.0)

    def detach(self) -> subprocess.Popen[bytes] | None:
        """Forget the player without waiting for it (:func:`let_end` ends it); the next write starts another."""
        proc, self.proc = self.proc, None
        self.play_until = 0.0
        return proc

    def retire(self, wait: float = 0.0) -> None:
        """Forget the player, killed if it has not ended within ``wait`` seconds; its pipe closed."""
        end(self.detach(), wait)


def let_end(proc: subprocess.Popen[bytes] | None, wait: float) -> None:
    """Close the player's input, so it plays what it has and ends, and wait for that (killed past ``wait``)."""
    if proc is not None and proc.stdin is not None:
        with contextlib.suppress(OSError):
            proc.stdin.close()
    end(proc, wait)


def end(proc: subprocess.Popen[bytes] | None, wait: float = 0.0) -> None:
    """A player gone: ended by itself within ``wait`` seconds, else killed; reaped, its pipe closed."""
    if proc is None:
        return
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(wait)
    if proc.poll() is None:
        with contextlib.suppress(OSError):
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(1.0)
    if proc.stdin is not None:
        with contextlib.suppress(OSError):
            proc.stdin.close()
