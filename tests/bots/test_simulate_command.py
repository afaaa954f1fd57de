"""``access-game simulate``: its figures, its JSON, its refusals, and workers that change nothing."""

from __future__ import annotations

import importlib.util
import json
import math

import pytest

from access_game.catalog import games
from access_game.cli import main
from access_game.simulate import (
    GameResult,
    deal_plan,
    hand_turns,
    play_game,
    run_simulation,
    summarise,
    wilson_interval,
)
from engine.events import HandEnded, TurnStarted


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_has_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--players", "normal,easy", "--games", "2", "--seed", "4", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"games", "seats", "turns_per_hand", "games_per_second"}
    turns = data["turns_per_hand"]
    assert set(turns) == {"mean", "max"} and 0 < turns["mean"] <= turns["max"]
    assert data["games"] == 2 and data["games_per_second"] > 0
    assert [s["level"] for s in data["seats"]] == ["normal", "easy"]
    for seat in data["seats"]:
        assert set(seat) == {
            "level",
            "wins",
            "win_share",
            "ci95",
            "mean_points",
            "decision_ms_mean",
            "decision_ms_p99",
            "decision_cpu_ms_mean",
            "decision_cpu_ms_p99",
            "throws",
            "wild_throws",
            "needless_wild_throws",
            "wild_throws_per_1000",
        }
        assert seat["throws"] > 0 and seat["needless_wild_throws"] == 0
        lo, hi = seat["ci95"]
        assert 0 <= lo <= seat["win_share"] <= hi <= 1
        assert seat["decision_ms_p99"] >= seat["decision_ms_mean"] > 0
        assert seat["decision_cpu_ms_p99"] >= seat["decision_cpu_ms_mean"] > 0
    # Ties share the win, so the shares of a run add up to one.
    assert math.isclose(sum(s["wins"] for s in data["seats"]), 2)
    assert "2 of 2 games" in err  # progress goes to stderr, never into the JSON


def test_text_report_names_each_player_and_explains_ties(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--players", "easy,normal", "--games", "2")
    assert code == 0
    assert "Player 1, easy:" in out and "Player 2, normal:" in out
    assert "Ties share the win" in out and "games per second" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "normal,master"], "unknown level 'master'"),
        (["--players", "normal"], "2 to 14 players"),
        (["--players", "normal,,easy"], "comma-separated"),
        (["--games", "0"], "--games must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--game", "chess"], "unknown game 'chess'"),
    ],
)
def test_bad_arguments_exit_2_with_the_reason(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = _run(capsys, *args)
    assert code == 2
    assert message in err and len(err.splitlines()) == 1 and err.rstrip().endswith("--help lists the options.")
    assert out == ""


def test_a_non_number_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--games", "many"])
    assert exc.value.code == 2


def test_solitaire_is_handed_to_its_own_simulation_or_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--game", "solitaire", "--games", "3", "--seed", "2", "--json")
    try:
        available = importlib.util.find_spec("engine.rules.five_crowns_solitaire") is not None
    except ModuleNotFoundError:
        available = False
    if available:
        assert code == 0 and isinstance(json.loads(out), dict)
    else:
        assert code == 2 and "solitaire is not available" in err


def test_seats_rotate_over_the_same_deals() -> None:
    plans = [deal_plan(i, 3, seed=10) for i in range(9)]
    assert plans == [(10, 0), (10, 1), (10, 2), (11, 0), (11, 1), (11, 2), (12, 0), (12, 1), (12, 2)]


def test_workers_give_the_same_results_as_one_process() -> None:
    one = run_simulation("five-crowns", ["normal", "easy", "easy"], games=6, seed=3, workers=1)
    two = run_simulation("five-crowns", ["normal", "easy", "easy"], games=6, seed=3, workers=2)
    strip = [(s.level, s.wins, s.mean_points, s.decisions) for s in one.seats]
    assert strip == [(s.level, s.wins, s.mean_points, s.decisions) for s in two.seats]


def test_the_interval_is_the_wilson_score_interval() -> None:
    lo, hi = wilson_interval(0.5, 100)
    assert math.isclose(lo, 0.4038, abs_tol=1e-4) and math.isclose(hi, 0.5962, abs_tol=1e-4)
    lo, hi = wilson_interval(1.0, 10)
    assert hi == pytest.approx(1.0) and 0.69 < lo < 0.73
    assert wilson_interval(0.0, 0) == (0.0, 1.0)


def test_a_tie_is_shared_and_p99_is_a_real_decision() -> None:
    results = [
        GameResult(0, (50, 50), (0.5, 0.5), ((0.001,) * 99 + (0.5,), (0.002,))),
        GameResult(1, (40, 60), (1.0, 0.0), ((0.001,), (0.002,))),
    ]
    report = summarise("five-crowns", ["hard", "normal"], 1, results, seconds=2.0)
    first, second = report.seats
    assert (first.wins, second.wins) == (1.5, 0.5)
    assert first.mean_points == 45 and second.mean_points == 55
    assert first.decision_ms_p99 == pytest.approx(1.0)  # 101 decisions: the 100th fastest
    assert report.to_data()["games_per_second"] == 1.0


def test_help_names_all_four_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--help"])
    assert exc.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps the help text
    for name in (e.name for e in games()):
        assert name in out


def test_an_unknown_game_is_refused_naming_each_game_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--game", "chess")
    assert code == 2 and out == ""
    line = next(line for line in err.splitlines() if "unknown game" in line)
    listed = line.split("the games are ", 1)[1].split(". access-game simulate --help")[0].split(", ")
    assert sorted(listed) == sorted(set(listed)) == sorted(e.name for e in games())


def test_turns_per_hand_are_the_turn_starts_of_each_hand() -> None:
    log = [TurnStarted(seat=0), TurnStarted(seat=1), HandEnded(hand_number=1, went_out=1, results=()),
           TurnStarted(seat=1), HandEnded(hand_number=2, went_out=None, results=())]
    assert hand_turns(log) == (2, 1)
    result = play_game("contract-rummy", ["normal", "normal", "normal"], seed=2, index=0)
    assert len(result.turns_per_hand) == 9  # nine contracts, one count each
    assert all(t > 0 for t in result.turns_per_hand)
    report = summarise("contract-rummy", ["normal"] * 3, 2, [result], seconds=1.0)
    assert report.turns_max == max(result.turns_per_hand)
    assert report.turns_mean == pytest.approx(sum(result.turns_per_hand) / 9)
    assert report.to_data()["turns_per_hand"] == {"mean": round(report.turns_mean, 3), "max": report.turns_max}
