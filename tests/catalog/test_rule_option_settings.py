"""Rule options kept in settings: chosen in F2 for the game being played, written to settings.json,
checked when read back, and used for the next new game of that game, the command line winning."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from access_game.catalog import game, games
from access_game.cli import build_parser
from access_game.game_choice import choose_game, new_choice
from access_game.saves import SaveStore
from access_game.settings import Settings, load_settings, save_settings, settings_path
from access_game.terminal_game import play_in_terminal
from engine.game import Game
from speech.backends.base import RecordingBackend
from tests.harness import KeyHarness, raw


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    return tmp_path


def _choose(*argv: str, settings: Settings | None = None) -> Any:
    args = build_parser().parse_args(["play", *argv])
    return choose_game(args, settings or load_settings()[0])


def _rules(choice: Any) -> dict[str, object]:
    """The options chosen, less the first dealer (a seat drawn from the seed unless one was chosen)."""
    return {k: v for k, v in choice.options.items() if k != "first_dealer"}


def test_every_rule_option_the_rules_take_is_offered_in_settings_and_on_the_command_line() -> None:
    # Every option the catalog declares, of every game, is offered in both places (the catalog's options
    # are the rules' own, less its limits: tests/catalog/test_every_rule_option.py).
    offered = {(e.name, o.name) for e in games() for o in e.setting_options() if o.flag}
    assert offered == {(e.name, o.name) for e in games() for o in e.options}
    assert offered, "the catalog declares no rule option at all"
    for entry in games():
        for opt in entry.setting_options():
            assert opt.setting_values()[0] == opt.default, (entry.name, opt.name)
    helptext = build_parser()._subparsers._group_actions[0].choices["play"].format_help()  # type: ignore[union-attr]
    for flag in {o.flag for e in games() for o in e.options}:
        assert flag is not None and flag in helptext, flag


def test_rule_options_round_trip_through_the_settings_file_per_game() -> None:
    s = Settings().with_rule("five-crowns", "tie_break", "playoff").with_rule("upcard-rummy", "target", 1000)
    s = s.with_rule("five-crowns", "sets", 2)
    save_settings(s)
    data = json.loads(settings_path().read_text())
    assert data["rules"] == {"five-crowns": {"tie_break": "playoff", "sets": 2}, "upcard-rummy": {"target": 1000}}
    back, note = load_settings()
    assert note is None and back == s
    assert back.rule_options("contract-rummy") == {}


def test_bad_rule_options_in_the_file_are_reported_and_their_defaults_used() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"level": "hard", "rules": {
        "five-crowns": {"tie_break": "coin", "all_wild_melds": False, "colour": "red"},
        "upcard-rummy": {"target": "lots"}, "chess": {"castling": True}, "contract-rummy": [2]}}))
    settings, note = load_settings()
    assert settings.level == "hard"
    assert settings.rules == {"five-crowns": {"all_wild_melds": False}}
    assert note is not None and str(path) in note and "Their defaults are used." in note
    for word in ('tie break "coin"', "'colour': no such option", 'target "lots"', "'chess': no such game",
                 "Contract Rummy: not a set of options"):
        assert word in note
    assert path.exists()  # a file with one bad value is not damaged: it is kept where it is
    choice = _choose("--seed", "3")
    assert _rules(choice) == {"all_wild_melds": False}
    path.write_text(json.dumps({"rules": "all of them"}))
    assert load_settings()[0].rules == {} and "not a set of games" in (load_settings()[1] or "")
    with pytest.raises(ValueError):
        Settings(rules={"five-crowns": {"sets": 3}})


def test_a_new_game_takes_the_setting_and_the_command_line_wins() -> None:
    save_settings(Settings().with_rule("upcard-rummy", "target", 500).with_rule("five-crowns", "tie_break", "playoff"))
    choice = _choose("--game", "upcard-rummy", "--seed", "3", "--players", "2")
    assert _rules(choice) == {"target": 500}
    assert Game.new(choice.game, choice.players, seed=3, options=choice.options).state.options.target == 500
    assert _rules(_choose("--game", "upcard-rummy", "--target", "2000", "--players", "2")) == {"target": 2000}
    fc = _choose("--seed", "3")
    assert _rules(fc) == {"tie_break": "playoff"}
    assert _rules(_choose("--tie-break", "share")) == {"tie_break": "share"}
    # The setting of one game never reaches another.
    assert _rules(_choose("--game", "contract-rummy")) == {}


def test_first_dealer_you_or_drawn_from_the_seed() -> None:
    assert _choose("--first-dealer", "you", "--seed", "1").options == {"first_dealer": 0}
    seats = {_choose("--first-dealer", "random", "--seed", str(seed)).options["first_dealer"] for seed in range(40)}
    assert seats == {0, 1, 2, 3}
    again = {_choose("--first-dealer", "random", "--seed", "7").options["first_dealer"] for _ in range(3)}
    assert len(again) == 1
    save_settings(Settings().with_rule("contract-rummy", "first_dealer", "random"))
    choice = _choose("--game", "contract-rummy", "--seed", "7")
    assert choice.options["first_dealer"] == next(iter(again))
    assert Game.new(choice.game, choice.players, seed=7, options=choice.options).state.options.first_dealer \
        == choice.options["first_dealer"]


def test_a_setting_that_does_not_fit_the_table_gives_way_to_the_rules() -> None:
    save_settings(Settings().with_rule("contract-rummy", "decks", 2))
    assert _rules(_choose("--game", "contract-rummy", "--players", "3")) == {"decks": 2}
    six = _choose("--game", "contract-rummy", "--players", "6")
    assert _rules(six) == {}
    assert Game.new(six.game, six.players, seed=1, options=six.options).state.decks == 3


def test_another_game_from_the_menu_uses_that_games_settings() -> None:
    s = Settings().with_rule("upcard-rummy", "target", 1500)
    assert _rules(new_choice("upcard-rummy", "Mia", "easy", s)) == {"target": 1500}
    assert _rules(new_choice("five-crowns", "Mia", "easy", s)) == {}


def _harness(name: str, settings: Settings) -> KeyHarness:
    h = KeyHarness(Game.new(name, ["You", "Anna"], seed=4), settings=settings)
    h.session.on_settings = save_settings  # what the terminal does: kept in the real file at once
    h.start()
    return h


def test_f2_shows_and_changes_only_this_games_options_and_keeps_the_others() -> None:
    base = Settings(speech="silent", cues=False).with_rule("upcard-rummy", "target", 1000)
    h = _harness("five-crowns", base)
    opened = h.press("f2")[-1]
    assert opened.endswith("1 of 23")
    assert h.press("end") == ["First dealer (Five Crowns, from the next new game): drawn at random, 23 of 23"]
    assert h.press("up") == ["Sets of cards (Five Crowns, from the next new game): by the number of players "
                             "(2 sets for 8 or more), 22 of 23"]
    assert h.press("right") == ["Sets of cards (Five Crowns, from the next new game): 1 set"]
    h.press("up")
    assert h.press("enter") == ["Melds of wild cards only (Five Crowns, from the next new game): do not count"]
    h.press("up")
    assert h.press("left") == ["Tie for the lowest total (Five Crowns, from the next new game): 6-card play-off "
                               "hands until one player is lowest"]
    h.press("escape")
    # The game in progress keeps its rules; the file holds the choices, the other game's kept.
    assert h.session.game.options == {}
    kept = json.loads(settings_path().read_text())["rules"]
    assert kept == {"upcard-rummy": {"target": 1000},
                    "five-crowns": {"sets": 1, "all_wild_melds": False, "tie_break": "playoff"}}
    assert _rules(_choose("--seed", "2")) == {"sets": 1, "all_wild_melds": False, "tie_break": "playoff"}
    # 'Play again' deals with the options changed in F2 during the game.
    h.session.new_game(5)
    assert _rules(h.session.game) == {"sets": 1, "all_wild_melds": False, "tie_break": "playoff"}

    up = _harness("upcard-rummy", load_settings()[0])
    up.press("f2")
    assert up.press("end") == ["First dealer (Upcard Rummy, from the next new game): drawn at random, 21 of 21"]
    assert up.press("up") == ["Target score (Upcard Rummy, from the next new game): 1000 points, 20 of 21"]
    assert up.press("right") == ["Target score (Upcard Rummy, from the next new game): 1500 points"]
    assert json.loads(settings_path().read_text())["rules"]["five-crowns"]["tie_break"] == "playoff"
    assert load_settings()[0].rule_options("upcard-rummy") == {"target": 1500}


def test_f2_at_the_real_terminal_writes_settings_json_for_the_next_game(home: Path) -> None:
    choice = _choose("--seed", "5", "--players", "2", settings=Settings())
    out = DummyOutput()
    backend = RecordingBackend()
    keys = ["f2", "end", "up", "up", "up", "right", "escape", "q", "y"]
    with create_pipe_input() as inp, create_app_session(input=inp, output=out):
        status = play_in_terminal(choice, Settings(speech="silent", cues=False), input=inp, output=out,
                                  backend=backend, saves=SaveStore(home / "saves", slot="current"), cues=None,
                                  on_app=lambda app: inp.send_text(raw(keys)))
    assert status == 0
    assert "Tie for the lowest total (Five Crowns, from the next new game): 6-card play-off hands until one " \
           "player is lowest" in backend.texts
    assert json.loads(settings_path().read_text())["rules"] == {"five-crowns": {"tie_break": "playoff"}}
    assert _rules(_choose("--new")) == {"tie_break": "playoff"}
    assert game("five-crowns").option("tie_break").setting == "tie break"
