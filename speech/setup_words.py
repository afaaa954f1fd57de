"""The words of the table setup (access_game.ui.table_setup): one line per question, value and summary.

Every question is one whole line that names what is asked, the value now, where it is in the list and
the keys, so a screen reader or a braille display shows all of it at once; moving says the new value
and its place only.
"""

from __future__ import annotations

from collections.abc import Sequence

from speech.i18n import N_, _, ngettext

__all__ = ["CHOICE_KEYS", "EACH_SEAT", "KEEP_NAMES", "LEVEL_WORDS", "PLAY_ONLINE", "TYPE_NAMES", "choice_line",
           "moved_line", "name_line", "name_refused", "players_words", "question_game", "question_level",
           "question_names",
           "question_players", "question_seat_level", "seat_name_question", "summary_line"]

CHOICE_KEYS = N_("Up and Down to choose, Enter to accept, Escape to go back.")

question_game = N_("New table, game")
question_players = N_("Players, you included")
question_names = N_("Names")
question_level = N_("Computer players' level")
KEEP_NAMES = N_("keep {names}")
#: The first question's last answer, after the games: a server's lobby (its address asked next).
PLAY_ONLINE = N_("Play online")
TYPE_NAMES = N_("type each name")
EACH_SEAT = N_("each seat its own")

#: A level in words (the key plan's and the settings' values).
LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"), "expert": N_("expert")}


def level_word(level: str) -> str:
    return _(LEVEL_WORDS.get(level, level))


def players_words(n: int) -> str:
    return ngettext("{n} player", "{n} players", n).format(n=n)


def question_seat_level(name: str) -> str:
    return _("Level of {name}").format(name=name)


def seat_name_question(seat: int, players: int) -> str:
    if seat == 0:
        return _("Your name")
    return _("Name of player {n} of {total}").format(n=seat + 1, total=players)


def choice_line(question: str, value: str, at: int, total: int) -> str:
    """'Players, you included: 4 players, 3 of 13.' (the keys are said at the first question, and again
    after a key that does nothing here: a question stays one short line)."""
    return _("{question}: {value}, {n} of {total}.").format(question=_(question), value=value, n=at + 1,
                                                             total=total)


def moved_line(value: str, at: int, total: int) -> str:
    return _("{value}, {n} of {total}").format(value=value, n=at + 1, total=total)


def name_line(question: str, current: str) -> str:
    """'Your name: You. Type it, then Enter; Enter alone keeps it.'"""
    return _("{question}: {name}. Type it, then Enter; Enter alone keeps it.").format(question=question,
                                                                                      name=current)


def name_refused(name: str, why: str) -> str:
    return _("{name} cannot be used: {why}. Type another name, then Enter.").format(name=name, why=why)


NAME_RULE = N_("a name is 1 to 40 printable characters")
NAME_TAKEN = N_("another player has that name")


def seats_words(names: Sequence[str], levels: Sequence[str]) -> str:
    """'You; Anna, hard; Ben, normal'."""
    seats = [names[0], *(_("{name}, {level}").format(name=n, level=level_word(lv)) for n, lv in zip(names[1:], levels,
                                                                                                         strict=True))]
    return "; ".join(seats)


def summary_line(title: str, names: Sequence[str], levels: Sequence[str], rules: Sequence[str]) -> str:
    """The whole table on one line, then the keys: what Enter starts."""
    rules_part = _(" Rules: {rules}.").format(rules="; ".join(rules)) if rules else ""
    return _("Start {game}, {players}: {seats}.{rules} Enter to start, Escape to go back.").format(
        game=title, players=players_words(len(names)), seats=seats_words(names, levels), rules=rules_part)


CANCELLED = N_("Table setup closed; nothing changed.")
