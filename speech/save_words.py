"""What the player hears about saving: saved, not saved, saved elsewhere, a save in use, a crash.

The game promises "saved" only when the last save worked; every other case says what happened and
where, so a player never walks away believing a game is kept when it is not.
"""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "crashed",
    "elsewhere_answer",
    "in_use",
    "in_use_question",
    "not_saved_elsewhere",
    "not_saved_question",
    "other_slot",
    "quit_unsaved",
    "saved_elsewhere",
    "saved_goodbye",
    "still_not_saved",
]


def saved_goodbye(command: str) -> str:
    return f"Your game is saved; run {command} again to go on."


def not_saved_question(problem: str, path: Path) -> str:
    """Asked on quitting when the last save failed (a Y/N question; more answers are added to it)."""
    reason = problem.rstrip(".")
    return f"Your game is NOT saved. {reason}, in {path}. Try saving again?"


def elsewhere_answer(folder: Path) -> str:
    return f"E to save it in {folder} instead"


def still_not_saved(problem: str) -> str:
    return f"Still not saved. {problem.rstrip('.')}."


def saved_elsewhere(where: Path, home: Path, command: str) -> str:
    return (f"Your game is saved in {where}. To go on with it, move that file to {home} "
            f"(once that folder can be written) and run {command}.")


def not_saved_elsewhere(where: Path, reason: str) -> str:
    return f"It could not be saved in {where} either: {reason}."


def quit_unsaved() -> str:
    return "You quit without saving: the moves since the last save that worked are lost."


def crashed(error: str, command: str, *, saved: bool, kept: Path | None, log: Path | None) -> str:
    """The one line after an error stopped the game (printed instead of a traceback)."""
    details = f" Details are in {log}." if log else ""
    if kept is not None:
        return (f"access-game: an error stopped the game as it resumed ({error}). The saved game was kept as "
                f"{kept}; run {command} to start a new game.{details}")
    if saved:
        return (f"access-game: an error stopped the game ({error}). Your game is saved up to the last move; run "
                f"{command} again to go on, or {command} --new to start a new game (the saved one is kept).{details}")
    return (f"access-game: an error stopped the game ({error}). The game could not be saved; run {command} "
            f"--new to start a new game.{details}")


def in_use(path: Path) -> str:
    return f"This game's save, {path}, is in use by another copy of access-game that is running now."


def in_use_question() -> str:
    return "Start a new game in another save slot? N quits."


def other_slot(path: Path) -> str:
    return f"This game is saved in {path}."
