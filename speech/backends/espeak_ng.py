"""Self-voicing through an espeak-ng process per message: cheap, and stoppable mid-word.

A new espeak-ng process starts in about a millisecond and ``terminate()`` silences it at once, which
is what makes interruption real: an urgent message (your turn, a key press) kills the one speaking
and starts at once, while ordinary messages wait their turn in a queue that a small monitor thread
feeds. By default espeak-ng plays through its own audio output; with ``player`` it writes a WAV
stream (--stdout) into that command, for systems where its own output is not wanted.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import threading
from collections import deque
from collections.abc import Sequence

from speech.backends.base import BackendFailed, BackendUnavailable

__all__ = ["EspeakBackend", "espeak_args", "espeak_to_wav"]

#: Consecutive failed runs (non-zero exit, not stopped by us) before the backend counts as failed.
FAILURES_ALLOWED = 3


def espeak_args(
    binary: str = "espeak-ng", *, rate: int | None = None, voice: str | None = None, volume: float | None = None
) -> list[str]:
    """The command line before the text: rate in words per minute, volume 0.0-2.0 (1.0 normal)."""
    args = [binary]
    if rate is not None:
        args += ["-s", str(max(80, min(int(rate), 500)))]
    if voice:
        args += ["-v", voice]
    if volume is not None:
        args += ["-a", str(max(0, min(round(volume * 100), 200)))]
    return args


def espeak_to_wav(
    text: str,
    path: str,
    *,
    binary: str = "espeak-ng",
    rate: int | None = None,
    voice: str | None = None,
    volume: float | None = None,
    timeout: float = 10.0,
) -> None:
    """Speak ``text`` into a WAV file (espeak-ng -w), for checks and for players who want the audio."""
    exe = shutil.which(binary)
    if exe is None:
        raise BackendUnavailable(f"{binary} is not installed")
    subprocess.run(
        [*espeak_args(exe, rate=rate, voice=voice, volume=volume), "-w", path, "--", text],
        check=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=timeout,
    )


class EspeakBackend:
    name = "espeak-ng"
    speaks = True

    def __init__(
        self,
        rate: int | None = None,
        voice: str | None = None,
        volume: float | None = None,
        *,
        binary: str = "espeak-ng",
        player: Sequence[str] | None = None,
    ) -> None:
        exe = shutil.which(binary)
        if exe is None:
            raise BackendUnavailable(f"{binary} is not installed")
        try:
            subprocess.run(
                [exe, "--version"],
                check=True,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=1.0,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            raise BackendUnavailable(f"{binary} does not run: {exc}") from exc
        if voice:
            self._check_voice(exe, voice)
        self._args = espeak_args(exe, rate=rate, voice=voice, volume=volume)
        self._player = tuple(player) if player else None
        self._cond = threading.Condition()
        self._queue: deque[str] = deque()
        self._current: list[subprocess.Popen[bytes]] = []
        self._stopped: set[int] = set()
        self._failures = 0
        self._failed: str | None = None
        self._closed = False
        self._monitor = threading.Thread(target=self._watch, name="espeak-ng-queue", daemon=True)
        self._monitor.start()

    @staticmethod
    def _check_voice(exe: str, voice: str) -> None:
        """espeak-ng silently falls back to its default voice, so an unknown name is caught here."""
        listing = subprocess.run(
            [exe, "--voices"], stdin=subprocess.DEVNULL, capture_output=True, timeout=1.0, check=False
        ).stdout.decode("utf-8", "replace")
        base = voice.split("+", 1)[0].lower()
        known: set[str] = set()
        for line in listing.splitlines()[1:]:
            cols = line.split()
            if len(cols) >= 5:
                known.update({cols[1].lower(), cols[3].lower(), cols[4].lower(), cols[4].rsplit("/", 1)[-1].lower()})
        if base not in known:
            raise BackendUnavailable(f"espeak-ng has no voice {voice!r}")

    # ----------------------------------------------------------------- Backend
    def speak(self, text: str, *, interrupt: bool = False) -> None:
        with self._cond:
            if self._failed:
                raise BackendFailed(self._failed)
            if self._closed:
                raise BackendFailed("espeak-ng was closed")
            if interrupt:
                self._queue.clear()
                self._stop_current()
                self._start(text)
            elif self._busy():
                self._queue.append(text)
            else:
                self._start(text)
            self._cond.notify_all()

    def braille(self, cells: str) -> None:
        pass

    def stop(self) -> None:
        with self._cond:
            self._queue.clear()
            self._stop_current()
            self._cond.notify_all()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._queue.clear()
            self._stop_current()
            self._cond.notify_all()

    # ----------------------------------------------------------------- for checks
    @property
    def processes(self) -> tuple[subprocess.Popen[bytes], ...]:
        """The processes voicing the current message (espeak-ng, then the player if any)."""
        with self._cond:
            return tuple(self._current)

    @property
    def queued(self) -> int:
        with self._cond:
            return len(self._queue)

    # ----------------------------------------------------------------- inside
    def _busy(self) -> bool:
        return any(p.poll() is None for p in self._current)

    def _stop_current(self) -> None:
        for p in self._current:
            if p.poll() is None:
                self._stopped.add(p.pid)
                with contextlib.suppress(OSError):
                    p.terminate()

    def _start(self, text: str) -> None:
        try:
            if self._player is None:
                procs = [
                    subprocess.Popen(
                        [*self._args, "--", text],
                        stdin=subprocess.DEVNULL,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                    )
                ]
            else:
                synth = subprocess.Popen(
                    [*self._args, "--stdout", "--", text],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                )
                try:
                    play = subprocess.Popen(
                        list(self._player), stdin=synth.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
                    )
                except OSError:
                    synth.kill()
                    raise
                finally:
                    if synth.stdout is not None:
                        synth.stdout.close()
                procs = [synth, play]
        except OSError as exc:
            self._failed = f"espeak-ng could not start: {exc}"
            raise BackendFailed(self._failed) from exc
        self._current = procs

    def _watch(self) -> None:
        while True:
            with self._cond:
                while not self._closed and not self._current and not self._queue:
                    self._cond.wait()
                if self._closed and not self._current:
                    return
                procs = list(self._current)
                if not procs and self._queue:
                    self._start_queued()
                    continue
            for p in procs:
                with contextlib.suppress(Exception):
                    p.wait()
            with self._cond:
                self._judge(procs)
                if self._current == procs:
                    self._current = []
                    if self._queue and not self._closed and not self._failed:
                        self._start_queued()

    def _start_queued(self) -> None:
        try:
            self._start(self._queue.popleft())
        except BackendFailed:
            self._queue.clear()

    def _judge(self, procs: list[subprocess.Popen[bytes]]) -> None:
        """Count runs that failed on their own; a few in a row mean the voice is gone."""
        ours = [p for p in procs if p.pid not in self._stopped]
        self._stopped.difference_update(p.pid for p in procs)
        if not ours:
            return
        if any(p.returncode not in (0, None) for p in ours):
            self._failures += 1
            if self._failures >= FAILURES_ALLOWED:
                self._failed = f"espeak-ng failed {self._failures} times in a row"
        else:
            self._failures = 0
