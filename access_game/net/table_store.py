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
from engine.actions import action_to_data
from engine.errors import SaveFormatError
from engine.events import event_to_data
from engine.game import SAVE_FORMAT, SAVE_VERSION, Game

__all__ = ["Loaded", "TableStore"]

_CODE = re.compile(r"^[A-Z0-9]{1,12}$")


@dataclass(frozen=True, slots=True)
class Loaded:
    tables: list[Table] = field(default_factory=list)
    #: One line per table file that could not be used (and where it was kept).
    problems: list[str] = field(default_factory=list)


@dataclass(slots=True)
class _Encoded:
    """A game's actions and log entries already turned into JSON text: they never change once made."""

    game: Game
    actions: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


class TableStore:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._encoded: dict[str, _Encoded] = {}

    def path(self, code: str) -> Path:
        if not _CODE.match(code):
            raise ValueError(f"not a table code: {code!r}")
        return self.directory / f"{code}.json"

    def text(self, table: Table) -> str:
        """The file's text: ``table.to_data()`` as JSON, made on the server's loop (the table must not
        change while it is encoded).

        A game's history only grows, so each action and event is encoded once and kept: a late hand's
        table is some 60 KB of JSON, and encoding all of it again after every action would cost more
        than everything else the server does for that action.
        """
        game = table.game
        head = table.to_data(with_game=False)
        if game is None:
            self._encoded.pop(table.code, None)
            return _json(head) + "\n"
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

    def write(self, code: str, text: str) -> None:
        """Write a table's file atomically; safe from a worker thread, one writer per table at a time."""
        atomic_write_text(self.path(code), text)

    def save(self, table: Table) -> None:
        self.write(table.code, self.text(table))

    def remove(self, code: str) -> None:
        self._encoded.pop(code, None)
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
