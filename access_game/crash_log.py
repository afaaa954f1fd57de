"""The crash log: an error nobody planned for is told in one line, and its details kept for a helper.

A player never sees a traceback. The line names the error (:func:`error_text`); the traceback goes to
``crash.log`` in the data folder (:func:`write_crash_log`), whose path the line gives when it could be
written. Every place that stops on such an error uses these two: a game at the terminal, a seat at a
network table, and the command line itself (``access_game.cli``) for every other command.
"""

from __future__ import annotations

import os
import stat
import traceback
from pathlib import Path

from speech.lines import one_line

__all__ = ["CRASH_LOG", "error_text", "write_crash_log"]

#: The file, in the data folder, that keeps the details of every crash (appended, never replaced).
CRASH_LOG = "crash.log"
#: The longest error text put in the one line (the whole of it is in the crash log).
LONGEST = 300
#: The size past which the crash log starts again.
LARGEST = 1_000_000


def error_text(exc: BaseException) -> str:
    """``Kind: message`` on one line, whatever the message holds (see ``speech.lines.one_line``): a long
    message is cut, and a message that cannot itself be made (a number too long to write out) leaves
    the kind alone."""
    kind = exc.__class__.__name__
    try:
        message = str(exc)
    except Exception:
        return kind
    message = " ".join(one_line(message).split())
    if len(message) > LONGEST:
        message = message[: LONGEST - 3] + "..."
    return f"{kind}: {message}" if message else kind


def write_crash_log(exc: BaseException) -> Path | None:
    """Append ``exc``'s traceback to the crash log; its path, or None when it could not be written
    (then the one line is all there is, and it is still said).

    Only a regular file is written, opened without waiting (a FIFO put in its place would otherwise
    hold the program on the way out), and a log past :data:`LARGEST` bytes starts again, so crashes
    repeated for years cannot fill the disk.
    """
    from access_game.settings import data_dir

    try:
        path = data_dir() / CRASH_LOG
        path.parent.mkdir(parents=True, exist_ok=True)
        text = "".join(traceback.format_exception(exc)) + "\n"
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_NOFOLLOW", 0), 0o600)  # never through a link; the owner's only
        with open(fd, "a", encoding="utf-8", errors="backslashreplace") as fh:
            found = os.fstat(fd)
            if not stat.S_ISREG(found.st_mode):
                return None
            if found.st_size > LARGEST:
                os.ftruncate(fd, 0)
            fh.write(text)
    except (OSError, ValueError):  # ValueError: a traceback line that cannot be made (a huge number)
        return None
    return path
