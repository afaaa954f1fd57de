"""Group commit: every move a server tells is on disk first, with one fsync shared by many moves.

A move is appended to its table's journal (access_game.net.table_store) before it is made; before
anyone hears of it the server waits here (:meth:`GroupCommit.durable`) until the journal is fsynced.
An fsync costs 10 to 40 ms on a busy disk, so each move paying its own would hold every table up:
instead the moves of every table that arrive within :data:`WINDOW_SECONDS` of one another, or while
the fsync before them runs, wait for one commit that fsyncs every journal appended to (each file once,
however many moves it holds; the folder too when a journal was begun), run in a thread of its own so
that the loop serves other tables meanwhile.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

__all__ = ["WINDOW_SECONDS", "GroupCommit"]

#: How long a commit waits for more moves to share its fsync: a move waits at most this long more.
WINDOW_SECONDS = 0.005


class GroupCommit:
    """One commit at a time; those who ask while it runs share the next one."""

    def __init__(self, commit: Callable[[], int], window: float = WINDOW_SECONDS) -> None:
        #: Makes sure of everything appended so far (TableStore.commit): raises OSError when it cannot.
        self._commit = commit
        self.window = window
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="commit")
        #: The commit that has not begun yet, which those asking now wait for.
        self._next: asyncio.Future[None] | None = None
        self._turn: asyncio.Lock | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        #: Commits made, and fsyncs they took (for the figures: fsyncs per move told).
        self.commits = 0
        self.fsyncs = 0

    async def durable(self) -> None:
        """Return once everything appended before this call is on disk; OSError when the disk refused
        the fsync (then nothing of it may be told)."""
        if self._next is None:
            self._next = asyncio.get_running_loop().create_future()
            task = asyncio.ensure_future(self._run(self._next))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        await asyncio.shield(self._next)

    async def _run(self, done: asyncio.Future[None]) -> None:
        if self._turn is None:
            self._turn = asyncio.Lock()
        async with self._turn:  # after the commit running now: whatever it missed, this one takes
            if self.window > 0:
                await asyncio.sleep(self.window)
            self._next = None  # from here on a new ask waits for the commit after this one
            try:
                fsyncs = await asyncio.get_running_loop().run_in_executor(self._thread, self._commit)
            except Exception as exc:  # OSError from the disk; anything else said to the waiters alike
                done.set_exception(exc)
                done.exception()  # retrieved: those who wait for it raise it; none waiting is no error
                return
            self.commits += 1
            self.fsyncs += fsyncs
            done.set_result(None)
