"""The hand checker on the command line."""

from __future__ import annotations

import json

import pytest

from access_game.cli import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["hand", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_words(capsys) -> None:
    code, out, _ = run(capsys, "--game", "five-crowns", "--wild", "7", "9d", "7c", "jd", "3st", "jo")
    assert code == 0
    assert "7s are wild" in out
    assert out.splitlines() == [
        "7s are wild. 5 cards.",
        "Run: 9 of diamonds; 7 of clubs, wild; jack of diamonds; joker.",
        "Left in hand: 3 of stars.",
        "Points left: 3.",
    ]


def test_json_best_arrangement(capsys) -> None:
    code, out, _ = run(capsys, "--wild", "7", "--json", "9d", "7c", "jd", "3st", "jo")
    data = json.loads(out)
    assert code == 0
    assert data["points"] == 3 and data["deadwood"] == ["3st"]
    assert sorted(data["melds"][0]) == sorted(["9d", "7c", "jd", "jo"])
    assert data["go_out"] is False and data["discard"] is None


def test_go_out_hand_names_the_discard(capsys) -> None:
    # 3s wild, 4 cards: 5h 5s 5d + king of clubs: goes out throwing the king.
    _code, out, _ = run(capsys, "--wild", "3", "--json", "5h", "5s", "5d", "kc")
    data = json.loads(out)
    assert data == {"melds": [["5h", "5s", "5d"]], "deadwood": [], "points": 0, "go_out": True, "discard": "kc"}


def test_cannot_go_out_names_the_best_discard(capsys) -> None:
    _code, out, _ = run(capsys, "--wild", "3", "--json", "5h", "9s", "jd", "kc")
    data = json.loads(out)
    assert data["go_out"] is False and data["discard"] == "kc"
    assert data["points"] == 5 + 9 + 11


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--wild", "2", "9d"], "wild ranks in Five Crowns are 3-10, J, Q, K"),
        (["--wild", "14", "9d"], "wild ranks"),
        (["--wild", "7", "11h"], "'11h' is not a card: ranks in Five Crowns are 3-10, J, Q, K"),
        (["--wild", "7", "2h"], "'2h' is not a card"),
        (["9d"], "--wild is needed"),
        (["--wild", "7", *(["9d", "9h", "9s", "9c", "9st"] * 3)], "at most 14 cards"),
        (["--wild", "7", *(["5h"] * 5)], "5 of 5h is more than two Five Crowns sets hold (4)"),
        (["--wild", "7", *(["jo"] * 13)], "13 of jo is more than two Five Crowns sets hold (12)"),
        (["--wild", "7", "9d", ""], "an empty card was given"),
        (["--wild", "7", " "], "an empty card was given"),
        (["--wild", "7", "--contract", "2", "9d"], "--contract does not apply to Five Crowns"),
        (["--game", "contract-rummy", "--contract", "2", "9d", ""], "an empty card was given"),
        (["--game", "contract-rummy", "--contract", "2", "--wild", "7", "9d"], "--wild does not apply"),
        (["--game", "upcard-rummy", "--wild", "5", "", "9d"], "an empty card was given"),
        (["--game", "upcard-rummy", "--wild", "15", "9d"], "wild ranks in upcard rummy are A, 3-10, J, Q, K (or 11"),
    ],
)
def test_bad_input_exits_2_with_the_reason(capsys, args, reason) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert reason in err
    assert err.startswith("access-game hand: error: ") and len(err.splitlines()) == 1
    assert out == ""


def test_as_many_of_a_card_as_two_sets_hold_are_taken(capsys) -> None:
    code, out, _ = run(capsys, "--wild", "12", "--json", *(["5h"] * 4), *(["jo"] * 8))
    assert code == 0
    assert json.loads(out)["points"] == 0


@pytest.mark.parametrize(("number", "rank"), [("11", "Jacks"), ("12", "Queens"), ("13", "Kings"), ("k", "Kings")])
def test_five_crowns_wild_ranks_also_by_the_number_dealt(capsys, number: str, rank: str) -> None:
    code, out, _ = run(capsys, "--wild", number, "9d")
    assert code == 0
    assert out.startswith(f"{rank} are wild. 1 card.")


@pytest.mark.parametrize(("number", "rank"), [("11", "Jacks"), ("12", "Queens"), ("13", "Kings"), ("14", "Aces")])
def test_upcard_wild_ranks_also_as_11_to_14(capsys, number: str, rank: str) -> None:
    code, out, _ = run(capsys, "--game", "upcard-rummy", "--wild", number, "9d")
    assert code == 0
    assert out.startswith(f"{rank} are wild. 1 card.")


def test_every_game_speaks_in_one_style_a_listener_can_count(capsys) -> None:
    """The same first line, melds as 'Name: card; card; card.', and what is left, in every game."""
    outputs = {
        "five-crowns": run(capsys, "--wild", "5", "9h", "9s", "5c", "kh", "kd", "ks", "4c")[1],
        "contract-rummy": run(capsys, "--game", "contract-rummy", "--contract", "1", "9h", "9s", "2c", "4c")[1],
        "upcard-rummy": run(capsys, "--game", "upcard-rummy", "--wild", "5", "9h", "9s", "5c", "4c")[1],
    }
    for game, out in outputs.items():
        lines = out.splitlines()
        assert lines[0].endswith(" wild. " + lines[0].split(" wild. ")[1]) and lines[0].endswith("cards."), game
        meld = next(line for line in lines if "9 of hearts" in line)
        assert meld.count("; ") == 2 and meld.endswith(".") and ": " in meld, game
        assert any(line.startswith("Left in hand: 4 of clubs.") for line in lines), game
    assert "5 of clubs, wild" in outputs["five-crowns"] and "2 of clubs, wild" in outputs["contract-rummy"]
