"""The keys of a server's lobby (``access-game online``, access_game.online.lobby_app).

Kept in the terminal interface, apart from the lobby's application, because the keys document
(access_game.ui.keys_doc) lists them beside the tables' keys, and the interface imports nothing of
the network: the lobby's application sits above both (access_game.online).
"""

from __future__ import annotations

__all__ = ["LOBBY_KEYS", "WATCHING_ONLY"]

#: The lobby's own keys, each with its command (described in speech.lobby_words.KEY_HELP and written
#: into docs/keys.md). The keys the table has too (L, Page Up, Page Down, F1, /) mean the same here.
LOBBY_KEYS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("lobby-previous", ("up",)),
    ("lobby-next", ("down",)),
    ("lobby-first", ("home",)),
    ("lobby-last", ("end",)),
    ("lobby-act", ("enter",)),
    ("lobby-watch", ("E",)),
    ("lobby-chat", ("/",)),
    ("lobby-tell", ("T",)),
    ("lobby-who", ("p",)),
    ("lobby-mute", ("M",)),
    ("lobby-history-filter", ("f",)),
    ("lobby-leave", ("q",)),
    ("lobby-back", ("escape",)),
    ("lobby-scores", ("s",)),
    ("lobby-leaderboard", ("D",)),
    ("lobby-record", ("R",)),
)
#: Commands only a spectator has (the others are the list's).
WATCHING_ONLY = frozenset({"lobby-back", "lobby-scores"})
