"""Output backends: one small interface, many ways to reach the player."""

from speech.backends.base import Backend, RecordingBackend, SilentBackend

__all__ = ["Backend", "RecordingBackend", "SilentBackend"]
