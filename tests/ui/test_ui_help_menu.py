"""F1 is a menu of the help's sections: Up and Down step through them, Enter reads one, F1 again
reads them all, Escape closes, and any other key closes the help and does its work. The help counts
the commands as the Escape menu does; a game for one names no other players and none of their
settings."""

from __future__ import annotations

import re

import pytest
from ui_driver import Harness

from access_game.catalog import game as catalog_game
from access_game.ui.table import table_entries
from engine.game import Game


def _count(line: str, pattern: str) -> int:
    found = re.search(pattern, line)
    assert found, (pattern, line)
    return int(found.group(1))


@pytest.mark.parametrize("game", [e.name for e in table_entries()])
def test_the_help_counts_what_the_escape_menu_counts_and_reads_a_section_at_a_time(game: str) -> None:
    players = ["You", "Anna", "Ben"][: min(3, catalog_game(game).player_range[1])]
    h = Harness(game=Game.new(game, players, seed=5))
    h.start()
    (opening,) = h.press("f1")
    commands = _count(opening, r": (\d+) commands, the Escape menu's")
    sections = _count(opening, r": (\d+) sections, then every command")
    assert _count(opening, r"in (\d+) items") == sections + 1  # as each item's "n of" counts them
    assert opening.endswith(f", 1 of {sections + 1}")
    steps = [h.press("down")[0] for _ in range(sections)]
    assert steps[-1] == f"Every command, {sections + 1} of {sections + 1}"
    assert h.press("down")[0].endswith(f", 1 of {sections + 1}")  # round again
    section_counts = [_count(line, r": (\d+) commands?, \d+ of ") for line in [opening, *steps[:-1]]]
    assert sum(section_counts) == commands
    read = h.press("enter")  # the first section: its title, then one line per command
    assert len(read) == section_counts[0] + 1 and read[0].endswith(":")
    assert h.press("escape") == ["Help closed."]
    (menu,) = h.press("escape")
    assert menu.startswith("Action menu.") and menu.endswith(f", 1 of {commands}")
    h.press("escape")


def test_any_other_key_closes_the_help_and_does_its_work() -> None:
    h = Harness(seed=4)
    h.start()
    h.press("f1")
    said = h.press("h")
    assert said[0].startswith("3 cards: ") or said[0].startswith("Your hand")
    assert h.app_.modes == []


def test_solitaire_help_names_no_other_players_and_no_buy_questions() -> None:
    h = Harness(game=Game.new("solitaire", ["You"], seed=5))
    h.start()
    every = " ".join(h.press("f1", "f1")).lower()
    for words in ("other players", "buy question", "computer player"):
        assert words not in every, words
    h.press("escape")
    settings = h.press("f2", *["down"] * 20)
    assert not any("buy questions" in line.lower() or "computer players" in line.lower() for line in settings)
