"""Every call into a peer's client library made from one thread of its own, each waited for a bounded time.

Why: a client library that talks to another process blocks for as long as that process does not
answer. libbrlapi waits for BRLTTY's acknowledgement when it connects and when it leaves the display,
so a BRLTTY that was stopped (SIGSTOP) or wedged kept the game from exiting after "Goodbye. Your game
is saved."; enough writes to a stopped BRLTTY fill the socket and block the game's own thread too.

So the calls are made in order in one worker thread (the library's handle is only ever used from
there) and the caller waits at most a limit. A call that overruns leaves the worker stuck inside the
library, holding the library's own lock: nothing more can be asked of that connection, so every later
call fails at once instead of queueing behind it. The worker is a daemon and never holds up the
program's exit.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["CallThread", "Unanswered"]

T = TypeVar("T")


class Unanswered(RuntimeError):
    """The peer did not answer within the limit, now or in an earlier call: the connection is given up."""

    def __init__(self, limit: float) -> None:
        super().__init__(f"no answer within {limit:g} s")
        #: The limit that was overrun (seconds), for the sentence that reports it.
        self.limit = limit


class _Job(Generic[T]):
    def __init__(self, fn: Callable[[], T]) -> None:
        self.fn = fn
        self.done = threading.Event()
        self.result: list[T] = []
        self.error: list[BaseException] = []

    def run(self) -> None:
        try:
            self.result.append(self.fn())
        except BaseException as exc:  # handed to the caller, whatever it is
            self.error.append(exc)
        finally:
            self.done.set()


class CallThread:
    """One daemon thread running the calls given to :meth:`call`, in order."""

    def __init__(self, name: str) -> None:
        self._jobs: queue.SimpleQueue[_Job[object] | None] = queue.SimpleQueue()
        #: The limit a call overran (then every later call fails at once), or None.
        self.stuck: float | None = None
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def call(self, fn: Callable[[], T], limit: float) -> T:
        """``fn()``'s result, run in the worker; its exception, re-raised here; :class:`Unanswered` when it
        took longer than ``limit`` seconds or an earlier call never came back."""
        if self.stuck is not None:
            raise Unanswered(self.stuck)
        job: _Job[T] = _Job(fn)
        self._jobs.put(job)  # type: ignore[arg-type]  # a job of any result type
        if not job.done.wait(limit):
            self.stuck = limit
            raise Unanswered(limit)
        if job.error:
            raise job.error[0]
        return job.result[0]

    def close(self) -> None:
        """The worker ends after the calls already given (at once, if none is stuck)."""
        self._jobs.put(None)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            job.run()
