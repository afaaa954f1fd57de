"""The table directory: every table saved after every action, brought back whole after a restart.

Each table has a snapshot, ``CODE.json`` (the whole table, written atomically and fsynced with the
same write as the player's saves), and journals, ``CODE.GEN.log``: one JSON line per change since
that snapshot (a seat taken, handed over or given up, the deal, each action, the host dealing
again). A change is appended to the journal before anyone hears of it, so a server killed at any
moment (even with SIGKILL) is brought back at the last action anyone was told of; a line cut short
by the kill is the one nobody heard of, and is ignored. Every ``snapshot_every`` lines a new
snapshot is written (off the server's loop) and the journals it covers are removed, so a restart
replays at most that many actions per table.

Why not rewrite the whole table after every action: a late hand's table is some 60 KB of JSON, and on
a busy disk replacing a file costs 4 to 25 ms and an fsync 10 to 40 ms, more than the whole time an
action may take with hundreds of tables; an appended line costs a few microseconds. What is appended
is made sure of on disk before anyone is told of it (:meth:`TableStore.commit`, a group commit: the
server fsyncs every journal appended to within a few milliseconds at once, off its loop,
access_game.net.group_commit), so even a crash of the machine loses only moves nobody was told of.

A table whose files cannot be read is set aside under new names and reported, never overwritten.

A move is written here before it is made (:meth:`TableStore.append_action`), and every other change
is recorded before anyone hears of it; when the disk refuses a write (full), the line cut short is
taken back off the journal and the caller is told, so the table can stay as it was. The directory
and its files are its owner's only (a snapshot holds the table's seed), and one server at a time
uses a directory (:meth:`TableStore.lock`). Tables nobody has been at for long are moved into
``archive/`` (:meth:`TableStore.archive`), never deleted.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from access_game.datafiles import DamagedFile, read_bytes, read_json, set_aside
from access_game.filelock import try_lock
from access_game.folders import make_folders
from access_game.net.tables import Seat, Table
from access_game.settings import atomic_write_text
from engine.actions import Action, action_to_data
from engine.errors import IllegalAction, SaveFormatError
from engine.events import event_to_data
from engine.game import SAVE_FORMAT, SAVE_VERSION, Game
from engine.state_data import flag_value, whole_value
from speech.i18n import _, ngettext, with_numbers

__all__ = ["SNAPSHOT_EVERY", "Loaded", "TableStore"]

_CODE = re.compile(r"^[A-Z0-9]{1,12}$")
_JOURNAL = re.compile(r"^([A-Z0-9]{1,12})\.(\d{1,9})\.log$")
#: Journal lines between snapshots: what a restart may have to replay for one table.
SNAPSHOT_EVERY = 50
#: The directory and the files in it are readable by their owner only: a snapshot holds a table's seed.
DIR_MODE = 0o700
FILE_MODE = 0o600
ARCHIVE = "archive"


@dataclass(frozen=True, slots=True)
class Loaded:
    tables: list[Table] = field(default_factory=list)
    #: One line per table that could not be brought back (and where its files were kept).
    problems: list[str] = field(default_factory=list)
    #: One line per table brought back without its last moves, lost in a crash of the machine (and where
    #: the journals that could no longer be replayed were kept).
    lost: list[str] = field(default_factory=list)
    #: When each table's files were last written (seconds since the epoch): how long it has been idle.
    written: dict[str, float] = field(default_factory=dict)


@dataclass(slots=True)
class _Journaled:
    """What the journal of one table holds so far, to write only what changed."""

    gen: int
    seats: list[tuple[Any, ...]]
    started: bool
    actions: int
    game_number: int = 1
    host: int = 0
    lines: int = 0
    snapshotting: bool = False

    def copy(self) -> _Journaled:
        return _Journaled(self.gen, list(self.seats), self.started, self.actions, self.game_number, self.host,
                          self.lines, self.snapshotting)


@dataclass(slots=True)
class _Encoded:
    """A game's actions and log entries already turned into JSON text: they never change once made."""

    game: Game
    actions: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _seat_tuple(seat: Seat) -> tuple[Any, ...]:
    return (seat.name, seat.human, seat.level, seat.digest, seat.stand_in, seat.account)


def _append(path: Path, data: bytes) -> bool:
    """Append ``data`` whole or not at all: when the disk refuses part of it (full), the file is cut back
    to where it was, so that no line cut short sits in the middle of a journal; a journal this write
    made is removed again, so that a full disk leaves no empty files behind. True when the journal was
    made by this write (its name reaches the disk with the folder's next fsync)."""
    flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
        made = False
    except FileNotFoundError:
        fd = os.open(path, flags | os.O_CREAT | os.O_EXCL, FILE_MODE)
        made = True
    try:
        size = os.fstat(fd).st_size
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        except OSError:
            with contextlib.suppress(OSError):
                if made:
                    os.unlink(path)
                else:
                    os.ftruncate(fd, size)
            raise
    finally:
        os.close(fd)
    return made


_fdatasync = getattr(os, "fdatasync", os.fsync)


def _sync_file(path: Path, *, folder: bool = False) -> None:
    """fsync one file (its data: an appended journal's length goes with it) or a folder (the names in it).
    FileNotFoundError when it is gone (a journal a snapshot covered, a table closed)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | (getattr(os, "O_DIRECTORY", 0) if folder else 0)
    fd = os.open(path, flags)
    try:
        (os.fsync if folder else _fdatasync)(fd)
    finally:
        os.close(fd)


class TableStore:
    def __init__(self, directory: Path, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        # The folder the operator named (a link to another disk, maybe), followed once, here: every file
        # in it is then written without following a link (access_game.folders.replace_file).
        self.directory = Path(os.path.realpath(directory))
        self._made = False
        self.snapshot_every = snapshot_every
        self._journaled: dict[str, _Journaled] = {}
        self._encoded: dict[str, _Encoded] = {}
        #: Journals appended to and not yet fsynced (see sync).
        self._unsynced: set[Path] = set()
        #: A journal was made since the folder was last fsynced (its name is not sure to be on disk).
        self._named = False
        self._guard = threading.Lock()
        # A snapshot is written in a worker thread; a table closed meanwhile must not get its file back.
        self._files_lock = threading.Lock()
        #: The journal of each table's newest snapshot written: an older one finishing later is dropped.
        self._written: dict[str, int] = {}

    # ----------------------------------------------------------------- file names
    def snapshot_path(self, code: str) -> Path:
        if not _CODE.match(code):
            raise ValueError(f"not a table code: {code!r}")
        return self.directory / f"{code}.json"

    def journal_path(self, code: str, gen: int) -> Path:
        return self.directory / f"{code}.{gen}.log"

    def _journals(self, code: str) -> list[tuple[int, Path]]:
        found = []
        for path in self.directory.glob(f"{code}.*.log"):
            match = _JOURNAL.match(path.name)
            if match and match.group(1) == code:
                found.append((int(match.group(2)), path))
        return sorted(found)

    # ----------------------------------------------------------------- one server, owner only
    def make_directory(self) -> None:
        """The directory, readable by its owner only (an older one is made so too, with its files)."""
        if self._made:
            return
        make_folders(self.directory, DIR_MODE)
        paths: list[Path] = []
        with contextlib.suppress(OSError):
            os.chmod(self.directory, DIR_MODE)
            paths = list(self.directory.iterdir())
        for path in paths:  # each on its own: a file that cannot be changed (or is gone) stops no other
            with contextlib.suppress(OSError):
                if path.is_file() and not path.is_symlink():
                    os.chmod(path, FILE_MODE)
        self._made = True

    def lock(self) -> int | None:
        """Hold the directory for this process (a lock file in it): a file descriptor to keep open while
        serving, or None when another server holds it. OSError when the directory cannot be written."""
        self.make_directory()
        return try_lock(self.directory / ".lock", FILE_MODE)

    # ----------------------------------------------------------------- saving
    def record(self, table: Table) -> bool:
        """Append what changed at ``table`` since it was last recorded; True when a snapshot is due.

        OSError when the disk refuses the lines: nothing of them stays in the journal, and the journal's
        idea of the table is as before, so the caller can put the table back as it was (Table.go_back).
        """
        state, lines = self._changes(table)
        if lines:
            self.append(self.journal_path(table.code, state.gen), "\n".join(lines) + "\n")
        state.lines += len(lines)
        self._journaled[table.code] = state
        return self.snapshot_due(table.code)

    def snapshot_due(self, code: str) -> bool:
        """Whether the table's journal has grown past the mark and no snapshot of it is being written."""
        state = self._journaled.get(code)
        return state is not None and state.lines >= self.snapshot_every and not state.snapshotting

    def append_action(self, table: Table, action: Action) -> bool:
        """Write a move of the table's game to the journal before it is made (the table must have been
        recorded up to now): once this returns, a restart makes the move even if the process dies at
        once. OSError when the disk refuses it: nothing was written, and the move must not be made.

        True when a snapshot is due: take it (:meth:`begin_snapshot`) once the move is made, never
        before, or the snapshot would lack the move whose line it removes with the old journal."""
        assert table.game is not None
        state = self._journaled[table.code]
        number = len(table.game.actions)
        assert state.actions == number, "the table's changes must be recorded before a move is written"
        self.append(self.journal_path(table.code, state.gen),
                    _json({"act": number, "action": action_to_data(action)}) + "\n")
        state.actions = number + 1
        state.lines += 1
        return self.snapshot_due(table.code)

    def append(self, path: Path, text: str) -> None:
        """Append journal lines, whole or not at all; safe from a worker thread, one writer per table at a
        time (a server whose disk is slow to append could move the appends to threads)."""
        self.make_directory()
        made = _append(path, text.encode("utf-8"))
        with self._guard:
            self._unsynced.add(path)
            self._named |= made

    def _changes(self, table: Table) -> tuple[_Journaled, list[str]]:
        """What changed at ``table`` since it was last recorded, as journal lines, and the journal's idea
        of the table once they are written (kept only when they are)."""
        known = self._journaled.get(table.code)
        lines: list[str] = []
        if known is None:
            state = _Journaled(
                gen=0, seats=[_seat_tuple(s) for s in table.seats], started=table.started,
                actions=0 if table.game is None else len(table.game.actions), game_number=table.game_number,
                host=table.host)
            lines.append(_json({"table": json.loads(self.text(table))}))
        else:
            state = known.copy()
            if table.game_number != state.game_number:  # the host dealt again: a new game, from its seed
                lines.append(_json({"again": table.game_number, "seed": table.seed}))
                state.game_number, state.started, state.actions = table.game_number, False, 0
            for i, seat in enumerate(table.seats):
                now = _seat_tuple(seat)
                if state.seats[i] != now:
                    lines.append(_json({"seat": i, "name": seat.name, "human": seat.human, "level": seat.level,
                                        "digest": seat.digest, "stand_in": seat.stand_in, "account": seat.account}))
                    state.seats[i] = now
            if table.host != state.host:
                lines.append(_json({"host": table.host}))
                state.host = table.host
            if table.started and not state.started:
                lines.append('{"start":true}')
                state.started = True
        if table.game is not None:
            actions = table.game.actions
            for n in range(state.actions, len(actions)):
                lines.append(_json({"act": n, "action": action_to_data(actions[n])}))
            state.actions = len(actions)
        return state, lines

    def begin_snapshot(self, table: Table) -> tuple[int, str]:
        """Start a new journal and give the snapshot's text (made on the loop: the table must not change
        while it is encoded); write it with :meth:`write_snapshot`, from a worker thread if need be."""
        self.record(table)
        state = self._journaled[table.code]
        state.gen += 1
        state.lines = 0
        state.snapshotting = True
        data = self.text(table)
        return state.gen, data[:-2] + f',"journal":{state.gen}}}\n'

    def write_snapshot(self, code: str, gen: int, text: str) -> None:
        """Write the snapshot (atomic, fsynced), then remove the journals it covers; nothing when the
        table was closed (:meth:`remove`) while the snapshot waited for its thread."""
        with self._files_lock:
            if code not in self._journaled or self._written.get(code, -1) > gen:  # closed, or a newer one is on disk
                return
            self._written[code] = gen
            try:
                atomic_write_text(self.snapshot_path(code), text, mode=FILE_MODE)
                for old, path in self._journals(code):
                    if old < gen:
                        with contextlib.suppress(FileNotFoundError):
                            path.unlink()
            finally:
                state = self._journaled.get(code)
                if state is not None:
                    state.snapshotting = False

    def save(self, table: Table) -> None:
        """A snapshot now, written in this thread (tests, and a server stopping)."""
        gen, text = self.begin_snapshot(table)
        self.write_snapshot(table.code, gen, text)

    def text(self, table: Table) -> str:
        """``table.to_data()`` as JSON text.

        A game's history only grows, so each action and event is encoded once and kept: encoding a
        late hand's whole history again for every snapshot would cost more than the snapshot.
        """
        game = table.game
        head = table.to_data(with_game=False)
        if game is None:
            self._encoded.pop(table.code, None)
            return _json({**head, "game": None}) + "\n"
        enc = self._encoded.get(table.code)
        if enc is None or enc.game is not game:
            enc = self._encoded[table.code] = _Encoded(game)
        enc.actions.extend(_json(action_to_data(a)) for a in game.actions[len(enc.actions):])
        enc.log.extend(_json(event_to_data(e)) for e in game.log[len(enc.log):])
        game_head = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": game.ruleset.name,
                     "players": list(game.players), "seed": game.seed, "options": dict(game.options),
                     "state": game.ruleset.state_to_data(game.state)}
        game_text = (_json(game_head)[:-1] + ',"actions":[' + ",".join(enc.actions) + '],"log":['
                     + ",".join(enc.log) + "]}")
        return _json(head)[:-1] + ',"game":' + game_text + "}\n"

    def archive(self, code: str) -> list[Path]:
        """Move a table's files into ``archive/`` (a table nobody has come to for long): kept, no longer
        served; moving them back and restarting the server brings the table back. Where they went."""
        self._journaled.pop(code, None)
        self._encoded.pop(code, None)
        folder = self.directory / ARCHIVE
        folder.mkdir(mode=DIR_MODE, exist_ok=True)
        moved = []
        for path in self._files(code):
            target = folder / path.name
            if target.exists():  # archived before under that name: never overwrite
                target = folder / f"{path.stem}.{int(time.time())}{path.suffix}"
            os.replace(path, target)
            moved.append(target)
        return moved

    def remove(self, code: str) -> None:
        """Forget a closed table: its snapshot and journals."""
        with self._files_lock:
            self._journaled.pop(code, None)
            self._encoded.pop(code, None)
            with contextlib.suppress(FileNotFoundError):
                self.snapshot_path(code).unlink()
            for _gen, path in self._journals(code):
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()

    def commit(self) -> int:
        """Make sure of every line appended so far (from a worker thread: the server's group commit): each
        journal appended to since the last commit fsynced (its data), and the folder when a journal was
        made. How many fsyncs it took. OSError when the disk refuses one: the journals are then marked
        as not yet sure, and the caller must not tell anyone of what they hold (after a failed fsync the
        system may have dropped the lines: the server writes a whole snapshot instead)."""
        with self._guard:
            paths, self._unsynced = self._unsynced, set()
            named, self._named = self._named, False
        done = 0
        try:
            for path in sorted(paths):
                with contextlib.suppress(FileNotFoundError):  # covered by a snapshot since, or closed
                    _sync_file(path)
                    done += 1
            if named:
                _sync_file(self.directory, folder=True)
                done += 1
        except OSError:
            with self._guard:
                self._unsynced |= paths
                self._named |= named
            raise
        return done

    def sync(self) -> int:
        """fsync every journal appended to since the last sync, and the directory: how many files."""
        with self._guard:
            paths, self._unsynced = self._unsynced, set()
        for path in paths:
            try:
                fd = os.open(path, os.O_RDONLY)
            except OSError:
                continue
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        with contextlib.suppress(OSError):
            fd = os.open(self.directory, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        return len(paths)

    # ----------------------------------------------------------------- loading
    def load_all(self) -> Loaded:
        """Every table in the directory; a table that cannot be brought back is set aside and
        reported, never a crash."""
        loaded = Loaded()
        if not self.directory.is_dir():
            return loaded
        for leftover in self.directory.glob(".*.tmp"):  # a snapshot cut short by a kill: its rename never came
            with contextlib.suppress(OSError):
                leftover.unlink()
        codes = {p.stem for p in self.directory.glob("*.json") if _CODE.match(p.stem)}
        codes |= {m.group(1) for p in self.directory.glob("*.log") if (m := _JOURNAL.match(p.name))}
        self.make_directory()
        for code in sorted(codes):
            try:
                table = self._load(code, loaded.lost)
            except (DamagedFile, SaveFormatError) as exc:
                kept = [(path, set_aside(path)) for path in self._files(code)]
                where = ", ".join(str(moved) if moved else _("{path} (left where it is: it cannot be moved)").format(
                    path=path) for path, moved in kept)
                loaded.problems.append(_("table {code}: {problem}; kept as {where}").format(code=code, problem=exc,
                                                                                            where=where))
                continue
            if table is not None:
                loaded.tables.append(table)
                with contextlib.suppress(OSError):
                    loaded.written[code] = max(path.stat().st_mtime for path in self._files(code))
        return loaded

    def _files(self, code: str) -> list[Path]:
        snapshot = self.snapshot_path(code)
        # lexists: a snapshot that is a broken link, or a link to itself, is one of the table's files too
        return ([snapshot] if os.path.lexists(snapshot) else []) + [path for _gen, path in self._journals(code)]

    def _load(self, code: str, lost: list[str]) -> Table | None:
        table: Table | None = None
        first_gen = 0
        try:
            data = read_json(self.snapshot_path(code))
        except FileNotFoundError:
            data = None
        if data is not None:
            if not isinstance(data, dict) or not isinstance(data.get("journal"), int):
                raise SaveFormatError("the snapshot names no journal")
            first_gen = data["journal"]
            table = Table.from_data(data)
        gen = first_gen
        journals = self._journals(code)
        for n, (gen_n, path) in enumerate(journals):
            if gen_n < first_gen:  # covered by the snapshot; its removal was cut short
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
                continue
            try:
                table = self._replay(table, path, lost)
            except _Gap as gap:
                # The journals before this one lost their last lines in a crash of the machine (they are
                # left for the system to write out): the table goes on from where they end. This one and
                # any after it can never be replayed again, so they are kept aside, not left in the way.
                kept = [str(set_aside(later, "lost")) for _g, later in journals[n:]]
                lost.append(_("table {code}: {gap} (a crash of the machine); kept as {where}").format(
                    code=code, gap=gap, where=", ".join(kept)))
                break
            gen = gen_n
        if table is None:
            return None
        if table.code != code:
            raise SaveFormatError(f"the files hold table {table.code}")
        self._journaled[code] = _Journaled(gen=max(gen, first_gen), seats=[_seat_tuple(s) for s in table.seats],
                                           started=table.started,
                                           actions=0 if table.game is None else len(table.game.actions),
                                           game_number=table.game_number, host=table.host)
        return table

    @staticmethod
    def _replay(table: Table | None, path: Path, lost: list[str]) -> Table | None:
        """The table after the journal's lines. A last line cut short (no newline: a kill or a power cut
        came in the middle of its write, before anyone was told of it) is ignored and cut off the file,
        so that the next line appended starts a line of its own. An end that is not text of ours at all
        (zeros: a file system that had grown the file when the power went, but not written it) is cut
        off too, but said in ``lost`` with a copy of the journal kept as it was. _Gap when the journal
        begins past where the table is."""
        try:  # the one guarded reader: a FIFO or a device named like a journal must not stop the server
            data = read_bytes(path)
        except DamagedFile as exc:
            raise DamagedFile(f"{path.name}: {exc}") from None
        if data is None:
            return table
        *lines, cut = data.split(b"\n")
        entries = []
        for number, line in enumerate(lines, 1):
            if not line:
                continue
            try:
                entries.append((number, json.loads(line)))
            except (ValueError, RecursionError):  # a whole line (it ends in a newline) that is not JSON, or not text
                raise SaveFormatError(f"{path.name} line {number} is damaged") from None
        gap = _gap(table, [entry for _n, entry in entries])
        if gap:
            raise _Gap(f"{path.name} {gap}")
        for number, entry in entries:
            table = _apply_entry(table, entry, f"{path.name} line {number}")
        if cut:
            if b"\0" in cut:
                copy = _keep_copy(path, data)
                where = str(copy) if copy else _("nowhere (the folder cannot be written)")
                lost.append(with_numbers(ngettext(
                    "journal {name}: its last byte was never written (a crash of the machine) and is cut off; a "
                    "copy of it is kept as {where}",
                    "journal {name}: its last {count} bytes were never written (a crash of the machine) and are "
                    "cut off; a copy of it is kept as {where}", len(cut)), name=path.name, count=len(cut), where=where))
            _cut_to(path, len(data) - len(cut))
        return table


def _cut_to(path: Path, size: int) -> None:
    """Cut a journal back to ``size`` bytes and make sure of it (nothing when it cannot be written: the
    same end is cut off at the next start)."""
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0))
        try:
            os.ftruncate(fd, size)
            os.fsync(fd)
        finally:
            os.close(fd)


def _keep_copy(path: Path, data: bytes) -> Path | None:
    """``data`` written beside ``path`` under a name nothing uses (``NAME.torn-STAMP``), fsynced; None when
    the folder cannot be written."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        copy = path.with_name(f"{path.name}.torn-{stamp}{f'-{n}' if n else ''}")
        try:
            fd = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), FILE_MODE)
        except FileExistsError:
            continue
        except OSError:
            return None
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        except OSError:
            return None
        finally:
            os.close(fd)
        return copy
    return None


class _Gap(Exception):
    """A journal that begins past where the table is: the lines before it were lost."""


def _gap(table: Table | None, entries: list[Any]) -> str | None:
    """How a journal's changes do not follow from ``table`` (None when they do): they change a table
    that is not there, or their first move is past the table's last."""
    if not entries or (isinstance(entries[0], dict) and "table" in entries[0]):
        return None
    if table is None:
        return "begins with a change to a table whose start was lost"
    first = next((e["act"] for e in entries if isinstance(e, dict) and isinstance(e.get("act"), int)), None)
    made = None if table.game is None else len(table.game.actions)
    if first is not None and (made is None or first > made):
        return f"begins at move {first}, after move {made or 0}"
    return None


def _apply_entry(table: Table | None, entry: Any, where: str) -> Table:
    try:
        if not isinstance(entry, dict):
            raise SaveFormatError(f"{where} is not a change")
        if "table" in entry:
            return Table.from_data(entry["table"])
        if table is None:
            raise SaveFormatError(f"{where}: a change before the table")
        if "seat" in entry:
            seat = table.seats[entry["seat"]]
            seat.name, seat.human, seat.level, seat.digest = (entry["name"], flag_value("human", entry["human"]),
                                                              entry["level"], entry["digest"])
            seat.stand_in = entry.get("stand_in")
            account = entry.get("account")
            if account is not None and not isinstance(account, str):
                raise SaveFormatError(f"{where}: a seat's account is not text")
            seat.account = account
        elif "host" in entry:
            host = entry["host"]
            if not isinstance(host, int) or not 0 <= host < len(table.seats):
                raise SaveFormatError(f"{where}: no seat {host!r} to host")
            table.host = host
        elif "again" in entry:
            if table.game_number < whole_value("again", entry["again"]):
                table.again(whole_value("seed", entry["seed"]))
        elif "start" in entry:
            if table.game is None:
                table.start()
        elif "act" in entry:
            if table.game is None:
                raise SaveFormatError(f"{where}: an action before the deal")
            n = entry["act"]
            if n == len(table.game.actions):
                table.game.apply(table.codec.action_from_data(entry["action"]))
            elif n > len(table.game.actions):
                raise SaveFormatError(f"{where}: action {n} after {len(table.game.actions)}")
        else:
            raise SaveFormatError(f"{where} is not a change")
    except SaveFormatError:
        raise
    except IllegalAction as exc:
        raise SaveFormatError(f"{where}: the action is refused now ({exc})") from None
    except (Exception, RecursionError) as exc:
        raise SaveFormatError(f"{where} is damaged ({exc.__class__.__name__}: {exc})") from None
    return table
