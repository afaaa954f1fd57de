"""A thread that owns a speech library, so a slow or stuck library never holds up the game.

Speech libraries block (pyttsx3's runAndWait lasts as long as the sentence; a speech-dispatcher call
can hang on a dying daemon). The worker runs every call to the library in its own thread; the game
only puts jobs on a queue. Jobs run in order; an urgent job goes ahead of the jobs still waiting
(after earlier urgent ones), and only ``drop_waiting`` (the player's key press) removes any. A job
that raised, or one that has run for longer than ``stall`` seconds,
marks the worker failed and the next ``submit`` raises BackendFailed, which the announcer answers by
switching to the next backend.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable

from speech.backends.base import BackendFailed, BackendUnavailable
from speech.backends.com import ComInit
from speech.backends.queueing import enqueue

__all__ = ["QueueWorker"]

Job = Callable[[], None]


class QueueWorker:
    def __init__(
        self, name: str, setup: Callable[[], None], *, stall: float = 30.0, com: ComInit | None = None
    ) -> None:
        """``com`` initialises COM in the worker's thread before ``setup`` (speech.backends.com), for a
        library whose objects are COM objects: they are then created and called in that thread only."""
        self.name = name
        self.stall = stall
        self._setup = setup
        self._com = com
        #: (job, urgent) waiting; None asks the thread to end.
        self._jobs: deque[tuple[Job, bool] | None] = deque()
        self._wake = threading.Condition()
        self._ready = threading.Event()
        self._failed: str | None = None
        self._notify: Callable[[], None] | None = None
        self._busy_since: float | None = None
        self._thread = threading.Thread(target=self._run, name=f"{name}-speech", daemon=True)
        self._thread.start()

    def wait_ready(self, timeout: float = 5.0) -> None:
        """Block until the library is set up in the worker; BackendUnavailable if it failed or hung."""
        if not self._ready.wait(timeout):
            self._failed = f"{self.name} did not start within {timeout:g} s"
            raise BackendUnavailable(self._failed)
        if self._failed:
            raise BackendUnavailable(self._failed)

    @property
    def failed(self) -> str | None:
        since = self._busy_since
        if self._failed is None and since is not None and time.monotonic() - since > self.stall:
            self._failed = f"{self.name} has not answered for {self.stall:g} s"
        return self._failed

    def watch(self, notify: Callable[[], None]) -> None:
        """Call ``notify`` (from the worker's thread) when a job fails."""
        self._notify = notify

    def submit(self, job: Job, *, urgent: bool = False) -> None:
        """Queue a job; an urgent one goes ahead of the ordinary jobs still waiting."""
        reason = self.failed
        if reason:
            raise BackendFailed(reason)
        with self._wake:
            enqueue(self._jobs, (job, urgent), urgent=urgent, is_urgent=lambda item: item is not None and item[1])
            self._wake.notify()

    @property
    def waiting(self) -> int:
        with self._wake:
            return sum(1 for item in self._jobs if item is not None)

    def drop_waiting(self) -> None:
        """Forget every job not yet started (the player pressed a key)."""
        with self._wake:
            closing = None in self._jobs
            self._jobs.clear()
            if closing:
                self._jobs.append(None)

    def close(self) -> None:
        with self._wake:
            self._jobs.clear()
            self._jobs.append(None)
            self._wake.notify()

    def _next(self) -> Job | None:
        with self._wake:
            while not self._jobs:
                self._wake.wait()
            item = self._jobs.popleft()
        return None if item is None else item[0]

    def _run(self) -> None:
        uninitialize: Callable[[], None] | None = None
        if self._com is not None:
            try:
                uninitialize = self._com()
            except BaseException as exc:
                self._failed = f"{self.name}: COM could not be initialised: {exc}"
                self._ready.set()
                return
        try:
            self._serve()
        finally:
            if uninitialize is not None:
                uninitialize()

    def _serve(self) -> None:
        try:
            self._setup()
        except BaseException as exc:  # any library error means: not available
            self._failed = (
                str(exc)
                if isinstance(exc, BackendUnavailable)
                else f"{self.name} is not available: {exc.__class__.__name__}: {exc}"
            )
            self._ready.set()
            return
        self._ready.set()
        while True:
            job = self._next()
            if job is None:
                return
            self._busy_since = time.monotonic()
            try:
                job()
            except BaseException as exc:
                said = isinstance(exc, BackendFailed)  # a backend's own sentence for what went wrong
                self._failed = str(exc) if said else f"{self.name} failed: {exc.__class__.__name__}: {exc}"
                notify = self._notify
                if notify is not None:
                    with contextlib.suppress(Exception):
                        notify()
                return
            finally:
                self._busy_since = None
