"""The documents a newcomer reads first name every game the catalog holds, so a sixth game cannot be
left out of them the way Gin Rummy was left out of the network documents: the README's count and
table, the network guide's ``--game`` choices and the protocol's games and move kinds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from access_game.catalog import GameEntry, games, network_games
from engine.registry import get_ruleset

ROOT = Path(__file__).resolve().parents[2]
_NUMBERS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight"}


def _text(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def test_readme_counts_the_games_it_lists() -> None:
    readme = _text("README.md")
    count = len(games())
    assert f"{_NUMBERS[count]} games, each at the terminal" in readme
    rows = [line for line in readme.splitlines() if line.startswith("| **")]
    assert len(rows) == count
    for entry in games():
        assert f"`{entry.name}`" in readme


@pytest.mark.parametrize("name", network_games())
def test_network_guide_offers_every_network_game(name: str) -> None:
    guide = _text("docs/network-play.md")
    choices = re.search(r"\| `--game ([^`]+)` \|", guide)
    assert choices is not None
    assert name in choices.group(1).replace("\\", "").split("|")


@pytest.mark.parametrize("entry", games(), ids=lambda e: e.name)
def test_protocol_names_each_game_and_its_moves(entry: GameEntry) -> None:
    protocol = " ".join(_text("docs/protocol.md").split())
    name = entry.name
    assert f"`{name}`" in protocol
    kinds = [move.kind for move in get_ruleset(entry.ruleset).moves]
    listed = re.search(rf"{re.escape(name)} (`[a-z0-9_]+`(?:, `[a-z0-9_]+`)*)", protocol)
    assert listed is not None, f"docs/protocol.md lists no move kinds for {name}"
    assert re.findall(r"`([a-z0-9_]+)`", listed.group(1)) == kinds
