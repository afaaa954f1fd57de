"""Choosing a backend by name, with the fallbacks to use when it cannot start or stops working.

Names: "auto" (screen-reader when a running screen reader is seen, else self-voicing),
"screen-reader", "self-voicing" (the best voice this system has), "espeak-ng", "pyttsx3", "ao2",
"silent", "recording", "jsonl" (a transcript file stands in for the voice).
Every backend is built under :func:`speech.backends.guard.build_guarded`: output captured, at most
one second. A chain always ends in the screen-reader backend, which cannot fail: the printed line is
there whatever happens to the voices.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypedDict, Unpack

from speech.backends.base import Backend, BackendUnavailable, RecordingBackend, SilentBackend
from speech.backends.guard import DEFAULT_TIMEOUT, build_guarded
from speech.backends.screen_reader import ScreenReaderBackend, detect_screen_reader
from speech.backends.transcript import JsonlBackend, TeeBackend

__all__ = [
    "BACKEND_NAMES",
    "VOICE_NAMES",
    "Factory",
    "backend_chain",
    "make_backend",
    "self_voicing_order",
    "start_backend",
]

Factory = Callable[[], Backend]

BACKEND_NAMES = ("auto", "screen-reader", "self-voicing", "espeak-ng", "pyttsx3", "ao2", "silent", "recording", "jsonl")
#: Backends that voice text themselves.
VOICE_NAMES = ("ao2", "espeak-ng", "pyttsx3")
_PLAIN = ("silent", "recording", "jsonl")


def self_voicing_order(platform: str | None = None) -> tuple[str, ...]:
    """The voices to try, best first. Linux: speech-dispatcher (the desktop's own voice settings), then
    an espeak-ng process, then pyttsx3. Windows and macOS: pyttsx3 (SAPI5 / NSSpeechSynthesizer) first;
    accessible_output2 is left out there because it would pick NVDA or JAWS, which is not self-voicing."""
    platform = platform or sys.platform
    if platform.startswith("linux"):
        return ("ao2", "espeak-ng", "pyttsx3")
    return ("pyttsx3", "espeak-ng")


def _raw(
    name: str,
    rate: int | None,
    voice: str | None,
    volume: float | None,
    transcript: str | None,
    audio_player: str | None = None,
) -> Backend:
    if name == "espeak-ng":
        from speech.backends.espeak_ng import EspeakBackend

        return EspeakBackend(rate, voice, volume, player=audio_player or "auto")
    if name == "pyttsx3":
        from speech.backends.pyttsx3_voice import Pyttsx3Backend

        return Pyttsx3Backend(rate, voice, volume, audio_player=audio_player)
    if name == "ao2":
        from speech.backends.ao2 import Ao2Backend

        return Ao2Backend(rate, voice, volume)
    if name == "screen-reader":
        return ScreenReaderBackend()
    if name == "silent":
        return SilentBackend()
    if name == "recording":
        return RecordingBackend()
    if name == "jsonl":
        if not transcript:
            raise BackendUnavailable("the jsonl backend needs a transcript file")
        return JsonlBackend(transcript)
    raise BackendUnavailable(f"unknown speech backend {name!r}; choose from {', '.join(BACKEND_NAMES)}")


def _names(name: str) -> list[str]:
    if name == "auto":
        name = "screen-reader" if detect_screen_reader() else "self-voicing"
    if name == "self-voicing":
        return [*self_voicing_order(), "screen-reader"]
    if name in VOICE_NAMES:
        rest = [n for n in self_voicing_order() if n != name]
        return [name, *rest, "screen-reader"]
    if name == "screen-reader":
        return ["screen-reader", "silent"]
    if name in ("silent", "recording", "jsonl"):
        return [name]
    raise BackendUnavailable(f"unknown speech backend {name!r}; choose from {', '.join(BACKEND_NAMES)}")


def backend_chain(
    name: str,
    *,
    rate: int | None = None,
    voice: str | None = None,
    volume: float | None = None,
    transcript: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    audio_player: str | None = None,
) -> list[Factory]:
    """Factories for ``name`` and then its fallbacks, each building under the timeout.

    With ``transcript`` (and a name other than "jsonl") every backend of the chain also writes that
    one transcript file. ``audio_player`` (a command playing WAV from standard input) goes to every
    voice that plays audio itself. Voice settings are passed to the first voice only: a fallback starts with its
    own defaults, since a voice name of one engine means nothing to another.
    """
    names = _names(name)
    shared: list[JsonlBackend] = []

    def tee(backend: Backend) -> Backend:
        if not transcript or name == "jsonl":
            return backend
        if not shared:
            shared.append(JsonlBackend(Path(transcript)))
        return TeeBackend(backend, shared[0])

    def build(n: str, first: bool) -> Backend:
        settings = (rate, voice, volume) if first else (rate, None, volume)
        raw = partial(_raw, n, *settings, transcript, audio_player)
        try:
            if n in _PLAIN or (n == "screen-reader" and sys.platform != "win32"):
                return tee(raw())  # nothing to wait for and nothing that prints
            return tee(build_guarded(n, raw, timeout))
        except BackendUnavailable as exc:
            if str(exc).startswith(n):
                raise
            raise BackendUnavailable(f"{n}: {exc}") from exc

    return [partial(build, n, i == 0) for i, n in enumerate(names)]


class ChainOptions(TypedDict, total=False):
    """The keyword options of :func:`backend_chain`, passed on unchanged by the functions built on it."""

    rate: int | None
    voice: str | None
    volume: float | None
    transcript: str | None
    timeout: float
    audio_player: str | None


def start_backend(name: str, **options: Unpack[ChainOptions]) -> tuple[Backend, list[Factory], list[str]]:
    """The first backend of the chain that starts, the fallbacks after it, and why earlier ones did not."""
    chain = backend_chain(name, **options)
    problems: list[str] = []
    for i, factory in enumerate(chain):
        try:
            return factory(), chain[i + 1 :], problems
        except BackendUnavailable as exc:
            problems.append(str(exc))
    raise BackendUnavailable("; ".join(problems) or f"no backend for {name!r}")


def make_backend(name: str, **options: Unpack[ChainOptions]) -> Backend:
    """The backend called ``name``. "auto" and "self-voicing" take the first that starts; a single named
    backend that cannot start raises BackendUnavailable with the reason (use :func:`start_backend` to
    fall back instead)."""
    if name in ("auto", "self-voicing"):
        return start_backend(name, **options)[0]
    return backend_chain(name, **options)[0]()
