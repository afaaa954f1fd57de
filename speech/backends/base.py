"""The backend interface: queue a text to speak (urgent text first), braille a line, stop, close.

Queue semantics, the same in every voice: every line given to ``speak`` is said, whole and in order;
an urgent line goes ahead of the lines still waiting but never cuts the one being said and never
drops one. Only the player cuts speech short: a key press calls ``stop``, which silences the line
being said and drops those waiting (the player has moved on; history keeps everything).

A backend is how messages leave the program. ``speaks`` tells the announcer who voices the text: a
self-voicing backend speaks it; a screen-reader backend speaks nothing and the printed line is what
the player's screen reader reads. Backends raise :class:`BackendUnavailable` when they cannot be
built and :class:`BackendFailed` when they stop working; the announcer answers both by moving on to
the next backend, so the game never sees either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

__all__ = [
    "Backend",
    "BackendFailed",
    "BackendUnavailable",
    "RecordingBackend",
    "SilentBackend",
    "SoundsInLine",
    "Transcribing",
    "Watched",
]


class BackendUnavailable(RuntimeError):
    """This backend cannot be built here (missing program, module, device, or it took too long)."""


class BackendFailed(RuntimeError):
    """A backend that worked has stopped working."""


class Backend(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def speaks(self) -> bool:
        """True when the backend voices text itself (self-voicing); False when a screen reader reads
        the printed line instead."""
        ...

    def speak(self, text: str, *, urgent: bool = False) -> None:
        """Queue ``text``; ``urgent`` puts it ahead of what is waiting (after earlier urgent lines)."""
        ...

    def braille(self, cells: str) -> None: ...

    def stop(self) -> None:
        """The player pressed a key: stop the line being said and drop the lines waiting."""
        ...

    def close(self) -> None: ...


@runtime_checkable
class Transcribing(Protocol):
    """A backend that also keeps a transcript; told the printed lines when it does not speak them."""

    def transcribe(self, text: str, *, urgent: bool = False) -> None: ...


@runtime_checkable
class SoundsInLine(Protocol):
    """A voice that can play a sound file in its own queue, between lines: a sound cue then heard in its
    place (the "your turn" tone after the moves that lead to it, not over them). ``sounds_in_line`` is
    False when it cannot now (no player for sound files): the cue is then played at once instead."""

    @property
    def sounds_in_line(self) -> bool: ...

    def play_sound(self, path: str) -> None:
        """Queue the WAV file at ``path`` after the lines already waiting (never urgent)."""
        ...


@runtime_checkable
class Watched(Protocol):
    """A voice that can stop working between calls, in a thread of its own (a line that failed, a player
    that never finished): ``failed`` says why, in words a player can read (None while it works), and
    ``watch`` asks to be told at once, so the loss is said when it happens, not at the next message."""

    @property
    def failed(self) -> str | None: ...

    def watch(self, notify: Callable[[], None]) -> None: ...


class SilentBackend:
    name = "silent"
    speaks = False

    def speak(self, text: str, *, urgent: bool = False) -> None:
        pass

    def braille(self, cells: str) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingBackend:
    """Keeps what it was asked to say, for tests. ``speaks=False`` records a screen-reader set-up."""

    name = "recording"

    def __init__(self, *, speaks: bool = True) -> None:
        self.speaks = speaks
        #: (text, urgent) for every speak() call, in call order.
        self.spoken: list[tuple[str, bool]] = []
        self.brailled: list[str] = []
        self.stops = 0
        self.closed = False

    def speak(self, text: str, *, urgent: bool = False) -> None:
        self.spoken.append((text, urgent))

    def braille(self, cells: str) -> None:
        self.brailled.append(cells)

    def stop(self) -> None:
        self.stops += 1

    def close(self) -> None:
        self.closed = True

    @property
    def texts(self) -> list[str]:
        return [t for t, _ in self.spoken]
