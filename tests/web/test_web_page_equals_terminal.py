"""The page's log is the terminal's print-out: a table dealt once, its directory copied for two servers,
the seat taken back in Chromium (by the table's link carrying the token once, as a seat moved from
another device) and by ``access-game join`` in a real terminal, the same keys pressed in both; every line
of the page's live region is the terminal's line, in order (the gateway's own test holds the socket's
lines to the terminal; this one holds what the player's screen reader is given)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from playwright.sync_api import Browser
from table_driver import HAND_SECONDS, Table
from terminal_support import serving
from test_web_lines_equal_terminal import _join_in_terminal, _opened_table
from web_support import waiting_prompt

from access_game.bench.web_page import Serve


def play_by_keys(table: Table) -> list[str]:
    """The hint's move at each of the player's turns, N to a yes-or-no question, until the hand ends:
    the keys, as the terminal is then given them."""
    keys: list[str] = []
    end = time.monotonic() + HAND_SECONDS
    while not table.hand_over():
        assert time.monotonic() < end, f"the hand did not end; last lines {table.sent_lines()[-8:]}"
        states = table.of_type("state")
        question = states[-1].get("question") if states else None
        if waiting_prompt(table.prompt()) and not question:
            table.page.wait_for_timeout(50)
            continue
        table.settle(0.15)
        if table.hand_over():
            break
        key = "n" if question and question.get("kind") == "yes_no" else "N"
        before = len(table.frames)
        table.page.keyboard.press("n" if key == "n" else "Shift+N")
        keys.append(key)
        assert table.wait_for_frames(before), f"no answer to {key}"
    return keys


def test_the_pages_log_is_the_terminals_print_out(tmp_path: Path, browser: Browser) -> None:
    data, code, token = _opened_table(tmp_path, "gin-rummy")
    shutil.copytree(data, tmp_path / "web-data")
    shutil.copytree(data, tmp_path / "terminal-data")
    with Serve(data=tmp_path / "web-data") as server:
        table = Table(browser, f"{server.base}/t/{code}?token={code}:{token}", name="Ann")
        try:
            assert "token" not in table.page.url  # kept in the browser's storage, gone from the address
            table.page.locator("#prompt").focus()
            keys = play_by_keys(table)
            table.settle(0.5)
            page = table.log_lines("#live")
        finally:
            table.close()
    with serving(tmp_path / "terminal-data", tmp_path / "server2") as url:
        terminal = _join_in_terminal(url, tmp_path / "terminal", code, token, keys)
    assert len(page) > 10
    assert terminal[:len(page)] == page, (keys, page, terminal)
