"""Is there anywhere for the game's own voice to go? Asked before self-voicing starts, and again while
the voice is lost, to know when it can come back.

Without a sound server or a sound card nothing tells the program that it is talking to nobody:
espeak-ng exits 0 after 30 ms with ALSA errors on stderr, pyttsx3 writes its audio to a file and
finds no player. So the game looks for itself: a PulseAudio or PipeWire server that answers (a socket
file left behind by a server that has gone counts for nothing, and neither does a server that takes
the connection but never answers: a stopped or wedged PulseAudio accepts connections into its queue,
and paplay then waits 30 s before it gives up), or an ALSA playback device under /dev/snd. A
PulseAudio socket is asked the protocol's first question (AUTH) and must reply within the time limit;
PipeWire's own socket is only connected to. A player named with ``--audio-player`` is trusted to know
its own device; only its being installed is checked. Windows and macOS always have an output.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import struct
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from speech.i18n import _

__all__ = [
    "AudioOutput",
    "find_audio_output",
    "no_audio_notice",
    "server_player",
    "sound_server",
]

#: Seconds a sound server has to accept a connection and answer.
CONNECT_TIMEOUT = 0.3
#: The PulseAudio native protocol's AUTH command, version 32, with an empty cookie: any server answers it,
#: with a reply or with "access denied", both of which say it is there and working.
_PA_COMMAND_AUTH, _PA_VERSION, _PA_COOKIE = 8, 32, bytes(256)
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


def _auth_packet() -> bytes:
    """A PulseAudio command packet: a descriptor (length, channel -1, offset, flags) and a tag struct
    (command, tag, protocol version, cookie)."""
    body = b"".join((b"L", struct.pack(">I", _PA_COMMAND_AUTH), b"L", struct.pack(">I", 0),
                     b"L", struct.pack(">I", _PA_VERSION), b"x", struct.pack(">I", len(_PA_COOKIE)), _PA_COOKIE))
    return struct.pack(">IIIII", len(body), 0xFFFFFFFF, 0, 0, 0) + body


def _answers(family: str, address: str) -> bool:
    """True when the server at ``address`` takes a connection and (PulseAudio) replies, all within
    CONNECT_TIMEOUT."""
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
    deadline = time.monotonic() + CONNECT_TIMEOUT
    with sock:
        try:
            sock.settimeout(CONNECT_TIMEOUT)
            sock.connect(target)
            if family == "unix" and Path(address).name.startswith("pipewire-"):
                return True  # PipeWire's own protocol: taking the connection is all that is asked
            sock.sendall(_auth_packet())
            reply = b""
            while len(reply) < 20:  # the reply's descriptor
                sock.settimeout(max(0.001, deadline - time.monotonic()))
                chunk = sock.recv(20 - len(reply))
                if not chunk:
                    return False  # it hung up on us: no voice goes through there either
                reply += chunk
        except OSError:
            return False
    channel: int = struct.unpack(">I", reply[4:8])[0]
    return channel == 0xFFFFFFFF


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
            return AudioOutput(True, _("the audio player {player!r}").format(player=player))
        return AudioOutput(False, _("the audio player {program!r} is not installed").format(program=program))
    if not sys.platform.startswith("linux"):
        return AudioOutput(True, _("the system's sound output"))
    server = sound_server()
    if server is not None:
        return AudioOutput(True, _("the sound server at {address}").format(address=server))
    devices = alsa_playback_devices()
    if devices:
        return AudioOutput(True, _("the sound card ({device})").format(device=devices[0]))
    return AudioOutput(False, _("no sound server answers and there is no sound card"))


def no_audio_notice(output: AudioOutput) -> str:
    """Said once, printed, when self-voicing was asked for and there is nowhere for the voice to go; the
    game keeps checking and speaks once it can (speech.voice_return)."""
    return _(
        "There is no audio output here ({how}), so the game cannot speak: it prints every message for your "
        "screen reader instead, and speaks as soon as its voice can be heard. To hear its own voice, start a "
        "sound server (PulseAudio or PipeWire) or name a program that plays WAV audio from standard input with "
        "--audio-player."
    ).format(how=output.how)
