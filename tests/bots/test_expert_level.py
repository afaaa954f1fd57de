"""The expert level: offered wherever levels are, only for a game that registers one, refused clearly
where a game has none; driven by the catalog and the registry, so a game that gains an expert is
covered without a line here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from access_game.catalog import games
from access_game.net.ratings import COMPUTER_MU
from access_game.settings import LEVELS as SETTING_LEVELS
from access_game.settings import Settings
from access_game.table_plan import default_plan, offered_level
from engine.bots import LEVELS, agent_levels, make_agent
from speech.option_values import VALUE_WORDS
from speech.setup_words import LEVEL_WORDS
from speech.table_words import SETTING_VALUES

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
#: Games played against computer players: those with levels.
WITH_LEVELS = [e for e in games() if e.levels]
WITH_EXPERT = [e.name for e in WITH_LEVELS if "expert" in e.levels]
WITHOUT_EXPERT = [e.name for e in WITH_LEVELS if "expert" not in e.levels and e.player_range[1] > 1]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "access_game", *args], capture_output=True, text=True,
                          timeout=120, env=ENV, cwd=ROOT)


def test_every_level_has_its_words_and_a_rating() -> None:
    assert SETTING_LEVELS == LEVELS and LEVELS[-1] == "expert"
    for level in LEVELS:
        assert level in LEVEL_WORDS and level in VALUE_WORDS and ("level", level) in SETTING_VALUES
        assert level in COMPUTER_MU
    assert list(COMPUTER_MU) == list(LEVELS) and sorted(COMPUTER_MU.values()) == list(COMPUTER_MU.values())


def test_gin_rummy_has_an_expert() -> None:
    assert "gin-rummy" in WITH_EXPERT


@pytest.mark.parametrize("entry", WITH_LEVELS, ids=lambda e: e.name)
def test_a_game_offers_expert_exactly_when_it_registers_one(entry: object) -> None:
    name = entry.name  # type: ignore[attr-defined]
    levels = agent_levels(entry.ruleset)  # type: ignore[attr-defined]
    assert levels == tuple(v for v in LEVELS if v in levels)  # easiest first
    for level in LEVELS:
        if level in levels:
            make_agent(entry.ruleset, level, seed=1)  # type: ignore[attr-defined]
        else:
            with pytest.raises(ValueError):
                make_agent(entry.ruleset, level, seed=1)  # type: ignore[attr-defined]
    # The settings' level is one for every game: a level the game lacks plays its strongest.
    assert offered_level(name, "expert") == ("expert" if "expert" in levels else levels[-1])
    assert set(default_plan(name, "expert").levels) <= set(levels)


@pytest.mark.parametrize("name", WITHOUT_EXPERT)
def test_asking_a_game_without_an_expert_for_one_is_refused_in_one_line(name: str) -> None:
    for args in (["play", "--game", name, "--level", "expert"],
                 ["simulate", "--game", name, "--players", "expert,hard", "--games", "1"]):
        done = _cli(*args)
        assert done.returncode == 2, (args, done.stderr)
        assert len(done.stderr.splitlines()) == 1 and "expert" in done.stderr, done.stderr
        assert done.stdout == ""


@pytest.mark.parametrize("name", WITH_EXPERT)
def test_simulate_plays_the_expert_where_a_game_has_one(name: str) -> None:
    done = _cli("simulate", "--game", name, "--players", "expert,hard", "--games", "1", "--json")
    assert done.returncode == 0, done.stderr
    assert '"level": "expert"' in done.stdout


def test_the_settings_take_expert_and_expert_hints() -> None:
    settings = Settings(level="expert", expert_hints=True)
    assert settings.level == "expert" and settings.expert_hints
    with pytest.raises(ValueError):
        Settings(level="master")
    with pytest.raises(ValueError):
        Settings(expert_hints="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [e.name for e in WITH_LEVELS if e.player_range[1] > 1])
def test_the_hint_is_the_experts_when_asked_for_and_the_game_has_one(name: str) -> None:
    from access_game.catalog import game as catalog_game
    from access_game.session import Session
    from access_game.ui.hints import best_choice
    from access_game.ui.speech_link import make_announcer, make_narrator
    from engine.bots import explain
    from engine.game import Game
    from speech.backends import SilentBackend

    entry = catalog_game(name)
    low, high = entry.player_range
    game = Game.new(name, ["You", "Anna", "Ben"][: max(low, min(3, high))], seed=5)
    while 0 not in game.seats_to_act():
        seat = game.seats_to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    for expert_hints in (False, True):
        settings = Settings(speech="silent", cues=False, expert_hints=expert_hints)
        session = Session(game, human_seat=0, level="normal", announcer=make_announcer(settings, lambda line: None,
                          SilentBackend()), narrator=make_narrator(0, game.players, settings, game=name),
                          settings=settings)
        level = "expert" if expert_hints and "expert" in entry.levels else entry.hint_level
        expected = explain(make_agent(entry.ruleset, level, seed=session.move_count), game.view(0),
                           game.legal_actions(0))
        assert best_choice(session) == expected
