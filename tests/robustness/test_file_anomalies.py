"""Every file the program reads, made wrong in every way a disk allows, under every command a player runs.

The whole program, in real processes: the installed ``access-game`` command, each case with its own
``ACCESS_GAME_HOME``, ``play`` and ``join`` in a pseudo-terminal (they need one) and driven to the end
as a player would (a damaged save: start a new game; then quit). The table is files × anomalies ×
commands, for each command the files it reads:

- files: the settings (read by every command, for its language), a save (``play``), the records
  (``play --game solitaire``, shown by its record key), the seats kept for network tables (``join``);
- anomalies: a FIFO, ``/dev/zero`` behind a link, a directory, a link that leads to itself, a real
  input/output error (a link to ``/proc/self/mem``, whose first page is never mapped: the kernel answers
  EIO to a read there), a damaged file in a folder that cannot be written (``chattr +i`` as root, where
  permissions do not hold), a file of the player's where the file's folder should be (ENOTDIR), a
  file larger than any of ours (sparse), JSON nested 200,000 deep, and values of the wrong types
  (``"width": 5``, ``to_move: 0.7``...);
- commands: ``--help``, ``keys``, ``hand``, ``play``, ``join`` (against a server that is not there).

Each case must end within its time limit (no hang), with the command's own exit status, no traceback,
the file's trouble said in a sentence by the commands that use the file (``--help``, ``keys`` and
``hand`` read only the language, quietly, and leave the file where it is), nothing lost (the file is
where it was, or kept aside under a new name, unchanged: a FIFO still a FIFO, a link the same link,
bytes the same bytes) and no false "saved": whenever a game says it is saved, the save is on disk
and loads. A full disk is not among the anomalies: it is a fault of writing, not of reading, tested
with the saves (tests/saves). A file system that stops answering (a network share gone away) cannot
be made here without a user-space file system library; its time limit is tested in
tests/robustness/test_reader_time_limit.py, with the read itself held up in the process.
"""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import json
import os
import re
import select
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pexpect  # in the test extra: a missing one is a failed install, not a skip
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import COMMAND, spawn, terminal_env

#: Seconds a case may take before it counts as a hang (a normal run takes about one).
LIMIT = 30
NOWHERE = "ws://127.0.0.1:1"
CODE = "K7Q-AMX-3F9"

#: Where each file lives under ACCESS_GAME_HOME.
FILES = {
    "settings": "config/settings.json",
    "save": "data/saves/current.json",
    "records": "config/records.json",
    "seats": "data/network-seats.json",
}

#: What the program says when a file cannot be used (a pattern; the sentence may be wrapped).
SENTENCES = {
    "settings": r"The settings file \S+ (is damaged|holds settings that cannot be used)",
    "save": r"The saved game could not be used",
    "records": r"Your records file (was damaged|could not be used)",
    "seats": r"The file of seats kept for network tables, \S+, is damaged",
}


def _save_with(change: Callable[[dict[str, Any]], object]) -> bytes:
    """A real save of Five Crowns a few moves in, changed by ``change``."""
    from engine.game import Game

    game = Game.new("five-crowns", ["You", "Anna", "Ben", "Carla"], seed=4)
    for _ in range(3):
        game.apply(game.legal_actions(game.seats_to_act()[0])[0])
    data = {"format": "access-game-session", "version": 1, "saved_at": "x", "human_seat": 0, "level": "normal",
            "game": json.loads(json.dumps(game.to_data()))}
    change(data)
    return json.dumps(data).encode()


#: Per file, values of the wrong types: each file's own way of being wrong while still being JSON.
WRONG_TYPES: dict[str, Callable[[], bytes]] = {
    "settings": lambda: json.dumps({"width": 5, "speech": "telepathy", "cues": "no", "language": 7,
                                    "verbosity": "detailed"}).encode(),
    "save": lambda: _save_with(lambda d: d["game"]["state"].update(to_move=0.7)),
    "records": lambda: json.dumps({"format": "access-game-records", "version": 1,
                                   "games": {"solitaire": {"You": {"games": "3", "wins": True}}}}).encode(),
    "seats": lambda: b"[1, 2, 3]",
}


def _immutable(folder: Path, on: bool) -> None:
    """A folder nothing can be written in, even by root (for whom permissions do not hold)."""
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i" if on else "-i", str(folder)], check=True)
    else:
        folder.chmod(0o555 if on else 0o755)


@dataclasses.dataclass(frozen=True)
class Anomaly:
    """How a file is made wrong (``make(path, file)``), and what the program may do about it."""

    make: Callable[[Path, str], None]
    #: Whether the file, as made, is one the program could read as JSON and not refuse outright.
    readable: bool = False
    #: Whether nothing can be moved or written where the file is: then it must stay exactly where it is.
    read_only: bool = False
    #: What is made wrong: the file, or (``folder``) the folder it should be in.
    folder: bool = False


def _fifo(path: Path, file: str) -> None:
    os.mkfifo(path)


def _link_to(target: str) -> Callable[[Path, str], None]:
    return lambda path, file: path.symlink_to(target)


def _loop(path: Path, file: str) -> None:
    path.symlink_to(path.name)  # the link names itself: ELOOP


def _directory(path: Path, file: str) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("a player's note\n")


def _read_only(path: Path, file: str) -> None:
    path.write_bytes(b'{"cut short')
    _immutable(path.parent, True)


def _folder_is_a_file(path: Path, file: str) -> None:
    path.parent.rmdir()
    path.parent.write_text("a file of the player's where a folder of ours belongs\n")


def _huge(path: Path, file: str) -> None:
    with open(path, "wb") as fh:
        fh.write(b'{"a": "')
        fh.truncate(65 * 1024 * 1024)  # sparse: larger than any file of ours, and instant to make


def _deep(path: Path, file: str) -> None:
    path.write_bytes(b"[" * 200_000 + b"]" * 200_000)


def _wrong_types(path: Path, file: str) -> None:
    path.write_bytes(WRONG_TYPES[file]())


ANOMALIES = {
    "fifo": Anomaly(_fifo),
    "dev-zero": Anomaly(_link_to("/dev/zero")),
    "directory": Anomaly(_directory),
    "symlink-loop": Anomaly(_loop),
    "eio": Anomaly(_link_to("/proc/self/mem")),
    "read-only": Anomaly(_read_only, read_only=True),
    "folder-is-a-file": Anomaly(_folder_is_a_file, read_only=True, folder=True),
    "huge": Anomaly(_huge),
    "deep": Anomaly(_deep),
    "wrong-types": Anomaly(_wrong_types, readable=True),
}


@dataclasses.dataclass(frozen=True)
class Command:
    argv: tuple[str, ...]
    #: The files it reads; of those, the ones whose trouble it says (the others it reads quietly).
    reads: tuple[str, ...]
    says: tuple[str, ...]
    status: int
    #: What it prints last when all went well (a pattern).
    done: str
    #: None: no terminal needed; else the keys of a player at the terminal, until the command ends.
    player: Callable[[Any], str] | None = None


def _play(child: Any, *, record_key: bool = False) -> str:
    """Answer what the game asks as a player would: a new game when the save cannot be used; at the
    first prompt (the record first, for solitaire), quit; when the game cannot be saved, leave without.
    Returns everything printed."""
    seen: list[str] = []
    asked_record = False
    while True:
        i = child.expect([r"Start a new game\? ", r"(draw|discard|place)[^\n>]*> ?$", r"Quit the game",
                          r"not saved y/n> ?$", pexpect.EOF, r"Resume it\? Y or N\."])
        seen.append(child.before + (child.after if isinstance(child.after, str) else ""))
        if i in (0, 5):  # a new game; or a whole save resumed (the reads traced below)
            child.send("y")
        elif i == 1 and record_key and not asked_record:
            asked_record = True
            child.send("R")
        elif i == 1:
            child.send("q")
        elif i == 2:
            child.send("y")
        elif i == 3:
            child.send("n")
        else:
            return "".join(seen)


def _join(child: Any) -> str:
    child.expect(pexpect.EOF)
    return str(child.before)


COMMANDS = {
    "help": Command(("--help",), ("settings",), (), 0, r"--version"),
    "keys": Command(("keys", "--game", "five-crowns"), ("settings",), (), 0, r"Q: Quit"),
    "hand": Command(("hand", "--wild", "5", "9d", "9c", "9h", "jo"), ("settings",), (), 0, r"\S\s*$"),
    "play": Command(("play", "--seed", "4", "--speech", "screen-reader", "--braille", "off"), ("settings", "save"),
                    ("settings", "save"), 0, r"Goodbye\.|You quit without saving", _play),
    "play-solitaire": Command(("play", "--game", "solitaire", "--seed", "6", "--speech", "screen-reader",
                               "--braille", "off"), ("records",), ("records",), 0,
                              r"Goodbye\.|You quit without saving", lambda c: _play(c, record_key=True)),
    "join": Command(("join", "--server", NOWHERE, CODE, "--name", "Ben", "--speech", "screen-reader"),
                    ("settings", "seats"), ("settings", "seats"), 1, r"cannot reach the server", _join),
}

CASES = [(command, file, anomaly) for command, c in COMMANDS.items() for file in c.reads for anomaly in ANOMALIES]


def fingerprint(path: Path) -> tuple[object, ...]:
    """What the file is, without following a link and without opening anything that could block."""
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISFIFO(info.st_mode):
        return ("fifo",)
    if stat.S_ISDIR(info.st_mode):
        return ("directory", sorted((p.name, p.read_bytes()) for p in path.iterdir()))
    digest = hashlib.sha256()
    with open(path, "rb") as fh:  # the first and last megabyte (a huge file is sparse: nothing between)
        digest.update(fh.read(1 << 20))
        fh.seek(max(0, info.st_size - (1 << 20)))
        digest.update(fh.read())
    return ("file", info.st_size, digest.hexdigest())


def where_kept(path: Path, original: tuple[object, ...]) -> Path | None:
    """The file as it was: at its place, or kept aside beside it under a new name; None: it is lost."""
    stem = path.name.removesuffix(".json")
    for candidate in [path, *sorted(path.parent.glob(f"{stem}.damaged-*"))]:
        if os.path.lexists(candidate) and fingerprint(candidate) == original:
            return candidate
    return None


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path
    for folder in (tmp_path / "config", tmp_path / "data" / "saves", tmp_path / "data"):
        if folder.is_dir():
            _immutable(folder, False)  # whatever the case did, the folder can be cleaned up
    shutil.rmtree(tmp_path, ignore_errors=True)


def _env(home: Path) -> dict[str, str]:
    return terminal_env(home, drop=("ACCESS_GAME",), LANG="C.UTF-8")


def run(command: Command, home: Path) -> tuple[int, str]:
    """The command in a real process; its exit status and everything it printed. A hang fails here."""
    if command.player is None:
        try:
            done = subprocess.run([str(COMMAND), *command.argv], env=_env(home), stdin=subprocess.DEVNULL,
                                  capture_output=True, text=True, timeout=LIMIT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"access-game {' '.join(command.argv)} hung")
        return done.returncode, done.stdout + done.stderr
    child = spawn(home, *command.argv, env=_env(home), timeout=LIMIT)
    try:
        printed = command.player(child)
    except pexpect.TIMEOUT:
        child.kill(9)
        pytest.fail(f"access-game {' '.join(command.argv)} hung; it printed: {child.before!r}")
    child.close()
    assert child.signalstatus is None, f"killed by signal {child.signalstatus}"
    return int(child.exitstatus), printed


@pytest.mark.parametrize(("command", "file", "anomaly"), CASES, ids=["-".join(c) for c in CASES])
def test_a_bad_file_never_stops_a_command(command: str, file: str, anomaly: str, home: Path) -> None:
    cmd, how = COMMANDS[command], ANOMALIES[anomaly]
    path = home / FILES[file]
    path.parent.mkdir(parents=True, exist_ok=True)
    how.make(path, file)
    made = path.parent if how.folder else path
    original = fingerprint(made)
    try:
        status, printed = run(cmd, home)
    finally:
        if how.read_only and not how.folder:
            _immutable(path.parent, False)
    path = made
    flat = " ".join(printed.split())  # a long sentence may be printed over several lines
    assert "Traceback" not in printed and "Error:" not in printed, printed
    assert status == cmd.status, printed
    assert re.search(cmd.done, flat), printed
    kept = where_kept(path, original)
    assert kept is not None, f"the {file} file was lost: {sorted(p.name for p in path.parent.iterdir())}"
    if file in cmd.says:
        assert re.search(SENTENCES[file], flat), printed
    else:
        assert kept == path, "a file read quietly is left where it is"
    if how.read_only or (how.readable and file == "settings"):
        # Not moved (it cannot be), or not damaged (one bad value): either way left exactly as it is.
        assert kept == path
    _no_false_saved(flat, home)


def _no_false_saved(printed: str, home: Path) -> None:
    """A game that says it is saved is saved: the save is on disk and loads."""
    from access_game.saves import SaveStore

    if "Your game is saved" not in printed:
        return
    slot = "solitaire" if "solitaire" in printed.lower() else "current"
    loaded = SaveStore(home / "data" / "saves", slot=slot).load()
    assert loaded.session is not None, f"said saved, but: {loaded.problem}"


def test_the_matrix_holds_every_file_anomaly_and_command() -> None:
    """The figures of the table above: every file is read by some command, every anomaly made for
    every file, and each command named at least once."""
    assert {f for _c, f, _a in CASES} == set(FILES)
    assert {a for _c, _f, a in CASES} == set(ANOMALIES)
    assert {c for c, _f, _a in CASES} == set(COMMANDS)
    assert len(CASES) == sum(len(c.reads) for c in COMMANDS.values()) * len(ANOMALIES)


#: The table server's files made wrong: a journal that is a FIFO, a snapshot that is /dev/zero, a
#: snapshot that is a link to itself, a journal with a real input/output error.
TABLE_FILES = {
    "AAA111.1.log": _fifo,
    "BBB222.json": _link_to("/dev/zero"),
    "CCC333.json": _loop,
    "DDD444.1.log": _link_to("/proc/self/mem"),
}


def test_the_table_server_starts_past_bad_table_files(tmp_path: Path) -> None:
    """``access-game serve`` reads every table's snapshot and journal at start: none of these stops it;
    each is named on its error output and kept aside as it was."""
    data = tmp_path / "tables"
    data.mkdir(mode=0o700)
    originals = {}
    for name, make in TABLE_FILES.items():
        make(data / name, "table")
        originals[name] = fingerprint(data / name)
    proc = subprocess.Popen([str(COMMAND), "serve", "--port", "0", "--data", str(data)], env=_env(tmp_path / "home"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        ready, _w, _x = select.select([proc.stdout], [], [], LIMIT)
        assert ready, "the server hung at start"
        line = proc.stdout.readline()
        assert line.startswith("Serving on ws://"), line
    finally:
        proc.terminate()
        _out, err = proc.communicate(timeout=LIMIT)
    assert "Traceback" not in err, err
    for name in TABLE_FILES:
        code = name.split(".")[0]
        assert re.search(rf"access-game serve: table {code}: ", err), err
        kept = list(data.glob(f"{name.removesuffix('.json')}.damaged-*"))
        assert len(kept) == 1 and fingerprint(kept[0]) == originals[name], sorted(p.name for p in data.iterdir())


@pytest.mark.parametrize("anomaly", ["fifo", "dev-zero", "symlink-loop", "directory"])
def test_a_bad_certificate_file_is_refused_at_start(tmp_path: Path, anomaly: str) -> None:
    """``serve --tls-cert`` reads the certificate and key at start: OpenSSL itself would wait for ever on a
    FIFO. Each is refused in one line, exit status 2, the file left where it is."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    ANOMALIES[anomaly].make(cert, "certificate")
    key.write_text("not a key\n")
    original = fingerprint(cert)
    done = subprocess.run([str(COMMAND), "serve", "--port", "0", "--data", str(tmp_path / "tables"), "--tls-cert",
                           str(cert), "--tls-key", str(key)], env=_env(tmp_path / "home"), capture_output=True,
                          text=True, timeout=LIMIT)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    last = done.stderr.splitlines()[-1]
    assert last.startswith(f"access-game serve: error: the certificate or key cannot be used: {cert}: "), last
    assert fingerprint(cert) == original


#: The lobby's bans file made wrong: the anomalies above, and a file cut short.
BANS_ANOMALIES = ["fifo", "dev-zero", "symlink-loop", "deep", "huge", "cut-short", "wrong-types"]


@pytest.mark.parametrize("anomaly", BANS_ANOMALIES)
def test_a_bad_bans_file_is_said_kept_and_the_server_serves(tmp_path: Path, anomaly: str) -> None:
    """``serve`` reads its bans at start through the guarded reader: a FIFO (it never started), /dev/zero
    (it ran out of memory), JSON 200,000 deep (it stopped), a damaged file (it banned nobody, silently)
    are each said in one line, kept aside as they were, and the server serves."""
    data = tmp_path / "tables"
    data.mkdir(mode=0o700)
    bans = data / "bans.json"
    if anomaly == "cut-short":
        bans.write_bytes(b'{"names": ["spam"], "addre')
    elif anomaly == "wrong-types":
        bans.write_bytes(b'{"names": "spam", "addresses": [1]}')
    else:
        ANOMALIES[anomaly].make(bans, "bans")
    original = fingerprint(bans)
    proc = subprocess.Popen([str(COMMAND), "serve", "--port", "0", "--data", str(data)], env=_env(tmp_path / "home"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        ready, _w, _x = select.select([proc.stdout], [], [], LIMIT)
        assert ready, "the server hung at start"
        line = proc.stdout.readline()
        assert line.startswith("Serving on ws://"), line
    finally:
        proc.terminate()
        _out, err = proc.communicate(timeout=LIMIT)
    assert "Traceback" not in err and "MemoryError" not in err, err
    flat = " ".join(err.split())
    assert re.search(r"access-game serve: the bans file \S+bans\.json cannot be used: .+; "
                     r"kept as \S+bans\.damaged-\S+; nobody is banned until the bans are given again", flat), err
    (kept,) = data.glob("bans.damaged-*")
    assert fingerprint(kept) == original


# ----------------------------------------------------------------------------------------- every read guarded
#: Every file a command reads, there and readable, so that each command reads all of its own.
def _every_file(home: Path) -> None:
    from access_game.settings import Settings

    files = {"settings": json.dumps(Settings().to_data()).encode(), "save": _save_with(lambda d: None),
             "records": json.dumps({"format": "access-game-records", "version": 1, "games": {}}).encode(),
             "seats": b"{}"}
    for file, data in files.items():
        (home / FILES[file]).parent.mkdir(parents=True, exist_ok=True)
        (home / FILES[file]).write_bytes(data)


_OPEN = re.compile(r'^\d+ +open(?:at)?\((?:(-?\d+|AT_FDCWD)(?:<([^>]*)>)?, )?"([^"]*)", ([A-Z_|]+)')


def unguarded_reads(log: Path, roots: tuple[Path, ...]) -> list[str]:
    """The opens for reading, of a path under ``roots``, that did not come from the guarded reader
    (access_game.datafiles opens every file it reads with O_NONBLOCK, after checking what it is; a
    plain ``open()``, ``read_text()`` or ``json.load`` on a path opens it without)."""
    found = []
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        match = _OPEN.match(line)
        if not match:
            continue
        _fd, folder, name, flags = match.groups()
        path = os.path.join(folder or "", name)
        if not any(path == str(root) or path.startswith(f"{root}/") for root in roots):
            continue
        opened = set(flags.split("|"))
        if opened & {"O_WRONLY", "O_RDWR", "O_DIRECTORY", "O_PATH"} or os.path.isdir(path):
            continue  # a write, a lock, a folder listed or opened to fsync: not a read of a file's contents
        if "O_NONBLOCK" not in opened:
            found.append(line)
    return found


def _traced(log: Path) -> list[str]:
    return ["strace", "-f", "-qq", "-y", "-s", "4096", "-e", "trace=open,openat", "-e", "signal=none", "-o", str(log),
            "--"]


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_reads_its_files_through_the_guarded_reader(command: str, home: Path) -> None:
    """Each command runs under strace with every file it reads in place: any open of a file under the
    player's folders for reading that is not the guarded reader's fails here, with the call."""
    cmd = COMMANDS[command]
    _every_file(home)
    log = home / "opens.log"
    if cmd.player is None:
        done = subprocess.run([*_traced(log), str(COMMAND), *cmd.argv], env=_env(home), stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=LIMIT * 4)
        assert done.returncode == cmd.status, done.stdout + done.stderr
    else:
        child = spawn(home, *cmd.argv, env=_env(home), timeout=LIMIT * 4, prefix=_traced(log))
        cmd.player(child)
        child.close()
    assert log.stat().st_size > 0
    roots = (home / "config", home / "data")
    opened = [line for line in log.read_text(errors="replace").splitlines() if str(home / "config") in line]
    assert opened, "the command never opened the settings: the trace saw nothing"
    assert unguarded_reads(log, roots) == [], f"access-game {' '.join(cmd.argv)} read files unguarded"


def test_the_server_reads_its_files_through_the_guarded_reader(tmp_path: Path) -> None:
    """``serve`` with a table (snapshot and journal), bans and administrators in its folder: every one of
    them read through the guarded reader."""
    from access_game.net.table_store import TableStore
    from access_game.net.tables import Table

    data = tmp_path / "tables"
    store = TableStore(data)
    table = Table.create("ABC123", "five-crowns", seats=2, computers=1, level="easy", options={})
    table.take(0, "Ann")
    table.start()
    store.save(table)
    game = table.game
    assert game is not None
    move = game.legal_actions(game.seats_to_act()[0])[0]
    store.append_action(table, move)
    (data / "bans.json").write_text('{"names": ["spam"], "addresses": {}}')
    (data / "admins.txt").write_text("Ann\n")
    log = tmp_path / "opens.log"
    proc = subprocess.Popen([*_traced(log), str(COMMAND), "serve", "--port", "0", "--data", str(data)],
                            env=_env(tmp_path / "home"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        ready, _w, _x = select.select([proc.stdout], [], [], LIMIT * 4)
        assert ready, "the server hung at start"
        assert proc.stdout.readline().startswith("Serving on ws://")
    finally:
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        for child_pid in children:
            os.kill(int(child_pid), 15)
        _out, err = proc.communicate(timeout=LIMIT)
    assert "Traceback" not in err, err
    trace = log.read_text(errors="replace")
    for name in ("ABC123.json", "ABC123.1.log", "bans.json", "admins.txt"):
        assert f"{data}/{name}" in trace, f"{name} was never read"
    assert unguarded_reads(log, (data,)) == [], "serve read files unguarded"


def test_no_code_of_the_program_reads_a_file_but_the_guarded_reader() -> None:
    """The trace above sees the reads each command makes; this sees the code no command above runs:
    outside access_game.datafiles (and the developers' benches), no ``open()``, ``read_text``,
    ``read_bytes`` or ``json.load`` anywhere in the program."""
    root = Path(__file__).resolve().parents[2]
    found = []
    for path in sorted((root / "access_game").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel == "access_game/datafiles.py" or rel.startswith("access_game/bench/"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if (isinstance(func, ast.Name) and func.id == "open" and _reads_a_path(node)) or (
                    isinstance(func, ast.Attribute) and (func.attr in ("read_text", "read_bytes") or (
                        func.attr == "load" and isinstance(func.value, ast.Name) and func.value.id == "json"))):
                found.append(f"{rel}:{node.lineno}")
    assert found == [], f"files read without the guarded reader: {found}"


def _reads_a_path(call: ast.Call) -> bool:
    """``open(...)`` of a path for reading: not of a descriptor (``open(0)``, ``open(fd, "a")``) nor to write."""
    first = call.args[0] if call.args else None
    if isinstance(first, ast.Constant) and isinstance(first.value, int):
        return False
    mode = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "mode"), None)
    return not (isinstance(mode, ast.Constant) and isinstance(mode.value, str) and set(mode.value) & set("wax"))
