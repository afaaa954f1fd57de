"""The Gin Rummy table by keys: a whole seeded game typed through the terminal against its golden
transcript, and the keys section of docs/gin-rummy.md against the command registry."""

from __future__ import annotations

from gin_driver import DRIVER, GOLDEN_GAMES


def test_whole_game_typed_at_the_terminal_matches_its_golden_transcript() -> None:
    game = GOLDEN_GAMES[0]
    DRIVER.check(game)


def test_the_golden_game_shows_the_offer_the_knock_gin_and_the_bonuses() -> None:
    lines = DRIVER.golden_path(GOLDEN_GAMES[0]).read_text(encoding="utf-8").splitlines()
    assert lines[lines.index("> x") + 1] == "Take the up card or pass first."  # refused, with the reason
    text = "\n".join(lines)
    assert "You pass the up card." in text and "Anna knocks with 9 points." in text
    assert "You lay off ace of diamonds." in text
    assert "Undercut! You win the hand: 28 points, the bonus of 25 included." in text
    assert "You go gin." in text and "Gin! You win the hand: 39 points, the bonus of 25 included." in text
    assert "Line bonuses, 25 a hand won: you 50, Anna 25." in text
    assert "You reached the target first: game bonus 100 points." in text
    assert "Game over. You win with 217 points." in text


def test_docs_keys_section_is_the_registry() -> None:
    doc = DRIVER.current_doc()
    assert "| O | Knock, discarding the current card face down" in doc
