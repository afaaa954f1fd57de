"""Self-voicing through pyttsx3: SAPI5 on Windows, NSSpeechSynthesizer on macOS, espeak-ng on Linux.

On Windows and macOS pyttsx3 speaks through the system voice and ``stop()`` cuts it short. On Linux
its espeak driver synthesises the whole sentence and then runs ``aplay`` through ``os.system``, which
prints to the terminal when there is no aplay and cannot be interrupted. So on Linux this backend
asks pyttsx3 only for the audio (save_to_file into a private temp folder) and plays the file itself
with the platform player, which it can stop at once. The driver's own print() calls ("Audio saved
to ...") are silenced in that module alone, so the game's terminal stays clean.
All pyttsx3 calls run in one worker thread (see :mod:`speech.backends.worker`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from typing import Any

from speech.audio import Player, find_player
from speech.backends.base import BackendFailed, BackendUnavailable
from speech.backends.worker import QueueWorker

__all__ = ["Pyttsx3Backend"]


def _silence_driver_prints() -> None:
    with contextlib.suppress(Exception):
        import pyttsx3.drivers.espeak as espeak_driver

        espeak_driver.print = lambda *args, **kwargs: None


class Pyttsx3Backend:
    name = "pyttsx3"
    speaks = True

    def __init__(
        self,
        rate: int | None = None,
        voice: str | None = None,
        volume: float | None = None,
        *,
        player: Player | str | None = "auto",
        ready_timeout: float = 5.0,
    ) -> None:
        self._rate, self._voice, self._volume = rate, voice, volume
        self._engine: Any = None
        self._via_file = sys.platform.startswith("linux")
        self._player: Player | None = (
            find_player() if player == "auto" else (find_player(player) if isinstance(player, str) else player)
        )
        self._tmp = tempfile.mkdtemp(prefix="access-game-voice-") if self._via_file else ""
        self._proc: subprocess.Popen[bytes] | None = None
        self._proc_lock = threading.Lock()
        self._worker = QueueWorker("pyttsx3", self._setup)
        self._worker.wait_ready(ready_timeout)

    # ----------------------------------------------------------------- worker thread
    def _setup(self) -> None:
        import pyttsx3

        if self._via_file:
            _silence_driver_prints()
        engine = pyttsx3.init()
        if self._rate is not None:
            engine.setProperty("rate", int(self._rate))
        if self._volume is not None:
            engine.setProperty("volume", max(0.0, min(float(self._volume), 1.0)))
        if self._voice:
            engine.setProperty("voice", self._pick_voice(engine, self._voice))
        self._engine = engine

    @staticmethod
    def _pick_voice(engine: Any, wanted: str) -> str:
        """A voice id by exact id, then by name or id containing ``wanted``."""
        voices = list(engine.getProperty("voices") or [])
        low = wanted.lower()
        for v in voices:
            if str(v.id).lower() == low:
                return str(v.id)
        for v in voices:
            if low in str(v.name).lower() or low in str(v.id).lower():
                return str(v.id)
        raise BackendUnavailable(f"pyttsx3 has no voice {wanted!r}")

    def _say(self, text: str) -> None:
        if not self._via_file:
            self._engine.say(text)
            self._engine.runAndWait()
            return
        fd, path = tempfile.mkstemp(suffix=".wav", dir=self._tmp)
        os.close(fd)
        try:
            self._synth(text, path)
            if self._player is not None:
                with self._proc_lock:
                    self._proc = self._player.start(path)
                proc = self._proc
                if proc is not None:
                    proc.wait()
        finally:
            with contextlib.suppress(OSError):
                os.remove(path)

    def _synth(self, text: str, path: str) -> None:
        self._engine.save_to_file(text, path)
        self._engine.runAndWait()

    # ----------------------------------------------------------------- Backend
    def speak(self, text: str, *, interrupt: bool = False) -> None:
        if interrupt:
            self._cut()
        self._worker.submit(lambda: self._say(text), interrupt=interrupt)

    def _cut(self) -> None:
        with self._proc_lock:
            if self._proc is not None and self._proc.poll() is None:
                with contextlib.suppress(OSError):
                    self._proc.terminate()
        if not self._via_file and self._engine is not None:
            with contextlib.suppress(Exception):
                self._engine.stop()

    def braille(self, cells: str) -> None:
        pass

    def stop(self) -> None:
        self._worker.drop_waiting()
        self._cut()

    def close(self) -> None:
        self.stop()
        self._worker.close()
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)

    # ----------------------------------------------------------------- audio to a file
    def save(self, text: str, path: str, *, timeout: float = 10.0) -> None:
        """Write ``text`` as audio to ``path`` (through the worker, like speech)."""
        done = threading.Event()
        errors: list[BaseException] = []

        def job() -> None:
            try:
                if self._via_file:
                    self._synth(text, path)
                else:
                    self._engine.save_to_file(text, path)
                    self._engine.runAndWait()
            except BaseException as exc:
                errors.append(exc)
            finally:
                done.set()

        self._worker.submit(job)
        if not done.wait(timeout):
            raise BackendFailed(f"pyttsx3 did not write {path} within {timeout:g} s")
        if errors:
            raise BackendFailed(f"pyttsx3 could not write {path}: {errors[0]}")
