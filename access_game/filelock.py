"""The operating system's lock on a file: one process at a time holds a saved game's slot, or a table
server's table directory.

The lock is flock (msvcrt.locking on Windows) on a lock file, so it goes with the process that held
it: a process that was killed or crashed never leaves anything locked behind it.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from access_game.folders import make_folders

__all__ = ["try_lock", "unlock"]


def try_lock(path: Path, mode: int = 0o644) -> int | None:
    """An open file descriptor holding the lock on ``path``, or None when another process holds it.

    OSError when no lock can be had there: no lock file can be made (a folder that cannot be written,
    a file where the folder should be) or the system refuses to lock it (ENOLCK on some network
    file systems). That is never taken for "another process holds it", which would be a lie, nor for
    "held", which would let two processes share what the lock keeps apart.
    """
    make_folders(path.parent)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, mode)
    try:
        if sys.platform == "win32":
            import msvcrt

            try:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            except OSError:  # msvcrt says "held by another" with EACCES or EDEADLOCK alike
                os.close(fd)
                return None
        else:
            import fcntl

            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:  # EWOULDBLOCK: another process holds it
                os.close(fd)
                return None
    except BaseException:
        os.close(fd)
        raise
    return fd


def unlock(fd: int) -> None:
    """Let the lock go (closing the descriptor drops it, flock and msvcrt alike)."""
    if fd >= 0:
        with contextlib.suppress(OSError):
            os.close(fd)
