"""Contract rummy from the command line (`access-game play --game contract-rummy`), and properties of the
table under any keys: reading never changes the game, and the shown hand is always the hand."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest
from contract_driver import ContractHarness
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness import play_piped

from access_game.cli import main
from access_game.game_choice import GameChoice, choose_game
from access_game.saves import SaveStore
from access_game.settings import Settings
from engine.arrange_contract import meld_kind
from speech.backends.base import RecordingBackend

# ----------------------------------------------------------------------------- the command


def test_bad_player_counts_exit_2_with_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "contract-rummy", "--players", "9"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("access-game play: error: ")
    assert "--players: Contract Rummy here is for 2 to 8 players" in err


def test_three_computer_players_by_default() -> None:
    parser_args = type("Args", (), {"game": "contract-rummy", "players": None, "names": None, "level": "hard",
                                    "seed": 3})()
    choice = choose_game(parser_args, Settings())
    assert choice == GameChoice("contract-rummy", ["You", "Anna", "Ben", "Carla"], "hard", 3, {"first_dealer": 0})


def run_game(home: Path, first: list[str], keys: list[str], backend: RecordingBackend) -> int:
    choice = GameChoice("contract-rummy", ["You", "Anna", "Ben", "Carla"], "normal", 4)
    return play_piped(choice, first, keys, backend, SaveStore(home / "saves", slot="contract-rummy"))


def test_play_quit_and_resume_in_its_own_save_slot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    said = RecordingBackend()
    assert run_game(tmp_path, [], ["C", "q", "y"], said) == 0
    assert said.texts[0] == "Contract Rummy. F1 lists the keys; Escape opens a menu of every action."
    assert any(s.startswith("Hand 1 of 9, contract: one set, laid down all at once.") for s in said.texts)
    assert said.texts[-1] == "Your game is saved; run access-game play --game contract-rummy again to go on."
    saved = json.loads((tmp_path / "saves" / "contract-rummy.json").read_text())
    assert saved["game"]["game"] == "contract-rummy"

    again = RecordingBackend()
    assert run_game(tmp_path, ["y"], ["h", "q", "y"], again) == 0
    assert again.texts[0] == ("You have a saved game of Contract Rummy with Anna, Ben and Carla, hand 1 of 9, "
                              "contract one set. Resume it? Y or N.")
    assert any(s.startswith("Resumed Contract Rummy against Anna, Ben and Carla: hand 1 of 9") for s in again.texts)


# ----------------------------------------------------------------------------- properties under any keys

READING = ["left", "right", "home", "end", "1", "5", "9", "0", "alt-1", "h", "g", "G", "r", "e", "a", "C", "F",
           "m", "M", "p", "u", "i", "s", "S", "w", "tab", "s-tab", "space", "z", "Z", "H", "f1", "l", "pageup"]
ANY = [*READING, "B", "d", "t", "y", "n", "N", "x", "enter", "L", "W", "alt-j", "j", "escape", "3", "7"]


def check_table(h: ContractHarness) -> None:
    table = h.table
    assert Counter(table.order) == Counter(h.view.hand)
    assert len(table.marks) == len(table.order)
    assert all(meld_kind(m) is not None for m in table.plan)
    assert 0 <= table.pos < max(1, len(table.order))
    assert isinstance(h.app_.prompt_text(), str)


@settings(max_examples=25)
@given(seed=st.integers(0, 50), keys=st.lists(st.sampled_from(READING), max_size=25))
def test_reading_and_selecting_never_change_the_game(seed: int, keys: list[str]) -> None:
    h = ContractHarness(seed)
    h.start()
    before = json.dumps(h.game.to_data(), sort_keys=True)
    for key in keys:
        h.press(key)
        check_table(h)
    assert json.dumps(h.game.to_data(), sort_keys=True) == before


@settings(max_examples=25)
@given(seed=st.integers(0, 50), keys=st.lists(st.sampled_from(ANY), max_size=40))
def test_any_keys_keep_the_shown_hand_the_hand(seed: int, keys: list[str]) -> None:
    h = ContractHarness(seed, players=("You", "Anna", "Ben"))
    h.start()
    for key in keys:
        if h.app_.quitting:
            break
        h.press(key)
        check_table(h)
