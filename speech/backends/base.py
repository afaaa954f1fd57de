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

How a voice sounds (rate, voice, volume, pitch, variant) is one value, :class:`VoiceStyle`, made once
from the settings and given whole to every voice of a chain.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

__all__ = [
    "PLAIN_STYLE",
    "Backend",
    "BackendFailed",
    "BackendUnavailable",
    "RecordingBackend",
    "SilentBackend",
    "SoundsInLine",
    "Transcribing",
    "VoiceStyle",
    "Watched",
]


class BackendUnavailable(RuntimeError):
    """This backend cannot be built here (missing program, module, device, or it took too long)."""


class BackendFailed(RuntimeError):
    """A backend that worked has stopped working."""


@dataclass(frozen=True, slots=True)
class VoiceStyle:
    """How the game's own voice should sound, as one value: made once from the player's settings and
    passed whole through the chain to each voice, so a setting added here reaches every voice without a
    new parameter in the registry, the chain and each constructor, and an F2 change is seen by comparing
    two styles. None in a field leaves that engine's own default. A voice that cannot use a field
    ignores it (pyttsx3 and speech-dispatcher have no pitch or variant).

    ``rate``: words per minute (espeak-ng ``-s``, pyttsx3 ``rate``, speech-dispatcher mapped around 175).
    ``voice``: a voice name of one engine ("fr-be"); None speaks the current language's voice.
    ``volume``: 1.0 normal, 0.0-1.0 (espeak-ng up to 2.0). ``pitch``: 0-99, 50 normal (espeak-ng).
    ``variant``: an espeak-ng variant put after the voice ("m3", "f2", "whisper").
    """

    rate: int | None = None
    voice: str | None = None
    volume: float | None = None
    pitch: int | None = None
    variant: str | None = None

    def for_fallback(self) -> VoiceStyle:
        """The style a fallback voice starts with: all of it but the voice name, since one engine's voice
        names mean nothing to another (rate, volume, pitch and variant mean the same to each)."""
        return replace(self, voice=None)


#: Each engine's own defaults: the style of a voice built with none asked for.
PLAIN_STYLE = VoiceStyle()


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
