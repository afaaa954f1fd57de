"""What the player hears about the program's own files: settings that could not be used, a damaged
settings or seats file, and where the damaged file was kept.

A file that cannot be used is never overwritten: it is moved aside under a new name and the sentence
says where, or, when it could not be moved, says that it is left as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from speech.i18n import _

__all__ = ["damaged_seats", "damaged_settings", "not_named_settings", "seat_not_kept", "unusable_save",
           "unusable_settings", "where_kept"]


def where_kept(kept: Path | None) -> str:
    """Where a file that could not be used now is: kept aside under a new name, or left where it was."""
    if kept is None:
        return _("It could not be moved aside, so it is left as it is.")
    return _("It was kept as {path}.").format(path=kept)


def not_named_settings() -> str:
    """Why a settings file that is JSON but not a set of named settings (a list, a number) is damaged."""
    return _("it does not hold a set of named settings")


def damaged_settings(path: Path, why: str, kept: Path | None) -> str:
    """Said at start: the settings file could not be read at all."""
    return _("The settings file {path} is damaged: {why}; using the defaults.").format(path=path, why=why) + \
        " " + where_kept(kept)


def unusable_settings(path: Path, dropped: Sequence[str]) -> str:
    """Said at start, once, for a settings file holding settings that cannot be used ('width 5'). The
    file is not touched until the player changes settings, and then only what they change."""
    return _("The settings file {path} holds settings that cannot be used: {settings}. Their defaults are used; "
             "the file stays as it is until you change a setting in the settings menu (F2).").format(
        path=path, settings="; ".join(dropped))


def damaged_seats(path: Path, why: str, kept: Path | None) -> str:
    """Said when the file of seats kept for network tables could not be read: those seats are not taken
    back by themselves (joining again with a name still works)."""
    return _("The file of seats kept for network tables, {path}, is damaged: {why}. Seats kept in it cannot be "
             "taken back from this computer.").format(path=path, why=why) + " " + where_kept(kept)


def seat_not_kept(path: Path) -> str:
    """Said when the seat's token could not be written: the game goes on, but leaving loses the seat."""
    return _("Your seat could not be kept on this computer ({path} cannot be written): if you leave, it cannot be "
             "taken back from here.").format(path=path)


def unusable_save(why: str, kept: Path | None) -> str:
    """Said before a new game is offered: the saved game could not be used, and where it is now."""
    return _("The saved game could not be used: {why}.").format(why=why.rstrip(".")) + " " + where_kept(kept)
