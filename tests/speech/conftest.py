"""A real sound server for the speech tests: PulseAudio with a null sink, private to this test run.

Started once per test process and stopped after the last test. A missing PulseAudio fails the tests
that need it (``.ci/run`` installs it); it is never a reason to skip them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from speech.sound_server import NullSinkServer


@pytest.fixture(scope="session")
def sound_server() -> Iterator[NullSinkServer]:
    server = NullSinkServer()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def on_sound_server(sound_server: NullSinkServer, monkeypatch: pytest.MonkeyPatch) -> NullSinkServer:
    """This test's voices play into the private sound server."""
    for name in ("PULSE_SERVER", "PULSE_SINK"):
        monkeypatch.setenv(name, sound_server.env[name])
    return sound_server
