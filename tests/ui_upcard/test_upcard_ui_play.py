"""`access-game play --game upcard-rummy`: its arguments, a run through pipe input with its own save
slot and the resume question, and the installed command in a real pseudo-terminal."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness import play_piped
from pty_play import quit_game, spawn

from access_game.cli import build_parser, main
from access_game.game_choice import GameChoice, choose_game
from access_game.saves import SaveStore
from access_game.settings import Settings
from speech.backends.base import RecordingBackend


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "7"], "--players: Upcard Rummy here is for 2 to 6 players"),
        (["--players", "1"], "--players: Upcard Rummy here is for 2 to 6 players"),
        (["--players", "3", "--names", "Anna"], "--names: give 2 names"),
    ],
)
def test_bad_arguments_exit_2_with_usage(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "upcard-rummy", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("access-game play: error: ") and message in err


def test_three_computer_players_by_default_and_the_level_asked_for() -> None:
    args = build_parser().parse_args(["play", "--game", "upcard-rummy", "--level", "hard", "--seed", "4"])
    choice = choose_game(args, Settings())
    assert choice == GameChoice("upcard-rummy", ["You", "Anna", "Ben", "Carla"], "hard", 4, {"first_dealer": 2})
    args = build_parser().parse_args(["play", "--game", "upcard-rummy", "--players", "6"])
    assert len(choose_game(args, Settings()).players) == 6


def _play(home: Path, first: list[str], keys: list[str], backend: RecordingBackend) -> int:
    choice = GameChoice("upcard-rummy", ["You", "Anna", "Ben"], "easy", 5)
    return play_piped(choice, first, keys, backend, SaveStore(home / "saves", slot="upcard-rummy"))


def test_a_game_is_played_saved_in_its_own_slot_and_resumed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    said = RecordingBackend()
    assert _play(tmp_path, [], ["f1", "d", "k", "q", "y"], said) == 0
    assert said.texts[0] == "Upcard Rummy. F1 lists the keys; Escape opens a menu of every action."
    assert any(t.startswith("Help for Upcard Rummy: ") for t in said.texts)
    assert any(t.startswith("You drew the ") for t in said.texts)
    assert said.texts[-1] == "Your game is saved; run access-game play --game upcard-rummy again to go on."
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == ["upcard-rummy.json"]

    again = RecordingBackend()
    assert _play(tmp_path, ["y"], ["h", "q", "y"], again) == 0
    assert again.texts[0].startswith("You have a saved game of Upcard Rummy with Anna and Ben, hand 1, totals you 0")
    assert again.texts[0].endswith("target 3000. Resume it? Y or N.")
    assert any(t.startswith("Resumed Upcard Rummy against Anna and Ben: hand 1, ") for t in again.texts)
    assert "It is your turn: meld or discard." in again.texts


def test_the_installed_command_plays_upcard_rummy_in_a_terminal(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "--game", "upcard-rummy", "--players", "3", "--level", "hard", "--seed", "5",
                  "--speech", "screen-reader", term="xterm", width=80)
    child.expect("Upcard Rummy. F1 lists the keys")
    child.expect("Up cards: ")
    child.expect("draw>")
    child.send("d")
    child.expect("You drew the ")
    child.expect("discard>")
    child.send("k")
    child.expect(r"cards?; from the top: ")
    child.send("x")
    child.expect("You discarded the ")
    child.expect("draw>")
    quit_game(child, then="run access-game play --game upcard-rummy again to go on")
    assert sorted(p.name for p in (tmp_path / "data" / "saves").iterdir()) == ["upcard-rummy.json"]
