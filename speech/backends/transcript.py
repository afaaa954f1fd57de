"""A JSON-lines transcript of everything said: for end-to-end tests and for players who keep a log.

Each line is ``{"t": seconds since the transcript opened, "text": ..., "urgent": bool}``. As a
backend of its own (name "jsonl") it stands in for a voice; wrapped around another backend by
:class:`TeeBackend` it records what that backend was given, and in screen-reader mode the printed
lines, so a transcript reads the same whichever way the player listens.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

from speech.backends.base import Backend, BackendFailed, Watched
from speech.i18n import _

__all__ = ["JsonlBackend", "TeeBackend", "read_transcript"]


class JsonlBackend:
    name = "jsonl"
    speaks = True

    def __init__(self, path: str | Path, *, append: bool = False) -> None:
        self.path = Path(path)
        self._start = time.monotonic()
        self._lock = threading.Lock()
        self._file: IO[str] | None = open(  # noqa: SIM115 - kept open for the life of the backend
            self.path, "a" if append else "w", encoding="utf-8", buffering=1
        )

    def _write(self, text: str, urgent: bool) -> None:
        line = json.dumps(
            {"t": round(time.monotonic() - self._start, 3), "text": text, "urgent": bool(urgent)},
            ensure_ascii=False,
        )
        with self._lock:
            if self._file is None:
                raise BackendFailed(_("the transcript is closed"))
            try:
                self._file.write(line + "\n")
            except OSError as exc:
                raise BackendFailed(_("cannot write the transcript: {error}").format(error=exc)) from exc

    def speak(self, text: str, *, urgent: bool = False) -> None:
        self._write(text, urgent)

    def transcribe(self, text: str, *, urgent: bool = False) -> None:
        self._write(text, urgent)

    def braille(self, cells: str) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        with self._lock:
            if self._file is not None:
                self._file.close()
                self._file = None


class TeeBackend:
    """Another backend, with a transcript of what it was given. A failing transcript never stops speech."""

    def __init__(self, inner: Backend, transcript: JsonlBackend) -> None:
        self.inner = inner
        self.transcript = transcript

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def speaks(self) -> bool:
        return self.inner.speaks

    def _note(self, text: str, urgent: bool) -> None:
        with contextlib.suppress(BackendFailed):
            self.transcript.speak(text, urgent=urgent)

    def speak(self, text: str, *, urgent: bool = False) -> None:
        self._note(text, urgent)
        self.inner.speak(text, urgent=urgent)

    def transcribe(self, text: str, *, urgent: bool = False) -> None:
        self._note(text, urgent)

    def braille(self, cells: str) -> None:
        self.inner.braille(cells)

    def stop(self) -> None:
        self.inner.stop()

    def close(self) -> None:
        """Closes the voice only: the transcript outlives a voice that failed and was replaced."""
        self.inner.close()

    @property
    def failed(self) -> str | None:
        """The voice's own failure, when it finds out by itself (speech.backends.base.Watched)."""
        inner = self.inner
        return inner.failed if isinstance(inner, Watched) else None

    def watch(self, notify: Callable[[], None]) -> None:
        if isinstance(self.inner, Watched):
            self.inner.watch(notify)


def read_transcript(path: str | Path) -> list[dict[str, object]]:
    """The records of a transcript file, oldest first."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]
