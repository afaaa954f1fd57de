"""The contract hand checker (``access-game hand --game contract-rummy --contract N CARDS [--json]``),
called the way the ``hand`` command calls it."""

from __future__ import annotations

import argparse
import json

import pytest
from contract_table import cards

from access_game.commands._common import UsageError
from access_game.commands.hand import check_contract
from engine.arrange_contract import hand_points


def check(capsys: pytest.CaptureFixture[str], contract: int, text: str, *, as_json: bool = True) -> str:
    status = check_contract(argparse.Namespace(contract=contract, json=as_json, wild=None), text.split())
    assert status == 0
    return capsys.readouterr().out


def test_a_met_contract_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = json.loads(check(capsys, 4, "7h 7c jo 5s 6s 7s 8s 9d 10d jd qd 3c"))
    assert out == {
        "meets": True,
        "melds": [["7h", "7c", "jo"], ["5s", "6s", "7s", "8s"], ["9d", "10d", "jd", "qd"]],
        "deadwood": ["3c"],
        "points": 3,
    }


def test_the_lay_down_leaving_fewest_points(capsys: pytest.CaptureFixture[str]) -> None:
    out = json.loads(check(capsys, 1, "9h 9c 9s kh kc ks 4d"))
    assert out["melds"] == [["kh", "kc", "ks"]]
    assert sorted(out["deadwood"]) == ["4d", "9c", "9h", "9s"] and out["points"] == 31


def test_an_unmet_contract_leaves_every_card_as_deadwood(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "ah 2h 3h 4h kc"
    out = json.loads(check(capsys, 2, hand))
    assert out["meets"] is False and out["melds"] == []
    assert sorted(out["deadwood"]) == sorted(hand.split())
    assert out["points"] == hand_points(cards(hand)) == 15 + 20 + 3 + 4 + 10


def test_split_melds_and_going_out(capsys: pytest.CaptureFixture[str]) -> None:
    out = json.loads(check(capsys, 3, "5h 5c 5s 5d 5h 5c"))
    assert out["meets"] and out["deadwood"] == [] and out["points"] == 0 and len(out["melds"]) == 2


def test_words_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    text = check(capsys, 2, "jd qd kd ad 3c", as_json=False)
    assert "Meets contract 2, one run." in text
    assert ("Run of diamonds, jack to ace: jack of diamonds; queen of diamonds; king of diamonds; "
            "ace of diamonds.") in text
    assert "Left in hand: 3 of clubs. 3 points." in text
    text = check(capsys, 9, "3s 4s 5s 6s", as_json=False)
    assert "Does not meet contract 9, three runs: 8 cards short at best." in text


def test_cards_may_be_given_with_commas_and_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    out = json.loads(check(capsys, 1, "7H,7C JOKER"))
    assert out["meets"] and out["melds"] == [["7h", "7c", "jo"]]


@pytest.mark.parametrize(
    ("contract", "text", "message"),
    [
        (None, "7h 7c 7s", "--contract"),
        (0, "7h 7c 7s", "1 to 9"),
        (10, "7h 7c 7s", "1 to 9"),
        (1, ",", "give the cards"),
        (1, "7h 7x", "not a card"),
        (1, "7st 7c 7s", "suits in contract rummy are"),
        (1, "7h " * 4, "more than three decks hold"),
        (1, "jo " * 7, "more than three decks hold"),
        (1, "7h 7c 7s 7d " * 5, "at most 19 cards"),
    ],
)
def test_bad_input_is_a_usage_error(contract: int | None, text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        check_contract(argparse.Namespace(contract=contract, json=True, wild=None), text.split())


def test_through_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from access_game.cli import main

    status = main(["hand", "--game", "contract-rummy", "--contract", "1", "7h", "7c", "jo", "kd", "--json"])
    assert status == 0
    assert json.loads(capsys.readouterr().out) == {
        "meets": True, "melds": [["7h", "7c", "jo"]], "deadwood": ["kd"], "points": 10
    }
    assert main(["hand", "--game", "contract-rummy", "--contract", "12", "7h"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("access-game hand: error: ") and "there is no contract 12" in err
