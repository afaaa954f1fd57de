"""Every file the program reads (save, settings, records) is read without ever raising past the loader.

A damaged file is reported in words, kept aside byte for byte, and a fresh one used. The cases the
fuzzing run found crash at every start before: a file nested very deep (RecursionError), ``1e999``
(OverflowError once made an int), a FIFO at the save path (the start hung), and a damaged
settings.json stopped every ``play``. The mutation fuzz below replaces random parts of a real save by
values of the wrong type.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from access_game.datafiles import DamagedFile, read_json
from access_game.records import RecordBook
from access_game.saves import SaveStore
from access_game.settings import Settings, load_settings
from engine.game import Game

FILES_TRIED = {"n": 0}

DAMAGED_TEXTS: dict[str, bytes] = {
    "nested very deep": b"[" * 200_000 + b"]" * 200_000,
    "nested dicts very deep": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "a number too large": b'{"format": "access-game-session", "version": 1, "seed": 1e999}',
    "NaN": b'{"format": "access-game-session", "version": NaN}',
    "Infinity": b'{"version": -Infinity}',
    "cut short": b'{"format": "access-game-session", "ver',
    "empty": b"",
    "not text": b"\xff\xfe\x00garbage\x80",
    "a list": b"[1, 2, 3]",
    "a string": b'"access-game-session"',
    "null": b"null",
    "a huge integer": b'{"format": "access-game-session", "version": ' + b"9" * 5000 + b"}",
}


def session_data(seed: int = 3, moves: int = 5) -> dict[str, Any]:
    game = Game.new("five-crowns", ["You", "Anna", "Ben"], seed=seed)
    for _ in range(moves):
        game.apply(game.legal_actions(game.seats_to_act()[0])[0])
    return {"format": "access-game-session", "version": 1, "saved_at": "x", "human_seat": 0, "level": "normal",
            "game": json.loads(json.dumps(game.to_data()))}


def assert_kept_aside(folder: Path, name_start: str, content: bytes) -> None:
    kept = [p for p in folder.iterdir() if p.name.startswith(name_start) and ".damaged-" in p.name]
    assert len(kept) == 1, sorted(p.name for p in folder.iterdir())
    assert kept[0].read_bytes() == content
    FILES_TRIED["n"] += 1


@pytest.mark.parametrize("case", sorted(DAMAGED_TEXTS))
def test_a_damaged_save_is_reported_and_kept_aside(case: str, tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.path.write_bytes(DAMAGED_TEXTS[case])
    loaded = store.load()
    assert loaded.session is None and loaded.problem is not None
    assert loaded.problem.startswith("The saved game could not be used: ")
    assert not store.path.exists()
    assert_kept_aside(tmp_path, "current.", DAMAGED_TEXTS[case])


@pytest.mark.parametrize("case", sorted(DAMAGED_TEXTS))
def test_a_damaged_settings_file_gives_the_defaults_and_is_kept_aside(case: str, tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(DAMAGED_TEXTS[case])
    settings, note = load_settings(path)
    assert settings == Settings() and note is not None and "is damaged" in note
    assert_kept_aside(tmp_path, "settings.", DAMAGED_TEXTS[case])


@pytest.mark.parametrize("case", sorted(DAMAGED_TEXTS))
def test_a_damaged_records_file_starts_counting_again_and_is_kept_aside(case: str, tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    path.write_bytes(DAMAGED_TEXTS[case])
    book = RecordBook(path)
    assert book.get("solitaire", "You").games == 0
    assert book.problem is not None and "kept as" in book.problem
    assert_kept_aside(tmp_path, "records.", DAMAGED_TEXTS[case])
    book.add_result("solitaire", "You", won=True, piles_closed=11, stock_left=3)
    assert RecordBook(path).get("solitaire", "You").wins == 1


WRONG: tuple[object, ...] = (None, True, -1, 1e308, "x", [], {}, [[]], {"a": None}, 2**70, -(2**70), "jo", ["zz"])


def mutate(data: Any, rng: random.Random) -> Any:
    """A copy of ``data`` with one node somewhere inside replaced by a value of the wrong kind."""
    if isinstance(data, dict) and data and rng.random() < 0.85:
        key = rng.choice(sorted(data))
        out = dict(data)
        if rng.random() < 0.1:
            del out[key]
        else:
            out[key] = mutate(data[key], rng)
        return out
    if isinstance(data, list) and data and rng.random() < 0.85:
        i = rng.randrange(len(data))
        out_list = list(data)
        out_list[i] = mutate(data[i], rng)
        return out_list
    return rng.choice(WRONG)


def test_mutated_saves_never_raise(tmp_path: Path) -> None:
    """Hundreds of saves with one part replaced at random: each loads or is reported, never raises."""
    rng = random.Random(2024)
    base = session_data()
    refused = 0
    for i in range(400):
        data = mutate(base, rng)
        store = SaveStore(tmp_path / f"m{i}")
        store.directory.mkdir()
        text = json.dumps(data).encode()
        store.path.write_bytes(text)
        loaded = store.load()
        FILES_TRIED["n"] += 1
        if loaded.session is None:
            refused += 1
            assert loaded.problem is not None
            assert_kept_aside(store.directory, "current.", text)
            FILES_TRIED["n"] -= 1
        else:  # what loads must be playable: the next move works
            game = loaded.session.game
            if not game.over:
                game.apply(game.legal_actions(game.seats_to_act()[0])[0])
    assert refused > 300


def test_mutated_settings_never_raise(tmp_path: Path) -> None:
    rng = random.Random(7)
    base = Settings().to_data()
    for i in range(200):
        path = tmp_path / f"s{i}.json"
        path.write_text(json.dumps(mutate(base, rng)))
        settings, _ = load_settings(path)
        assert isinstance(settings, Settings)
        FILES_TRIED["n"] += 1


def make_fifo(path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")  # Windows has none: nothing there to hang on
    os.mkfifo(path)


@pytest.mark.parametrize("reader", ["save", "settings", "records"])
def test_a_fifo_never_hangs_the_start(reader: str, tmp_path: Path) -> None:
    """Run in another process with a time limit: a hang would be a timeout, not a stuck test run."""
    name = {"save": "current.json", "settings": "settings.json", "records": "records.json"}[reader]
    make_fifo(tmp_path / name)
    code = {
        "save": "from access_game.saves import SaveStore; print(SaveStore(D).load().problem)",
        "settings": "from access_game.settings import load_settings; print(load_settings(D / 'settings.json')[1])",
        "records": "from access_game.records import RecordBook; b = RecordBook(D / 'records.json'); "
                   "b.get('g', 'p'); print(b.problem)",
    }[reader]
    script = f"from pathlib import Path; D = Path({str(tmp_path)!r}); {code}"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30, check=True)
    assert "not an ordinary file" in out.stdout
    [kept] = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert kept.is_fifo()  # kept aside as it was
    FILES_TRIED["n"] += 1


def test_a_directory_or_a_link_to_a_fifo_is_not_a_save(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.path.mkdir()
    assert "not an ordinary file" in (store.load().problem or "")
    make_fifo(tmp_path / "pipe")
    store.path.symlink_to(tmp_path / "pipe")
    assert "not an ordinary file" in (store.load().problem or "")
    FILES_TRIED["n"] += 2


@pytest.mark.parametrize("text", [b"{}", b'{"a": [1, 2.5, "x"]}'])
def test_read_json_reads_good_files(text: bytes, tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(text)
    assert read_json(path) == json.loads(text)
    with pytest.raises(FileNotFoundError):
        read_json(tmp_path / "none.json")


def test_read_json_refuses_files_far_too_large(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("access_game.datafiles.MAX_BYTES", 10)
    path = tmp_path / "f.json"
    path.write_text('{"a": "0123456789"}')
    with pytest.raises(DamagedFile, match="far too large"):
        read_json(path)


def test_play_starts_with_a_damaged_settings_file(tmp_path: Path) -> None:
    """`access-game play` reads the settings first: a damaged file must not stop it (here it stops only
    at the terminal check, with the note said first)."""
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_bytes(DAMAGED_TEXTS["nested very deep"])
    env = {**os.environ, "ACCESS_GAME_HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "access_game", "play"], capture_output=True, text=True,
                         stdin=subprocess.DEVNULL, env=env, timeout=60)
    assert out.returncode == 2, out.stderr
    assert "play needs a terminal" in out.stderr
    assert "Traceback" not in out.stderr


@pytest.fixture(scope="module", autouse=True)
def _report_counts():  # type: ignore[no-untyped-def]
    yield
    print(f"\ndamaged files tried: {FILES_TRIED['n']}")
