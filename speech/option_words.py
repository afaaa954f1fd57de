"""What the player hears about rule options in the settings menu (F2) and in the settings file.

A rule option chosen in settings applies from the next new game of that game: a game in progress keeps
the rules it was dealt with, so every menu entry says so rather than let a player believe the tie break
of the game on the table just changed.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["option_entry", "option_value", "unusable_rule_options"]

#: The menu's name for each option, by the catalog's settings entry.
_LABELS = {
    "tie break": "Tie for the lowest total",
    "all wild melds": "Melds of wild cards only",
    "sets": "Sets of cards",
    "first dealer": "First dealer",
    "decks": "Decks",
    "target": "Target score",
}

_WORDS: dict[tuple[str, object], str] = {
    ("tie break", "share"): "share the win",
    ("tie break", "playoff"): "6-card play-off hands until one player is lowest",
    ("all wild melds", True): "count",
    ("all wild melds", False): "do not count",
    ("first dealer", "you"): "you",
    ("first dealer", "random"): "drawn at random",
    ("sets", None): "by the number of players (2 sets for 8 or more)",
    ("decks", None): "by the number of players (3 decks for 6 or more)",
}

_UNITS = {"sets": ("set", "sets"), "decks": ("deck", "decks"), "target": ("point", "points")}


def option_value(setting: str, value: object) -> str:
    """A value as the menu says it: 'share the win', '2 sets', '3000 points'."""
    words = _WORDS.get((setting, value))
    if words is not None:
        return words
    if isinstance(value, int) and not isinstance(value, bool) and setting in _UNITS:
        one, many = _UNITS[setting]
        return f"{value} {one if value == 1 else many}"
    return str(value)


def option_entry(game_title: str, setting: str, value: object) -> str:
    """One line of the settings menu: what it is, that it waits for the next game, and its value."""
    label = _LABELS.get(setting, setting.capitalize())
    return f"{label} ({game_title}, from the next new game): {option_value(setting, value)}"


def unusable_rule_options(path: str, problems: Sequence[str]) -> str:
    """Said at start when the settings file holds rule options that cannot be used."""
    return (f"The settings file {path} holds rule options that cannot be used: {'; '.join(problems)}. "
            "Their defaults are used.")
