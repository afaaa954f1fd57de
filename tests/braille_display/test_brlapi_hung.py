"""A BRLTTY that stops answering (SIGSTOP: there, holding its socket, silent) costs the game one bounded
wait, never a hang: connecting gives up within its timeout, leaving the display within its limit,
and after a call that overran every later call fails at once."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator

import pytest

from braille.brlapi_display import BrlapiDisplay, DisplayUnavailable
from braille.tty_display import TtyDisplay

LIMIT = 0.5


@contextlib.contextmanager
def stopped(tty: TtyDisplay) -> Iterator[None]:
    """BRLTTY stopped for the block's length, and let go after it."""
    pid = tty.pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def test_leaving_a_display_whose_brltty_stopped_takes_the_limit_and_no_longer(brlapi_env: TtyDisplay) -> None:
    display = BrlapiDisplay(limit=LIMIT)
    with stopped(brlapi_env):
        display.write("Goodbye.")  # written into the socket: nothing waits for BRLTTY here
        started = time.monotonic()
        display.close()  # leaving the display waits for BRLTTY's answer, which never comes
        took = time.monotonic() - started
    assert LIMIT <= took < LIMIT + 0.5, took
    with pytest.raises(DisplayUnavailable, match="closed"):
        display.write("after")


@pytest.fixture
def flooded() -> Iterator[TtyDisplay]:
    """A BRLTTY of this test's own: the tens of thousands of messages left in its socket would keep the
    shared one busy long after the test, so it is killed at the end."""
    tty = TtyDisplay()
    try:
        yield tty
    finally:
        if tty.pid is not None:
            os.kill(tty.pid, signal.SIGKILL)
        tty.stop()


def test_writes_to_a_stopped_brltty_block_once_its_socket_is_full_then_the_link_is_given_up(
        flooded: TtyDisplay) -> None:
    """Writes are not acknowledged, so they pile up in the socket; once it is full (some tens of thousands
    of messages) a write blocks: that write waits the limit, and every call after it fails at once."""
    display = BrlapiDisplay(flooded.host, "none", limit=LIMIT)
    slowest = 0.0
    with stopped(flooded):
        with pytest.raises(DisplayUnavailable, match=f"did not answer within {LIMIT:g} s"):
            for n in range(1_000_000):
                started = time.monotonic()
                try:
                    display.write(f"message {n} " + "x" * 30)
                finally:
                    slowest = max(slowest, time.monotonic() - started)
        assert slowest < LIMIT + 0.3, slowest
        started = time.monotonic()
        with pytest.raises(DisplayUnavailable, match=f"did not answer within {LIMIT:g} s"):
            display.write("next")
        display.close()  # gives up at once: the connection's thread is still stuck in the write
        assert time.monotonic() - started < 0.1


def test_connecting_to_a_stopped_brltty_gives_up_within_its_timeout(brlapi_env: TtyDisplay) -> None:
    with stopped(brlapi_env):
        started = time.monotonic()
        with pytest.raises(DisplayUnavailable, match=r"did not answer within 0\.5 s"):
            BrlapiDisplay(timeout=0.5)
        assert time.monotonic() - started < 1.0
    # Let go, BRLTTY now and then takes a second to take the next client: the shared display is left
    # serving again for the tests after this one.
    BrlapiDisplay(timeout=5.0).close()
