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
action may take with hundreds of tables; an appended line costs a few microseconds. Journals are left
for the operating system to write out while the server runs (a killed process loses nothing the
system holds) and fsynced when the server stops; only a crash of the machine itself could lose the
last moments of play (docs/online.md says so).

A table whose files cannot be read is set aside under new names and reported, never overwritten.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from access_game.datafiles import DamagedFile, read_json, set_aside
from access_game.net.tables import Seat, Table
from access_game.settings import atomic_write_text
from engine.actions import action_to_data
from engine.errors import IllegalAction, SaveFormatError
from engine.events import event_to_data
from engine.game import SAVE_FORMAT, SAVE_VERSION, Game

__all__ = ["SNAPSHOT_EVERY", "Loaded", "TableStore"]

_CODE = re.compile(r"^[A-Z0-9]{1,12}$")
_JOURNAL = re.compile(r"^([A-Z0-9]{1,12})\.(\d{1,9})\.log$")
#: Journal lines between snapshots: what a restart may have to replay for one table.
SNAPSHOT_EVERY = 50


@dataclass(frozen=True, slots=True)
class Loaded:
    tables: list[Table] = field(default_factory=list)
    #: One line per table that could not be brought back (and where its files were kept).
    problems: list[str] = field(default_factory=list)


@dataclass(slots=True)
class _Journaled:
    """What the journal of one table holds so far, to write only what changed."""

    gen: int
    seats: list[tuple[Any, ...]]
    started: bool
    actions: int
    game_number: int = 1
    lines: int = 0
    snapshotting: bool = False


@dataclass(slots=True)
class _Encoded:
    """A game's actions and log entries already turned into JSON text: they never change once made."""

    game: Game
    actions: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _seat_tuple(seat: Seat) -> tuple[Any, ...]:
    return (seat.name, seat.human, seat.level, seat.digest)


class TableStore:
    def __init__(self, directory: Path, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.directory = directory
        self.snapshot_every = snapshot_every
        self._journaled: dict[str, _Journaled] = {}
        self._encoded: dict[str, _Encoded] = {}
        #: Journals appended to and not yet fsynced (see sync).
        self._unsynced: set[Path] = set()
        self._guard = threading.Lock()

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

    # ----------------------------------------------------------------- saving
    def record(self, table: Table) -> bool:
        """Append what changed at ``table`` since it was last recorded; True when a snapshot is due."""
        pending, due = self.changes(table)
        if pending is not None:
            self.append(*pending)
        return due

    def append(self, path: Path, text: str) -> None:
        """Append journal lines (from :meth:`changes`); safe from a worker thread, one writer per table
        at a time (a server whose disk is slow to append could move the appends to threads)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(text)
        with self._guard:
            self._unsynced.add(path)

    def changes(self, table: Table) -> tuple[tuple[Path, str] | None, bool]:
        """What changed at ``table`` since the last call, as journal lines to :meth:`append` (None:
        nothing), and whether a snapshot is due once they are written. Made on the server's loop, after
        every change and before anyone is told of it; the lines must be appended before anyone is."""
        state = self._journaled.get(table.code)
        lines: list[str] = []
        if state is None:
            state = self._journaled[table.code] = _Journaled(
                gen=0, seats=[_seat_tuple(s) for s in table.seats], started=table.started,
                actions=0 if table.game is None else len(table.game.actions), game_number=table.game_number)
            lines.append(_json({"table": json.loads(self.text(table))}))
        else:
            if table.game_number != state.game_number:  # the host dealt again: a new game, from its seed
                lines.append(_json({"again": table.game_number, "seed": table.seed}))
                state.game_number, state.started, state.actions = table.game_number, False, 0
            for i, seat in enumerate(table.seats):
                now = _seat_tuple(seat)
                if state.seats[i] != now:
                    lines.append(_json({"seat": i, "name": seat.name, "human": seat.human, "level": seat.level,
                                        "digest": seat.digest}))
                    state.seats[i] = now
            if table.started and not state.started:
                lines.append('{"start":true}')
                state.started = True
        if table.game is not None:
            actions = table.game.actions
            for n in range(state.actions, len(actions)):
                lines.append(_json({"act": n, "action": action_to_data(actions[n])}))
            state.actions = len(actions)
        due = state.lines + len(lines) >= self.snapshot_every and not state.snapshotting
        if not lines:
            return None, due
        state.lines += len(lines)
        return (self.journal_path(table.code, state.gen), "\n".join(lines) + "\n"), due

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
        """Write the snapshot (atomic, fsynced), then remove the journals it covers."""
        try:
            atomic_write_text(self.snapshot_path(code), text)
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

    def remove(self, code: str) -> None:
        """Forget a closed table: its snapshot and journals."""
        self._journaled.pop(code, None)
        self._encoded.pop(code, None)
        with contextlib.suppress(FileNotFoundError):
            self.snapshot_path(code).unlink()
        for _gen, path in self._journals(code):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

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
        for code in sorted(codes):
            try:
                table = self._load(code)
            except (DamagedFile, SaveFormatError) as exc:
                kept = [str(set_aside(path)) for path in self._files(code)]
                loaded.problems.append(f"table {code}: {exc}; kept as {', '.join(kept)}")
                continue
            if table is not None:
                loaded.tables.append(table)
        return loaded

    def _files(self, code: str) -> list[Path]:
        snapshot = self.snapshot_path(code)
        return ([snapshot] if snapshot.exists() else []) + [path for _gen, path in self._journals(code)]

    def _load(self, code: str) -> Table | None:
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
        for gen, path in self._journals(code):
            if gen < first_gen:  # covered by the snapshot; its removal was cut short
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
                continue
            table = self._replay(table, path)
        if table is None:
            return None
        if table.code != code:
            raise SaveFormatError(f"the files hold table {table.code}")
        self._journaled[code] = _Journaled(gen=max(gen, first_gen), seats=[_seat_tuple(s) for s in table.seats],
                                           started=table.started,
                                           actions=0 if table.game is None else len(table.game.actions),
                                           game_number=table.game_number)
        return table

    @staticmethod
    def _replay(table: Table | None, path: Path) -> Table | None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise DamagedFile(f"{path.name} cannot be read: {exc}") from None
        pieces = text.split("\n")
        for number, line in enumerate(pieces, 1):
            if not line:
                continue
            try:
                entry = json.loads(line)
            except ValueError:
                if number != len(pieces):  # a whole line (it ends in a newline) that is not JSON
                    raise SaveFormatError(f"{path.name} line {number} is damaged") from None
                break  # the last line, cut short by a kill: nobody was told of it
            table = _apply_entry(table, entry, f"{path.name} line {number}")
        return table


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
            seat.name, seat.human, seat.level, seat.digest = (entry["name"], bool(entry["human"]), entry["level"],
                                                              entry["digest"])
        elif "again" in entry:
            if table.game_number < int(entry["again"]):
                table.again(int(entry["seed"]))
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
