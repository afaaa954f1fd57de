"""A save slot that cannot be locked is never shared: the game goes to a slot of its own, and says where.

Before: when no lock file could be made (a read-only ``locks`` folder, a file in its place), ``acquire``
took the slot as held, so two copies of the game played on one save, both saying "Your game is saved",
the second even setting the first one's running game aside as "replaced": one game was silently lost.

Here two real ``access-game`` processes play in pseudo-terminals on a ``locks`` folder that cannot be
written (read-only; when the tests run as root, for whom read-only folders can be written, the folder
is made immutable as well), and each game must be found afterwards in a save of its own.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import exits, quit_game, spawn, terminal_env

from access_game.saves import ELSEWHERE_FOLDER, SaveStore, lockable_elsewhere


class Player:
    """A player's folders: data (``ACCESS_GAME_HOME``), home and temporary folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.data = root / "ag" / "data"
        self.home = root / "home"
        self.tmp = root / "tmp"
        for folder in (self.data / "saves", self.home, self.tmp):
            folder.mkdir(parents=True)

    def spawn(self, *args: str) -> Any:
        """The game in a terminal, its home and temporary folders this player's own."""
        env = terminal_env(self.root / "ag", HOME=str(self.home), TMPDIR=str(self.tmp))
        return spawn(self.root / "ag", *args, "--speech", "screen-reader", "--braille", "off", env=env, cwd=self.home)


@pytest.fixture
def read_only() -> Iterator[Callable[[Path], None]]:
    """Make a folder read-only for this user: its mode, and for root (whom modes do not stop) the
    immutable attribute, taken off again at the end."""
    made: list[Path] = []

    def make(folder: Path) -> None:
        folder.chmod(0o555)
        if os.geteuid() == 0:
            subprocess.run(["chattr", "+i", str(folder)], check=True)
            made.append(folder)
        with pytest.raises(OSError):
            (folder / "probe").write_text("x")

    yield make
    for folder in made:
        subprocess.run(["chattr", "-i", str(folder)], check=True)
        folder.chmod(0o755)


@pytest.fixture
def player(tmp_path: Path) -> Player:
    return Player(tmp_path)


def said(text: str) -> str:
    """A pattern for a sentence the game may wrap: any whitespace between its words."""
    return r"\s+".join(re.escape(word) for word in text.split())


def cannot_lock(elsewhere: Path) -> str:
    """The sentence that says why the game is not in its usual slot, and where it is instead."""
    return (said("This game's save cannot be locked") + r"\s+\([\s\S]+?\),\s+"
            + said(f"so it is saved in {elsewhere}, where no other copy of access-game can overwrite it."))


def _save(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def test_two_games_on_a_read_only_locks_folder_each_keep_a_save_of_their_own(
        player: Player, read_only: Callable[[Path], None]) -> None:
    locks = player.data / "locks"
    locks.mkdir()
    read_only(locks)  # no lock file can be made there
    elsewhere = player.home / ELSEWHERE_FOLDER
    first = player.spawn("--seed", "4")
    first.expect(cannot_lock(elsewhere / "current.json"))
    first.expect("draw>")
    second = player.spawn("--seed", "5")
    second.expect(said(f"This game's save, {elsewhere / 'current.json'}, is in use by another copy of access-game "
                       "that is running now."))
    second.expect("y/n>")
    second.send("y")
    second.expect(cannot_lock(elsewhere / "current-2.json"))
    second.expect("draw>")
    for game in (first, second):
        game.send("d")
        game.expect("discard>")
    for game in (first, second):
        quit_game(game, then=said("Your game is saved; run access-game again to go on."))
    # Two games, two saves, each the game that said "saved"; nothing written where no lock could be had.
    one, two = _save(elsewhere / "current.json"), _save(elsewhere / "current-2.json")
    assert (one["game"]["seed"], two["game"]["seed"]) == (4, 5)
    assert len(one["game"]["actions"]) >= 1 and len(two["game"]["actions"]) >= 1
    assert list((player.data / "saves").iterdir()) == []
    # The next start finds the game again where it was said to be, and says why it is there.
    again = player.spawn()
    again.expect(cannot_lock(elsewhere / "current.json"))
    again.expect("Resume it?")
    again.send("y")
    again.expect("discard>")  # the first game, waiting for its discard
    quit_game(again)


def test_a_game_that_can_be_locked_nowhere_does_not_start(player: Player) -> None:
    (player.data / "locks").write_text("a file where the locks folder should be")
    (player.home / ELSEWHERE_FOLDER).write_text("a file")
    (player.tmp / ELSEWHERE_FOLDER).write_text("a file")
    game = player.spawn("--seed", "4")
    game.expect(said("This game's save cannot be locked") + r"\s+\(File\s+exists:[\s\S]+?locks\)\s+"
                + said("and no other folder can hold it, so the game does not start."))
    exits(game, 1)
    assert list((player.data / "saves").iterdir()) == []


def _loop(locks: Path) -> None:
    locks.symlink_to(locks)


def _file(locks: Path) -> None:
    locks.write_text("not a folder")


def _lock_is_a_folder(locks: Path) -> None:
    (locks / "saves.current.lock").mkdir(parents=True)


def _under_a_file(locks: Path) -> None:
    (locks.parent / "plain").write_text("x")
    locks.symlink_to(locks.parent / "plain" / "locks")


@pytest.mark.parametrize("fault", [_loop, _file, _lock_is_a_folder, _under_a_file])
def test_a_slot_whose_lock_cannot_be_made_is_never_taken_as_held(tmp_path: Path, fault: Callable[[Path], None],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveStore(tmp_path / "data" / "saves")
    store.directory.mkdir(parents=True)
    fault(tmp_path / "data" / "locks")
    with pytest.raises(OSError):
        store.acquire()
    assert not store.held
    assert store.in_use()  # not this copy's to offer either
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", None)
    places = list(lockable_elsewhere(store))
    assert [p.path for p in places] == [home / ELSEWHERE_FOLDER / "current.json",
                                        tmp_path / ELSEWHERE_FOLDER / "current.json"]
    assert places[0].acquire()
    assert places[0].lock_path.parent == home / ELSEWHERE_FOLDER / ".locks"
    assert places[0].sibling("current-2").locks == places[0].locks
    places[0].release()


def test_a_folder_elsewhere_that_is_a_link_or_a_file_is_passed_by(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    home, tmp = tmp_path / "home", tmp_path / "tmp"
    home.mkdir()
    tmp.mkdir()
    (home / ELSEWHERE_FOLDER).symlink_to(tmp_path)  # somebody else's idea of where saves go
    (tmp / ELSEWHERE_FOLDER).write_text("x")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("TMPDIR", str(tmp))
    monkeypatch.setattr(tempfile, "tempdir", None)
    assert list(lockable_elsewhere(SaveStore(tmp_path / "data" / "saves"))) == []
