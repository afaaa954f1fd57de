"""The sheets' figures script: it checks real kits, validates real PEF files and reads real dots back,
and it says so when something does not match."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "sheet_figures.py"


def test_the_figures_of_one_game_in_grade_2() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--games", "upcard-rummy", "--languages", "fr",
                           "--grades", "2"], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    figures = dict(line.split(": ", 1) for line in done.stdout.splitlines() if ": " in line)
    assert figures["problems"] == "0"
    assert figures["pef files"] == figures["pef files valid"] == "8"  # 4 PEF files x 2 page sizes
    assert int(figures["brf pages 40x25 grade 2"]) == int(figures["pef pages 40x25 grade 2"]) > 10
    assert int(figures["swell pages read grade 2"]) > 10 and int(figures["swell words read grade 2"]) > 500
