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
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import subprocess

__all__ = ["Player", "audio_device_present", "find_player", "reap"]


def audio_device_present() -> bool:
    """A sound server that answers or an ALSA playback device (Linux); other systems always have one."""
    from speech.audio_check import find_audio_output

    return find_audio_output().found


@dataclass(frozen=True, slots=True)
class Player:
    """A command that plays one WAV file given as its last argument (or winsound on Windows); with
    ``stdin`` the command reads the WAV from its standard input instead (``--audio-player``)."""

    command: tuple[str, ...]
    stdin: bool = False

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
        import subprocess  # here, not at the top: a game's start needs no player process yet

        if self.stdin:
            with open(path, "rb") as audio:
                return subprocess.Popen(
                    list(self.command),
                    stdin=audio,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,
                )
        return subprocess.Popen(
            [*self.command, str(path)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def stdin_command(self) -> tuple[str, ...] | None:
        """The command that plays a WAV stream from stdin, when this player can."""
        if self.stdin:
            return self.command
        if self.name in ("paplay", "aplay"):
            return self.command
        if self.name == "pw-play":
            return (*self.command, "-")
        return None


_CANDIDATES: dict[str, tuple[tuple[str, ...], ...]] = {
    "linux": (("paplay",), ("pw-play",), ("aplay", "-q")),
    "darwin": (("afplay",),),
}


def find_player(preferred: str | None = None, *, stdin_command: str | None = None) -> Player | None:
    """The player to use here, or None without a sound device or player.

    ``preferred`` names a command ("aplay", "paplay", ...) or "winsound"; if it is missing, the usual
    ones are tried. ``stdin_command`` (the --audio-player setting) is a command that plays WAV from its
    standard input: used as it is when installed, since it knows its own device.
    """
    if stdin_command:
        parts = tuple(stdin_command.split())
        if parts and shutil.which(parts[0]):
            return Player(parts, stdin=True)
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
