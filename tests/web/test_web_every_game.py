"""Every game of the catalog at the web table: quick play against a computer player (none for solitaire,
a game for one) from a browser (a real WebSocket client on ``/web`` of a real ``access-game serve``), and
a whole hand played by keys, the hint's move each turn as the golden drivers choose them.

The browser must hear the deal and its own hand, get the hand as cards in ``state`` (words and cells for
each), hear the others' moves without pressing a key, and reach the hand's end (its cue).
"""

from __future__ import annotations

import pytest
from web_support import Browser, computers_for, play_hand, web_games

from access_game.catalog import game


@pytest.mark.parametrize("name", web_games())
def test_a_whole_hand_of_every_game_by_keys(served: str, name: str) -> None:
    entry = game(name)
    browser = Browser(served)
    try:
        browser.send("start", lang="en", name="Ann", sounds=True)
        browser.send("play", game=name, computers=computers_for(name))
        # (solitaire's hand is empty until a card is turned up)
        browser.wait(lambda b: b.token is not None and b.state.get("where") == "table"
                     and (bool(b.state.get("hand")) or not computers_for(name)), message="not seated with cards")
        assert browser.state["where"] == "table" and browser.state["game"] == entry.name
        assert any(entry.spoken_title in line for line in browser.lines)
        for card in browser.state["hand"]:
            assert card["code"] and card["words"] and card["cells"]
            assert all(0x2800 <= ord(ch) <= 0x28FF for ch in card["cells"])
        names = {c["name"] for c in browser.state["commands"]}
        assert {"hint", "help"} <= names, names
        keys = play_hand(browser)
        assert "hand_end" in browser.cues or browser.state.get("where") == "left"
        if computers_for(name):
            assert any("Anna" in line for line in browser.lines), "the computer player's moves were never said"
        assert not browser.errors(), browser.errors()
        assert len(keys) >= 2
    finally:
        browser.close()
