"""The `play` command: its arguments, and a whole start-to-quit run through pipe input, including
resuming a saved game, declining to, and a damaged save."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness import play_piped

from access_game.cli import main
from access_game.game_choice import GameChoice
from access_game.saves import SaveStore
from access_game.settings import load_settings
from speech.backends.base import RecordingBackend


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "1"], "--players: Five Crowns here is for 2 to"),
        (["--players", "3", "--names", "A"], "--names: give 2 names"),
        (["--names", "Anna", "anna"], "every player needs a different name"),
        (["--game", "chess"], "--game: there is no table for 'chess'"),
    ],
)
def test_bad_arguments_exit_2_with_usage(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("access-game play: error: ") and len(err.splitlines()) == 1
    assert message in err


def test_argparse_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", "--level", "genius"])
    assert exc.value.code == 2
    assert "invalid choice: 'genius'" in capsys.readouterr().err


def test_no_command_runs_play_which_needs_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    monkeypatch.setattr("sys.stdin.isatty", lambda: False, raising=False)
    assert main([]) == 2
    assert capsys.readouterr().err == "access-game: play needs a terminal: standard input is not one.\n"


def test_help_lists_play(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    for option in ("--players", "--names", "--level", "--seed", "--speech", "--cards", "--new"):
        assert option in out


class Run:
    """play_in_terminal with pipe input: ``first`` typed before the start (answers to questions), ``keys``
    once the game's app exists."""

    def __init__(self, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("ACCESS_GAME_HOME", str(home))
        self.home = home
        self.backend = RecordingBackend()

    def __call__(self, first: list[str], keys: list[str], *, seed: int = 4, names: list[str] | None = None,
                 force_new: bool = False) -> int:
        choice = GameChoice("five-crowns", names or ["You", "Anna", "Ben", "Carla"], "normal", seed)
        return play_piped(choice, first, keys, self.backend, SaveStore(self.home / "saves"), force_new=force_new)

    @property
    def said(self) -> list[str]:
        return self.backend.texts


def test_first_start_plays_then_quit_then_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = Run(tmp_path, monkeypatch)
    assert run([], ["d", "space", "v", "q", "y"]) == 0
    assert run.said[0] == "Five Crowns. F1 lists the keys; Escape opens a menu of every action."
    assert any(s.startswith("You drew the ") for s in run.said)
    assert run.said[-2:] == ["Goodbye.", "Your game is saved; run access-game again to go on."]
    # The verbosity change was kept in the settings file.
    assert load_settings()[0].verbosity == "detailed"
    saved = SaveStore(tmp_path / "saves").load().session
    assert saved is not None

    run2 = Run(tmp_path, monkeypatch)
    assert run2(["y"], ["h", "q", "y"]) == 0
    assert run2.said[0] == ("You have a saved game of Five Crowns with Anna, Ben and Carla, hand 1 of 11. "
                            "Resume it? Y or N.")
    assert run2.said[2].startswith("Resumed Five Crowns against Anna, Ben and Carla")
    assert any(s.startswith(f"{len(saved.game.view(0).hand)} cards: ") for s in run2.said)


def test_declining_to_resume_keeps_the_old_save_aside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = Run(tmp_path, monkeypatch)
    run([], ["d", "q", "y"])
    old = (tmp_path / "saves" / "current.json").read_text()
    run2 = Run(tmp_path, monkeypatch)
    run2(["n"], ["q", "y"], seed=9)
    kept = [p for p in (tmp_path / "saves").iterdir() if ".replaced-" in p.name]
    assert len(kept) == 1 and kept[0].read_text() == old
    assert "The saved game was set aside, not lost." in run2.said
    assert json.loads((tmp_path / "saves" / "current.json").read_text())["game"]["seed"] == 9


def test_a_damaged_save_is_reported_and_a_new_game_offered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "current.json").write_text("{\"format\": \"access-game-session\", \"ver")
    run = Run(tmp_path, monkeypatch)
    run(["y"], ["q", "y"])
    assert run.said[0].startswith("The saved game could not be used: it is not complete JSON. It was kept as ")
    assert run.said[1] == "Start a new game? Y or N."
    assert any(s.startswith("New game of Five Crowns") for s in run.said)
    assert len([p for p in saves.iterdir() if ".damaged-" in p.name]) == 1


def test_a_damaged_save_and_no_new_game_changes_nothing_more(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "current.json").write_text("garbage")
    run = Run(tmp_path, monkeypatch)
    assert run(["n"], []) == 0
    assert not (saves / "current.json").exists()
    assert [p.read_text() for p in saves.iterdir()] == ["garbage"]


def test_names_and_player_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = Run(tmp_path, monkeypatch)
    run([], ["q", "y"], names=["Zoe", "Max", "Ida"])
    assert any(s == "New game of Five Crowns: you, Max and Ida." for s in run.said)


def test_ctrl_c_at_the_resume_question_leaves_the_save_untouched(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    run = Run(tmp_path, monkeypatch)
    run([], ["d", "q", "y"])
    before = sorted(p.name for p in (tmp_path / "saves").iterdir())
    content = (tmp_path / "saves" / "current.json").read_text()
    run2 = Run(tmp_path, monkeypatch)
    assert run2(["c-c"], []) == 0
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == before
    assert (tmp_path / "saves" / "current.json").read_text() == content
