"""`access-game online --braille`: the lobby's lines reach a real braille display (BRLTTY), as a
table's do, each item as the player steps to it."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from access_game.settings import Settings
from braille.contracted import translate
from braille.tty_display import TtyDisplay


def g2(text: str) -> str:
    """``text`` in UEB grade 2, as the display writes words when BRLTTY's table is grade 2."""
    return translate(text, "en", 2).unicode


def test_the_lobby_s_items_are_shown_on_the_display(brlapi_env: TtyDisplay, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from access_game.commands.online import lobby_loop

    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    server = subprocess.Popen([sys.executable, "-m", "access_game", "serve", "--port", "0", "--data",
                               str(tmp_path / "data")], stdout=subprocess.PIPE, text=True)
    shown: list[str] = []
    try:
        assert server.stdout is not None
        match = re.match(r"Serving on (ws://\S+)", server.stdout.readline())
        assert match
        with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):

            def on_app(app: Any) -> None:
                def before_key(key: str) -> None:
                    if key != "q":
                        return
                    # Down was pressed: its line is on the display (BRLTTY shows it a moment later).
                    deadline = time.monotonic() + 10.0
                    while not brlapi_env.cells().startswith(g2("New table of")) and time.monotonic() < deadline:
                        time.sleep(0.01)
                    shown.append(brlapi_env.cells())

                app.key_listeners.append(before_key)
                inp.send_text("\x1b[Bq")

            status = lobby_loop(match.group(1), "Ann", Settings(speech="silent", cues=False, braille="brlapi"),
                                input=inp, output=DummyOutput(), on_app=on_app)
    finally:
        server.terminate()
        server.wait(10)
    assert status == 0
    # The display's first window of the line in contracted braille (40 cells: the rest is a panning key away).
    line = g2("New table of Five Crowns, 2 to 14 players.")
    assert len(shown) == 1 and shown[0] and line.startswith(shown[0]), brlapi_env.capture()
    assert len(shown[0]) >= 30
