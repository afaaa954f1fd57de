"""The bytes a terminal sends for each listed key reach the command the help names.

Keys are typed through prompt_toolkit pipe input, as a terminal would send them, then Ctrl+C leaves.
"""

from __future__ import annotations

import pytest
from ui_driver import Harness

from access_game.settings import Settings
from access_game.ui.keys import key_label
from access_game.ui.registry import CommandRegistry


def _registry() -> CommandRegistry:
    from access_game.ui.keys_doc import keys_registry

    return keys_registry()


ALL_KEYS = sorted(_registry().keys)


@pytest.mark.parametrize("key", ALL_KEYS)
def test_terminal_bytes_reach_the_key(key: str) -> None:
    h = Harness(seed=4, settings=Settings(speech="silent", cues=False))
    h.run_keys([key, "c-c"])
    assert h.keys_pressed == [key], f"{key_label(key)} arrived as {h.keys_pressed}"
    assert "Interrupted." in h.finish()


def test_forbidden_keys_cannot_be_registered() -> None:
    from access_game.ui.keys import binding_keys

    for bad in ("insert", "c-a-x", "capslock", "kp-1"):
        with pytest.raises(ValueError):
            binding_keys(bad)


def test_no_listed_key_uses_a_screen_reader_modifier() -> None:
    for key in ALL_KEYS:
        label = key_label(key)
        assert "Insert" not in label and "CapsLock" not in label and "Ctrl+Alt" not in label
        assert not label.startswith("Keypad")


def test_escape_acts_at_once() -> None:
    from access_game.ui.app import TIMEOUTLEN, TTIMEOUTLEN

    h = Harness(seed=4)
    app = h.app()
    assert app.application.ttimeoutlen == TTIMEOUTLEN <= 0.05
    assert app.application.timeoutlen == TIMEOUTLEN <= 0.1
    assert app.application.full_screen is False
