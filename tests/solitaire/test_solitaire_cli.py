"""`access-game solitaire` and `access-game simulate --game solitaire` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from access_game.cli import build_parser, main
from access_game.commands.solitaire import SAVE_SLOT, play_solitaire
from access_game.saves import SaveStore
from speech.backends.base import RecordingBackend


def test_bad_arguments_exit_2_with_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solitaire", "--seed", "-4"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("access-game solitaire: error: ") and "--seed is a whole number" in err
    assert main(["solitaire", "--name", "  "]) == 2
    assert "--name cannot be empty" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["solitaire", "--seed", "many"])
    assert exc.value.code == 2


def test_without_a_terminal_it_says_so() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "access_game", "solitaire", "--seed", "3"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "needs a terminal" in done.stderr


def test_a_deal_at_the_terminal_is_saved_in_its_own_slot_and_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    args = build_parser().parse_args(["solitaire", "--seed", "9", "--speech", "silent"])
    saves = SaveStore(tmp_path / "saves", slot=SAVE_SLOT)
    backend = RecordingBackend()
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("d1\rqy")
        assert (
            play_solitaire(args, 9, "You", saves=saves, input=inp, output=DummyOutput(), backend=backend, cues=None)
            == 0
        )
    assert (tmp_path / "saves" / "solitaire.json").exists()
    assert not (tmp_path / "saves" / "current.json").exists()
    assert any(t.startswith("You put the ") and "on pile 1" in t for t in backend.texts)
    backend = RecordingBackend()
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("y qy")
        play_solitaire(args, 9, "You", saves=saves, input=inp, output=DummyOutput(), backend=backend, cues=None)
    assert any(t.startswith("Resumed Five Crowns solitaire") for t in backend.texts)
    assert "Discard a card from pile 1: Left and Right, then X." in backend.texts


def test_simulate_reports_the_hint_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "solitaire", "--games", "2", "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and set(data) >= {"wins", "win_rate", "mean_piles_closed"}
    assert 0 <= data["mean_piles_closed"] <= 11


def test_the_wild_melds_option_from_the_flag_or_the_setting_reaches_the_saved_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from access_game.settings import Settings, save_settings

    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    assert main(["solitaire", "--all-wild-melds", "maybe"]) == 2
    assert "--all-wild-melds is yes or no, not 'maybe'" in capsys.readouterr().err

    def deal(*argv: str) -> bool:
        args = build_parser().parse_args(["solitaire", "--seed", "9", "--speech", "silent", "--new", *argv])
        with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
            inp.send_text("qy")
            play_solitaire(args, 9, "You", saves=SaveStore(tmp_path / "saves", slot=SAVE_SLOT), input=inp,
                           output=DummyOutput(), backend=RecordingBackend(), cues=None)
        saved = json.loads((tmp_path / "saves" / "solitaire.json").read_text(encoding="utf-8"))["game"]
        chosen = saved["state"]["options"]["all_wild_melds"]
        assert isinstance(chosen, bool)
        return chosen

    assert deal() is True and deal("--all-wild-melds", "no") is False
    save_settings(Settings().with_rule("solitaire", "all_wild_melds", False))  # chosen in F2, for the next deal
    assert deal() is False and deal("--all-wild-melds", "yes") is True
