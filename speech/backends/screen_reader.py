"""Screen-reader mode: the program prints each message as one line and the player's screen reader
speaks it and shows it on the braille display. The backend itself speaks nothing.

On Linux and macOS the printed line is the only route to braille (or a direct BrlAPI link, see
access_game.ui.brlapi_link). On Windows, accessible_output2 hands every line straight to NVDA's or
JAWS's braille display. JAWS is a COM object: it is created, and every line is handed to it, in one
worker thread that has initialised COM (speech.backends.com); the game never waits for it.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from speech.backends.base import BackendFailed, BackendUnavailable
from speech.backends.com import ComInit, co_initialize
from speech.backends.worker import QueueWorker
from speech.i18n import _

__all__ = ["ScreenReaderBackend", "detect_screen_reader"]

_LINUX_READERS = ("orca", "fenrir", "speakup")


def detect_screen_reader() -> str | None:
    """The name of a running screen reader, when one can be seen cheaply; None otherwise."""
    try:
        if sys.platform.startswith("linux"):
            for proc in Path("/proc").iterdir():
                if not proc.name.isdigit():
                    continue
                with contextlib.suppress(OSError):
                    comm = (proc / "comm").read_text().strip().lower()
                    if comm in _LINUX_READERS:
                        return comm
            return None
        if sys.platform == "darwin":
            import subprocess  # only here: loading it costs every other start a few milliseconds

            done = subprocess.run(["pgrep", "-x", "VoiceOver"], capture_output=True, timeout=1.0, check=False)
            return "VoiceOver" if done.returncode == 0 else None
        if sys.platform == "win32":
            return _detect_windows(_windows_output)
    except Exception:  # a reader that cannot be seen (no /proc, no pgrep, no COM) is no reader found
        return None
    return None


WINDOWS_READERS = ("NVDA", "JAWS", "System Access", "ZDSR")


def _windows_output() -> Any:
    from speech.backends.ao2 import load_ao2_output

    return load_ao2_output(linux_speech_dispatcher_only=False)


def _detect_windows(loader: Callable[[], Any], com: ComInit = co_initialize, timeout: float = 1.0) -> str | None:
    """Ask accessible_output2 which screen reader runs, in a thread of its own with COM initialised."""
    found: list[str] = []

    def ask() -> None:
        try:
            uninitialize = com()
        except Exception:
            return
        try:
            name = str(getattr(loader(), "name", ""))
            if name in WINDOWS_READERS:
                found.append(name)
        except Exception:
            pass
        finally:
            uninitialize()

    thread = threading.Thread(target=ask, name="detect-screen-reader", daemon=True)
    thread.start()
    thread.join(timeout)
    return found[0] if found else None


class ScreenReaderBackend:
    name = "screen-reader"
    speaks = False

    def __init__(
        self,
        *,
        windows_braille: bool = True,
        loader: Callable[[], Any] | None = None,
        com: ComInit = co_initialize,
    ) -> None:
        """``loader`` builds the screen reader's output (accessible_output2 on Windows); given, it is used
        on any system (how the path up to the COM edge is tested)."""
        self._output: Any = None
        self._worker: QueueWorker | None = None
        wanted = loader is not None or (
            sys.platform == "win32" and windows_braille and not os.environ.get("ACCESS_GAME_NO_AO2"))
        if not wanted:
            return
        build = loader or _windows_output

        def setup() -> None:
            out = build()
            if not hasattr(out, "braille"):
                raise BackendUnavailable(_("this screen reader takes no braille from programs"))
            self._output = out

        # Not waited for: lines queue until the output is ready, and are dropped if it never is (the
        # printed line is still there for the screen reader).
        self._worker = QueueWorker("screen-reader braille", setup, com=com)

    def wait_ready(self, timeout: float = 5.0) -> bool:
        """Whether lines reach the screen reader's braille display directly (waits for the output)."""
        worker = self._worker
        if worker is None:
            return False
        try:
            worker.wait_ready(timeout)
        except BackendUnavailable:
            return False
        return True

    def speak(self, text: str, *, urgent: bool = False) -> None:
        pass

    def braille(self, cells: str) -> None:
        """Every line, in order, from the one thread that owns the output; a failed output is dropped
        (the printed line is still there)."""
        worker = self._worker
        if worker is None:
            return
        try:
            worker.submit(lambda: self._output.braille(cells))
        except BackendFailed:
            self._worker = None
            worker.close()

    def stop(self) -> None:
        pass

    def close(self) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.close()
