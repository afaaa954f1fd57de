"""The backend interface: speak a text (optionally interrupting), stop, close."""

from __future__ import annotations

from typing import Protocol


class Backend(Protocol):
    name: str
    #: True when the backend voices text itself (self-voicing); False when a screen reader reads the
    #: printed line instead.
    speaks: bool

    def speak(self, text: str, *, interrupt: bool = False) -> None: ...

    def braille(self, cells: str) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...


class SilentBackend:
    name = "silent"
    speaks = False

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        pass

    def braille(self, cells: str) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingBackend:
    """Keeps what it was asked to say, for tests."""

    name = "recording"
    speaks = True

    def __init__(self) -> None:
        self.spoken: list[tuple[str, bool]] = []
        self.brailled: list[str] = []
        self.stops = 0

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self.spoken.append((text, interrupt))

    def braille(self, cells: str) -> None:
        self.brailled.append(cells)

    def stop(self) -> None:
        self.stops += 1

    def close(self) -> None:
        pass

    @property
    def texts(self) -> list[str]:
        return [t for t, _ in self.spoken]
