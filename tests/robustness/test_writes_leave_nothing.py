"""A write that fails leaves no temporary file and the old file as it was; seat tokens are fsynced.

The failures are real: a process whose file size limit is lowered under it (RLIMIT_FSIZE, so the
write of the temporary file fails with EFBIG as on a disk that fills up), and a rename onto a folder.
Before, ``atomic_write_text`` left ``.NAME.PID.tmp`` behind when the write or the rename failed, and
``TokenStore`` wrote seat tokens without fsync and left ``.seats-*.tmp`` files.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from access_game.online.client import SeatToken, TokenStore
from access_game.settings import atomic_write_text

OLD = '{"old": true}\n'


def _small_files() -> None:
    """In the child: files may not grow past 64 bytes, and a write past that fails (EFBIG), no signal."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64))


def _run_limited(code: str, folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=60,
                          preexec_fn=_small_files, check=False)


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_write_the_disk_refuses_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(OLD, encoding="utf-8")
    done = _run_limited(
        "import sys; from pathlib import Path; from access_game.settings import atomic_write_text\n"
        "try:\n    atomic_write_text(Path('settings.json'), 'x' * 10000)\n"
        "except OSError as exc:\n    print('refused', exc.errno)\n", tmp_path)
    assert done.stdout.split() == ["refused", str(27)], done  # EFBIG
    assert path.read_text(encoding="utf-8") == OLD
    assert _leftovers(tmp_path) == []


def test_a_rename_that_fails_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    path.mkdir()
    with pytest.raises(OSError):
        atomic_write_text(path, OLD)
    assert path.is_dir() and _leftovers(tmp_path) == []


def test_a_seat_token_the_disk_refuses_is_said_not_kept_and_leaves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "network-seats.json"
    path.write_text(OLD, encoding="utf-8")
    done = _run_limited(
        "from pathlib import Path; from access_game.online.client import SeatToken, TokenStore\n"
        "print(TokenStore(Path('network-seats.json')).put(SeatToken('ws://h:1', 'K7QAMX3F9', 1, 'x' * 500, 'Ben')))\n",
        tmp_path)
    assert done.stdout.split() == ["False"], done
    assert path.read_text(encoding="utf-8") == OLD
    assert _leftovers(tmp_path) == []


def test_seat_tokens_are_fsynced_before_the_rename_and_the_folder_after(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The real fsync, watched: which file each one was for, and when the rename came."""
    done: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        done.append("fsync " + Path(os.readlink(f"/proc/self/fd/{fd}")).name)
        real_fsync(fd)

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str], **folders: int | None) -> None:
        done.append(f"rename {Path(src).name} -> {Path(dst).name}")
        real_replace(src, dst, **folders)  # (names in a folder opened once: access_game.folders.replace_file)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    store = TokenStore(tmp_path / "network-seats.json")
    assert store.put(SeatToken("ws://h:1", "K7QAMX3F9", 1, "secret", "Ben"))
    temporary = f".network-seats.json.{os.getpid()}.tmp"
    assert done == [f"fsync {temporary}", f"rename {temporary} -> network-seats.json", f"fsync {tmp_path.name}"]
    assert json.loads((tmp_path / "network-seats.json").read_text())["ws://h:1 K7QAMX3F9"]["token"] == "secret"


def test_a_damaged_seats_file_is_said_kept_aside_and_never_read_again(tmp_path: Path) -> None:
    path = tmp_path / "network-seats.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    store = TokenStore(path)
    assert store.get("ws://h:1", "K7QAMX3F9") is None
    assert store.problem is not None and "is damaged: it does not hold seats" in store.problem
    [kept] = tmp_path.glob("network-seats.damaged-*.json")
    assert kept.read_text(encoding="utf-8") == "[1, 2, 3]" and str(kept) in store.problem


@pytest.mark.parametrize("entry", [{"seat": "1", "token": "t", "name": "Ben"},
                                   {"seat": True, "token": "t", "name": "B"},
                                   {"seat": 1, "token": 7, "name": "Ben"},
                                   {"seat": 1.5, "token": "t", "name": "Ben"}])
def test_a_seat_of_the_wrong_types_is_not_taken(tmp_path: Path, entry: dict[str, object]) -> None:
    path = tmp_path / "network-seats.json"
    path.write_text(json.dumps({"ws://h:1 K7QAMX3F9": entry}), encoding="utf-8")
    assert TokenStore(path).get("ws://h:1", "K7QAMX3F9") is None
