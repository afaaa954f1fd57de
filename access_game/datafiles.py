"""Reading the program's own JSON files (saves, settings, records) so that no file can stop the program.

These files come from disk, where anything can be: a file cut short, edited by hand, nested ten
thousand deep, holding 1e999, a FIFO or a device put where a save belongs. :func:`read_json` turns
every one of those into :class:`DamagedFile` with a reason in words; the caller keeps the file aside
unchanged (:func:`set_aside`) and goes on with a fresh one. The type of the file is checked before it
is opened, and it is opened without blocking, so a FIFO can never hang the start.
"""

from __future__ import annotations

import json
import math
import os
import stat
import time
from pathlib import Path
from typing import Any

__all__ = ["MAX_BYTES", "DamagedFile", "move_no_clobber", "read_json", "set_aside"]

#: No file of ours is near this size (a long game's save is under 1 MB); a bigger one is not ours.
MAX_BYTES = 64 * 1024 * 1024


class DamagedFile(Exception):
    """A file that exists but cannot be used; the message says why, in words for the player."""


def _no_constant(name: str) -> float:
    raise ValueError(f"it holds {name}, which is not a number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"it holds the number {text}, too large to use")
    return value


def _read_bytes(path: Path) -> bytes | None:
    """The file's bytes, None when there is no file; DamagedFile when it is not a regular, readable file."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise DamagedFile(f"it cannot be read ({exc.strerror or exc})") from exc
    if not stat.S_ISREG(info.st_mode):
        raise DamagedFile("it is not an ordinary file")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise DamagedFile(f"it cannot be read ({exc.strerror or exc})") from exc
    try:
        info = os.fstat(fd)  # what was opened, in case the path changed since the check above
        if not stat.S_ISREG(info.st_mode):
            raise DamagedFile("it is not an ordinary file")
        if info.st_size > MAX_BYTES:
            raise DamagedFile(f"it is far too large ({info.st_size} bytes)")
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, 1 << 20):
            total += len(chunk)
            if total > MAX_BYTES:
                raise DamagedFile("it is far too large")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise DamagedFile(f"it cannot be read ({exc.strerror or exc})") from exc
    finally:
        os.close(fd)


def read_json(path: Path) -> Any:
    """The file's JSON data; FileNotFoundError when there is none. Anything else wrong raises DamagedFile."""
    raw = _read_bytes(path)
    if raw is None:
        raise FileNotFoundError(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DamagedFile("it is not text") from exc
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError as exc:
        raise DamagedFile("it is nested too deep to read") from exc
    except ValueError as exc:
        reason = str(exc) if str(exc).startswith("it holds") else "it is not complete JSON"
        raise DamagedFile(reason) from exc


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

    None when it cannot be moved (a read-only folder): the caller then must not overwrite it.
    """
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
