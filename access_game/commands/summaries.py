"""The one-line summary of every command, in the chosen language, importing nothing of the commands.

``access-game --help`` lists every command with its summary. Building each command's own parser for
that would import the network stack (asyncio), the braille page libraries and the rules of every
game, six times the start-up of a bare Python for a page of text. Each command's parser takes its
summary from here too, so the list and the command's own help never differ.
"""

from __future__ import annotations

from collections.abc import Callable

from access_game.net import PROTOCOL_VERSION
from speech.i18n import _

__all__ = ["SUMMARIES", "summary"]


def _play() -> str:
    from access_game.catalog import games  # cheap: the catalog names tables, it does not load them

    entries = games()  # the first is the default game
    others = [e.name for e in entries[1:]]
    return _("Play at the terminal: {title} against computer players (the default), or "
             "--game {games} or {last}.").format(title=entries[0].spoken_title, games=", ".join(others[:-1]),
                                                          last=others[-1])


#: Command name → its summary, made when asked (in the language of the run), in the order listed.
SUMMARIES: dict[str, Callable[[], str]] = {
    "play": _play,
    "solitaire": lambda: _("Play Five Crowns solitaire: close eleven piles before the stock runs out."),
    "learn": lambda: _("A guided first hand of a game: each step says which key to press and why, then the "
                       "scoring; then a real game if you like."),
    "hand": lambda: _("Check a hand: the best arrangement and the points left."),
    "braille": lambda: _("Show cards in braille (Unicode cells, BRF, dots), or read braille back into cards."),
    "labels": lambda: _("Make braille labels for a whole deck: BRF to emboss, or true-size PDF/SVG for swell "
                        "paper or a slate."),
    "chart": lambda: _("Make the braille chart of a deck: every symbol with its dots, its meaning and an "
                       "example card."),
    "practice": lambda: _("Make a braille practice sheet: drills on the cells of the code that feel alike, "
                          "answers on their own page."),
    "kit": lambda: _("Make a game's braille kit in a folder: labels (BRF, PDF), chart (BRF, PDF), label key, "
                     "practice sheet."),
    "simulate": lambda: _("Play computer players against each other and report win shares, points and "
                          "thinking time."),
    "bench-anchor": lambda: _("Play one of our levels against a player from outside the project (OpenSpiel's "
                              "simple gin rummy bot) and report game and hand shares with their intervals."),
    "keys": lambda: _("List every key of a game at the terminal: what it does and whether it makes a move."),
    "serve": lambda: _("Serve tables for play over the network (WebSocket, protocol {version}).").format(
        version=PROTOCOL_VERSION),
    "bench-server": lambda: _("Run the table server with N tables of scripted network players on loopback and "
                              "report action latency, errors and server memory."),
    "host": lambda: _("Open a table on a server for friends to join, and sit at it."),
    "join": lambda: _("Take a seat at a table on a server, by the code its host was given."),
    "online": lambda: _("Open the lobby of a server: find, open, join and watch tables, and chat."),
}


def summary(command: str) -> str:
    """The summary of ``command`` (a name as typed: 'bench-server', 'braille')."""
    return SUMMARIES[command]()
