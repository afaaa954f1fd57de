"""The standard streams at the program's edge: closed ones made harmless, and a reader that has gone.

A program started with a standard descriptor closed (``access-game keys >&-``) would give that number
to the next file it opens, and whatever is meant for the terminal (a child process's output) would
land in that file, a save perhaps. :func:`reopen_closed` puts /dev/null there first. A pipe whose
reader has gone (``access-game keys | head``) is no error of the program's: :func:`readers_gone` tells
it apart from a broken pipe anywhere else (a child process's, a connection's), and :func:`drop_output`
lets the command end quietly.
"""

from __future__ import annotations

import os
import sys

__all__ = ["BROKEN_PIPE_STATUS", "drop_output", "readers_gone", "reopen_closed"]

#: The exit status of a program that wrote to a pipe nobody reads any more (128 + SIGPIPE), as the
#: shell reports it for ``cat`` or ``yes`` in the same place.
BROKEN_PIPE_STATUS = 141


def reopen_closed() -> bool:
    """Put /dev/null on each standard descriptor (0, 1, 2) that is closed; standard input closed is
    then read as empty, standard error closed written to nowhere. False when standard output was
    closed: what a command prints is what it is for, and printing it nowhere is no success."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    if sys.stdin is None:
        sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 - standard input, for the whole run
    if sys.stderr is None:
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115 - standard error, likewise
    return sys.stdout is not None


def readers_gone() -> list[int]:
    """Which of standard output (1) and error (2) are pipes or sockets whose reader has gone."""
    try:
        import select

        poller = select.poll()
    except (ImportError, AttributeError):  # no poll (Windows): a broken pipe there is the reader gone
        return [1]
    for fd in (1, 2):
        poller.register(fd, select.POLLOUT)
    return sorted({fd for fd, events in poller.poll(0) if events & (select.POLLERR | select.POLLHUP)})


def drop_output(fds: list[int]) -> None:
    """Send what is still buffered for these descriptors to /dev/null: their reader has gone, and the
    interpreter would otherwise report the same broken pipe again as it exits."""
    for fd in fds:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
