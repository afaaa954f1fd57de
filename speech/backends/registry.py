"""Choosing a backend by name, with the fallbacks to use when it cannot start or stops working.

Names: "auto" (screen-reader when a running screen reader is seen, else self-voicing),
"screen-reader", "self-voicing" (the best voice this system has), "espeak-ng", "pyttsx3", "ao2",
"silent", "recording", "jsonl" (a transcript file stands in for the voice).
Every backend is built under :func:`speech.backends.guard.build_guarded`: output captured, at most
one second. A chain always ends in the screen-reader backend, which cannot fail: the printed line is
there whatever happens to the voices. A voice that plays its own audio (espeak-ng, pyttsx3) is not
built when there is nowhere to play it (speech.audio_check): a voice nobody hears is not claimed.

:func:`start_voice` also says which voice the player would want (the first of the chain, leaving out
speech-dispatcher when it is absent: it is tried first only because it carries the desktop's own
settings, and most systems have none), why the ones before the one that started did not, and how to
tell cheaply, without building it, whether that voice could be heard now (:func:`voice_probe`), so the
game can keep trying it and come back to it.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TypedDict, Unpack

from speech.backends.base import (
    PLAIN_STYLE,
    Backend,
    BackendUnavailable,
    RecordingBackend,
    SilentBackend,
    VoiceStyle,
)
from speech.backends.guard import DEFAULT_TIMEOUT, build_guarded
from speech.backends.screen_reader import ScreenReaderBackend, detect_screen_reader
from speech.backends.transcript import JsonlBackend, TeeBackend
from speech.i18n import _, pgettext

__all__ = [
    "BACKEND_NAMES",
    "VOICE_NAMES",
    "Factory",
    "PreferredVoice",
    "Probe",
    "Started",
    "backend_chain",
    "make_backend",
    "preferred_voice",
    "self_voicing_order",
    "start_backend",
    "start_voice",
    "voice_probe",
]

Factory = Callable[[], Backend]
#: Whether a voice could be heard now: None when it could, else why not (a sentence a player can read).
Probe = Callable[[], str | None]

BACKEND_NAMES = ("auto", "screen-reader", "self-voicing", "espeak-ng", "pyttsx3", "ao2", "silent", "recording", "jsonl")
#: Backends that voice text themselves.
VOICE_NAMES = ("ao2", "espeak-ng", "pyttsx3")
_PLAIN = ("silent", "recording", "jsonl")
#: Voices whose absence is not worth a word: speech-dispatcher is tried first only where it is installed.
QUIET = ("ao2",)
#: Voices that play their own audio, so need somewhere to play it.
_PLAYS_AUDIO = ("espeak-ng", "pyttsx3")


def self_voicing_order(platform: str | None = None) -> tuple[str, ...]:
    """The voices to try, best first. Linux: speech-dispatcher (the desktop's own voice settings), then
    an espeak-ng process, then pyttsx3. Windows and macOS: pyttsx3 (SAPI5 / NSSpeechSynthesizer) first;
    accessible_output2 is left out there because it would pick NVDA or JAWS, which is not self-voicing."""
    platform = platform or sys.platform
    if platform.startswith("linux"):
        return ("ao2", "espeak-ng", "pyttsx3")
    return ("pyttsx3", "espeak-ng")


def _raw(name: str, style: VoiceStyle, transcript: str | None, audio_player: str | None = None) -> Backend:
    if name in _PLAYS_AUDIO:
        unheard = _no_audio(audio_player)
        if unheard:
            raise BackendUnavailable(_("{name}: {reason}").format(name=name, reason=unheard))
    if name == "espeak-ng":
        from speech.backends.espeak_ng import EspeakBackend

        return EspeakBackend(style, player=audio_player or "auto")
    if name == "pyttsx3":
        from speech.backends.pyttsx3_voice import Pyttsx3Backend

        return Pyttsx3Backend(style, audio_player=audio_player)
    if name == "ao2":
        from speech.backends.ao2 import Ao2Backend

        return Ao2Backend(style)
    if name == "screen-reader":
        return ScreenReaderBackend()
    if name == "silent":
        return SilentBackend()
    if name == "recording":
        return RecordingBackend()
    if name == "jsonl":
        if not transcript:
            raise BackendUnavailable(_("the jsonl backend needs a transcript file"))
        return JsonlBackend(transcript)
    raise BackendUnavailable(_("unknown speech backend {name}; choose from {names}").format(
        name=repr(name), names=", ".join(BACKEND_NAMES)))


def _no_audio(audio_player: str | None) -> str | None:
    """Why audio played here would not be heard (None: it would)."""
    from speech.audio_check import find_audio_output

    output = find_audio_output(audio_player)
    return None if output.found else output.how


def voice_probe(name: str, audio_player: str | None = None) -> Probe | None:
    """How to tell whether the voice ``name`` could be heard now, without building it (a program on the
    path, a module importable, an audio output answering): cheap enough to ask every few seconds. None
    for a voice that cannot be told apart from its building (speech-dispatcher, screen readers)."""
    if name == "espeak-ng":
        def espeak() -> str | None:
            if shutil.which("espeak-ng") is None:
                return _("{program} is not installed").format(program="espeak-ng")
            return _no_audio(audio_player)

        return espeak
    if name == "pyttsx3":
        def pyttsx3() -> str | None:
            if importlib.util.find_spec("pyttsx3") is None:
                return _("{program} is not installed").format(program="pyttsx3")
            return _no_audio(audio_player) if sys.platform.startswith("linux") else None

        return pyttsx3
    return None


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
    raise BackendUnavailable(_("unknown speech backend {name}; choose from {names}").format(
        name=repr(name), names=", ".join(BACKEND_NAMES)))


def backend_chain(
    name: str,
    *,
    style: VoiceStyle = PLAIN_STYLE,
    transcript: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    audio_player: str | None = None,
) -> list[Factory]:
    """Factories for ``name`` and then its fallbacks, each building under the timeout.

    With ``transcript`` (and a name other than "jsonl") every backend of the chain also writes that
    one transcript file. ``audio_player`` (a command playing WAV from standard input) goes to every
    voice that plays audio itself. ``style`` (how the voice should sound) goes whole to the first voice;
    a fallback gets it without the voice name (:meth:`VoiceStyle.for_fallback`), since a voice name of one
    engine means nothing to another, while rate, volume, pitch and variant still apply.
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
        raw = partial(_raw, n, style if first else style.for_fallback(), transcript, audio_player)
        try:
            if n in _PLAIN or (n == "screen-reader" and sys.platform != "win32"):
                return tee(raw())  # nothing to wait for and nothing that prints
            return tee(build_guarded(n, raw, timeout))
        except BackendUnavailable as exc:
            if str(exc).startswith(n):
                raise
            raise BackendUnavailable(_("{name}: {reason}").format(name=n, reason=exc)) from exc

    return [partial(build, n, i == 0) for i, n in enumerate(names)]


class ChainOptions(TypedDict, total=False):
    """The keyword options of :func:`backend_chain`, passed on unchanged by the functions built on it."""

    style: VoiceStyle
    transcript: str | None
    timeout: float
    audio_player: str | None


@dataclass(frozen=True, slots=True)
class PreferredVoice:
    """The voice a player who asked for a chain would want: its name, the chain from it on (itself first,
    then its own fallbacks), and how to tell whether it could be heard now."""

    name: str
    chain: tuple[Factory, ...]
    probe: Probe


@dataclass(frozen=True, slots=True)
class Started:
    """What starting a chain found: the backend that started (``name``) and the fallbacks after it; why
    each backend before it did not, as (name, reason); and the voice the player would want, whether or
    not it is the one speaking, when it can be tried again (``preferred``: the game comes back to it
    whenever it is lost)."""

    backend: Backend
    name: str
    fallbacks: tuple[Factory, ...]
    problems: tuple[tuple[str, str], ...]
    preferred: PreferredVoice | None = None

    @property
    def fell_back(self) -> str | None:
        """Why the preferred voice is not the one speaking (None when it is, or there is none)."""
        if self.preferred is None or self.name == self.preferred.name:
            return None
        return next((reason for name, reason in self.problems if name == self.preferred.name), None)


def _reason(name: str, exc: BaseException) -> str:
    """The reason alone, without the name the chain put before it."""
    return str(exc).removeprefix(f"{name}: ")


def _preferred(names: list[str], chain: list[Factory], audio_player: str | None) -> tuple[int, PreferredVoice] | None:
    """Where the wanted voice is in the chain: its first voice that is not tried only where installed
    (speech-dispatcher), if it can be told whether it would be heard."""
    for j, n in enumerate(names):
        if n in VOICE_NAMES and n not in QUIET:
            probe = voice_probe(n, audio_player)
            return None if probe is None else (j, PreferredVoice(n, tuple(chain[j:]), probe))
    return None


def preferred_voice(name: str, **options: Unpack[ChainOptions]) -> PreferredVoice | None:
    """The voice a player asking for ``name`` would want, without starting anything (None: no voice in
    that chain, or none that can be tried again)."""
    found = _preferred(_names(name), backend_chain(name, **options), options.get("audio_player"))
    return None if found is None else found[1]


def start_voice(name: str, **options: Unpack[ChainOptions]) -> Started:
    """Start the chain for ``name``: the first backend that starts, and everything the game needs to say
    truthfully what it got and to keep trying the voice it wanted."""
    names = _names(name)
    chain = backend_chain(name, **options)
    problems: list[tuple[str, str]] = []
    for i, factory in enumerate(chain):
        try:
            backend = factory()
        except BackendUnavailable as exc:
            problems.append((names[i], _reason(names[i], exc)))
            continue
        wanted = _preferred(names, chain, options.get("audio_player"))
        # Not wanted back when something before it in the chain started (speech-dispatcher, when it
        # starts, is better still).
        preferred = wanted[1] if wanted is not None and wanted[0] <= i else None
        return Started(backend, names[i], tuple(chain[i + 1 :]), tuple(problems), preferred)
    raise BackendUnavailable(pgettext("between the reasons no voice started", "; ").join(
        _("{name}: {reason}").format(name=n, reason=r) for n, r in problems)
        or _("no speech output for {name}").format(name=repr(name)))


def start_backend(name: str, **options: Unpack[ChainOptions]) -> tuple[Backend, list[Factory], list[str]]:
    """The first backend of the chain that starts, the fallbacks after it, and why earlier ones did not."""
    started = start_voice(name, **options)
    return started.backend, list(started.fallbacks), [f"{n}: {r}" for n, r in started.problems]


def make_backend(name: str, **options: Unpack[ChainOptions]) -> Backend:
    """The backend called ``name``. "auto" and "self-voicing" take the first that starts; a single named
    backend that cannot start raises BackendUnavailable with the reason (use :func:`start_backend` to
    fall back instead)."""
    if name in ("auto", "self-voicing"):
        return start_backend(name, **options)[0]
    return backend_chain(name, **options)[0]()
