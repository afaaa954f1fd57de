"""Printing whole lines above the prompt line, in one write per key press.

Lines are collected while a key is handled and printed together when it is done: the terminal then
gets the new lines and one redraw of the prompt, however many computer players moved, so a screen
reader finds each event as one new line and nothing earlier is ever rewritten.

A terminal that understands no control sequences (TERM=dumb or unknown: Emacs shells, Emacspeak,
editor terminals) gets :class:`PlainOutput`: text only, not one escape byte. There the prompt cannot
be erased, so it stays where it was drawn and each key's lines start on the line after it, like a
conversation: ``draw> `` then ``You drew the 5 of clubs.`` then ``discard> ``.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any, TextIO

from prompt_toolkit.application import Application
from prompt_toolkit.application.run_in_terminal import run_in_terminal
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.output import Output
from prompt_toolkit.output.plain_text import PlainTextOutput
from prompt_toolkit.renderer import print_formatted_text as render_lines
from prompt_toolkit.shortcuts import print_formatted_text
from prompt_toolkit.styles import Style

from speech.lines import one_line

__all__ = ["LinePrinter", "PlainOutput", "plain_terminal"]

#: Lines are plain text: no style of their own.
_STYLE = Style([])

#: Terminal types that take no control sequences.
PLAIN_TERMS = ("dumb", "unknown", "emacs", "")


def plain_terminal(term: str | None = None) -> bool:
    """True when the terminal would show control sequences as garbage (TERM unset, dumb or unknown)."""
    if sys.platform == "win32" and term is None:
        return False  # the Windows console is driven through its own API
    value = os.environ.get("TERM", "") if term is None else term
    return value.strip().lower() in PLAIN_TERMS


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


def _in_loop_thread(app: Application[Any]) -> bool:
    loop = app.loop
    if loop is None:
        return False
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


class LinePrinter:
    def __init__(self, output: Output) -> None:
        self.output = output
        self.pending: list[str] = []
        self.app: Application[Any] | None = None
        #: Every line printed, in order (the session's record of what a screen reader was given).
        self.printed: list[str] = []

    def __call__(self, line: str) -> None:
        # One message is one line: a line break inside would read as two unrelated lines; and never a
        # control character, which a terminal would obey (a name from a save or a server may hold some).
        self.pending.append(one_line(str(line)))

    def flush(self) -> None:
        if not self.pending:
            return
        lines, self.pending = self.pending, []
        self.printed.extend(lines)
        app = self.app
        # On a plain terminal a prompt stays on its line: the new lines start below it.
        lead = "\n" if isinstance(self.output, PlainOutput) and not self.output.at_line_start else ""
        text = FormattedText([("", lead + "\n".join(lines))])

        def write() -> None:
            print_formatted_text(text, output=self.output)

        if app is None or not app.is_running:
            write()
        elif _in_loop_thread(app):
            # Inside a key handler: erase the prompt, write the lines out now (print_formatted_text would
            # wait for the handler to end, and the player's own move must be heard before the computer
            # players think), and let the redraw that follows every key press draw the prompt once. A
            # plain terminal cannot erase: its prompt stays where it was drawn.
            plain = isinstance(self.output, PlainOutput)
            if not plain:
                app.renderer.erase()
            render_lines(self.output, FormattedText([("", lead + "\n".join(lines) + "\n")]), _STYLE)
            self.output.flush()
            if plain:  # the prompt is drawn again whole, on the line after these
                app.renderer.reset(leave_alternate_screen=False)
            app.invalidate()
        else:
            run_in_terminal(write)
