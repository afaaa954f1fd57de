"""Every option a ruleset takes can be chosen at the table: a `play` flag named in `play --help`, an F2
entry, a key in the settings file, and a line in docs/playing.md and in the game's rules document.
The walk starts from the rulesets' own options, so an option added to a ruleset and forgotten at the
table fails here. And the first dealer is drawn from the seed unless the player chose otherwise."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from access_game.catalog import GameEntry, game, games
from access_game.cli import build_parser
from access_game.game_choice import choose_game
from access_game.settings import Settings, load_settings, save_settings
from engine.game import Game
from speech.option_words import option_entry
from tests.harness import KeyHarness

#: The games dealt round a table, whose first dealer a player may choose.
DEALT_GAMES = [e.name for e in games() if any(o.name == "first_dealer" for o in e.options)]

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    return tmp_path


def _ruleset_options(entry: GameEntry) -> set[str]:
    low, _ = entry.player_range
    names = ["You", "Anna", "Ben"][: max(low, 1)]
    state = entry.rules().new_state(names, seed=1)
    options: Any = state.options
    return set(options.to_data())


def _play_help() -> str:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return str(sub.choices["play"].format_help())


@pytest.mark.parametrize("entry", games(), ids=lambda e: e.name)
def test_each_ruleset_option_has_a_flag_an_f2_entry_a_setting_and_docs(entry: GameEntry) -> None:
    # The catalog's limits (options that end a game that could otherwise never end) are the rules' own.
    taken = _ruleset_options(entry)
    assert set(entry.limits) <= taken, f"{entry.name}: limits the rules do not take: {set(entry.limits) - taken}"
    taken -= set(entry.limits)
    offered = {opt.name for opt in entry.options}
    assert taken == offered, f"{entry.name}: the rules take {sorted(taken)}, the table offers {sorted(offered)}"
    helptext = " ".join(_play_help().split())
    playing = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    rules_doc = (ROOT / "docs" / f"{entry.name}.md").read_text(encoding="utf-8")  # each game's rules page
    for opt in entry.options:
        assert opt.flag is not None and opt.setting is not None, (entry.name, opt.name)
        assert opt.flag in helptext and opt.flag in playing and opt.flag in rules_doc, (entry.name, opt.flag)
        # Every value F2 offers is kept in the settings file and read back for the next new game.
        for value in opt.setting_values():
            save_settings(Settings().with_rule(entry.name, opt.name, value))
            back, note = load_settings()
            assert note is None and back.rule_options(entry.name) == {opt.name: value}, (opt.name, value)


def test_the_f2_menu_lists_every_option_of_the_game_being_played() -> None:
    for name in DEALT_GAMES:
        h = KeyHarness(Game.new(name, ["You", "Anna"], seed=4))
        h.start()
        lines = h.press("f2")
        for _ in range(30):  # once round the whole menu
            lines += h.press("down")
        said = " ".join(lines)
        entry = game(name)
        for opt in entry.options:
            assert opt.setting is not None
            label = option_entry(entry.title, opt.setting, opt.default).split(":")[0]
            assert label in said, (name, opt.name)


def _dealer(*argv: str) -> int:
    args = build_parser().parse_args(["play", *argv])
    seat = choose_game(args, Settings()).options["first_dealer"]
    assert isinstance(seat, int)
    return seat


def _seats(name: str) -> int:
    """Four players, or as many as the game seats (Gin Rummy: two)."""
    return min(4, game(name).player_range[1])


@pytest.mark.parametrize("name", DEALT_GAMES)
def test_the_first_dealer_is_drawn_from_the_seed_unless_you_choose_to_deal(name: str) -> None:
    n = str(_seats(name))
    dealers = [_dealer("--game", name, "--seed", str(seed), "--players", n) for seed in range(40)]
    assert set(dealers) == set(range(int(n)))  # not always you: a newcomer does not always play last in hand 1
    assert dealers == [_dealer("--game", name, "--seed", str(seed), "--players", n) for seed in range(40)]
    assert _dealer("--game", name, "--seed", "5", "--first-dealer", "you") == 0
    save_settings(Settings().with_rule(name, "first_dealer", "you"))
    args = build_parser().parse_args(["play", "--game", name, "--seed", "5"])
    assert choose_game(args, load_settings()[0]).options["first_dealer"] == 0  # the setting remembered


@pytest.mark.parametrize("name", DEALT_GAMES)
def test_the_deal_line_says_who_deals_hand_one(name: str) -> None:
    players = ["You", "Anna", "Ben", "Carla"][: _seats(name)]
    for dealer, words in ((len(players) - 1, f"{players[-1]} deals"), (0, "You deal")):
        h = KeyHarness(Game.new(name, players, seed=3, options={"first_dealer": dealer}))
        h.start()
        deal = next(line for line in h.spoken if "Hand 1" in line)
        assert words in deal, deal
