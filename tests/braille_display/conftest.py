"""A real braille display for these tests: BRLTTY with its TTY driver on a private tmux pseudo-terminal,
its BrlAPI server on a port of its own, and UEB grade 2 as BRLTTY's contraction table. Started once
per test process and stopped after the last test; a missing BRLTTY or tmux fails the tests
(``.ci/run`` installs them), never skips them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from braille.tty_display import TtyDisplay


@pytest.fixture(scope="session")
def tty_display() -> Iterator[TtyDisplay]:
    display = TtyDisplay(contraction_table="en-ueb-g2")  # as a reader who set BRLTTY to UEB grade 2
    try:
        yield display
    finally:
        display.stop()


@pytest.fixture
def brlapi_env(tty_display: TtyDisplay, monkeypatch: pytest.MonkeyPatch) -> TtyDisplay:
    """BrlAPI clients of this test reach the TTY display, as BRLAPI_HOST and BRLAPI_AUTH tell them."""
    monkeypatch.setenv("BRLAPI_HOST", tty_display.host)
    monkeypatch.setenv("BRLAPI_AUTH", "none")
    return tty_display
