"""The lines a web seat receives are the lines ``access-game join`` prints, for the same server, seed and
keys.

A server's table draws its own seed, so the same table is given to both from one table directory: a
browser opens a quick-play table (the deal is made and written), the server stops, and its directory is
copied for two servers. At one, the browser takes its seat back (``resume``); at the other, ``access-game
join`` in a real terminal takes the same seat back with the same token (kept in its seats file, as
after a closed terminal). From there both play the same keys to the hand's end, waiting for their turn
each time; the computer players decide from the table's seed, so both tables go the same way. Every
line the terminal printed (its prompts aside) must be exactly the browser's lines, in order.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pexpect
import pytest
from harness import raw
from pty_play import spawn, terminal_env
from terminal_support import serving
from web_support import Browser, play_hand, waiting_prompt

from access_game.catalog import network_games
from access_game.settings import WIDTH_RANGE

#: A prompt at the end of the terminal's output ('draw> '), on a plain terminal.
PROMPT = re.compile(r"(?:^|\n)([^\r\n>]*)> ?$")


def _opened_table(tmp_path: Path, game: str) -> tuple[Path, str, str]:
    """A table of ``game`` against a computer player, dealt at one server and written: the directory,
    the table's code and the seat's token."""
    data = tmp_path / "first"
    with serving(data, tmp_path / "server0") as url:
        browser = Browser(url)
        browser.send("start", lang="en", name="Ann")
        browser.send("play", game=game, computers=1)
        # Stopped on the player's own turn: no computer player is to move when the table is loaded again,
        # so both servers start from a table standing still, whenever their seat comes back.
        browser.wait(lambda b: b.token is not None and bool(b.prompt) and not waiting_prompt(b.prompt))
        browser.quiet(0.5)
        browser.close()
        token = browser.token
    assert token is not None
    code, _colon, secret = token.partition(":")
    return data, code, secret


def _terminal_lines(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    return [line for line in lines if line and not re.fullmatch(r"(?:[^>]*> ?)+", line)]  # prompts only


def _join_in_terminal(url: str, home: Path, code: str, token: str, keys: list[str]) -> list[str]:
    """``access-game join`` taking the seat back by its kept token, then ``keys``, one on each of the
    player's turns (or questions): every line it printed, its prompts aside."""
    width = WIDTH_RANGE[1]  # lines as wide as the web seat's
    (home / "data").mkdir(parents=True, exist_ok=True)
    (home / "data" / "network-seats.json").write_text(json.dumps(
        {f"{url} {code}": {"seat": 0, "token": token, "name": "Ann"}}), encoding="utf-8")
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.json").write_text(json.dumps({"width": width, "braille": "off"}), encoding="utf-8")
    child: Any = spawn(home, "join", "--server", url, code, "--speech", "screen-reader", timeout=60, width=width,
                       env=terminal_env(home, width=width))
    said: list[str] = []

    def turn() -> None:
        """Until the player's turn (or a question), and a moment of quiet after it."""
        while True:
            child.expect(PROMPT)
            said.append(str(child.before) + str(child.after))
            prompt = child.match.group(1).strip()
            try:  # more news after this prompt: another prompt follows it
                child.expect(PROMPT, timeout=0.4)
                said.append(str(child.before) + str(child.after))
                prompt = child.match.group(1).strip()
            except pexpect.TIMEOUT:
                pass
            if not waiting_prompt(prompt) or "y/n" in prompt:
                return

    try:
        turn()
        for key in keys:
            child.send(raw([key]))
            turn()
    except (pexpect.TIMEOUT, pexpect.EOF) as exc:
        raise AssertionError("".join(said) + str(child.before)) from exc
    finally:
        child.close(force=True)
    return _terminal_lines("".join(said))


@pytest.mark.parametrize("game", network_games())
def test_web_lines_are_the_terminals_lines(tmp_path: Path, game: str) -> None:
    data, code, token = _opened_table(tmp_path, game)
    shutil.copytree(data, tmp_path / "web-data")
    shutil.copytree(data, tmp_path / "terminal-data")
    with serving(tmp_path / "web-data", tmp_path / "server1") as url:
        browser = Browser(url)
        browser.send("start", lang="en", name="Ann")
        browser.send("resume", token=f"{code}:{token}")
        keys = play_hand(browser)
        browser.quiet(0.5)
        web = list(browser.lines)
        browser.close()
    with serving(tmp_path / "terminal-data", tmp_path / "server2") as url:
        terminal = _join_in_terminal(url, tmp_path / "terminal", code, token, keys)
    assert len(web) > 10
    assert terminal[:len(web)] == web, (keys, web, terminal)
