"""Reading the program's own files (saves, settings, records, seat tokens, a server's tables) so that no
file can stop the program.

These files come from disk, where anything can be: a file cut short, edited by hand, nested ten
thousand deep, holding 1e999, a FIFO or a device put where a save belongs, a link that leads back to
itself, a disk that answers with an error or not at all. Every read of such a file goes through
:func:`read_bytes` (and :func:`read_text`, :func:`read_json` on it), which turns each of those into
:class:`DamagedFile` with a reason in words; the caller keeps the file aside unchanged
(:func:`set_aside`) and goes on with a fresh one. The type of the file is checked before it is opened,
it is opened without blocking (a FIFO can never hang the start), no more than :data:`MAX_BYTES` are
read (``/dev/zero`` behind a link cannot fill the memory), and the whole read has
:data:`READ_SECONDS` to finish: a network or user-space file system that stops answering costs that
long, once, and never the start.
"""

from __future__ import annotations

import json
import math
import os
import stat
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from speech.i18n import _, with_numbers

__all__ = ["MAX_BYTES", "READ_SECONDS", "DamagedFile", "move_no_clobber", "read_bytes", "read_json", "read_text",
           "set_aside"]

#: No file of ours is near this size (a long game's save is under 1 MB); a bigger one is not ours.
MAX_BYTES = 64 * 1024 * 1024
#: Seconds one read (or setting aside) of a file may take. A local disk answers in milliseconds; a
#: file system that stops answering (a network share gone away) would otherwise stop the program.
READ_SECONDS = 10.0

_T = TypeVar("_T")


class DamagedFile(Exception):
    """A file that exists but cannot be used; the message says why, in words for the player."""


class _Unanswered(Exception):
    """The file system did not answer in time (the work goes on in its thread, abandoned)."""


def _within(seconds: float, work: Callable[[], _T], name: str) -> _T:
    """``work()`` run in a thread of its own, given ``seconds`` to finish; _Unanswered when it did not.

    The thread is a daemon: one stuck in the kernel on a dead file system never keeps the program from
    exiting, and nothing waits for it.
    """
    outcome: list[Any] = []
    done = threading.Event()

    def run() -> None:
        try:
            outcome.append((True, work()))
        except BaseException as exc:  # handed to the caller's thread, which raises it there
            outcome.append((False, exc))
        finally:
            done.set()

    threading.Thread(target=run, name=f"access-game file {name}", daemon=True).start()
    if not done.wait(seconds):
        raise _Unanswered
    ok, value = outcome[0]
    if not ok:
        raise value
    return value  # type: ignore[no-any-return]


class _NotANumber(ValueError):
    """A number JSON allows that no file of ours holds; the message says which."""


def _no_constant(name: str) -> float:
    raise _NotANumber(_("it holds {name}, which is not a number").format(name=name))


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotANumber(_("it holds the number {text}, too large to use").format(text=text))
    return value


def _unreadable(exc: OSError) -> DamagedFile:
    return DamagedFile(_("it cannot be read ({reason})").format(reason=exc.strerror or exc))


def _bytes_of(path: Path) -> bytes | None:
    """The file's bytes, None when there is no file; DamagedFile when it is not a regular, readable file."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:  # a link that leads back to itself, a folder in the way, a failing disk
        raise _unreadable(exc) from exc
    if not stat.S_ISREG(info.st_mode):
        raise DamagedFile(_("it is not an ordinary file"))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _unreadable(exc) from exc
    try:
        info = os.fstat(fd)  # what was opened, in case the path changed since the check above
        if not stat.S_ISREG(info.st_mode):
            raise DamagedFile(_("it is not an ordinary file"))
        if info.st_size > MAX_BYTES:
            raise DamagedFile(_("it is far too large ({size} bytes)").format(size=info.st_size))
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, 1 << 20):
            total += len(chunk)
            if total > MAX_BYTES:  # a file that says it is small and never ends (a device behind /proc)
                raise DamagedFile(_("it is far too large"))
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise _unreadable(exc) from exc
    finally:
        os.close(fd)


def read_bytes(path: Path) -> bytes | None:
    """The file's bytes, None when there is no file; DamagedFile for anything that is not an ordinary,
    readable file of a sensible size that answers within :data:`READ_SECONDS`."""
    try:
        return _within(READ_SECONDS, lambda: _bytes_of(path), path.name)
    except _Unanswered:
        said = with_numbers(_("it did not answer within {seconds:g} seconds"), seconds=READ_SECONDS)
        raise DamagedFile(said) from None


def read_text(path: Path) -> str:
    """The file's text (UTF-8); FileNotFoundError when there is none, DamagedFile for anything else wrong."""
    raw = read_bytes(path)
    if raw is None:
        raise FileNotFoundError(path)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DamagedFile(_("it is not text")) from exc


def read_json(path: Path) -> Any:
    """The file's JSON data; FileNotFoundError when there is none. Anything else wrong raises DamagedFile."""
    text = read_text(path)
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError as exc:
        raise DamagedFile(_("it is nested too deep to read")) from exc
    except _NotANumber as exc:
        raise DamagedFile(str(exc)) from exc
    except ValueError as exc:  # not JSON, or an integer longer than Python reads
        raise DamagedFile(_("it is not complete JSON")) from exc


def move_no_clobber(source: Path, target: Path) -> None:
    """Rename that fails rather than replace an existing file (link+unlink on POSIX, rename on Windows).

    A symbolic link is moved as the link: the file it points to stays where it is, unchanged.
    """
    if os.name == "nt":
        os.rename(source, target)
        return
    try:
        os.link(source, target, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links, or a FIFO on one that will not link it
        if os.path.lexists(target):
            raise FileExistsError(target) from None
        os.rename(source, target)
        return
    os.unlink(source)


def set_aside(path: Path, label: str = "damaged") -> Path | None:
    """Rename ``path`` to a name nothing else uses (``NAME.LABEL-STAMP.json``), keeping it unchanged.

    None when it cannot be moved (a read-only folder, a file system that does not answer within
    :data:`READ_SECONDS`): the caller then must not overwrite it.
    """
    try:
        return _within(READ_SECONDS, lambda: _move_aside(path, label), path.name)
    except _Unanswered:
        return None


def _move_aside(path: Path, label: str) -> Path | None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    stem = path.name[: -len(".json")] if path.name.endswith(".json") else path.name
    for n in range(1000):
        suffix = f"-{n}" if n else ""
        target = path.with_name(f"{stem}.{label}-{stamp}{suffix}.json")
        if os.path.lexists(target):
            continue
        try:
            move_no_clobber(path, target)
        except FileExistsError:
            continue
        except OSError:
            return None
        return target
    return None
