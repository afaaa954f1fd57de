"""What the player hears about saving: saved, not saved, saved elsewhere, a save in use, a crash.

The game promises "saved" only when the last save worked; every other case says what happened and
where, so a player never walks away believing a game is kept when it is not.
"""

from __future__ import annotations

from pathlib import Path

from speech.i18n import N_, _

__all__ = [
    "NOTHING_TO_SAVE",
    "NOT_BEING_SAVED",
    "START_NEW_QUESTION",
    "cannot_lock",
    "crashed",
    "elsewhere_answer",
    "in_use",
    "in_use_question",
    "not_saved_elsewhere",
    "not_saved_question",
    "nowhere_to_lock",
    "other_slot",
    "quit_unsaved",
    "save_failed",
    "saved_elsewhere",
    "saved_game_kept",
    "saved_goodbye",
    "saved_to",
    "settings_not_kept",
    "still_not_saved",
]

START_NEW_QUESTION = N_("Start a new game?")
NOT_BEING_SAVED = N_("This game is not being saved.")
NOTHING_TO_SAVE = N_("The game is over; there is nothing to save.")


def saved_to(path: Path) -> str:
    """The answer to 'save now': where, and that every move saves it anyway."""
    return _("Saved to {path}. The game is also saved after every move.").format(path=path)


def save_failed(reason: str) -> str:
    """A save that did not work, with the system's reason (kept as the game's save problem)."""
    return _("The game could not be saved: {reason}.").format(reason=reason)


def saved_game_kept(path: Path) -> str:
    """Said when a new game replaces a saved one: the old one is not lost. Not where (a full path is
    seconds of speech nobody needs at the start of a game): docs/playing.md says where saves are kept."""
    return _("The saved game was set aside, not lost.")


def settings_not_kept(reason: str) -> str:
    return _("The settings could not be kept: {reason}.").format(reason=reason)


def saved_goodbye(command: str) -> str:
    return _("Your game is saved; run {command} again to go on.").format(command=command)


def not_saved_question(problem: str, path: Path) -> str:
    """Asked on quitting when the last save failed (a Y/N question; more answers are added to it)."""
    reason = problem.rstrip(".")
    return _("Your game is NOT saved. {reason}, in {path}. Try saving again?").format(reason=reason, path=path)


def elsewhere_answer(folder: Path) -> str:
    return _("E to save it in {folder} instead").format(folder=folder)


def still_not_saved(problem: str) -> str:
    return _("Still not saved. {problem}.").format(problem=problem.rstrip("."))


def saved_elsewhere(where: Path, home: Path, command: str) -> str:
    return _("Your game is saved in {where}. To go on with it, move that file to {home} "
             "(once that folder can be written) and run {command}.").format(where=where, home=home, command=command)


def not_saved_elsewhere(where: Path, reason: str) -> str:
    return _("It could not be saved in {where} either: {reason}.").format(where=where, reason=reason)


def quit_unsaved() -> str:
    return _("You quit without saving: the moves since the last save that worked are lost.")


def crashed(error: str, command: str, *, saved: bool, kept: Path | None, log: Path | None) -> str:
    """The one line after an error stopped the game (printed instead of a traceback)."""
    details = _(" Details are in {log}.").format(log=log) if log else ""
    if kept is not None:
        return _("access-game: an error stopped the game as it resumed ({error}). The saved game was kept as "
                 "{kept}; run {command} to start a new game.{details}").format(error=error, kept=kept, command=command,
                                                                                details=details)
    if saved:
        return _("access-game: an error stopped the game ({error}). Your game is saved up to the last move; run "
                 "{command} again to go on, or {command} --new to start a new game (the saved one is kept)."
                 "{details}").format(error=error, command=command, details=details)
    return _("access-game: an error stopped the game ({error}). The game could not be saved; run {command} "
             "--new to start a new game.{details}").format(error=error, command=command, details=details)


def in_use(path: Path) -> str:
    return _("This game's save, {path}, is in use by another copy of access-game that is running now.").format(
        path=path)


def in_use_question() -> str:
    return _("Start a new game in another save slot? N quits.")


def other_slot(path: Path) -> str:
    return _("This game is saved in {path}.").format(path=path)


def cannot_lock(reason: str, elsewhere: Path) -> str:
    """Said when a save slot cannot be locked, so the game is kept in a slot of its own elsewhere."""
    return _("This game's save cannot be locked ({reason}), so it is saved in {elsewhere}, where no other copy "
             "of access-game can overwrite it.").format(reason=reason, elsewhere=elsewhere)


def nowhere_to_lock(reason: str) -> str:
    """Said when no slot can be locked anywhere: the game does not start rather than share a save."""
    return _("This game's save cannot be locked ({reason}) and no other folder can hold it, so the game does "
             "not start.").format(reason=reason)
