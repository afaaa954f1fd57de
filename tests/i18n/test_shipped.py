"""The catalogs ship in the wheel, so an installed game speaks French with no build step."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from catalogs import ROOT


def test_wheel_holds_the_compiled_french_catalog(tmp_path: Path) -> None:
    source = tmp_path / "src"
    for name in ("engine", "speech", "braille", "access_game"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                    "-w", str(tmp_path / "dist"), str(source)], check=True, capture_output=True)
    (wheel,) = (tmp_path / "dist").glob("access_game-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "speech/locale/fr/LC_MESSAGES/access_game.mo" in names
    assert "speech/locale/fr/LC_MESSAGES/access_game.po" in names
    assert "speech/locale/fr/LC_MESSAGES/argparse.mo" in names
    assert "speech/i18n.py" in names
    # The web table's pages ship the same way: plain files, no build step (access_game/web/pages.py).
    shipped = {path.relative_to(ROOT).as_posix() for path in (ROOT / "access_game" / "web" / "static").iterdir()}
    assert shipped and shipped <= names
    # So do the expert players' learned weights (engine/learned/weights): no model is fetched at run time.
    weights = {path.relative_to(ROOT).as_posix() for path in (ROOT / "engine" / "learned" / "weights").glob("*.npz")}
    assert weights and weights <= names
