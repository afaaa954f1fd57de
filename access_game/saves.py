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
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from access_game.datafiles import DamagedFile, read_json, set_aside
from access_game.filelock import try_lock, unlock
from access_game.settings import LEVELS, atomic_write_text, data_dir
from engine.errors import SaveFormatError
from speech.i18n import _

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["ELSEWHERE_FOLDER", "SESSION_FORMAT", "LoadedSave", "SaveStore", "SavedSession", "fallback_directories",
           "fallback_directory", "lockable_elsewhere"]

SESSION_FORMAT = "access-game-session"
SESSION_VERSION = 1


@dataclass(frozen=True, slots=True)
class SavedSession:
    """A game plus the session around it."""

    game: Game
    human_seat: int
    level: str
    #: A level per seat ('' for the player's), where the table was set up seat by seat; else empty.
    levels: tuple[str, ...] = ()
    #: How many moves the player has taken back (undo) in this game: a game with undos is practice.
    undos: int = 0


@dataclass(frozen=True, slots=True)
class LoadedSave:
    """What looking for a save found: a session, nothing, or a damaged file already moved aside."""

    session: SavedSession | None = None
    #: A sentence for the player when the save could not be used.
    problem: str | None = None
    moved_to: Path | None = None


class SaveStore:
    """One save slot in a directory (the platform's user data dir unless told otherwise)."""

    def __init__(self, directory: Path | None = None, slot: str = "current", locks: Path | None = None) -> None:
        self.directory = directory or (data_dir() / "saves")
        self.slot = slot
        #: The folder of this store's lock files (beside the saves folder unless told otherwise).
        self.locks = locks if locks is not None else self.directory.parent / "locks"
        self._lock: int | None = None

    def sibling(self, slot: str) -> SaveStore:
        """Another slot kept the way this one is (the same folder, the same lock folder)."""
        return SaveStore(self.directory, slot, self.locks)

    @property
    def path(self) -> Path:
        return self.directory / f"{self.slot}.json"

    def exists(self) -> bool:
        return self.path.exists()

    def write(self, game: Game, *, human_seat: int, level: str, levels: tuple[str, ...] = (), undos: int = 0) -> None:
        data: dict[str, Any] = {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "human_seat": human_seat,
            "level": level,
            "game": game.to_data(),
        }
        if levels:
            data["levels"] = list(levels)
        if undos:
            data["undos"] = undos
        atomic_write_text(self.path, json.dumps(data, separators=(",", ":")) + "\n")

    def remove(self) -> None:
        """Forget the save (a finished game has nothing to resume)."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def load(self) -> LoadedSave:
        """The save, nothing, or (never an exception) the reason it is damaged, the file kept aside."""
        try:
            data = read_json(self.path)
        except FileNotFoundError:
            return LoadedSave()
        except DamagedFile as exc:
            return self._damaged(str(exc))
        try:
            return LoadedSave(session=_session_from_data(data))
        except SaveFormatError as exc:
            from speech.refusal_words import error_text

            return self._damaged(error_text(exc))
        except (Exception, RecursionError) as exc:  # whatever else the data holds: damaged, never a crash
            return self._damaged(_("it is damaged ({error})").format(error=exc.__class__.__name__))

    def _damaged(self, why: str) -> LoadedSave:
        from speech.file_words import unusable_save

        moved = self.set_aside()
        return LoadedSave(problem=unusable_save(why, moved), moved_to=moved)

    def set_aside(self, label: str = "damaged") -> Path | None:
        """Rename the save to a name nothing else uses, so it is kept and never overwritten."""
        return set_aside(self.path, label)

    # ----------------------------------------------------------------- one game per save
    @property
    def lock_path(self) -> Path:
        """Beside the saves folder, not in it: the saves folder holds saves only."""
        return self.locks / f"{self.directory.name}.{self.slot}.lock"

    def acquire(self) -> bool:
        """Hold this slot for this process; False when another running copy of the game holds it.

        The lock is the operating system's (flock, or msvcrt.locking on Windows, on a lock file), so
        it goes with the process that held it: a game that was killed or crashed never leaves its
        slot locked. Holding the slot also means no other copy is writing it, so temporary files left
        by a killed game are removed here.

        OSError when no lock file can be made (a lock folder that is a file, or cannot be written): a
        slot that cannot be locked is never taken as held, since two copies would then share one save,
        each saying "saved" while one overwrites the other (:func:`lockable_elsewhere` finds another).
        """
        if self._lock is not None:
            return True
        lock = try_lock(self.lock_path)
        if lock is None:
            return False
        self._lock = lock
        self._remove_stray_temporaries()
        return True

    def release(self) -> None:
        if self._lock is not None:
            unlock(self._lock)
            self._lock = None

    @property
    def held(self) -> bool:
        return self._lock is not None

    def in_use(self) -> bool:
        """This copy may not have the slot now: another running copy holds it, or it cannot be locked
        at all (asks without keeping the lock)."""
        if self._lock is not None:
            return False
        try:
            lock = try_lock(self.lock_path)
        except OSError:
            return True
        if lock is None:
            return True
        unlock(lock)
        return False

    def _remove_stray_temporaries(self) -> None:
        for stray in self.directory.glob(f".{self.slot}.json.*.tmp"):
            with contextlib.suppress(OSError):
                stray.unlink()


#: The folder a game goes to, in the home or the temporary folder, when its own slot cannot be locked.
ELSEWHERE_FOLDER = "access-game-saves"


def lockable_elsewhere(store: SaveStore) -> Iterator[SaveStore]:
    """Where ``store``'s game can go when no lock can be made for it: the same slot in an
    ``access-game-saves`` folder of the home folder, else of the temporary folder, each with its locks
    inside it. Always the same places, in the same order, so the next start finds the game there
    again (the current folder is not one: it changes from one start to the next). A folder of that
    name that is a link or belongs to another user (the temporary folder is everyone's) is passed by."""
    for base in fallback_directories(store.directory, here=False):
        folder = base / ELSEWHERE_FOLDER
        if folder.resolve() != store.directory.resolve() and _own_folder_or_none(folder):
            yield SaveStore(folder, store.slot, locks=folder / ".locks")


def _own_folder_or_none(folder: Path) -> bool:
    try:
        found = folder.lstat()
    except FileNotFoundError:
        return True
    except OSError:
        return False
    mine = not hasattr(os, "getuid") or found.st_uid == os.getuid()
    return stat.S_ISDIR(found.st_mode) and mine


def fallback_directories(avoid: Path, *, here: bool = True) -> Iterator[Path]:
    """Somewhere else a game can be saved when its folder cannot be written: the current folder (when
    ``here``), the home folder and the temporary folder, those that are writable and are not ``avoid``."""
    import tempfile

    places = (Path.cwd, Path.home, lambda: Path(tempfile.gettempdir()))
    for place in places if here else places[1:]:
        with contextlib.suppress(OSError, RuntimeError):  # RuntimeError: no home folder can be found
            candidate = place()
            if candidate.resolve() != avoid.resolve() and candidate.is_dir() and os.access(candidate, os.W_OK):
                yield candidate


def fallback_directory(avoid: Path) -> Path | None:
    """The first of :func:`fallback_directories`, or None."""
    return next(fallback_directories(avoid), None)


def _session_from_data(data: Any) -> SavedSession:
    if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
        raise SaveFormatError(_("this is not an access-game save"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveFormatError(_("the save has no version number"))
    if version > SESSION_VERSION:
        raise SaveFormatError(_("it was written by a newer access-game (version {version})").format(version=version))
    from engine.game import Game  # the rules: loaded only when there is a save to read

    game = Game.from_data(data.get("game"))
    seat = data.get("human_seat")
    level = data.get("level")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(game.players):
        raise SaveFormatError(_("the save does not say which seat is yours"))
    if level not in LEVELS:
        raise SaveFormatError(_("the computer players' level {level} is not one of {levels}").format(
            level=repr(level), levels=", ".join(LEVELS)))
    levels = data.get("levels", [])
    if not isinstance(levels, list) or (levels and len(levels) != len(game.players)) \
            or any(x != "" and x not in LEVELS for x in levels):
        raise SaveFormatError(_("the save's levels by seat are not one of {levels} per seat").format(
            levels=", ".join(LEVELS)))
    undos = data.get("undos", 0)
    if not isinstance(undos, int) or isinstance(undos, bool) or undos < 0:
        raise SaveFormatError(_("the save's count of undos is not a whole number"))
    return SavedSession(game=game, human_seat=seat, level=level, levels=tuple(levels), undos=undos)
