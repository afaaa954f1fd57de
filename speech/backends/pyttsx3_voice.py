"""Self-voicing through pyttsx3: SAPI5 on Windows, NSSpeechSynthesizer on macOS, espeak-ng on Linux.

On Windows and macOS pyttsx3 speaks through the system voice and ``stop()`` cuts it short. On Linux
its espeak driver synthesises the whole sentence and then runs ``aplay`` through ``os.system``, which
prints to the terminal when there is no aplay and cannot be interrupted. So on Linux this backend
asks pyttsx3 only for the audio (save_to_file into a private temp folder) and plays the file itself
with the platform player, which it can stop at once. The driver's own print() calls ("Audio saved
to ...") are silenced in that module alone, so the game's terminal stays clean. With nowhere to play
(no sound server answers, no sound card) it does not start: audio written to a file nobody hears is not
a voice. A line's player has the same time limit as espeak-ng's (speech.backends.espeak_ng.line_limit);
one that overruns it, or fails, ends this voice with that reason.
All pyttsx3 calls run in one worker thread (see :mod:`speech.backends.worker`), shared by every
backend in the process: pyttsx3 caches one engine per driver and its espeak driver keeps one global
callback, so two threads each building an engine would steal each other's audio.

With no voice named, each line is said in the voice of the current language
(:mod:`speech.backends.voices`): the system voice whose language is French when the game speaks
French, the engine's own default voice in English.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import wave
from collections.abc import Callable
from typing import Any

from speech.audio import Player, find_player
from speech.backends.base import PLAIN_STYLE, BackendFailed, BackendUnavailable, VoiceStyle
from speech.backends.com import co_initialize
from speech.backends.espeak_ng import line_limit
from speech.backends.voices import pick_language_voice
from speech.backends.worker import QueueWorker
from speech.i18n import LANGUAGES, _, language, with_numbers

__all__ = ["Pyttsx3Backend"]


def _silence_driver_prints() -> None:
    with contextlib.suppress(Exception):
        import pyttsx3.drivers.espeak as espeak_driver

        espeak_driver.print = lambda *args, **kwargs: None


def _frames(path: str) -> int:
    try:
        with wave.open(path, "rb") as w:
            return w.getnframes()
    except (OSError, EOFError, wave.Error):
        return 0


_shared_lock = threading.Lock()
_shared_worker: QueueWorker | None = None
_shared_engine: list[Any] = []
#: The engine's voice when it was made: what English (or a language with no voice here) is said in.
_default_voice: list[Any] = []


def _init_engine() -> None:
    import pyttsx3

    if sys.platform.startswith("linux"):
        _silence_driver_prints()
    engine = pyttsx3.init()
    _shared_engine[:] = [engine]
    _default_voice[:] = [engine.getProperty("voice")]


def _release_engine() -> None:
    """Let the engine go while the interpreter is whole: pyttsx3's finaliser fails during shutdown
    and would print 'Exception ignored in DriverProxy.__del__' on the player's terminal."""
    with _shared_lock:
        worker = _shared_worker
    if worker is not None:
        worker.close()
    _shared_engine.clear()
    gc.collect()


def _engine_worker() -> QueueWorker:
    """The one thread that owns the pyttsx3 engine; started again if it failed."""
    global _shared_worker
    with _shared_lock:
        if _shared_worker is None or _shared_worker.failed:
            if _shared_worker is None:
                atexit.register(_release_engine)
            # SAPI5 on Windows is a COM object: the engine's own thread initialises COM first.
            _shared_worker = QueueWorker("pyttsx3", _init_engine, com=co_initialize)
        return _shared_worker


class Pyttsx3Backend:
    name = "pyttsx3"
    speaks = True

    def __init__(self, style: VoiceStyle = PLAIN_STYLE, *, player: Player | str | None = "auto",
                 audio_player: str | None = None, ready_timeout: float = 5.0) -> None:
        #: Rate, volume and voice name are used; pitch and variant are espeak-ng's and mean nothing here.
        self._style = style
        #: The engine's id of the voice named in the style (None: the current language's voice).
        self._voice: str | None = None
        #: The voice found for each language (None: none speaks it here), looked up once.
        self._language_voices: dict[str, str | None] = {}
        self._via_file = sys.platform.startswith("linux")
        self._player: Player | None = (
            find_player(stdin_command=audio_player)
            if player == "auto"
            else (find_player(player, stdin_command=audio_player) if isinstance(player, str) else player)
        )
        if self._via_file and self._player is None and player is not None:
            raise BackendUnavailable(_("pyttsx3 has no audio output to play to"))
        self._tmp = tempfile.mkdtemp(prefix="access-game-voice-") if self._via_file else ""
        self._proc: subprocess.Popen[bytes] | None = None
        #: The player process a key press cut (its exit status is no failure).
        self._cut_pid: int | None = None
        self._proc_lock = threading.Lock()
        self._worker = _engine_worker()
        self._worker.wait_ready(ready_timeout)
        if (wanted := style.voice):
            self._voice = self._run(lambda: self._pick_voice(self._engine, wanted), ready_timeout)

    @property
    def _engine(self) -> Any:
        return _shared_engine[0]

    def _run(self, fn: Any, timeout: float) -> Any:
        """Run ``fn`` in the engine's thread and wait for its answer."""
        done = threading.Event()
        answer: list[Any] = []
        errors: list[BaseException] = []

        def job() -> None:
            try:
                answer.append(fn())
            except BaseException as exc:
                errors.append(exc)
            finally:
                done.set()

        self._worker.submit(job)
        if not done.wait(timeout):
            raise BackendFailed(with_numbers(_("pyttsx3 did not answer within {seconds:g} s"), seconds=timeout))
        if errors:
            exc = errors[0]
            if isinstance(exc, BackendUnavailable | BackendFailed):
                raise exc
            reason = f"{exc.__class__.__name__}: {exc}"
            raise BackendFailed(_("{name}: {reason}").format(name="pyttsx3", reason=reason)) from exc
        return answer[0] if answer else None

    # ----------------------------------------------------------------- in the engine's thread
    def _apply_settings(self) -> None:
        """The engine is shared, so each backend sets its own rate, volume and voice before speaking."""
        engine = self._engine
        rate, volume = self._style.rate, self._style.volume
        engine.setProperty("rate", int(rate) if rate is not None else 200)
        engine.setProperty("volume", max(0.0, min(float(volume), 1.0)) if volume is not None else 1.0)
        voice = self._voice or self.language_voice()
        if voice:
            engine.setProperty("voice", voice)

    def language_voice(self, lang: str | None = None) -> str | None:
        """The voice id for ``lang`` (the current language when None): the system voice that speaks
        it, or the engine's default voice for English or when none does. Run in the engine's thread."""
        lang = lang or language()
        default = str(_default_voice[0]) if _default_voice and _default_voice[0] else None
        if lang == LANGUAGES[0]:
            return default
        if lang not in self._language_voices:
            self._language_voices[lang] = pick_language_voice(self._engine.getProperty("voices") or [], lang)
        return self._language_voices[lang] or default

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
        raise BackendUnavailable(_("pyttsx3 has no voice {voice}").format(voice=repr(wanted)))

    def _say(self, text: str) -> None:
        self._apply_settings()
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
                    self._wait_player(proc, line_limit(text, self._style.rate))
        finally:
            with contextlib.suppress(OSError):
                os.remove(path)

    def _wait_player(self, proc: subprocess.Popen[bytes], limit: float) -> None:
        """Until the line is played, within ``limit`` seconds; an overrun or a failed player ends the voice."""
        try:
            proc.wait(limit)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(1.0)
            raise BackendFailed(_("a line took longer than {seconds:.0f} s to say").format(seconds=limit)) from None
        if proc.returncode != 0 and proc.pid != self._cut_pid:
            raise BackendFailed(_("the audio player failed (exit status {status})").format(status=proc.returncode))

    def _synth(self, text: str, path: str) -> None:
        """Synthesise into ``path``. The espeak driver now and then ends a sentence with no audio at
        all (its last callback's samples are dropped); that is retried, twice at most."""
        for _attempt in range(3):
            self._engine.save_to_file(text, path)
            self._engine.runAndWait()
            if not text.strip() or _frames(path) > 0:
                return
        raise BackendFailed(_("pyttsx3 produced no audio"))

    # ----------------------------------------------------------------- Backend
    def speak(self, text: str, *, urgent: bool = False) -> None:
        self._worker.submit(lambda: self._say(text), urgent=urgent)

    def _cut(self) -> None:
        with self._proc_lock:
            if self._proc is not None and self._proc.poll() is None:
                self._cut_pid = self._proc.pid
                with contextlib.suppress(OSError):
                    self._proc.terminate()
                    # A stopped player takes the SIGTERM only once it runs again.
                    self._proc.send_signal(getattr(signal, "SIGCONT", signal.SIGTERM))
        if not self._via_file and _shared_engine:
            with contextlib.suppress(Exception):
                self._engine.stop()

    def braille(self, cells: str) -> None:
        pass

    def stop(self) -> None:
        self._worker.drop_waiting()
        self._cut()

    @property
    def failed(self) -> str | None:
        """Why this voice stopped working (its worker failed or stalled), or None."""
        return self._worker.failed

    def watch(self, notify: Callable[[], None]) -> None:
        self._worker.watch(notify)

    def close(self) -> None:
        """Stops this backend's speech; the shared engine thread stays for the next backend."""
        self.stop()
        if self._tmp:
            tmp = self._tmp
            with contextlib.suppress(BackendFailed):
                self._worker.submit(lambda: shutil.rmtree(tmp, ignore_errors=True))

    # ----------------------------------------------------------------- audio to a file
    def save(self, text: str, path: str, *, timeout: float = 10.0) -> None:
        """Write ``text`` as audio to ``path`` (through the engine's thread, like speech)."""

        def job() -> None:
            self._apply_settings()
            self._synth(text, path)

        self._run(job, timeout)
