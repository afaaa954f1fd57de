"""Computer players' decisions, made in other processes so that one table's thinking never holds up
another table.

The server's event loop answers every table's people; a hard computer player can think for tens of
milliseconds a move, and a table of thirteen of them would otherwise keep every other table waiting.
So each decision (:class:`access_game.net.tables.Decision`: the game, the level and seed, and the
seat's own view and legal moves, nothing more) goes to a pool of worker processes, one per core,
started with the ``spawn`` method (safe beside the server's threads) and run at a lower priority
than the server, and the table waits for the answer while the loop serves everyone else.

One pool serves every table of a process (:func:`shared`), started on the first decision.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from access_game.net.tables import Decision
from engine.actions import Action

__all__ = ["ComputerPlayers", "shared"]

#: How much lower the workers' priority is than the server's (Unix niceness): people's moves first.
WORKER_NICENESS = 5
#: How long a stopping server waits for each worker to end before killing it.
CLOSE_SECONDS = 2.0
#: How often a worker looks whether the server that started it is still there.
PARENT_CHECK_SECONDS = 1.0


def _start_worker(server: int) -> None:
    """In each worker: Ctrl+C and a service manager's stop are for the server, which ends the pool; the
    worker thinks at a lower priority than the server answering people; and it ends by itself when the
    server is gone (killed, it cannot end its pool), never left thinking for nobody."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(WORKER_NICENESS)
    threading.Thread(target=_end_with, args=(server,), name="server-watch", daemon=True).start()


def _end_with(server: int) -> None:
    while os.getppid() == server:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _decide(decision: Decision) -> Action:
    return decision.decide()


class ComputerPlayers:
    """A pool of worker processes making computer players' decisions; ``workers`` 0 decides on the
    calling thread (a server that must not start processes, and measurements of the difference)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = (os.cpu_count() or 1) if workers is None else workers
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_start_worker, initargs=(os.getpid(),))
        return self._pool

    async def decide(self, decision: Decision) -> Action:
        """The computer player's move, decided in a worker while the event loop serves other tables.

        A worker that dies (killed, out of memory) breaks the whole pool, and every decision after it
        would fail, at every table: the broken pool is let go and the decision made by a new one."""
        if self.workers == 0:
            return decision.decide()
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            return await loop.run_in_executor(pool, _decide, decision)
        except BrokenProcessPool:
            if self._pool is pool:  # (another table's decision may have replaced it already)
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._executor(), _decide, decision)

    def close(self) -> None:
        """End the pool without waiting on a worker that is stuck (stopped, or thinking for ever): a
        stopping server must stop."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        pool.shutdown(wait=False, cancel_futures=True)
        workers = multiprocessing.active_children()
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(timeout=CLOSE_SECONDS)
            if worker.is_alive():
                worker.kill()


_SHARED: ComputerPlayers | None = None


def shared() -> ComputerPlayers:
    """The process's one pool, for every table server it runs."""
    global _SHARED
    if _SHARED is None:
        _SHARED = ComputerPlayers()
    return _SHARED
