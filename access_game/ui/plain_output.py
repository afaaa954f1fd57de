"""The output for a terminal that takes no control sequences (TERM=dumb or unknown: Emacs shells,
Emacspeak, editor terminals): text only, not one escape byte.

Its own module because it is a prompt_toolkit class, and the line printer (access_game.ui.printer)
must be importable without loading prompt_toolkit: a game's first line is printed before it loads.
"""

from __future__ import annotations

import sys
from typing import TextIO

from prompt_toolkit.output.plain_text import PlainTextOutput

__all__ = ["PlainOutput"]


class PlainOutput(PlainTextOutput):
    """prompt_toolkit's text-only output, without the spaces and line breaks it writes for cursor
    movements: the prompt is drawn as its text alone, once each time it changes."""

    def __init__(self, stdout: TextIO | None = None) -> None:
        super().__init__(stdout if stdout is not None else sys.stdout)
        #: Nothing but whole lines written so far (no prompt waiting at the end of the last one).
        self.at_line_start = True

    def write(self, data: str) -> None:
        if data:
            self.at_line_start = data.endswith("\n")
        super().write(data)

    def write_raw(self, data: str) -> None:
        if data:
            self.at_line_start = data.endswith("\n")
        super().write_raw(data)

    def cursor_down(self, amount: int) -> None:
        pass

    def cursor_forward(self, amount: int) -> None:
        pass
