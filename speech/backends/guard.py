"""Building a backend without letting it touch the terminal or hold up the game.

Speech libraries print when they start (accessible_output2 prints "Cannot find Speech Dispatcher" to
stdout; ALSA writes errors from C code straight to file descriptor 2) and some block for a long time
(a speech-dispatcher daemon that is shutting down held a client for over a minute). So a backend is
built in a worker thread and the caller waits at most ``timeout`` seconds. Meanwhile the process's
file descriptors 1 and 2 point at a scratch file, and Python's sys.stdout/sys.stderr route whatever
the building thread prints into a buffer, for as long as that thread lives: a library that gives up
after the timeout and complains then is still not heard. What was printed is kept in
:data:`captured` for diagnostics, never shown.

The descriptor redirection is process-wide while it lasts (at most ``timeout``), so backends are built
before the UI starts, or from the UI's own thread when one fails, when nothing else is printing.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from typing import Any, TextIO, TypeVar

from speech.backends.base import BackendUnavailable
from speech.i18n import _, with_numbers

__all__ = ["DEFAULT_TIMEOUT", "build_guarded", "captured", "quiet_fds"]

T = TypeVar("T")

DEFAULT_TIMEOUT = 1.0

#: What each guarded build printed, newest last (name, text); bounded.
captured: list[tuple[str, str]] = []
_CAPTURE_LIMIT = 50

_router_lock = threading.Lock()
#: Thread id -> buffer, for threads whose Python-level output is kept off the terminal.
_quiet: dict[int, io.StringIO] = {}


class _ThreadRouter:
    """Stands in for sys.stdout/stderr: quiet threads write to their buffer, the rest to the real stream."""

    def __init__(self, real: TextIO) -> None:
        self.real = real

    def write(self, text: str) -> int:
        buffer = _quiet.get(threading.get_ident())
        if buffer is not None:
            return buffer.write(text)
        return self.real.write(text)

    def flush(self) -> None:
        if threading.get_ident() not in _quiet:
            self.real.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def _install_routers() -> None:
    if not isinstance(sys.stdout, _ThreadRouter) and sys.stdout is not None:
        sys.stdout = _ThreadRouter(sys.stdout)
    if not isinstance(sys.stderr, _ThreadRouter) and sys.stderr is not None:
        sys.stderr = _ThreadRouter(sys.stderr)


def _remove_routers() -> None:
    """Put the real streams back once no quiet thread is left (unless someone replaced them since)."""
    if _quiet:
        return
    if isinstance(sys.stdout, _ThreadRouter):
        sys.stdout = sys.stdout.real
    if isinstance(sys.stderr, _ThreadRouter):
        sys.stderr = sys.stderr.real


@contextlib.contextmanager
def quiet_fds() -> Iterator[tempfile._TemporaryFileWrapper[bytes]]:
    """Point file descriptors 1 and 2 at a scratch file for the duration."""
    scratch = tempfile.TemporaryFile()  # noqa: SIM115 - closed by _remember after reading
    saved: list[tuple[int, int]] = []
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    for fd in (1, 2):
        try:
            saved.append((fd, os.dup(fd)))
            os.dup2(scratch.fileno(), fd)
        except OSError:
            pass
    try:
        yield scratch  # type: ignore[misc]
    finally:
        for fd, copy in saved:
            with contextlib.suppress(OSError):
                os.dup2(copy, fd)
            with contextlib.suppress(OSError):
                os.close(copy)


def _remember(name: str, text: str) -> None:
    text = text.strip()
    if text:
        captured.append((name, text[-2000:]))
        del captured[:-_CAPTURE_LIMIT]


def _read_scratch(scratch: tempfile._TemporaryFileWrapper[bytes]) -> str:
    text = ""
    with contextlib.suppress(Exception):
        scratch.seek(0)
        text = scratch.read().decode("utf-8", "replace")
    with contextlib.suppress(Exception):
        scratch.close()
    return text


def _close_quietly(value: object) -> None:
    close = getattr(value, "close", None)
    if callable(close):
        with contextlib.suppress(Exception):
            close()


def build_guarded(name: str, factory: Callable[[], T], timeout: float = DEFAULT_TIMEOUT) -> T:
    """Run ``factory`` in a thread with its output captured; give up after ``timeout`` seconds.

    Raises :class:`BackendUnavailable` when it raised, or took too long (the thread is left to finish
    on its own as a daemon, still quiet; what it builds late is closed).
    """
    result: list[T] = []
    error: list[BaseException] = []
    done = threading.Event()
    abandoned = threading.Event()

    def run() -> None:
        me = threading.get_ident()
        buffer = io.StringIO()
        with _router_lock:
            _quiet[me] = buffer
        try:
            value = factory()
        except BaseException as exc:  # a broken library may raise anything; it must not escape
            error.append(exc)
        else:
            if abandoned.is_set():
                _close_quietly(value)
            else:
                result.append(value)
        finally:
            with _router_lock:
                _quiet.pop(me, None)
                _remember(name, buffer.getvalue())
                _remove_routers()
            done.set()

    with _router_lock:
        _install_routers()
    with quiet_fds() as scratch:
        worker = threading.Thread(target=run, name=f"build-{name}", daemon=True)
        worker.start()
        finished = done.wait(timeout)
        if not finished:
            abandoned.set()
    _remember(name, _read_scratch(scratch))
    with _router_lock:
        _remove_routers()
    if not finished:
        for late in result:  # finished between the wait and the flag: close it all the same
            _close_quietly(late)
        raise BackendUnavailable(with_numbers(_("{name} did not start within {seconds:g} s"), name=name,
                                              seconds=timeout))
    if error:
        exc = error[0]
        if isinstance(exc, BackendUnavailable):
            raise exc
        raise BackendUnavailable(_("{name} is not available: {error}").format(
            name=name, error=f"{exc.__class__.__name__}: {exc}")) from exc
    return result[0]
