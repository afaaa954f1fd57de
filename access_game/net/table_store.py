"""The table directory: one JSON file per table, written atomically after every action.

A server killed at any moment (even with SIGKILL) leaves each table's previous file or its new one,
never half a file (the same atomic write as the player's saves), so a restarted server brings every
table back at its last action. A file that cannot be read is set aside under a new name and reported,
never overwritten; a finished game's file is kept until the table is closed, so late rejoins still
hear the end.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from access_game.datafiles import DamagedFile, read_json, set_aside
from access_game.net.tables import Table
from access_game.settings import atomic_write_text
from engine.errors import SaveFormatError

__all__ = ["Loaded", "TableStore"]

_CODE = re.compile(r"^[A-Z0-9]{1,12}$")


@dataclass(frozen=True, slots=True)
class Loaded:
    tables: list[Table] = field(default_factory=list)
    #: One line per table file that could not be used (and where it was kept).
    problems: list[str] = field(default_factory=list)


class TableStore:
    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def path(self, code: str) -> Path:
        if not _CODE.match(code):
            raise ValueError(f"not a table code: {code!r}")
        return self.directory / f"{code}.json"

    def text(self, table: Table) -> str:
        """The file's text, made on the server's loop (the table must not change while it is encoded)."""
        return json.dumps(table.to_data(), separators=(",", ":")) + "\n"

    def write(self, code: str, text: str) -> None:
        """Write a table's file atomically; safe from a worker thread, one writer per table at a time."""
        atomic_write_text(self.path(code), text)

    def save(self, table: Table) -> None:
        self.write(table.code, self.text(table))

    def remove(self, code: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path(code).unlink()

    def load_all(self) -> Loaded:
        """Every table in the directory; damaged files set aside and reported, never a crash."""
        loaded = Loaded()
        if not self.directory.is_dir():
            return loaded
        for path in sorted(self.directory.glob("*.json")):
            if not _CODE.match(path.stem):
                continue
            try:
                table = Table.from_data(read_json(path))
                if table.code != path.stem:
                    raise SaveFormatError(f"the file holds table {table.code}")
            except FileNotFoundError:
                continue
            except (DamagedFile, SaveFormatError) as exc:
                moved = set_aside(path)
                loaded.problems.append(f"{path.name}: {exc}; kept as {moved}")
                continue
            loaded.tables.append(table)
        return loaded
