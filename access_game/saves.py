"""Autosaves: the game in progress, written after every action so nothing is ever lost.

A save is the engine's game data plus what the session needs to go on (which seat is the player,
the computer players' level). Writes are atomic (temporary file, fsync, rename), so a crash or a
closed terminal leaves the previous save or the new one, never half a file. A save that cannot be
read is never overwritten: it is moved aside under a new name and the player is told where it is.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from access_game.settings import atomic_write_text, data_dir
from engine.errors import SaveFormatError
from engine.game import Game

__all__ = ["SESSION_FORMAT", "LoadedSave", "SaveStore", "SavedSession"]

SESSION_FORMAT = "access-game-session"
SESSION_VERSION = 1


@dataclass(frozen=True, slots=True)
class SavedSession:
    """A game plus the session around it."""

    game: Game
    human_seat: int
    level: str


@dataclass(frozen=True, slots=True)
class LoadedSave:
    """What looking for a save found: a session, nothing, or a damaged file already moved aside."""

    session: SavedSession | None = None
    #: A sentence for the player when the save could not be used.
    problem: str | None = None
    moved_to: Path | None = None


class SaveStore:
    """One save slot in a directory (the platform's user data dir unless told otherwise)."""

    def __init__(self, directory: Path | None = None, slot: str = "current") -> None:
        self.directory = directory or (data_dir() / "saves")
        self.slot = slot

    @property
    def path(self) -> Path:
        return self.directory / f"{self.slot}.json"

    def exists(self) -> bool:
        return self.path.exists()

    def write(self, game: Game, *, human_seat: int, level: str) -> None:
        data: dict[str, Any] = {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "human_seat": human_seat,
            "level": level,
            "game": game.to_data(),
        }
        atomic_write_text(self.path, json.dumps(data, separators=(",", ":")) + "\n")

    def remove(self) -> None:
        """Forget the save (a finished game has nothing to resume)."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def load(self) -> LoadedSave:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return LoadedSave()
        except (OSError, UnicodeDecodeError) as exc:
            return self._damaged(f"it cannot be read ({exc})")
        try:
            data = json.loads(text)
        except ValueError:
            return self._damaged("it is not complete JSON")
        try:
            return LoadedSave(session=_session_from_data(data))
        except SaveFormatError as exc:
            return self._damaged(str(exc))

    def _damaged(self, why: str) -> LoadedSave:
        moved = self.set_aside()
        where = f" It was kept as {moved}." if moved else ""
        return LoadedSave(problem=f"The saved game could not be used: {why}.{where}", moved_to=moved)

    def set_aside(self, label: str = "damaged") -> Path | None:
        """Rename the save to a name nothing else uses, so it is kept and never overwritten."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1000):
            suffix = f"-{n}" if n else ""
            target = self.directory / f"{self.slot}.{label}-{stamp}{suffix}.json"
            if target.exists():
                continue
            try:
                _move_no_clobber(self.path, target)
            except FileExistsError:
                continue
            except OSError:
                return None
            return target
        return None


def _move_no_clobber(source: Path, target: Path) -> None:
    """Rename that fails rather than replace an existing file (link+unlink on POSIX, rename on Windows)."""
    if os.name == "nt":
        os.rename(source, target)
        return
    try:
        os.link(source, target)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links
        if target.exists():
            raise FileExistsError(target) from None
        os.rename(source, target)
        return
    os.unlink(source)


def _session_from_data(data: Any) -> SavedSession:
    if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
        raise SaveFormatError("this is not an access-game save")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveFormatError("the save has no version number")
    if version > SESSION_VERSION:
        raise SaveFormatError(f"it was written by a newer access-game (version {version})")
    game = Game.from_data(data.get("game"))
    seat = data.get("human_seat")
    level = data.get("level")
    if not isinstance(seat, int) or not 0 <= seat < len(game.players):
        raise SaveFormatError("the save does not say which seat is yours")
    if not isinstance(level, str):
        raise SaveFormatError("the save does not say the computer players' level")
    return SavedSession(game=game, human_seat=seat, level=level)
