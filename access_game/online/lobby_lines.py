"""The lobby's frames that are only lines to say: who is online and who comes and goes, the
server-wide chat and private messages (and the last lines of each the server kept), an
administrator's message and what an administrator's act did, and the accounts' frames (who signed
in, a game rated, a leaderboard, a player's record).

Kept apart from the lobby's application (access_game.online.lobby_app), which says each line as it is
made: a frame is worded here, and nothing here keeps any state.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from access_game.net.protocol import show_code
from access_game.online.lobby_list import game_title
from speech import lobby_words as lw
from speech.utterance import Kind

__all__ = ["LINE_FRAMES", "RECENT_LINES", "frame_lines"]

#: Lines of the server-wide chat said when the lobby opens (the rest are in the server's history).
RECENT_LINES = 5
#: The frames worded here.
LINE_FRAMES = frozenset({"online", "presence", "said", "told", "history", "broadcast", "done",
                         "signed_in", "rated", "leaderboard", "record"})


def frame_lines(frame: dict[str, Any], own_name: str | None) -> Iterator[tuple[str, Kind]]:
    """Each line a frame of LINE_FRAMES says, with its kind, made as it is said (a damaged frame stops
    where it is damaged); ``own_name`` is this player's, whose own private messages read as theirs."""
    kind = frame.get("type")
    if kind == "online":
        yield lw.online([str(n) for n in frame["names"]]), Kind.SYSTEM
    elif kind == "presence":
        yield lw.presence(str(frame["name"]), bool(frame["online"])), Kind.OTHERS
    elif kind == "said":
        yield lw.said_line(str(frame["name"]), str(frame["text"])), Kind.OTHERS
    elif kind == "told":
        sender = str(frame["name"])
        yield lw.private_line(sender, str(frame["to"]), str(frame["text"]), mine=sender == own_name), Kind.OTHERS
    elif kind == "history":  # the last lines the server kept: of the lobby, or with one person
        for line in frame["lines"][-RECENT_LINES:]:
            name, text = str(line["name"]), str(line["text"])
            if frame.get("channel") == "private":
                yield lw.private_line(name, str(line.get("to", "")), text, mine=name == own_name), Kind.OTHERS
            else:
                yield lw.said_line(name, text), Kind.OTHERS
    elif kind == "broadcast":
        yield lw.broadcast(str(frame["name"]), str(frame["text"])), Kind.SYSTEM
    elif kind == "done":
        code = str(frame.get("code") or "")
        yield lw.done(str(frame["act"]), name=str(frame.get("name") or ""),
                      code=show_code(code) if code else ""), Kind.SYSTEM
    else:
        yield from _account_lines(frame)


def _account_lines(frame: dict[str, Any]) -> Iterator[tuple[str, Kind]]:
    """The frames of accounts: who signed in (and how many seats they hold), a leaderboard, a record."""
    from speech import account_words as aw

    kind = frame.get("type")
    if kind == "signed_in":
        yield aw.signed_in(str(frame["name"]), len(frame["seats"]), new=bool(frame.get("new"))), Kind.SYSTEM
    elif kind == "rated":
        yield aw.rated(game_title(str(frame["game"])), int(frame["rating"]), int(frame["change"])), Kind.SYSTEM
    elif kind == "leaderboard":
        entries = frame["entries"]
        yield aw.leaderboard_heading(game_title(str(frame["game"])), len(entries)), Kind.SYSTEM
        for e in entries:
            yield aw.leaderboard_line(int(e["place"]), str(e["name"]), int(e["rating"]), int(e["games"]),
                                      int(e["wins"])), Kind.SYSTEM
    elif kind == "record":
        games = frame["games"]
        yield aw.record_heading(str(frame["name"]), len(games)), Kind.SYSTEM
        for r in frame["ratings"]:
            yield aw.rating_line(game_title(str(r["game"])), int(r["rating"]), int(r["games"]), int(r["wins"])), \
                Kind.SYSTEM
        for g in games:
            yield aw.record_game_line(game_title(str(g["game"])), float(g["finished"]), int(g["place"]),
                                      [str(n) for n in g["players"]],
                                      None if g.get("rating") is None else int(g["rating"])), Kind.SYSTEM
