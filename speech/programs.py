"""Finding the system programs the private sound server and the braille display harness drive.

Both start real programs (pulseaudio, pactl, parecord; brltty, tmux) that Python cannot install: a
missing one is said with the Debian packages that bring it, so whoever runs the checks or the figures
knows what to install. Here, not in braille/, because the speech side needs it too and must not
import braille.
"""

from __future__ import annotations

import shutil

__all__ = ["need_program"]


def need_program(program: str, packages: str) -> str:
    """The path of ``program``, or FileNotFoundError naming the Debian ``packages`` that install it."""
    exe = shutil.which(program)
    if exe is None:
        raise FileNotFoundError(f"{program} is not installed (Debian: apt-get install {packages})")
    return exe
