"""What the web table's gateway says itself: why a message from the page changed nothing. Everything
else a browser reads is the terminal's own lines (access_game.web).

Each is marked for the catalog here and said through :func:`speech.i18n._` where it is used.
"""

from __future__ import annotations

from speech.i18n import N_

__all__ = ["ANSWER_FIRST", "BAD_MESSAGE", "NO_TABLE_YET", "NO_TEXT_ASKED", "ONE_TABLE", "SEAT_FAILED", "TOO_BIG"]

BAD_MESSAGE = N_("The page sent a message the server does not understand; nothing was changed.")
TOO_BIG = N_("The page sent a message too long to read; nothing was changed.")
NO_TABLE_YET = N_("Choose a game, a table or the lobby first.")
ONE_TABLE = N_("This page is at a table already; leave it first.")
NO_TEXT_ASKED = N_("Nothing asks for typed text now; nothing was changed.")
ANSWER_FIRST = N_("Answer the question first, or press Escape.")
SEAT_FAILED = N_("Something went wrong at the server with that; your seat is kept: reload the page to take it back.")

