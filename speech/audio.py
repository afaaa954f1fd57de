"""Playing a WAV file without blocking, through the platform's own player.

Why a player process and not an audio library: every desktop already has one (paplay or pw-play on
PulseAudio/PipeWire Linux, aplay on bare ALSA, afplay on macOS, winsound in Python on Windows), it
needs no compiled dependency, it plays in the background by itself, and ``terminate()`` stops it at
once. simpleaudio is unmaintained; sounddevice needs the PortAudio library installed on Linux.
Without a sound device there is nothing to play to: :func:`find_player` returns None and callers
stay quiet.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["Player", "audio_device_present", "find_player", "reap"]


def audio_device_present() -> bool:
    """A sound server socket or an ALSA device exists (Linux); other systems always have one."""
    if not sys.platform.startswith("linux"):
        return True
    if os.environ.get("PULSE_SERVER"):
        return True
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and any((Path(runtime) / p).exists() for p in ("pulse/native", "pipewire-0")):
        return True
    snd = Path("/dev/snd")
    try:
        return snd.is_dir() and any(p.name.startswith("pcm") for p in snd.iterdir())
    except OSError:
        return False


@dataclass(frozen=True, slots=True)
class Player:
    """A command that plays one WAV file given as its last argument (or winsound on Windows)."""

    command: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.command[0] if self.command else "winsound"

    def start(self, path: str | os.PathLike[str]) -> subprocess.Popen[bytes] | None:
        """Start playing; returns the process (None for winsound, which plays asynchronously)."""
        if not self.command:
            import winsound

            sound: Any = winsound  # the module's names exist on Windows only; checkers elsewhere lack them
            sound.PlaySound(str(path), sound.SND_FILENAME | sound.SND_ASYNC)
            return None
        return subprocess.Popen(
            [*self.command, str(path)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def stdin_command(self) -> tuple[str, ...] | None:
        """The command that plays a WAV stream from stdin, when this player can."""
        if self.name in ("paplay", "aplay"):
            return self.command
        if self.name == "pw-play":
            return (*self.command, "-")
        return None


_CANDIDATES: dict[str, tuple[tuple[str, ...], ...]] = {
    "linux": (("paplay",), ("pw-play",), ("aplay", "-q")),
    "darwin": (("afplay",),),
}


def find_player(preferred: str | None = None) -> Player | None:
    """The player to use here, or None without a sound device or player.

    ``preferred`` names a command ("aplay", "paplay", ...) or "winsound"; if it is missing, the usual
    ones are tried.
    """
    if sys.platform == "win32":
        return Player(())
    if not audio_device_present():
        return None
    if preferred and preferred != "winsound":
        parts = tuple(preferred.split())
        if parts and shutil.which(parts[0]):
            return Player(parts)
    key = "darwin" if sys.platform == "darwin" else "linux"
    for cand in _CANDIDATES[key]:
        if shutil.which(cand[0]):
            return Player(cand)
    return None


def reap(procs: list[subprocess.Popen[bytes]]) -> list[subprocess.Popen[bytes]]:
    """Drop finished processes (collecting their exit status so none is left a zombie)."""
    alive = []
    for p in procs:
        with contextlib.suppress(Exception):
            if p.poll() is None:
                alive.append(p)
    return alive
