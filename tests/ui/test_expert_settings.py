"""The settings menu (F2) offers the expert's hints and the expert level only in a game that has an
expert; driven by the catalog, at a real table's keys."""

from __future__ import annotations

import re

import pytest
from ui_driver import Harness

from access_game.catalog import games
from access_game.settings import Settings
from engine.game import Game

TABLES = [e for e in games() if e.levels and e.player_range[1] > 1 and e.table is not None]


def _menu(h: Harness) -> list[str]:
    """Every item of the settings menu, as said when reached."""
    first = h.press("f2")[-1]
    count = int(re.search(r", 1 of (\d+)$", first).group(1))  # type: ignore[union-attr]
    items = [first.split(". ")[-1]]
    for _ in range(count - 1):
        items.append(h.press("down")[-1])
    return items


@pytest.mark.parametrize("entry", TABLES, ids=lambda e: e.name)
def test_the_experts_hints_and_level_are_offered_only_where_the_game_has_an_expert(entry: object) -> None:
    name = entry.name  # type: ignore[attr-defined]
    levels = entry.levels  # type: ignore[attr-defined]
    low = entry.player_range[0]  # type: ignore[attr-defined]
    game = Game.new(name, ["You", "Anna", "Ben"][: max(low, 2)], seed=3)
    h = Harness(game=game, settings=Settings(speech="silent", cues=False, level="hard"))
    app = h.start()
    items = _menu(h)
    offered = [i for i in items if i.startswith("Hints from the expert player")]
    assert len(offered) == ("expert" in levels)
    h.press("escape")
    h.press("f2")
    at = next(k for k, i in enumerate(items) if i.startswith("Computer players' level"))
    h.press(*["down"] * at)
    said = h.press("right")
    # From hard, the next level is the expert where the game has one, else it wraps to easy.
    assert said == [f"Computer players' level (next game): {'expert' if 'expert' in levels else 'easy'}"]
    if offered:
        h.press("escape")
        h.press("f2")
        h.press(*["down"] * items.index(offered[0]))
        assert h.press("enter") == ["Hints from the expert player: on"]
        assert app.session.settings.expert_hints is True
