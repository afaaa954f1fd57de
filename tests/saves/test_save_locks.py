"""One running game per save, stray temporary files, symlinked saves, and a save that crashes on resume.

Before: two copies of the game on one save overwrote each other's moves, both saying "saved"; a
killed game left ``.current.json.N.tmp`` files for ever; a symlinked save was replaced by a regular
file, then written through (now it never is); a save that crashed as it resumed crashed at every
start, the message saying "run access-game again to go on" and never naming ``--new``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from access_game.game_choice import GameChoice
from access_game.saves import SaveStore
from access_game.settings import Settings
from access_game.terminal_game import play_in_terminal
from engine.game import Game
from speech.backends.base import RecordingBackend

HOLDER = """
import sys, time
from pathlib import Path
from access_game.saves import SaveStore
store = SaveStore(Path(sys.argv[1]), slot=sys.argv[2])
print("held" if store.acquire() else "busy", flush=True)
time.sleep(120)
"""


class Holder:
    """Another running copy of the game holding a slot (a real process)."""

    def __init__(self, folder: Path, slot: str = "current") -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder), slot], stdout=subprocess.PIPE,
                                     text=True)
        assert self.proc.stdout is not None
        self.answer = self.proc.stdout.readline().strip()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)


@pytest.fixture
def holders() -> Any:
    started: list[Holder] = []

    def start(folder: Path, slot: str = "current") -> Holder:
        h = Holder(folder, slot)
        started.append(h)
        return h

    yield start
    for h in started:
        if h.proc.poll() is None:
            h.kill()


def test_a_second_copy_finds_the_save_in_use(tmp_path: Path, holders: Any) -> None:
    holder = holders(tmp_path)
    assert holder.answer == "held"
    store = SaveStore(tmp_path)
    assert store.in_use()
    assert not store.acquire()
    assert holders(tmp_path).answer == "busy"  # and so does a third
    assert SaveStore(tmp_path, slot="current-2").acquire()  # another slot is free


def test_a_killed_copy_leaves_no_lock_behind(tmp_path: Path, holders: Any) -> None:
    holder = holders(tmp_path)
    assert holder.answer == "held"
    holder.kill()
    store = SaveStore(tmp_path)
    assert not store.in_use()
    assert store.acquire()
    store.release()


def test_stray_temporary_files_are_removed_by_the_copy_that_holds_the_slot(tmp_path: Path, holders: Any) -> None:
    holder = holders(tmp_path)  # another game is running on this slot: its temporary files are its own
    assert holder.answer == "held"
    stray = tmp_path / ".current.json.4242.tmp"
    other_slot = tmp_path / ".solitaire.json.4242.tmp"
    stray.write_text("half a save")
    other_slot.write_text("someone else's")
    assert not SaveStore(tmp_path).acquire()
    assert stray.exists()
    holder.kill()  # the game is killed mid-write; the next start cleans up
    store = SaveStore(tmp_path)
    assert store.acquire()
    assert not stray.exists()
    assert other_slot.exists()  # another slot's files are not this slot's to remove


def test_a_symlinked_save_is_never_written_through(tmp_path: Path) -> None:
    """A save that is a link is read (the guarded reader checks what it leads to) but never written
    through: the write is refused, the link and the file it names left as they are
    (tests/robustness/test_writes_never_follow_links.py)."""
    real = tmp_path / "real" / "my-game.json"
    real.parent.mkdir()
    store = SaveStore(tmp_path / "saves")
    store.directory.mkdir()
    store.path.symlink_to(real)
    game = Game.new("five-crowns", ["You", "Anna"], seed=2)
    with pytest.raises(OSError, match="symbolic link"):
        store.write(game, human_seat=0, level="normal")
    assert store.path.is_symlink() and os.readlink(store.path) == str(real)
    assert not real.exists()
    assert sorted(p.name for p in store.directory.iterdir()) == [store.path.name]  # no temporary file left


class Run:
    """`play` from the first line to the last with pipe input: ``keys`` typed at once."""

    def __init__(self, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("ACCESS_GAME_HOME", str(home))
        self.home = home
        self.backend = RecordingBackend()

    def __call__(self, keys: str, *, seed: int = 4) -> int:
        choice = GameChoice("five-crowns", ["You", "Anna", "Ben", "Carla"], "normal", seed)
        out = DummyOutput()
        with create_pipe_input() as inp, create_app_session(input=inp, output=out):
            inp.send_text(keys)
            return play_in_terminal(choice, Settings(speech="silent", cues=False), input=inp, output=out,
                                    backend=self.backend, saves=SaveStore(self.home / "saves"), cues=None)

    @property
    def said(self) -> list[str]:
        return self.backend.texts


def test_play_offers_another_slot_when_the_save_is_in_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          holders: Any) -> None:
    saves = tmp_path / "saves"
    holder = holders(saves)
    assert holder.answer == "held"
    run = Run(tmp_path, monkeypatch)
    assert run("yqy") == 0
    assert run.said[0] == (f"This game's save, {saves / 'current.json'}, is in use by another copy of access-game "
                           "that is running now.")
    assert run.said[1] == "Start a new game in another save slot? N quits. Y or N."
    assert run.said[2] == f"This game is saved in {saves / 'current-2.json'}."
    assert (saves / "current-2.json").exists()
    assert not (saves / "current.json").exists()  # the other copy's save is never written by this one


def test_play_quits_when_the_save_is_in_use_and_the_player_says_no(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   holders: Any) -> None:
    saves = tmp_path / "saves"
    assert holders(saves).answer == "held"
    run = Run(tmp_path, monkeypatch)
    assert run("n") == 0
    assert not saves.exists() or not list(saves.glob("*.json"))


def test_a_save_that_crashes_as_it_resumes_is_kept_aside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    run = Run(tmp_path, monkeypatch)
    assert run("dqy") == 0
    saved = tmp_path / "saves" / "current.json"
    content = saved.read_bytes()

    def broken(self: Any) -> None:
        raise RuntimeError("the table cannot be rebuilt")

    monkeypatch.setattr("access_game.session.Session.resume", broken)
    assert Run(tmp_path, monkeypatch)("y") == 1
    err = capsys.readouterr().err
    [kept] = (tmp_path / "saves").glob("current.crashed-*.json")
    assert kept.read_bytes() == content
    assert err.startswith("access-game: an error stopped the game as it resumed (RuntimeError: the table cannot "
                          f"be rebuilt). The saved game was kept as {kept}; run access-game to start a new game.")
    monkeypatch.undo()
    again = Run(tmp_path, monkeypatch)
    assert again("qy") == 0  # no resume question: a new game starts
    assert again.said[0] == "Five Crowns. F1 lists the keys; Escape opens a menu of every action."


def test_a_crash_later_in_the_game_names_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert Run(tmp_path, monkeypatch)("dqy") == 0

    def plays_then_breaks(self: Any, *, resumed: bool = False) -> int:
        self.start(resumed=resumed)
        session = self.session
        session.act(session.game.legal_actions(session.human_seat)[0])  # one more move, saved
        raise RuntimeError("a key broke")

    monkeypatch.setattr("access_game.ui.app.GameApp.run", plays_then_breaks)
    assert Run(tmp_path, monkeypatch)("y") == 1
    err = capsys.readouterr().err
    assert ("access-game: an error stopped the game (RuntimeError: a key broke). Your game is saved up to the last "
            "move; run access-game again to go on, or access-game --new to start a new game (the saved one is kept).")\
        in err
    assert (tmp_path / "saves" / "current.json").exists()  # a game that resumed and went on is kept in place
