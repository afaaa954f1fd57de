"""Finished games waiting to be written to the accounts' database: one small file each in the server's
folder (``outbox/``), written and fsynced before anyone hears how the game ended, and removed only once
the database holds the game.

The database may be away (PostgreSQL restarted, the network cut) when a game ends; the players are still
told their result at once, and the game is recorded and rated when the database answers again, however
long that takes and across restarts of the server: each file is tried again until it is stored
(access_game.net.account_desk). Nothing is marked recorded before it is on disk here. Without a folder
(a server kept in memory only, as some tests run it) the outbox is held in memory.

A game's last move is in its table's journal before its record is here: a process killed between the
two leaves the record to the next start, which holds every game it finds ended in a journal and not
here (access_game.net.account_requests.recover). Each game's key is its own (:func:`game_key`) and is
kept with it in the database, so a game written twice, by the run it ended in and by a later one, is
kept once.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import secrets
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from access_game.datafiles import DamagedFile, read_json, set_aside
from access_game.settings import atomic_write_text

__all__ = ["FinishedGame", "GameOutbox", "game_key"]

log = logging.getLogger("access_game.net.accounts")

#: An outbox file's name: its key and ``.json`` (anything else in the folder is not ours).
_NAME = re.compile(r"^[0-9a-f]{32}\.json$")


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """What the record needs of a finished game. ``accounts`` gives each seat's account (None: a guest's
    or a computer player's seat), ``computers`` each seat's computer level (None: a person's seat).
    ``key`` names it in the outbox; ``finished`` (when it ended) is written to the database as is, so a
    game tried again after a write that may have gone through is known by it and never kept twice."""

    key: str
    game: str
    code: str
    game_number: int
    finished: float
    names: tuple[str | None, ...]
    accounts: tuple[str | None, ...]
    computers: tuple[str | None, ...]
    winners: tuple[int, ...]
    totals: tuple[int, ...]

    @classmethod
    def new(cls, game: str, code: str, game_number: int, names: Sequence[str | None],
            accounts: Sequence[str | None], computers: Sequence[str | None], winners: Sequence[int],
            totals: Sequence[int], *, key: str | None = None, finished: float | None = None) -> FinishedGame:
        return cls(secrets.token_hex(16) if key is None else key, game, code, game_number,
                   time.time() if finished is None else finished, tuple(names), tuple(accounts), tuple(computers),
                   tuple(winners), tuple(totals))

    @classmethod
    def read(cls, data: Any) -> FinishedGame:
        """From an outbox file's data; ValueError when it is not one."""
        if not isinstance(data, dict) or set(data) != set(cls.__dataclass_fields__):
            raise ValueError("not a finished game")
        try:
            game = cls(str(data["key"]), str(data["game"]), str(data["code"]), int(data["game_number"]),
                       float(data["finished"]), tuple(_name(n) for n in data["names"]),
                       tuple(_name(n) for n in data["accounts"]), tuple(_name(n) for n in data["computers"]),
                       tuple(int(w) for w in data["winners"]), tuple(int(t) for t in data["totals"]))
        except (TypeError, KeyError) as exc:
            raise ValueError(str(exc)) from None
        if not len(game.names) == len(game.accounts) == len(game.computers) == len(game.totals):
            raise ValueError("seats do not match")
        return game


def game_key(code: str, game_number: int, seed: int) -> str:
    """A finished game's own key: its table, its number there and its shuffle (a new one each game), so
    that whoever writes the game (the run it ended in, or a later one that finds it ended in its table's
    journal) writes it under the same key, and the database keeps it once (32 hex digits, as an outbox
    file is named)."""
    return hashlib.sha256(f"{code}.{game_number}.{seed}".encode()).hexdigest()[:32]


def _name(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ValueError("a name must be text")
    return value


class GameOutbox:
    """The finished games not yet in the database, oldest first."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._held: dict[str, FinishedGame] = {}

    def put(self, finished: FinishedGame) -> None:
        """Keep a finished game: on disk and fsynced (its folder too) when this returns; OSError when the
        disk refuses it, and then nothing is kept."""
        if self.folder is not None:
            text = json.dumps(asdict(finished), ensure_ascii=False)
            atomic_write_text(self.folder / f"{finished.key}.json", text + "\n", mode=0o600)
        self._held[finished.key] = finished

    def hold(self, finished: FinishedGame) -> None:
        """Keep a finished game in memory only: one a later run finds again by itself (a game found ended
        in its table's journal, not known stored: access_game.net.account_requests.recover)."""
        self._held.setdefault(finished.key, finished)

    def pending(self) -> list[FinishedGame]:
        """Every game waiting, oldest first: those of the folder (left by an earlier run too) and those
        put since. A file that cannot be read is set aside (``*.damaged-STAMP.json``) and said in the log."""
        if self.folder is not None:
            try:
                names = sorted(os.listdir(self.folder))
            except FileNotFoundError:
                names = []
            except OSError as exc:  # (a file in the folder's place): those held in memory wait meanwhile
                log.error("the outbox %s cannot be read: %s", self.folder, exc)
                names = []
            for name in names:
                key = name.removesuffix(".json")
                if not _NAME.match(name) or key in self._held:
                    continue
                path = self.folder / name
                try:
                    finished = FinishedGame.read(read_json(path))
                    if finished.key != key:
                        raise ValueError("its key is not its name")
                except (DamagedFile, ValueError, FileNotFoundError) as exc:
                    log.error("outbox %s cannot be read (%s): set aside", path, exc)
                    set_aside(path)
                    continue
                self._held[key] = finished
        return sorted(self._held.values(), key=lambda f: f.finished)

    def done(self, finished: FinishedGame) -> None:
        """The game is in the database: its file goes (a file that cannot be removed is tried again, and
        then found recorded already)."""
        if self.folder is not None:
            try:
                os.unlink(self.folder / f"{finished.key}.json")
            except FileNotFoundError:
                pass
            except OSError as exc:
                log.error("outbox: %s could not be removed: %s", finished.key, exc)
                return
        self._held.pop(finished.key, None)

    def __contains__(self, key: object) -> bool:
        """Whether a game of that key waits here (in memory or on disk, as far as read so far)."""
        return key in self._held

    def __len__(self) -> int:
        return len(self._held)
