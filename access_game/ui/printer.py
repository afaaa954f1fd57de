"""Printing whole lines above the prompt line, in one write per key press.

Lines are collected while a key is handled and printed together when it is done: the terminal then
gets the new lines and one redraw of the prompt, however many computer players moved, so a screen
reader finds each event as one new line and nothing earlier is ever rewritten.

A terminal that understands no control sequences (TERM=dumb or unknown: Emacs shells, Emacspeak,
editor terminals) gets :class:`PlainOutput`: text only, not one escape byte. There the prompt cannot
be erased, so it stays where it was drawn and each key's lines start on the line after it, like a
conversation: ``draw> `` then ``You drew the 5 of clubs.`` then ``discard> ``.

The terminal interface (prompt_toolkit) takes longer to load than everything else before a game's first
line, so a printer can be made before it: made with ``later`` (how to make the output) instead of an
output, it writes the lines that come before any prompt straight to the terminal as plain text, and
loads the interface only when something asks for its output (the first prompt). The first line then
comes as fast as the rules and the voice allow (``python -m access_game.bench_startup --first-line --
play``), still one whole line, printed once, above the prompt drawn after it.

A line longer than the terminal is wide is folded by the terminal at its last column, inside a word;
on a terminal that moves a cursor, each line is written so that its rows end between words
(speech.lines.fold_at_spaces: spaces fill a row's end, never a line break), so a card's name is never
cut in two and the message is still one line. A plain terminal folds lines its own way (Emacs at its
window's edge), and gets the line as it is.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from speech.lines import fold_at_spaces, one_line

if TYPE_CHECKING:
    from prompt_toolkit.application import Application
    from prompt_toolkit.output import Output

__all__ = ["LinePrinter", "plain_terminal", "terminal_output"]

#: Terminal types that take no control sequences.
PLAIN_TERMS = ("dumb", "unknown", "emacs", "")


def plain_terminal(term: str | None = None) -> bool:
    """True when the terminal would show control sequences as garbage (TERM unset, dumb or unknown)."""
    if sys.platform == "win32" and term is None:
        return False  # the Windows console is driven through its own API
    value = os.environ.get("TERM", "") if term is None else term
    return value.strip().lower() in PLAIN_TERMS


def terminal_output() -> Output:
    """The output for this run's terminal: text only where the terminal takes no control sequences."""
    if plain_terminal():
        from access_game.ui.plain_output import PlainOutput

        return PlainOutput()
    from prompt_toolkit.output import create_output

    return create_output()


def _stream_columns(stream: TextIO) -> int:
    """The width of the terminal ``stream`` writes to, for folding lines at spaces; 0 (no folding) when it
    is no terminal or a plain one."""
    try:
        if not stream.isatty() or plain_terminal():
            return 0
        return os.get_terminal_size(stream.fileno()).columns
    except (OSError, ValueError, AttributeError):
        return 0


def _in_loop_thread(app: Application[Any]) -> bool:
    import asyncio  # loaded with the terminal interface: the first lines are printed without it

    loop = app.loop
    if loop is None:
        return False
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


class LinePrinter:
    """Whole lines, collected and printed together; ``later`` makes the output when it is first needed
    (until then, lines go to ``stream`` as plain text: see the module's docstring)."""

    def __init__(self, output: Output | None = None, *, later: Callable[[], Output] | None = None,
                 stream: TextIO | None = None) -> None:
        if (output is None) == (later is None):
            raise TypeError("LinePrinter takes an output or a way to make one (later), not both")
        self._output = output
        self._later = later
        self._stream = stream
        self.pending: list[str] = []
        self.app: Application[Any] | None = None
        #: Every line printed, in order (the session's record of what a screen reader was given).
        self.printed: list[str] = []

    @property
    def output(self) -> Output:
        """The terminal interface's output, made (and prompt_toolkit loaded) on first use."""
        if self._output is None:
            assert self._later is not None
            self._output = self._later()
        return self._output

    @output.setter
    def output(self, output: Output) -> None:
        self._output = output

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
        if self._output is None and app is None:
            # Before the terminal interface is loaded: nothing is on the screen but whole lines, so these
            # are written as they are, and the first prompt is drawn below them.
            stream = self._stream if self._stream is not None else sys.stdout
            columns = _stream_columns(stream)
            stream.write("".join(fold_at_spaces(line, columns) + "\n" for line in lines))
            stream.flush()
            return
        from prompt_toolkit.application.run_in_terminal import run_in_terminal
        from prompt_toolkit.formatted_text import FormattedText
        from prompt_toolkit.renderer import print_formatted_text as render_lines
        from prompt_toolkit.shortcuts import print_formatted_text
        from prompt_toolkit.styles import Style

        from access_game.ui.plain_output import PlainOutput

        # On a plain terminal a prompt stays on its line: the new lines start below it.
        plain = isinstance(self.output, PlainOutput)
        lead = "\n" if isinstance(self.output, PlainOutput) and not self.output.at_line_start else ""
        if not plain:
            columns = self.output.get_size().columns
            lines = [fold_at_spaces(line, columns) for line in lines]
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
            if not plain:
                app.renderer.erase()
            render_lines(self.output, FormattedText([("", lead + "\n".join(lines) + "\n")]), Style([]))
            self.output.flush()
            if plain:  # the prompt is drawn again whole, on the line after these
                app.renderer.reset(leave_alternate_screen=False)
            app.invalidate()
        else:
            run_in_terminal(write)
