"""A thread that owns a speech library, so a slow or stuck library never holds up the game.

Speech libraries block (pyttsx3's runAndWait lasts as long as the sentence; a speech-dispatcher call
can hang on a dying daemon). The worker runs every call to the library in its own thread; the game
only puts jobs on a queue. A job that raised, or one that has run for longer than ``stall`` seconds,
marks the worker failed and the next ``submit`` raises BackendFailed, which the announcer answers by
switching to the next backend.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable

from speech.backends.base import BackendFailed, BackendUnavailable

__all__ = ["QueueWorker"]

Job = Callable[[], None]


class QueueWorker:
    def __init__(self, name: str, setup: Callable[[], None], *, stall: float = 30.0) -> None:
        self.name = name
        self.stall = stall
        self._setup = setup
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._ready = threading.Event()
        self._failed: str | None = None
        self._busy_since: float | None = None
        self._generation = 0
        self._lock = threading.Lock()
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

    def submit(self, job: Job, *, interrupt: bool = False) -> None:
        """Queue a job; with ``interrupt`` every job still waiting is dropped first."""
        reason = self.failed
        if reason:
            raise BackendFailed(reason)
        if interrupt:
            with self._lock:
                self._generation += 1
        generation = self._generation
        self._jobs.put(lambda: self._if_current(generation, job))

    def _if_current(self, generation: int, job: Job) -> None:
        # Jobs queued before an interrupt carry an older generation and are skipped.
        if generation == self._generation:
            job()

    def drop_waiting(self) -> None:
        with self._lock:
            self._generation += 1

    def close(self) -> None:
        self.drop_waiting()
        self._jobs.put(None)

    def _run(self) -> None:
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
            job = self._jobs.get()
            if job is None:
                return
            self._busy_since = time.monotonic()
            try:
                job()
            except BaseException as exc:
                self._failed = f"{self.name} failed: {exc.__class__.__name__}: {exc}"
                return
            finally:
                self._busy_since = None
