"""A private PulseAudio sound server with a null sink: a real sound server on a machine with no sound card.

Programs connect to it, play at real-time pace, and what they played can be recorded from the sink's
monitor. The speech figures (``python -m speech.queue_bench``) and the real-speech tests use it to
check that every line is said to its end and that a key press cuts speech at once. It runs in a
folder of its own (its own XDG_RUNTIME_DIR), so it never touches the desktop's own sound server;
clients reach it through :attr:`NullSinkServer.env` (PULSE_SERVER).
"""

from __future__ import annotations

import array
import contextlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
import wave
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from types import TracebackType

from speech.programs import need_program

__all__ = ["NullSinkServer", "Recording", "sound_spans", "sounding_seconds"]

#: Audio recorded from the monitor: 16-bit at this rate (mono unless asked for stereo).
RATE = 22050


#: The path of a program this needs, or FileNotFoundError naming the packages that bring it.
_need = partial(need_program, packages="pulseaudio pulseaudio-utils")


class NullSinkServer:
    """``pulseaudio`` in a private folder with one null sink, the default; ``stop()`` ends it."""

    def __init__(self, *, start_timeout: float = 10.0) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="access-game-pulse-"))
        self.folder.chmod(0o700)
        self.socket = self.folder / "pulse" / "native"
        base = {k: v for k, v in os.environ.items() if k not in ("PULSE_SERVER", "PULSE_SINK")}
        self._server_env = {**base, "XDG_RUNTIME_DIR": str(self.folder), "HOME": str(self.folder)}
        #: The environment a client needs to play into this server.
        self.env = {**base, "PULSE_SERVER": f"unix:{self.socket}", "PULSE_SINK": "null"}
        self.start_timeout = start_timeout
        self._process: subprocess.Popen[bytes] | None = None
        self.start()

    @property
    def pid(self) -> int | None:
        """The server's process id while it runs (to stop it with SIGSTOP, as a wedged server would be)."""
        return self._process.pid if self._process is not None and self._process.poll() is None else None

    def start(self) -> None:
        """Start the server (again, after :meth:`halt`), at the same address, and wait until it answers."""
        self._process = subprocess.Popen(
            [
                _need("pulseaudio"),
                "-n",
                "--daemonize=no",
                "--exit-idle-time=-1",
                "--disallow-exit=no",
                "--load=module-null-sink sink_name=null",
                f"--load=module-native-protocol-unix auth-anonymous=1 socket={self.socket}",
                f"--log-target=file:{self.folder / 'pulseaudio.log'}",
            ],
            env=self._server_env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        pactl = _need("pactl")
        deadline = time.monotonic() + self.start_timeout
        while True:
            done = subprocess.run([pactl, "info"], env=self.env, capture_output=True, timeout=5, check=False)
            if done.returncode == 0:
                break
            if self._process.poll() is not None or time.monotonic() > deadline:
                log = (self.folder / "pulseaudio.log").read_text(errors="replace")[-2000:] if (
                    self.folder / "pulseaudio.log").exists() else ""
                self.stop()
                raise RuntimeError(f"pulseaudio did not start: {done.stderr.decode(errors='replace')} {log}")
            time.sleep(0.05)
        subprocess.run([pactl, "set-default-sink", "null"], env=self.env, check=True, capture_output=True, timeout=5)

    def halt(self) -> None:
        """End the server as a crash or a logout would, keeping its folder: :meth:`start` brings it back."""
        process = self._process
        if process is not None and process.poll() is None:
            with contextlib.suppress(OSError):
                os.kill(process.pid, signal.SIGCONT)  # a stopped server takes SIGTERM only once it runs
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def record(self, path: Path, *, channels: int = 1) -> Recording:
        """Start recording what the null sink plays into the WAV file ``path`` (mono, or 2 channels to
        tell left from right)."""
        return Recording(self, path, channels=channels)

    def stop(self) -> None:
        self.halt()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> NullSinkServer:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()


class Recording:
    """parecord of the null sink's monitor; ``stop()`` ends it and returns the WAV's path."""

    def __init__(self, server: NullSinkServer, path: Path, *, channels: int = 1) -> None:
        self.path = path
        self._process = subprocess.Popen(
            [_need("parecord"), "--device=null.monitor", "--file-format=wav", f"--rate={RATE}",
             f"--channels={channels}", "--format=s16le", "--latency-msec=20", str(path)],
            env=server.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(0.3)  # connected and recording before anything plays

    def stop(self) -> Path:
        time.sleep(0.2)  # the last audio has left the sink
        self._process.terminate()
        self._process.wait(5)
        return self.path


@dataclass(frozen=True, slots=True)
class Sound:
    """Stretches of sound in a recording: (start, end) seconds from its start."""

    spans: tuple[tuple[float, float], ...]

    @property
    def seconds(self) -> float:
        return sum(end - start for start, end in self.spans)


def sounding_seconds(path: Path, *, threshold: int = 200, gap: float = 0.25) -> Sound:
    """Where a WAV file is not silent, in 10 ms windows; pauses shorter than ``gap`` (between words)
    count as sound, so a sentence is one stretch."""
    with wave.open(str(path), "rb") as w:
        rate, width, channels = w.getframerate(), w.getsampwidth(), w.getnchannels()
        frames = w.readframes(w.getnframes())
    if width != 2:
        raise ValueError("16-bit audio expected")
    return Sound(tuple(sound_spans(array.array("h", frames)[::channels], rate, threshold=threshold, gap=gap)))


def sound_spans(samples: Sequence[int], rate: int, *, threshold: int = 200, gap: float = 0.25,
                window_seconds: float = 0.01) -> list[tuple[float, float]]:
    """Stretches of sound (start, end seconds) in 16-bit samples of one channel: a window louder than
    ``threshold`` sounds, and a silence up to ``gap`` inside a stretch does not end it. The one measure of
    where a recording sounds, for the speech tests and the voice-gap bench alike."""
    window = max(1, int(rate * window_seconds))
    spans: list[list[float]] = []
    for i in range(0, len(samples), window):
        chunk = samples[i : i + window]
        if chunk and max(abs(min(chunk)), abs(max(chunk))) > threshold:
            t = i / rate
            if spans and t - spans[-1][1] <= gap:
                spans[-1][1] = t + window / rate
            else:
                spans.append([t, t + window / rate])
    return [(a, b) for a, b in spans]
