"""The game says a game is saved only when the last save worked.

Before, with a saves folder that could not be written, Q Y (or Ctrl+C) said "Your game is saved; run
access-game again" and the folder stayed empty. Now quitting says it is not saved, where it tried, and
offers to try again or to save it elsewhere.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from saves_harness import SavingTable

from access_game.saves import SaveStore


def blocked(tmp_path: Path) -> tuple[Path, Path]:
    """A saves folder that cannot be made: its parent is an ordinary file."""
    parent = tmp_path / "not-a-folder"
    parent.write_text("in the way")
    return parent, parent / "saves"


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    monkeypatch.chdir(folder)  # the first place "save elsewhere" offers
    return folder


def started(save_dir: Path) -> SavingTable:
    return SavingTable(save_dir)


def quit_unsaved(saves: Path) -> SavingTable:
    """A game whose saves folder cannot be made, quit (Q, Y): it now asks what to do with the unsaved game."""
    h = started(saves)
    h.press("q")
    h.press("y")
    return h


def test_quit_with_a_failed_save_says_not_saved_and_where(tmp_path: Path, elsewhere: Path) -> None:
    _, saves = blocked(tmp_path)
    h = started(saves)
    assert any(line.startswith("The game could not be saved: ") for line in h.spoken)
    h.press("q")
    said = h.press("y")
    assert not any("Your game is saved" in line for line in h.spoken)
    assert said[-1].startswith("Your game is NOT saved. The game could not be saved: ")
    assert f"in {saves / 'current.json'}. Try saving again? Y or N; E to save it in {elsewhere} instead." in said[-1]
    assert not h.app.application.is_running and h.app.modes  # still asking, not gone


def test_n_quits_saying_nothing_was_kept(tmp_path: Path, elsewhere: Path) -> None:
    _, saves = blocked(tmp_path)
    h = quit_unsaved(saves)
    said = h.press("n")
    assert "You quit without saving: the moves since the last save that worked are lost." in said
    assert h.app.quitting
    assert not any("Your game is saved" in line for line in h.spoken)


def test_trying_again_after_the_folder_is_fixed_saves_and_then_says_so(tmp_path: Path, elsewhere: Path) -> None:
    parent, saves = blocked(tmp_path)
    h = quit_unsaved(saves)
    assert h.press("y")[0].startswith("Still not saved. The game could not be saved: ")
    parent.unlink()  # the player fixes the folder, then tries again
    said = h.press("y")
    assert said[-1] == "Your game is saved; run access-game again to go on."
    assert SaveStore(saves).load().session is not None


def test_saving_elsewhere_writes_a_save_that_resumes(tmp_path: Path, elsewhere: Path) -> None:
    _, saves = blocked(tmp_path)
    h = quit_unsaved(saves)
    said = h.press("e")
    kept = elsewhere / "access-game-current.json"
    assert said[-1] == (f"Your game is saved in {kept}. To go on with it, move that file to {saves / 'current.json'} "
                        "(once that folder can be written) and run access-game.")
    loaded = SaveStore(elsewhere, slot="access-game-current").load()
    assert loaded.session is not None
    assert loaded.session.game.to_data() == h.session.game.to_data()
    assert json.loads(kept.read_text())["format"] == "access-game-session"


def test_a_second_ctrl_c_leaves_without_saving(tmp_path: Path, elsewhere: Path) -> None:
    _, saves = blocked(tmp_path)
    h = started(saves)
    said = h.run_keys("\x03\x03")  # Ctrl+C twice, through the real key bindings
    assert any(line.startswith("Your game is NOT saved.") for line in said)
    assert said[-1] == "You quit without saving: the moves since the last save that worked are lost."
    assert not any("Your game is saved" in line for line in h.spoken)


def test_a_working_save_still_says_saved(tmp_path: Path) -> None:
    h = started(tmp_path / "saves")
    h.press("q")
    assert h.press("y")[-1] == "Your game is saved; run access-game again to go on."
