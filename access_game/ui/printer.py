"""Printing whole lines above the prompt line, in one write per key press.

Lines are collected while a key is handled and printed together when it is done: the terminal then
gets the new lines and one redraw of the prompt, however many computer players moved, so a screen
reader finds each event as one new line and nothing earlier is ever rewritten.
"""

from __future__ import annotations

import asyncio
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.application.run_in_terminal import run_in_terminal
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.output import Output
from prompt_toolkit.shortcuts import print_formatted_text

__all__ = ["LinePrinter"]


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
        # One message is one line: a line break inside would read as two unrelated lines.
        self.pending.append(" ".join(str(line).splitlines()))

    def flush(self) -> None:
        if not self.pending:
            return
        lines, self.pending = self.pending, []
        self.printed.extend(lines)
        text = FormattedText([("", "\n".join(lines))])

        def write() -> None:
            print_formatted_text(text, output=self.output)

        app = self.app
        if app is None or not app.is_running:
            write()
        elif _in_loop_thread(app):
            # Inside a key handler: erase the prompt, print, and let the redraw that follows every key
            # press draw the prompt once (run_in_terminal would draw it twice).
            app.renderer.erase()
            write()
            app.invalidate()
        else:
            run_in_terminal(write)
