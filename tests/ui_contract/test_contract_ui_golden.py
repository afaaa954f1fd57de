"""A whole seeded game of contract rummy played through the keys, against its golden transcript, and the
keys section of docs/contract-rummy.md against the table's registry."""

from __future__ import annotations

import pytest
from contract_driver import DRIVER, GOLDEN_GAMES, GoldenGame


@pytest.mark.parametrize("game", GOLDEN_GAMES, ids=lambda g: g.name)
def test_whole_game_matches_golden_transcript(game: GoldenGame) -> None:
    DRIVER.check(game)


def test_the_golden_game_plays_all_nine_contracts_through_the_table() -> None:
    text = DRIVER.golden_path(GOLDEN_GAMES[0]).read_text(encoding="utf-8")
    lines = text.splitlines()
    for n in range(1, 10):
        assert f"Hand {n} of 9 over." in text
    assert "Game over." in text and lines[-2:] == ["> n", "Thank you for playing."]
    # Buy questions answered both ways, lay-downs built by Space and Enter, lay-offs by the meld cursor.
    assert any(line.startswith("Buy the ") and line.endswith("? It costs a penalty card. Y or N.") for line in lines)
    assert "> y" in lines and "> n" in lines and any(line.startswith("You want to buy the ") for line in lines)
    assert any(line.startswith("You bought the ") for line in lines)
    assert any(line.startswith("Take the ") for line in lines)
    assert sum(line.startswith("You laid down meld ") for line in lines) >= 4
    assert any(line.startswith("Planned meld 1, ") for line in lines)
    assert any(line.startswith("You laid off ") for line in lines)
    # The contract key at each hand's first question: met, or so many cards short and which would help.
    assert sum(line.startswith("Hand ") and ", contract: " in line for line in lines) == 9
    assert "Your hand meets it: " in text and " short. Cards that would help: " in text
    # Every key answered: nothing fell through to the generic 'does nothing here'.
    assert "does nothing here" not in text


def test_the_keys_in_the_document_are_the_keys_of_the_table() -> None:
    DRIVER.current_doc()  # asserts the keys section is the registry
