"""The benchmark command runs and prints its figures (speed itself is read from its output, not asserted)."""

from __future__ import annotations

import pytest

from access_game.bench import speech as bench


def test_bench_prints_medians_for_each_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--passes", "1", "--runs", "2"]) == 0
    out = capsys.readouterr().out
    assert "event -> speak() call" in out
    lines = [line for line in out.splitlines() if "median" in line]
    assert lines and all("ms" in line and "n=" in line for line in lines)
