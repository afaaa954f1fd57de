"""Cards typed on a braille keyboard: Unicode cells and computer braille, read by the hand checker."""

from __future__ import annotations

import contextlib
import json

import pytest
from braille_testing import every_card, run_cli

from braille.cards import BrailleCardError, card_brf, card_unicode
from braille.input import codes_from_braille, read_card, word_from_braille
from engine.errors import CardNotationError
from engine.notation import parse_card


@pytest.mark.parametrize(
    ("typed", "code"),
    [("⠶⠌", "7st"), ("7/", "7st"), ("xh", "10h"), ("XH", "10h"), ("⠭⠓", "10h"), ("⠂⠴⠓", "10h"), ("jo", "jo")],
)
def test_read_card(typed: str, code: str) -> None:
    assert read_card(typed).code == code


def test_every_card_reads_back_from_both_kinds_of_braille() -> None:
    for card in every_card():
        for ten_as_x in (False, True):
            assert read_card(card_unicode(card, ten_as_x=ten_as_x)) == card
            assert read_card(card_brf(card, ten_as_x=ten_as_x)) == card
            assert read_card(card_brf(card, ten_as_x=ten_as_x).lower()) == card


def test_braille_and_notation_never_disagree() -> None:
    """Every word computer braille reads as a card is that card in the notation too, or no card at all;
    so turning braille words into codes never changes what a typed code meant."""
    for card in every_card():
        for ten_as_x in (False, True):
            for word in {card_brf(card, ten_as_x=ten_as_x), card_brf(card, ten_as_x=ten_as_x).lower()}:
                assert word_from_braille(word) == card.code
                with contextlib.suppress(CardNotationError):
                    assert parse_card(word) == card


def test_codes_from_braille_keeps_codes_and_arguments() -> None:
    assert codes_from_braille(["9d 7c", "⠶⠌⠀⠚⠕", "3st", "", "xh,"]) == ["9d 7c", "7st jo", "3st", "", "xh,"]
    with pytest.raises(BrailleCardError, match="dots 2345"):
        codes_from_braille(["⠞⠌"])


def test_hand_checker_reads_braille_cells_and_computer_braille(capsys: pytest.CaptureFixture[str]) -> None:
    # The same Five Crowns hand typed three ways gives the same answer.
    typed = [
        ["3h", "4h", "5h", "7st", "7c", "7d"],
        ["⠒⠓", "⠲⠓", "⠢⠓", "⠶⠌", "⠶⠉", "⠶⠙"],
        ["3H 4H 5H", "7/", "7c", "7D"],
    ]
    answers = []
    for cards in typed:
        assert run_cli(["hand", "--wild", "k", "--json", *cards]) == 0
        answers.append(json.loads(capsys.readouterr().out))
    assert answers[0] == answers[1] == answers[2]
    assert answers[0]["points"] == 0


def test_hand_checker_braille_in_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["hand", "--game", "upcard-rummy", "--wild", "7", "--json", "⠁⠓⠀⠁⠎", "AC", "xh"]) == 0
    upcard = json.loads(capsys.readouterr().out)
    assert run_cli(["hand", "--game", "upcard-rummy", "--wild", "7", "--json", "ah", "as", "ac", "10h"]) == 0
    assert json.loads(capsys.readouterr().out) == upcard
    args = ["hand", "--game", "contract-rummy", "--contract", "1", "--json"]
    assert run_cli([*args, "⠶⠓", "7S", "7C", "⠚⠕", "5s", "6s", "⠶⠎", "8s"]) == 0
    assert json.loads(capsys.readouterr().out)["meets"] is True


def test_hand_checker_names_the_wrong_cell(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["hand", "--wild", "5", "⠞⠌", "7h"]) == 2
    err = capsys.readouterr().err
    assert "'⠞⠌' is not a card in braille" in err and "dots 2345" in err
    # Braille that is a card, but not one of the game's: the game's own sentence.
    assert run_cli(["hand", "--wild", "5", "⠆⠓", "7h"]) == 2
    assert "Five Crowns" in capsys.readouterr().err
