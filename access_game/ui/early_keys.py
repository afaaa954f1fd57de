"""Keys typed before the first prompt reach it as they were typed.

A game's first line is printed before the terminal interface is loaded (access_game.ui.printer), so a
player who answers it at once types while the terminal is still in its line mode: there Enter arrives
as a line feed (another key to the prompt), and every key is echoed on the screen, between the lines a
screen reader reads. ``hold_keys`` puts the terminal in the mode the prompt will use (no echo, keys one
by one, Enter as Enter, Ctrl+C still an interrupt) as the command starts, and puts back the player's
own mode when the program ends. Where there is no such terminal (Windows, a pipe) it does nothing.
"""

from __future__ import annotations

import atexit
import contextlib
import sys
from typing import Any

__all__ = ["hold_keys"]


def hold_keys() -> None:
    try:
        import termios
    except ImportError:  # Windows: its console reads keys one by one already
        return
    try:
        fd = sys.stdin.fileno()
        before = termios.tcgetattr(fd)
    except (OSError, ValueError, termios.error):
        return
    mode = termios.tcgetattr(fd)
    mode[0] &= ~(termios.ICRNL | termios.IXON)  # Enter stays Enter; Ctrl+S and Ctrl+Q reach the game
    mode[3] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN)  # no echo; keys one by one
    with contextlib.suppress(termios.error):
        termios.tcsetattr(fd, termios.TCSANOW, mode)
        atexit.register(_put_back, fd, before)


def _put_back(fd: int, before: list[Any]) -> None:
    import termios

    with contextlib.suppress(termios.error, OSError):
        termios.tcsetattr(fd, termios.TCSANOW, before)
