"""Every size a user can type is bounded, and an empty or unknown option value is refused, not defaulted.

Before: ``labels --sets 100000000`` and ``simulate --games 1000000000000`` ended in a MemoryError
traceback, ``labels --per-card 1000000000`` ran for ever, and ``chart --paper ''`` quietly meant A4.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from access_game.cli import main

CASES = [
    (["labels", "--sets", "100000000"], "--sets must be at most 8, not 100000000"),
    (["labels", "--sets", "0"], "at least one"),
    (["labels", "--per-card", "1000000000"], "--per-card must be at most 8, not 1000000000"),
    (["labels", "--per-card", "0"], "--per-card must be at least 1, not 0"),
    (["labels", "--cells-per-line", "1000000000"], "--cells-per-line must be at most 200"),
    (["labels", "--lines-per-page", "100000"], "--lines-per-page must be at most 200"),
    (["labels", "-o", "OUT.pdf", "--dot-diameter", "1e300"], "dot"),
    (["labels", "-o", "OUT.pdf", "--line-spacing", "inf"], "--line-spacing must be a positive number"),
    (["chart", "-o", "OUT.pdf", "--paper", ""], "unknown paper '': the papers are"),
    (["chart", "-o", "OUT.pdf", "--paper", "a0"], "unknown paper 'a0'"),
    (["chart", "-o", "OUT.pdf", "--format", ""], "unknown format '': the formats are"),
    (["labels", "-o", "OUT.pdf", "--deck", ""], "unknown deck ''"),
    (["simulate", "--games", "1000000000000"], "--games must be at most 100000, not 1000000000000"),
    (["simulate", "--games", "0"], "--games must be at least 1"),
    (["simulate", "--workers", "100000"], "--workers must be at most 64, not 100000"),
    (["simulate", "--players", "hard," * 20 + "hard"], "is for 2 to 14 players, not 21"),
    (["simulate", "--players", ""], "--players is a comma-separated list of levels"),
    (["simulate", "--game", ""], "unknown game ''"),
    (["play", "--players", "100000"], "--players: Five Crowns here is for 2 to 14 players"),
    (["play", "--players", "-1"], "--players: Five Crowns here is for 2 to 14 players"),
    (["play", "--game", ""], "--game: there is no table for ''"),
]


@pytest.mark.parametrize(("args", "message"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_sizes_out_of_bounds_exit_2_with_a_message(args: list[str], message: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    args = [a if a != "OUT.pdf" else str(tmp_path / "out.pdf") for a in args]
    if args[0] in ("labels", "chart") and "-o" not in args:
        args += ["-o", str(tmp_path / "out.brf")]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"access-game {args[0]}: error: ") and len(err.splitlines()) == 1
    assert message in err
    assert not list(tmp_path.glob("out.*"))  # nothing half made


def test_the_largest_allowed_values_still_work(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "labels.brf"
    assert main(["labels", "--sets", "2", "--per-card", "8", "-o", str(out)]) == 0
    assert "232 cards x 8" in capsys.readouterr().out
