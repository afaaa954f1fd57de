"""What the player hears about rule options in the settings menu (F2) and in the settings file.

A rule option chosen in settings applies from the next new game of that game: a game in progress keeps
the rules it was dealt with, so every menu entry says so rather than let a player believe the tie break
of the game on the table just changed.
"""

from __future__ import annotations

from collections.abc import Sequence

from speech.i18n import N_, NP_, _, ngettext, npgettext, pgettext

__all__ = ["option_entry", "option_label", "option_name", "option_said", "option_value", "unusable_rule_options"]

#: The menu's name for each option, by the catalog's settings entry.
_LABELS = {
    "tie break": N_("Tie for the lowest total"),
    "all wild melds": N_("Melds of wild cards only"),
    "sets": N_("Sets of cards"),
    "first dealer": N_("First dealer"),
    "decks": N_("Decks"),
    "target": N_("Target score"),
    "draw limit": N_("Draw limit"),
}

_WORDS: dict[tuple[str, object], str] = {
    ("tie break", "share"): N_("share the win"),
    ("tie break", "playoff"): N_("6-card play-off hands until one player is lowest"),
    ("all wild melds", True): N_("count"),
    ("all wild melds", False): N_("do not count"),
    ("first dealer", "you"): N_("you"),
    ("first dealer", "random"): N_("drawn at random"),
    ("sets", None): N_("by the number of players (2 sets for 8 or more)"),
    ("decks", None): N_("by the number of players (3 decks for 6 or more)"),
    ("draw limit", 0): N_("draw until a card can be played"),
}

#: Each option as a problem with the settings file names it (in English, the settings entry's own words).
_NAMES = {
    "tie break": NP_("rule option", "tie break"),
    "all wild melds": NP_("rule option", "all wild melds"),
    "sets": NP_("rule option", "sets"),
    "first dealer": NP_("rule option", "first dealer"),
    "decks": NP_("rule option", "decks"),
    "target": NP_("rule option", "target"),
    "draw limit": NP_("rule option", "draw limit"),
}


def option_name(setting: str) -> str:
    """An option's short name in the player's language, for a value in the settings file that cannot be
    used ('Five Crowns tie break "coin"')."""
    return pgettext(*_NAMES[setting]) if setting in _NAMES else setting


def option_label(setting: str) -> str:
    """An option's name as the menus say it: 'Tie for the lowest total'."""
    return _(_LABELS[setting]) if setting in _LABELS else setting.capitalize()


def option_value(setting: str, value: object) -> str:
    """A value as the menu says it: 'share the win', '2 sets', '3000 points'."""
    words = _WORDS.get((setting, value))
    if words is not None:
        return _(words)
    if isinstance(value, int) and not isinstance(value, bool):
        if setting == "sets":
            return npgettext("sets of cards", "{n} set", "{n} sets", value).format(n=value)
        if setting == "decks":
            return ngettext("{n} deck", "{n} decks", value).format(n=value)
        if setting == "target":
            return ngettext("{n} point", "{n} points", value).format(n=value)
        if setting == "draw limit":
            return ngettext("up to {n} card, then pass", "up to {n} cards, then pass", value).format(n=value)
    return str(value)


def option_entry(game_title: str, setting: str, value: object) -> str:
    """One line of the settings menu: what it is, that it waits for the next game, and its value."""
    label = _(_LABELS[setting]) if setting in _LABELS else setting.capitalize()
    return _("{option} ({game}, from the next new game): {value}").format(option=label, game=game_title,
                                                                          value=option_value(setting, value))


def option_said(setting: str, value: object) -> str:
    """An option and its value in a few words, for a table's line in a server's lobby."""
    label = _(_LABELS[setting]) if setting in _LABELS else setting.capitalize()
    return _("{option}: {value}").format(option=label, value=option_value(setting, value))


def unusable_rule_options(path: str, problems: Sequence[str]) -> str:
    """Said at start when the settings file holds rule options that cannot be used."""
    return _("The settings file {path} holds rule options that cannot be used: {problems}. "
             "Their defaults are used.").format(path=path, problems="; ".join(problems))
