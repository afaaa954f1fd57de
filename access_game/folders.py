"""Making the program's folders so that a power cut cannot take them away with the files in them.

A save is fsynced, and then its folder, so that the rename that put it in place is on disk too. But a
folder's own name lives in the folder above it: the first save of all goes into folders the game has
just made, and until the folder above each of them is fsynced, a power cut may leave no folder at all,
and no save, however many were "saved" into it (tests/powerloss replays such cuts). Each folder made
here is therefore fsynced into its parent at once; one that exists already is left alone, and costs
nothing. A folder fsync that fails is an error like a failed write (the names in it may not be on
disk): it is raised, never passed over, so that nothing is said "saved" that may not be.

Every file of ours is written by :func:`replace_file`, never through a symbolic link: someone who
can put a link where a save or a setting goes (or where its folder goes) must not make the program
write where the link points, nor make folders there.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

from speech.i18n import _

__all__ = ["FILE_MODE", "LinkInTheWay", "make_folders", "replace_file", "sync_folder"]

#: Files of ours are their owner's only: a save holds the deal's seed and every hidden card.
FILE_MODE = 0o600
#: A file system that cannot fsync a folder at all (some network ones) says so with these: nothing to do.
_CANNOT_SYNC_FOLDERS = {errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP}
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
#: Folders opened as descriptors, files made and renamed through them (POSIX).
_BY_FOLDER = os.name != "nt" and hasattr(os, "O_DIRECTORY") and os.open in os.supports_dir_fd


class LinkInTheWay(OSError):
    """A symbolic link where a file of ours, or its folder, is written: refused, the link left as it is."""

    def __init__(self, path: Path) -> None:
        super().__init__(errno.ELOOP, _("it is a symbolic link, and nothing is written through one"), str(path))


def _fsync_folder(fd: int) -> None:
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in _CANNOT_SYNC_FOLDERS:
            raise


def sync_folder(folder: Path) -> None:
    """fsync a folder, so that the names made, renamed or removed in it are on disk; where the platform
    cannot open a folder (Windows), nothing. OSError when the fsync fails."""
    try:
        fd = os.open(folder, os.O_RDONLY | _CLOEXEC)
    except OSError:
        if os.name == "nt":
            return
        raise
    try:
        _fsync_folder(fd)
    finally:
        os.close(fd)


def replace_file(path: Path, data: bytes, mode: int = FILE_MODE) -> None:
    """Put ``data`` at ``path`` whole or not at all: a new temporary file (``O_EXCL``) written and
    fsynced, renamed over the old file, then the folder fsynced; a crash leaves the old file or the new
    one. The folder is opened once without following a link (``O_NOFOLLOW``) and every name in it is
    used through that descriptor, so no link put in its place, or in the file's, is ever followed:
    either is refused (:class:`LinkInTheWay`). OSError when anything fails, the folder's fsync
    included; no temporary file is left behind."""
    make_folders(path.parent)  # each one made fsynced into its parent: a power cut keeps it
    if not _BY_FOLDER:
        _replace_by_name(path, data, mode)
        return
    try:
        folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | _NOFOLLOW | _CLOEXEC)
    except OSError as exc:  # a link there: ELOOP, or ENOTDIR with O_DIRECTORY (Linux)
        if exc.errno == errno.ELOOP or (exc.errno == errno.ENOTDIR and path.parent.is_symlink()):
            raise LinkInTheWay(path.parent) from None
        raise
    try:
        with contextlib.suppress(FileNotFoundError):
            if stat.S_ISLNK(os.stat(path.name, dir_fd=folder, follow_symlinks=False).st_mode):
                raise LinkInTheWay(path)
        tmp = f".{path.name}.{os.getpid()}.tmp"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
        try:
            fd = os.open(tmp, flags, mode, dir_fd=folder)
        except FileExistsError:  # left by a process of this number killed in the middle: ours to remove
            os.unlink(tmp, dir_fd=folder)
            fd = os.open(tmp, flags, mode, dir_fd=folder)
        try:
            try:
                _write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, path.name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=folder)
            raise
        _fsync_folder(folder)
    finally:
        os.close(folder)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _replace_by_name(path: Path, data: bytes, mode: int) -> None:
    """:func:`replace_file` where folders cannot be opened (Windows): a link in the way is still refused."""
    if path.is_symlink():
        raise LinkInTheWay(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), mode)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    sync_folder(path.parent)


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
