"""What accounts say at the terminal: the password questions, signing in, the seats an account holds
at the server's tables, the leaderboard of a game and a player's record, each one whole line.

Every sentence goes through :func:`speech.i18n._` with named placeholders, like every words module.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from speech.i18n import N_, _, elide, ngettext, number
from speech.net_words import names_list

__all__ = [
    "PASSWORDS_DIFFER",
    "PASSWORD_AGAIN",
    "leaderboard_heading",
    "leaderboard_line",
    "password_question",
    "password_too_short",
    "rated",
    "rating_line",
    "record_game_line",
    "record_heading",
    "seat_item",
    "signed_in",
]

PASSWORD_AGAIN = N_("The same password again (not shown): ")
PASSWORDS_DIFFER = N_("The two passwords differ: nothing was sent. Try again.")


def password_question(name: str, *, new: bool) -> str:
    """The one-line question the password is typed after (never shown, never spoken)."""
    if new:
        return elide(_("A new password for the account {name} (not shown, at least {count} characters): ").format(
            name=name, count=8))
    return elide(_("Password of {name} (not shown): ").format(name=name))


def password_too_short(count: int) -> str:
    return ngettext("A password is at least {count} character: nothing was sent. Try again.",
                    "A password is at least {count} characters: nothing was sent. Try again.", count).format(
        count=count)


def signed_in(name: str, seats: int, *, new: bool) -> str:
    """Said when the lobby opens signed in: who, and the seats the account holds at the tables."""
    if new:
        head = _("Account {name} made: you are signed in, and nobody else can take this name.").format(name=name)
    else:
        head = _("Signed in as {name}.").format(name=name)
    if not seats:
        return head
    return head + " " + ngettext("You hold {count} seat at the server's tables: it is first in the list.",
                                 "You hold {count} seats at the server's tables: they are first in the list.",
                                 seats).format(count=seats)


def seat_item(title: str, code: str, *, started: bool) -> str:
    """A list item: a seat of the account's, taken back with Enter (here or from another device)."""
    if started:
        return _("Your seat at {game}, table {code}, game under way: Enter takes it back.").format(game=title,
                                                                                                 code=code)
    return _("Your seat at {game}, table {code}, waiting for players: Enter takes it back.").format(game=title,
                                                                                                      code=code)


def leaderboard_heading(title: str, count: int) -> str:
    if not count:
        return _("Leaderboard of {game}: nobody is rated yet. Finish a game signed in to be.").format(game=title)
    return ngettext("Leaderboard of {game}: {count} rated player.",
                    "Leaderboard of {game}: the best {count} rated players.", count).format(game=title, count=count)


def leaderboard_line(place: int, name: str, rating: int, games: int, wins: int) -> str:
    return ngettext("{place}. {name}, rating {rating}, {games} game, {wins} won.",
                    "{place}. {name}, rating {rating}, {games} games, {wins} won.", games).format(
        place=place, name=name, rating=_number(rating), games=games, wins=wins)


def rated(title: str, rating: int, change: int) -> str:
    """Said when a finished game of the player's has been rated."""
    if change > 0:
        return _("Your rating at {game} is now {rating}, up {change}.").format(game=title, rating=number(rating),
                                                                              change=change)
    if change < 0:
        return _("Your rating at {game} is now {rating}, down {change}.").format(game=title, rating=number(rating),
                                                                                change=-change)
    return _("Your rating at {game} stays {rating}.").format(game=title, rating=number(rating))


def record_heading(name: str, count: int) -> str:
    if not count:
        return elide(_("Record of {name}: no game finished yet.").format(name=name))
    return elide(ngettext("Record of {name}: the last game.",
                          "Record of {name}: the last {count} games, the newest first.", count).format(name=name,
                                                                                                      count=count))


def rating_line(title: str, rating: int, games: int, wins: int) -> str:
    return ngettext("{game}: rating {rating} after {games} game, {wins} won.",
                    "{game}: rating {rating} after {games} games, {wins} won.", games).format(
        game=title, rating=_number(rating), games=games, wins=wins)


def record_game_line(title: str, finished: float, place: int, players: Sequence[str], rating: int | None) -> str:
    """One game of a record: the game, when, the place among how many, who played, the rating after."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(finished))
    line = _("{game}, {when}: place {place} of {count}, with {players}.").format(
        game=title, when=when, place=place, count=len(players), players=names_list(list(players)))
    if rating is not None:
        line += " " + _("Rating after it: {rating}.").format(rating=_number(rating))
    return line


def _number(value: float) -> str:
    """A rating as it is said (a whole number), with the language's minus word when it is below zero."""
    return number(round(value))
