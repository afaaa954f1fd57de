"""What the terminal receives: after 200 events, one key press sends its own new lines and the prompt,
and nothing above is rewritten — what a screen reader needs to read each event once, whole.

The app renders through a real VT100 output into a string, replayed into a pyte screen.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable

import pyte
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from ui_driver import Harness

from access_game.settings import Settings

ROWS, COLS = 24, 80
CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


async def _until(condition: Callable[[], bool], stream: io.StringIO, timeout: float = 30.0) -> None:
    """Wait for ``condition``, then until the terminal output has been still for a moment (the redraw
    after a key press comes just after its handler)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError("the app did not get there in time")
        await asyncio.sleep(0.01)
    size = -1
    while size != len(stream.getvalue()):
        size = len(stream.getvalue())
        await asyncio.sleep(0.2)


def _screen(data: str) -> pyte.Screen:
    screen = pyte.Screen(COLS, ROWS)
    pyte.Stream(screen).feed(data)
    return screen


def test_one_key_after_200_events_sends_only_its_lines_and_the_prompt() -> None:
    stream = io.StringIO()
    output = Vt100_Output(stream, lambda: Size(rows=ROWS, columns=COLS), term="xterm")
    h = Harness(seed=132, settings=Settings(speech="silent", cues=False))
    h.output = output  # type: ignore[assignment]
    h.printer.output = output
    result: dict[str, object] = {}

    async def scenario() -> None:
        with create_pipe_input() as inp, create_app_session(input=inp, output=output):
            app = h.app(inp)
            task = asyncio.create_task(app.run_async())
            await _until(lambda: app.application.is_running, stream)
            inp.send_text("w" * 200)
            await _until(lambda: len(h.keys_pressed) == 200, stream)
            assert len(h.printer.printed) >= 200
            mark = len(stream.getvalue())
            printed_before = len(h.printer.printed)
            inp.send_text("i")
            await _until(lambda: len(h.keys_pressed) == 201 and "draw>" in stream.getvalue()[mark:], stream)
            result["before"] = stream.getvalue()[:mark]
            result["after"] = stream.getvalue()[mark:]
            result["new_lines"] = h.printer.printed[printed_before:]
            inp.send_text("\x03")
            await asyncio.wait_for(task, 20)

    asyncio.run(scenario())
    before, after = str(result["before"]), str(result["after"])
    new_lines = list(result["new_lines"])  # type: ignore[call-overload]
    # Longer than the width (80): one sentence a line.
    assert new_lines == ["Hand 1 of 11, 3 cards dealt, 3s wild, you dealt.", "Stock 101 cards, discard pile 3 cards.",
                         "It is your turn: draw."]
    # The text sent is exactly the new lines and the prompt; the rest is a small fixed cost of control
    # sequences to erase the prompt and draw it again.
    text = CONTROL.sub("", after)
    assert text == "".join(f"{line}\r\n" for line in new_lines) + "draw>", repr(text)
    assert len(after) - len(text) <= 200, f"{len(after) - len(text)} bytes of control sequences: {after!r}"

    s0 = _screen(before)
    top_before = [row.rstrip() for row in s0.display]
    s1 = _screen(before + after)
    top_after = [row.rstrip() for row in s1.display]
    # The new lines wrap at 80 columns: the first takes two rows.
    rows_new = sum(-(-len(line) // COLS) for line in new_lines)
    assert top_before[-1] == "draw>"
    # Everything that was above the prompt moved up unchanged: nothing earlier was rewritten.
    assert top_after[: ROWS - 1 - rows_new] == top_before[rows_new : ROWS - 1]
    assert top_after[-1] == "draw>"
    assert "".join(top_after[ROWS - 1 - rows_new : ROWS - 1]) == "".join(new_lines)
    # The cursor waits on the newest line, after the prompt.
    assert (s1.cursor.y, s1.cursor.x) == (ROWS - 1, len("draw>"))
    # No box drawing anywhere.
    assert not any(0x2500 <= ord(ch) <= 0x257F for ch in before + after)


def test_the_prompt_line_is_one_line_and_not_full_screen() -> None:
    h = Harness(seed=4)
    app = h.app()
    assert app.application.full_screen is False
    assert app.prompt_text() == "draw> " or app.prompt_text().endswith("> ")
