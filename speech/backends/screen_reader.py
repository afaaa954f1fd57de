"""Screen-reader mode: the program prints each message as one line and the player's screen reader
speaks it and shows it on the braille display. The backend itself speaks nothing.

On Linux and macOS the printed line is the only route to braille. On Windows, accessible_output2 can
hand a line straight to NVDA's or JAWS's braille display, which lets a player read cards as braille
cells while the screen reader speaks the words of the printed line.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from speech.backends.base import BackendUnavailable

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
            done = subprocess.run(["pgrep", "-x", "VoiceOver"], capture_output=True, timeout=1.0, check=False)
            return "VoiceOver" if done.returncode == 0 else None
        if sys.platform == "win32":
            from speech.backends.ao2 import load_ao2_output

            out = load_ao2_output(linux_speech_dispatcher_only=False)
            name = str(getattr(out, "name", ""))
            return name if name in ("NVDA", "JAWS", "System Access", "ZDSR") else None
    except (OSError, subprocess.SubprocessError, BackendUnavailable, ImportError):
        return None
    except Exception:
        return None
    return None


class ScreenReaderBackend:
    name = "screen-reader"
    speaks = False

    def __init__(self, *, windows_braille: bool = True) -> None:
        self._ao2: Any = None
        if sys.platform == "win32" and windows_braille and not os.environ.get("ACCESS_GAME_NO_AO2"):
            with contextlib.suppress(Exception):
                from speech.backends.ao2 import load_ao2_output

                out = load_ao2_output(linux_speech_dispatcher_only=False)
                if hasattr(out, "braille"):
                    self._ao2 = out

    def speak(self, text: str, *, urgent: bool = False) -> None:
        pass

    def braille(self, cells: str) -> None:
        if self._ao2 is not None:
            with contextlib.suppress(Exception):
                self._ao2.braille(cells)

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass
