"""The Crazy Eights table by keys: a whole seeded game typed through the terminal against its golden
transcript, and the keys section of docs/crazy-eights.md against the command registry."""

from __future__ import annotations

from crazy_eights_driver import DRIVER, GOLDEN_GAMES


def test_whole_game_typed_at_the_terminal_matches_its_golden_transcript() -> None:
    DRIVER.check(GOLDEN_GAMES[0])


def test_the_golden_game_plays_eights_draws_refuses_and_scores() -> None:
    lines = DRIVER.golden_path(GOLDEN_GAMES[0]).read_text(encoding="utf-8").splitlines()
    text = "\n".join(lines)
    assert "matches neither the suit nor the rank of the card on top" in text  # a card that does not match
    asked = lines.index(next(line for line in lines if line.startswith("Name a suit for ")))
    assert lines[asked + 1:asked + 3] == ["> z", lines[asked]]  # a key that is no answer: asked again
    assert "You name " in text and "You drew " in text and "Anna drew from the stock" in text
    assert "You went out." in text and "Game over." in text


def test_docs_keys_section_is_the_registry() -> None:
    doc = DRIVER.current_doc()
    assert "| X | Play the current card onto the pile; an eight asks which suit you name. |" in doc
