"""Output backends: one small interface, many ways to reach the player."""

from speech.backends.base import (
    Backend,
    BackendFailed,
    BackendUnavailable,
    RecordingBackend,
    SilentBackend,
    Transcribing,
    VoiceStyle,
)
from speech.backends.registry import (
    BACKEND_NAMES,
    VOICE_NAMES,
    Factory,
    backend_chain,
    make_backend,
    self_voicing_order,
    start_backend,
)
from speech.backends.screen_reader import ScreenReaderBackend, detect_screen_reader
from speech.backends.transcript import JsonlBackend, TeeBackend, read_transcript

__all__ = [
    "BACKEND_NAMES",
    "VOICE_NAMES",
    "Backend",
    "BackendFailed",
    "BackendUnavailable",
    "Factory",
    "JsonlBackend",
    "RecordingBackend",
    "ScreenReaderBackend",
    "SilentBackend",
    "TeeBackend",
    "Transcribing",
    "VoiceStyle",
    "backend_chain",
    "detect_screen_reader",
    "make_backend",
    "read_transcript",
    "self_voicing_order",
    "start_backend",
]
