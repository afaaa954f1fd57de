"""The Rummy 500 table by keys: a whole seeded game typed through the terminal against its golden
transcript, and the keys section of docs/rummy-500.md against the command registry."""

from __future__ import annotations

from rummy_500_driver import DRIVER, GOLDEN_GAMES


def test_whole_game_typed_at_the_terminal_matches_its_golden_transcript() -> None:
    DRIVER.check(GOLDEN_GAMES[0])


def test_the_golden_game_digs_deep_melds_lays_off_and_scores() -> None:
    lines = DRIVER.golden_path(GOLDEN_GAMES[0]).read_text(encoding="utf-8").splitlines()
    assert lines[lines.index("> x") + 1] == "Draw first, then discard."  # refused, with the reason
    text = "\n".join(lines)
    # A take from deep in the spread pile, its deepest card melded at once.
    took = [line for line in lines if line.startswith("You take ") and "from the discard pile" in line]
    assert any(not line.startswith("You take 1 card") for line in took), took
    assert "You lay off " in text and "Anna lays off " in text
    assert "You went out." in text and "this hand." in text
    assert "Game over." in text


def test_docs_keys_section_is_the_registry() -> None:
    doc = DRIVER.current_doc()
    assert "| T | Take the discard pile down to the card under the pile cursor" in doc
