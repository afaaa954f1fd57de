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
    assert "Left over: 3 of stars." in out
    assert "Points left: 3." in out


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
        (["--wild", "7", *(["9d"] * 15)], "at most 14 cards"),
    ],
)
def test_bad_input_exits_2_with_the_reason(capsys, args, reason) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert reason in err
    assert "usage:" in err
    assert out == ""
