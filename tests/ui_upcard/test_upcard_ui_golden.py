"""The upcard rummy table by keys: a whole seeded game typed through the terminal against its golden
transcript, and the keys section of docs/upcard-rummy.md against the command registry."""

from __future__ import annotations

import pytest
from upcard_driver import DRIVER, GOLDEN_GAMES, GoldenGame


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=lambda g: g.name)
def test_whole_game_typed_at_the_terminal_matches_its_golden_transcript(game: GoldenGame) -> None:
    DRIVER.check(game)


def test_the_golden_game_shows_every_part_of_the_table() -> None:
    text = DRIVER.golden_path(GOLDEN_GAMES[0]).read_text(encoding="utf-8")
    lines = text.splitlines()
    # The deal: the wild rank from the dealer's up card, every up card and hand size.
    assert any(line.startswith("Hand 1. You deal; your up card makes ") for line in lines)
    assert any(line.startswith("> w") for line in lines) and "are wild: your up card. At the deal: " in text
    # Building a meld by Space, hearing it, Enter.
    assert "Not a meld: a meld needs at least 3 cards." in text and ": Enter lays it down." in text
    assert "You melded for the first time: " in text
    # The fanned pile: read, searched, costed, taken back.
    assert "cards; from the top: " in text and "You could take back to " in text
    assert " against you unless put down" in text
    assert "You took 10 cards from the discard pile, back to the king of clubs" in text
    # Lay-offs, going out, last turns, the totals against the target, the end.
    assert "You laid off the " in text and "You went out." in text
    assert "You can go out this turn: " in text
    assert "Your turn, last turn." in text and "You have melded, so you get no last turn." in text
    assert "Target 500. Totals: you 0" in text and "short of the target." in text
    assert "Game over. You win with 660 points." in text
    # A move that is not allowed yet is refused with the reason.
    refused = "You may take from the discard pile only after you have melded, on a later turn."
    assert lines[lines.index("> t") + 1] == refused


def test_docs_keys_section_is_the_registry() -> None:
    doc = DRIVER.current_doc()
    assert "| Shift+K | Every card you could take back to" in doc
