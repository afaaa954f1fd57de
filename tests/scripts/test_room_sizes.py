"""Rooms by role: no class of the network (access_game/net) or of the terminal at a server
(access_game/online) passes scripts/room_sizes.py's MAX_CLASS_LINES, measured as that script prints it."""

from __future__ import annotations

from pathlib import Path

import pytest
from script_loader import load_script

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("package", ["access_game/net", "access_game/online"])
def test_no_class_of_the_network_passes_the_limit(package: str) -> None:
    sizes = load_script("room_sizes")
    measured = sizes.class_sizes(ROOT / package)
    assert len(measured) > 5  # the folder was read
    assert [(lines, name) for lines, name in measured if lines > sizes.MAX_CLASS_LINES] == []


def test_a_long_class_is_measured_whole(tmp_path: Path) -> None:
    sizes = load_script("room_sizes")
    folder = tmp_path / "pkg"
    folder.mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(450))
    (folder / "m.py").write_text(f"import dataclasses\n\n\n@dataclasses.dataclass\nclass Big:\n{body}\n",
                                 encoding="utf-8")
    assert sizes.class_sizes(folder) == [(452, "pkg/m.py:Big")]
    assert sizes.module_sizes(folder) == [(455, "pkg/m.py")]
