"""Keeping the player's own voice: trying it again while something else stands in, and knowing when it is back.

When the voice the player chose stops (the sound server went away, espeak-ng was removed), the game
goes on with the next voice of its chain, or prints for the screen reader, and says so. The voice is
not given up: every few seconds a cheap check (:func:`speech.backends.registry.voice_probe`: the
program is there, a sound server answers) runs in a thread of its own, never in the game's. When the
check passes, ``on_ready`` is called and the game's own thread builds the voice again under the usual
time limit (the announcer does; building may capture the terminal's output, which only the game's
thread may do). A voice that comes back and is lost again within a minute waits twice as long before
the next try, up to a minute, so a voice that keeps coming and going does not fill the screen with
notices.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable

from speech.backends.registry import PreferredVoice

__all__ = ["RETRY_SECONDS", "VoiceReturn"]

#: Seconds between checks while the voice is lost, at first.
RETRY_SECONDS = 2.0
#: The longest pause between checks.
RETRY_LIMIT = 60.0
#: A voice that stayed this long is taken to be back for good: the next loss starts with short pauses.
STEADY_SECONDS = 60.0


class VoiceReturn:
    """Checks, while ``lost``, whether ``voice`` could be heard again; ``ready`` once it could."""

    def __init__(self, voice: PreferredVoice, *, every: float = RETRY_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.voice = voice
        self.every = every
        self.clock = clock
        #: Called (from the checking thread) when the voice could be heard again.
        self.on_ready: Callable[[], None] | None = None
        #: The newest reason the check gave for the voice not being back.
        self.why_not: str | None = None
        self._pause = every
        self._back_at: float | None = None
        self._wake = threading.Condition()
        self._lost = False
        self._ready = False
        self._closed = False
        self._thread: threading.Thread | None = None

    @property
    def lost(self) -> bool:
        with self._wake:
            return self._lost

    @property
    def ready(self) -> bool:
        """The check passed since the voice was lost: build it again (then :meth:`back` or :meth:`retry`)."""
        with self._wake:
            return self._lost and self._ready

    def lose(self) -> None:
        """The voice is not speaking: start checking for it."""
        with self._wake:
            if self._closed or self._lost:
                return
            if self._back_at is not None and self.clock() - self._back_at < STEADY_SECONDS:
                self._pause = min(self._pause * 2, RETRY_LIMIT)
            else:
                self._pause = self.every
            self._lost, self._ready = True, False
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="voice-return", daemon=True)
                self._thread.start()
            self._wake.notify_all()

    def back(self) -> None:
        """The voice was built again and speaks."""
        with self._wake:
            self._lost, self._ready = False, False
            self._back_at = self.clock()

    def retry(self) -> None:
        """The check passed but building the voice failed: check again after the pause."""
        with self._wake:
            self._ready = False
            self._wake.notify_all()

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify_all()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._closed and (not self._lost or self._ready):
                    self._wake.wait()
                # A pause before every check, the first too: a voice just lost is not back yet.
                due = time.monotonic() + self._pause
                while not self._closed and self._lost and not self._ready and time.monotonic() < due:
                    self._wake.wait(due - time.monotonic())
                if self._closed:
                    return
                if not self._lost or self._ready:
                    continue
            try:
                why = self.voice.probe()
            except Exception as exc:  # a check that breaks says "not yet", never stops the game
                why = f"{exc.__class__.__name__}: {exc}"
            notify = None
            with self._wake:
                self.why_not = why
                if why is None and self._lost and not self._closed:
                    self._ready = True
                    notify = self.on_ready
            if notify is not None:
                with contextlib.suppress(Exception):
                    notify()
