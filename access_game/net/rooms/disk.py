"""The disk: a change written to the table's journal before it is made, the journals fsynced many
tables at once before anyone is told (a group commit), snapshots written off the loop.

An object of its own, which the server's rooms hold (``ServerState.disk``): it knows the table
directory and nothing of connections, so a room asks it to write and is told when it may speak.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from access_game.net import protocol as p
from access_game.net.group_commit import GroupCommit
from access_game.net.table_store import TableStore
from access_game.net.tables import Mark, Table

__all__ = ["DISK_THREADS", "TableDisk"]

#: The server's log (access_game.net.rooms.state), under the one name the server always had.
log = logging.getLogger("access_game.net.server")

#: Threads writing snapshots of the table directory.
DISK_THREADS = 16


class TableDisk:
    """Each table's journal and snapshots in ``store`` (None: a server that keeps nothing)."""

    def __init__(self, store: TableStore | None) -> None:
        self.store = store
        self._snapshots: set[asyncio.Future[None]] = set()
        #: Snapshots are written (and fsynced) here, off the loop.
        self._disk = ThreadPoolExecutor(max_workers=DISK_THREADS, thread_name_prefix="tables")
        #: Journals are fsynced here, many moves at once, before the moves are told (see :meth:`durable`).
        self.commits = GroupCommit(store.commit) if store is not None else None

    async def durable(self, table: Table) -> bool:
        """Whether what changed at ``table`` is on disk, so that it may be told: the journal's lines are
        fsynced first, with those of every other table that moved meanwhile (a group commit), so a crash
        of the machine never takes back a move anyone was told of. When the fsync fails, a whole snapshot
        is written instead (after a failed fsync the system may have dropped the lines); when that fails
        too, it is not, and nothing is told: the next change that reaches the disk tells it all."""
        if self.commits is None or self.store is None:
            return True
        try:
            await self.commits.durable()
            return True
        except OSError as exc:
            log.error("table %s: the journal could not be made sure of (%s): writing a whole snapshot", table.code,
                      exc)
        try:
            gen, text = self.store.begin_snapshot(table)
            await asyncio.get_running_loop().run_in_executor(self._disk, self.store.write_snapshot, table.code, gen,
                                                             text)
            return True
        except OSError as exc:
            log.error("table %s: not on disk, so not told yet: %s", table.code, exc)
            return False

    def commit(self, table: Table, mark: Mark | None) -> None:
        """Write the table's change to the journal before anyone hears of it; when the disk refuses it,
        put the table back as it was (``mark``), say why in the log, and refuse with ``not_saved``."""
        if self.store is None:
            return
        try:
            due = self.store.record(table)
        except OSError as exc:
            if mark is not None:
                table.go_back(mark)
            log.error("table %s: a change could not be written, and was not made: %s", table.code, exc)
            raise p.ProtocolError(p.ErrorCode.NOT_SAVED, f"the server could not save that: {exc.strerror or exc}"
                                  ) from None
        if due:
            self._snapshot(table)

    def make(self, table: Table, action: Any, ref: int | None = None) -> None:
        """Make a move the rules allow: written to the journal first (``not_saved`` when the disk refuses
        it, and then it is not made), then made, then, every so many lines, a new snapshot."""
        if self.store is None:
            self._apply(table, action)
            return
        try:
            # A change not written when it was made (a stand-in ended by a rejoin while the disk was
            # full) goes first; then the move.
            self.store.record(table)
            due = self.store.append_action(table, action)
        except OSError as exc:
            log.error("table %s: a move could not be written, and was not made: %s", table.code, exc)
            raise p.ProtocolError(p.ErrorCode.NOT_SAVED,
                                  f"the server could not save that move, so it was not made: {exc.strerror or exc}",
                                  ref=ref) from None
        self._apply(table, action)
        if due:
            self._snapshot(table)

    @staticmethod
    def _apply(table: Table, action: Any) -> None:
        assert table.game is not None
        table.game.apply(action)

    def _snapshot(self, table: Table) -> None:
        """A new snapshot (the journal it covers then removed), written and fsynced off the loop."""
        assert self.store is not None
        try:
            gen, text = self.store.begin_snapshot(table)
        except OSError as exc:  # the lines are in the journal already; a snapshot is tried again later
            log.error("table %s: no snapshot: %s", table.code, exc)
            return
        task = asyncio.get_running_loop().run_in_executor(self._disk, self._write_snapshot, table.code, gen, text)
        self._snapshots.add(task)
        task.add_done_callback(self._snapshots.discard)

    def _write_snapshot(self, code: str, gen: int, text: str) -> None:
        assert self.store is not None
        try:
            self.store.write_snapshot(code, gen, text)
        except OSError as exc:  # the journals stay: nothing is lost, the next snapshot tries again
            log.error("table %s: the snapshot could not be written: %s", code, exc)

    async def flush(self, tables: Iterable[Table]) -> None:
        """Wait for the snapshots being written; then take one of every table of ``tables`` whose journal
        grew past the mark while they were (a restart then replays a few lines, not a game); then fsync
        the journals (a server stopping)."""
        if self._snapshots:
            await asyncio.gather(*self._snapshots, return_exceptions=True)
        if self.store is not None:
            for table in list(tables):
                if self.store.snapshot_due(table.code):
                    self._snapshot(table)
            if self._snapshots:
                await asyncio.gather(*self._snapshots, return_exceptions=True)
            await asyncio.get_running_loop().run_in_executor(self._disk, self.store.sync)
