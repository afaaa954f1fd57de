"""H says each card's place in the hand, the number that jumps to it, in every game with a hand; a
setting (on for a new player) turns it off, from F2 too."""

from __future__ import annotations

import re

import pytest

from access_game.catalog import games
from access_game.settings import Settings
from engine.game import Game
from tests.harness import KeyHarness

HAND_GAMES = [e.name for e in games() if e.player_range[1] > 1]


def _players(game: str) -> list[str]:
    low, high = next(e.player_range for e in games() if e.name == game)
    return ["You", "Anna", "Ben"][: max(low, min(3, high))]


def test_positions_are_on_for_a_new_player() -> None:
    assert Settings().positions is True
    assert Settings.from_data({}).positions is True
    assert Settings.from_data({"positions": False}).positions is False


@pytest.mark.parametrize("game", HAND_GAMES)
def test_h_says_each_cards_place_and_the_digit_goes_there(game: str) -> None:
    h = KeyHarness(Game.new(game, _players(game), seed=4), settings=Settings(speech="silent", cues=False))
    h.start()
    said = h.press("h")[-1]
    # The place with its word and the card with its article: a voice says no colon, and "1: 3 of hearts"
    # would be heard "one three of hearts".
    places = re.findall(r"(?:: |; )card (\d+): (?:the|a) ", said)
    assert places and places == [str(n) for n in range(1, len(places) + 1)], said
    # The card said at place 2 is the card the digit 2 moves to.
    second = re.sub(r"^(?:the|a) ", "", said.split("; card 2: ", 1)[1].split(";", 1)[0].rstrip("."))
    assert h.press("2")[-1].startswith(second)


@pytest.mark.parametrize("game", HAND_GAMES)
def test_positions_off_reads_the_cards_alone(game: str) -> None:
    h = KeyHarness(Game.new(game, _players(game), seed=4),
                   settings=Settings(speech="silent", cues=False, positions=False))
    h.start()
    said = h.press("h")[-1]
    assert not re.search(r"card \d+: ", said), said


def test_f2_turns_positions_off_and_keeps_it() -> None:
    h = KeyHarness(Game.new("five-crowns", ["You", "Anna"], seed=3))
    kept: list[Settings] = []
    h.session.on_settings = kept.append
    h.start()
    h.press("f2")
    for _ in range(30):  # down to the item, wherever the menu has it
        said = h.press("down")
        if said[-1].startswith("Card positions when the hand is read"):
            break
    assert said[-1].startswith("Card positions when the hand is read: on")
    assert h.press("right") == ["Card positions when the hand is read: off"]
    assert kept[-1].positions is False
    h.press("escape")
    assert "card 1: " not in h.press("h")[-1]
