"""Five Crowns solitaire at the web table: not a network game, so the seat's hosted terminal plays it
alone, as ``access-game solitaire`` does (a local Session, no save file, no records file on the
server's disk), and its lines are the terminal's lines.

A real ``access-game serve`` process and a real WebSocket client on ``/web``: a whole deal by keys (I
first, which says the deal's seed, as the player hears it; then the hint's move, Shift+N, until the
deal ends, and N to "another deal?"). The same seed and keys given to the terminal's own table
(tests/harness.py's KeyHarness: the same Session, narrator and app, and an empty record book) print
exactly the same lines.
"""

from __future__ import annotations

import re
from pathlib import Path

from harness import KeyHarness
from web_support import Browser, play_hand

from access_game.catalog import game as catalog_game
from access_game.records import RecordBook
from access_game.ui.solitaire_table import SolitaireTable
from access_game.web.outputs import web_settings
from engine.game import Game

SEED = re.compile(r", deal (\d+):")


def _terminal_lines(seed: int, keys: list[str]) -> list[str]:
    """What the terminal's table prints for the deal ``seed`` and ``keys``, with the web seat's settings."""
    entry = catalog_game("solitaire")
    game = Game.new("solitaire", ["Ann"], seed=seed, options=entry.rule_options({}, 1, seed))
    # The terminal's table with a record book of its own, empty, as the web seat's is.
    harness = KeyHarness(game, settings=web_settings(lang="en"),
                         table_factory=lambda session, host: SolitaireTable(session, host,
                                                                            records=RecordBook.in_memory()))
    harness.start()
    harness.press(*keys)
    harness.printer.flush()
    return list(harness.printer.printed)


def test_a_whole_solitaire_deal_is_the_terminals(served: str, tmp_path: Path) -> None:
    browser = Browser(served)
    try:
        browser.send("start", lang="en", name="Ann", sounds=True)
        browser.send("play", game="solitaire", computers=0)
        browser.wait(lambda b: b.token is not None and b.state.get("where") == "table", message="not seated")
        assert browser.state["where"] == "table" and browser.state["game"] == "solitaire"
        assert {"hint", "help"} <= {c["name"] for c in browser.state["commands"]}
        count = len(browser.lines)
        browser.key("i")
        browser.wait(lambda b: len(b.lines) > count)
        found = SEED.search(" ".join(browser.lines[count:]))
        assert found, browser.lines[count:]
        keys = ["i", *play_hand(browser)]
        # The deal is over; "another deal?" is answered no (as the golden games end), and the table is left.
        keys += play_hand(browser, until=lambda b: b.state.get("where") == "left")
        browser.quiet(0.5)
        assert browser.state.get("where") == "left", browser.state
        assert not browser.errors(), browser.errors()
        web = list(browser.lines)
    finally:
        browser.close()
    assert len(keys) > 5
    terminal = _terminal_lines(int(found.group(1)), keys)
    assert web == terminal, (keys, web, terminal)
    # Nothing of the deal was written on the server's disk: no save, no records.
    written = [p.name for p in (tmp_path / "server").rglob("*") if p.is_file()]
    assert not any("solitaire" in name or name == "records.json" for name in written), written


def test_a_solitaire_seat_comes_back_by_its_token(served: str) -> None:
    first = Browser(served)
    try:
        first.send("start", lang="en", name="Ann")
        first.send("play", game="solitaire", computers=0)
        first.wait(lambda b: b.token is not None and b.state.get("where") == "table")
        for key in ("N", "N"):
            count = len(first.lines)
            first.key(key)
            first.wait(lambda b, c=count: len(b.lines) > c)
        first.quiet(0.3)
        said, hand, token = list(first.lines), first.state["hand"], first.token
    finally:
        first.close()
    again = Browser(served)
    try:
        again.send("start", lang="en", name="Ann")
        again.send("resume", token=token)
        again.wait(lambda b: any(f.get("type") == "history" for f in b.frames) and b.state.get("where") == "table")
        history = next(f for f in again.frames if f.get("type") == "history")
        assert history["lines"] == said
        assert again.state["hand"] == hand and again.state["game"] == "solitaire"
        count = len(again.lines)
        again.key("N")
        again.wait(lambda b: len(b.lines) > count, message="the deal did not go on")
        assert not again.errors(), again.errors()
    finally:
        again.close()


def test_solitaire_is_refused_with_computers_and_a_network_game_without(served: str) -> None:
    browser = Browser(served)
    try:
        browser.send("start", lang="en", name="Ann")
        for game, computers in (("solitaire", 1), ("gin-rummy", 0)):
            count = len(browser.errors())
            browser.send("play", game=game, computers=computers)
            browser.wait(lambda b, c=count: len(b.errors()) > c)
            assert browser.errors()[-1]["code"] == "bad_message"
            assert browser.token is None
    finally:
        browser.close()
