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

    OSError when no lock file can be made there (a folder that cannot be written).
    """
    make_folders(path.parent)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, mode)
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def unlock(fd: int) -> None:
    """Let the lock go (closing the descriptor drops it, flock and msvcrt alike)."""
    if fd >= 0:
        with contextlib.suppress(OSError):
            os.close(fd)
