"""The web table's tests: a real ``access-game serve`` on a free loopback port, with real WebSocket clients
(tests/web/web_support.py, the terminal's own commands beside them where lines are compared) or Debian's
Chromium driven by Playwright (never a downloaded browser), one browser and one server per test module
(the pages are reused), so that the whole directory stays a few minutes on a busy 2-core machine."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from access_game.bench.web_page import UNLIMITED, Serve, launch

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))  # english_lines, the no-English rule

from terminal_support import serving


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """The URL of an ``access-game serve`` process keeping its tables in the test's folder."""
    with serving(tmp_path / "tables", tmp_path / "server") as url:
        yield url


@pytest.fixture(scope="module")
def serve() -> Iterator[Serve]:
    with Serve(*UNLIMITED) as server:
        yield server


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    found = launch(playwright)
    yield found
    found.close()
