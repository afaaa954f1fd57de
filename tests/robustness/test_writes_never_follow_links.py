"""Writing the program's files: never through a symbolic link, owner-only, and never "saved" when the
folder's fsync failed.

Before: a save or the settings whose file was a link were written where the link pointed (and a link
in place of their folder had folders made at its target); a folder fsync that failed was passed over
and the game still said "saved"; saves were written 0644 (a save holds the deal's seed and every
hidden card). Each writer of ours goes through access_game.folders.replace_file: the folder opened
with O_NOFOLLOW, the temporary file made new (O_EXCL) through it, the folder fsynced, every failure
raised.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from access_game.folders import LinkInTheWay
from access_game.net.table_store import TableStore
from access_game.net.tables import Table
from access_game.saves import SaveStore
from access_game.settings import Settings, load_settings, save_settings
from engine.game import Game


def _save(path: Path) -> None:
    store = SaveStore(path.parent)
    assert store.path == path
    store.write(Game.new("five-crowns", ["You", "Anna"], seed=2), human_seat=0, level="normal")


def _settings(path: Path) -> None:
    save_settings(Settings(width=72), path)


def _snapshot(path: Path) -> None:
    table = Table.create(path.name.removesuffix(".json"), "five-crowns", seats=2, computers=1, level="easy",
                         options={})
    TableStore(path.parent).save(table)


#: Each writer of ours, and the name its file has in its folder.
WRITERS: dict[str, tuple[Callable[[Path], None], str]] = {
    "save": (_save, "current.json"),
    "settings": (_settings, "settings.json"),
    "table snapshot": (_snapshot, "ABC123.json"),
}


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_link_in_place_of_the_file_is_refused_and_left_as_it_is(tmp_path: Path, writer: str) -> None:
    write, name = WRITERS[writer]
    folder, target = tmp_path / "folder", tmp_path / "elsewhere" / "victim.json"
    folder.mkdir()
    target.parent.mkdir()
    target.write_text("somebody else's file\n")
    (folder / name).symlink_to(target)
    with pytest.raises(LinkInTheWay, match="symbolic link"):
        write(folder / name)
    assert os.readlink(folder / name) == str(target) and target.read_text() == "somebody else's file\n"
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".tmp")], "no temporary file left"


@pytest.mark.parametrize("writer", ["save", "settings"])
def test_a_link_in_place_of_the_folder_is_refused_and_nothing_is_made_at_its_target(tmp_path: Path,
                                                                                    writer: str) -> None:
    """(A server's table directory is the one its operator names with ``--data``, a link or not: it is
    followed once, when the server starts, and never again.)"""
    write, name = WRITERS[writer]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "folder").symlink_to(elsewhere)
    with pytest.raises(OSError, match="symbolic link"):
        write(tmp_path / "folder" / name)
    assert list(elsewhere.iterdir()) == [] and (tmp_path / "folder").is_symlink()


@pytest.mark.parametrize("writer", list(WRITERS))
def test_files_are_written_for_their_owner_only(tmp_path: Path, writer: str) -> None:
    write, name = WRITERS[writer]
    (tmp_path / "folder").mkdir()
    old = os.umask(0o022)
    try:
        write(tmp_path / "folder" / name)
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "folder" / name).stat().st_mode) == 0o600


def test_a_settings_file_that_is_a_link_is_still_read(tmp_path: Path) -> None:
    """Reading follows a link (the guarded reader checks what it leads to); only writing does not."""
    real = tmp_path / "real.json"
    save_settings(Settings(width=72), real)
    (tmp_path / "settings.json").symlink_to(real)
    assert load_settings(tmp_path / "settings.json")[0].width == 72


#: A real process writes a file with the program's writer under strace, which makes the kernel answer
#: EIO to its second fsync: the folder's (the first is the file's).
_WRITE = ("from pathlib import Path; import sys; from access_game.settings import atomic_write_text\n"
          "try:\n    atomic_write_text(Path(sys.argv[1]), 'new\\n')\nexcept OSError as exc:\n"
          "    print('refused:', exc.strerror); sys.exit(3)\nprint('saved')\n")


def test_a_failed_folder_fsync_is_a_failed_write(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("old\n")
    done = subprocess.run(["strace", "-f", "-qq", "-o", str(tmp_path / "calls.log"), "-e", "trace=fsync",
                           "-e", "inject=fsync:error=EIO:when=2", sys.executable, "-c", _WRITE, str(path)],
                          capture_output=True, text=True, timeout=120)
    calls = (tmp_path / "calls.log").read_text()
    assert calls.count("fsync(") == 2 and "(INJECTED)" in calls, calls
    assert done.returncode == 3 and "refused: Input/output error" in done.stdout, done.stdout + done.stderr
    # and without the fault, the same process says saved
    done = subprocess.run([sys.executable, "-c", _WRITE, str(path)], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "saved" and path.read_text() == "new\n"

