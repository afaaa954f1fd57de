"""Is there anywhere for the game's own voice to go? Asked before self-voicing starts.

Without a sound server or a sound card nothing tells the program that it is talking to nobody:
espeak-ng exits 0 after 30 ms with ALSA errors on stderr, pyttsx3 writes its audio to a file and
finds no player. So the game looks for itself: a PulseAudio or PipeWire server that accepts a
connection (a socket file left behind by a server that has gone counts for nothing), or an ALSA
playback device under /dev/snd. A player named with ``--audio-player`` is trusted to know its own
device; only its being installed is checked. Windows and macOS always have an output.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "AudioOutput",
    "find_audio_output",
    "no_audio_notice",
    "server_player",
    "sound_server",
]

#: Seconds to wait for a sound server to accept a connection.
CONNECT_TIMEOUT = 0.3
#: Where ALSA puts its devices.
SND_DIR = Path("/dev/snd")


@dataclass(frozen=True, slots=True)
class AudioOutput:
    """Where the voice can go (``found``), said in a few words for diagnostics (``how``)."""

    found: bool
    how: str


def _server_addresses() -> list[tuple[str, str]]:
    """(family, address) pairs a PulseAudio client would try: PULSE_SERVER first, then the sockets
    of the user's runtime folder (PipeWire serves the PulseAudio protocol there too)."""
    out: list[tuple[str, str]] = []
    env = os.environ.get("PULSE_SERVER", "").strip()
    for item in env.split():
        item = item.split("}", 1)[-1]  # "{machine-id}unix:/path" names a machine first
        if item.startswith("unix:"):
            out.append(("unix", item[5:]))
        elif item.startswith("/"):
            out.append(("unix", item))
        else:
            for prefix in ("tcp4:", "tcp6:", "tcp:"):
                item = item.removeprefix(prefix)
            out.append(("tcp", item))
    runtime = os.environ.get("XDG_RUNTIME_DIR") or (f"/run/user/{os.getuid()}" if hasattr(os, "getuid") else "")
    if runtime:
        out.append(("unix", str(Path(runtime) / "pulse" / "native")))
        out.append(("unix", str(Path(runtime) / "pipewire-0")))
    return out


def _answers(family: str, address: str) -> bool:
    if family == "unix":
        if not Path(address).exists() or not hasattr(socket, "AF_UNIX"):
            return False
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        target: str | tuple[str, int] = address
    else:
        host, _, port = address.rpartition(":")
        if not host or not port.isdigit():
            host, port = address, "4713"
        sock = socket.socket(socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET, socket.SOCK_STREAM)
        target = (host.strip("[]"), int(port))
    with sock:
        sock.settimeout(CONNECT_TIMEOUT)
        try:
            sock.connect(target)
        except OSError:
            return False
    return True


def sound_server() -> str | None:
    """The address of a PulseAudio or PipeWire server that accepts connections, or None."""
    for family, address in _server_addresses():
        if _answers(family, address):
            return address
    return None


def alsa_playback_devices() -> list[str]:
    """ALSA playback devices (``/dev/snd/pcmC0D0p``...): a sound card the voice can use without a server."""
    with contextlib.suppress(OSError):
        return sorted(p.name for p in SND_DIR.iterdir() if p.name.startswith("pcm") and p.name.endswith("p"))
    return []


def server_player() -> tuple[str, ...] | None:
    """The sound server's own player reading WAV from standard input, when a server answers."""
    if sound_server() is None:
        return None
    if shutil.which("paplay"):
        return ("paplay",)
    if shutil.which("pw-play"):
        return ("pw-play", "-")
    return None


def find_audio_output(player: str | None = None) -> AudioOutput:
    """Where the game's voice would be heard, or why nowhere."""
    if player:
        program = player.split()[0]
        if shutil.which(program):
            return AudioOutput(True, f"the audio player {player!r}")
        return AudioOutput(False, f"the audio player {program!r} is not installed")
    if not sys.platform.startswith("linux"):
        return AudioOutput(True, "the system's sound output")
    server = sound_server()
    if server is not None:
        return AudioOutput(True, f"the sound server at {server}")
    devices = alsa_playback_devices()
    if devices:
        return AudioOutput(True, f"the sound card ({devices[0]})")
    return AudioOutput(False, "no sound server answers and there is no sound card")


def no_audio_notice(output: AudioOutput) -> str:
    """Said once, printed, when self-voicing was asked for and there is nowhere for the voice to go."""
    return (
        f"There is no audio output here ({output.how}), so the game cannot speak: it prints every message "
        "for your screen reader instead. To hear its own voice, start a sound server (PulseAudio or PipeWire) "
        "or name a program that plays WAV audio from standard input with --audio-player, then start the game again."
    )
