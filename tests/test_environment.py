"""The suite's own prerequisites: a missing install step fails here, loudly, instead of hiding
behind the skip markers of the tests that need these tools."""

from __future__ import annotations

import importlib
import shutil
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(
    "tool", ["espeak-ng", "pdftoppm", "tmux", "pulseaudio", "pactl", "parecord", "paplay", "brltty", "strace",
             "chromium"]
)
def test_system_tools_are_installed(tool: str) -> None:
    assert shutil.which(tool), f"{tool} is missing: install it as README.md says"


def test_postgresql_is_installed() -> None:
    """The accounts' tests start a PostgreSQL of their own (tests/net/postgres_server.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent / "net"))
    from postgres_server import postgres_bin

    assert (postgres_bin() / "pg_ctl").exists(), "PostgreSQL is missing: apt-get install postgresql"


@pytest.mark.parametrize("module", ["pexpect", "pyte", "hypothesis", "prompt_toolkit", "reportlab", "pyttsx3",
                                    "openskill", "psycopg", "playwright", "axe_playwright_python"])
def test_python_packages_are_installed(module: str) -> None:
    importlib.import_module(module)


def test_the_command_is_installed_beside_this_python() -> None:
    scripts = Path(sys.executable).parent
    assert (scripts / "access-game").exists() or (scripts / "access-game.exe").exists()


def test_brlapi_is_reachable_from_this_python() -> None:
    """Debian's python3-brlapi (BrlAPI is not on PyPI), as the braille display link loads it."""
    from braille.brlapi_display import load_brlapi

    assert load_brlapi() is not None
