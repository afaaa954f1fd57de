"""The ``state`` a browser is sent: the hand, the commands that apply now and the open question, read
from the hosted terminal's own table and command registry, in the player's language.

The page draws its buttons and its hand from this: every action is the terminal's command (its name,
its keys and its description from the key plan), so a button does exactly what its key does.
"""

from __future__ import annotations

from typing import Any

from speech.i18n import _

__all__ = ["lobby_state", "question_of", "table_state"]


def table_state(app: Any, game: str, code: str, *, where: str = "table") -> dict[str, Any]:
    """The state of ``app``'s table (access_game.ui.app.GameApp) as the page is sent it."""
    return {"where": where, "game": game, "code": code, "hand": hand_of(app.table, app.session.settings),
            "commands": commands_of(app), "question": question_of(app.modes[-1] if app.modes else None)}


def hand_of(table: Any, settings: Any) -> list[dict[str, str]]:
    """The player's cards in the table's order (the order the number keys move through): each card's
    code, its words and its braille cells (with the wild sign ⠸ before a wild card when the settings
    show it, as the terminal's B line does)."""
    from access_game.ui.braille_link import hand_cells
    from speech.phrases import card_words

    try:
        order = list(getattr(table, "order", None) or [])
    except (RuntimeError, ValueError):  # no game dealt yet
        return []
    wild = getattr(table, "wild_rank", None)
    marked = wild if settings.wild_sign else None
    return [{"code": card.code, "words": card_words(card, wild),
             "cells": hand_cells([card], ten_as_x=settings.ten_as_x, wild=marked)} for card in order]


def commands_of(app: Any) -> list[dict[str, Any]]:
    """The commands of the Escape menu that apply now, grouped as the help lists them."""
    out: list[dict[str, Any]] = []
    for title, members in app.registry.grouped():
        for command in members:
            if command.in_menu and command.applies():
                out.append({"name": command.name, "label": _(command.description), "keys": list(command.keys),
                            "group": _(title)})
    return out


def question_of(mode: Any) -> dict[str, Any] | None:
    """The open question or menu, if any: its kind (a line of text to type, yes or no, a menu to step
    through, or letters that answer it, each key sent as it is pressed) and its words; a question of
    letters lists its answers too (each key and its words), which the page shows as buttons."""
    if mode is None:
        return None
    from access_game.ui.modes import Confirm, LetterQuestion, ListMenu

    if isinstance(mode, Confirm):
        kind = "yes_no"
    elif isinstance(mode, LetterQuestion):
        kind = "letters"
    elif isinstance(mode, ListMenu):
        kind = "menu"
    else:  # a text entry, a number asked, the lobby's own yes-or-no question
        kind = "yes_no" if getattr(mode, "prompt", "") == "y/n" else "text"
    question: dict[str, Any] = {"kind": kind, "text": str(mode.opening())}
    if kind == "letters":
        question["answers"] = [{"key": key, "label": label} for key, label in mode.labels.items()]
    return question


def lobby_state(lobby: Any) -> dict[str, Any]:
    """The state of the lobby's app (access_game.online.lobby_app.LobbyApp): its keys as commands, the
    spectator's own only while watching."""
    from access_game.net.protocol import show_code
    from access_game.ui.lobby_keys import LOBBY_KEYS, WATCHING_ONLY
    from speech.lobby_words import KEY_HELP

    watching = lobby.watching is not None
    commands = [{"name": name, "label": _(KEY_HELP[name]), "keys": list(keys), "group": ""}
                for name, keys in LOBBY_KEYS if watching or name not in WATCHING_ONLY]
    return {"where": "watching" if watching else "lobby", "game": lobby.watched.game if watching else "",
            "code": show_code(lobby.watching) if watching else None, "hand": [], "commands": commands,
            "question": question_of(lobby.mode)}
