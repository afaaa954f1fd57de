"""Making the program's folders so that a power cut cannot take them away with the files in them.

A save is fsynced, and then its folder, so that the rename that put it in place is on disk too. But a
folder's own name lives in the folder above it: the first save of all goes into folders the game has
just made, and until the folder above each of them is fsynced, a power cut may leave no folder at all,
and no save, however many were "saved" into it (tests/powerloss replays such cuts). Each folder made
here is therefore fsynced into its parent at once; one that exists already is left alone, and costs
nothing.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

__all__ = ["make_folders", "sync_folder"]


def sync_folder(folder: Path) -> None:
    """fsync a folder, so that the names made, renamed or removed in it are on disk; where the platform
    cannot open a folder (Windows), nothing."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def make_folders(folder: Path, mode: int = 0o777) -> None:
    """``folder`` and every missing folder above it, each fsynced into its parent as it is made (the
    last with ``mode``, the others with the default, as ``Path.mkdir(parents=True)``). OSError as from
    ``mkdir``: FileExistsError when a file is in the way."""
    missing = []
    at = folder
    while not at.is_dir() and at.parent != at:
        missing.append(at)
        at = at.parent
    for path in reversed(missing):
        try:
            path.mkdir(mode=mode if path == folder else 0o777)
        except FileExistsError:
            if not path.is_dir():
                raise
        sync_folder(path.parent)
