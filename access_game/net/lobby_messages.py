"""The server messages protocol version 3 added for the lobby (docs/protocol.md): the games, the table
list and its changes, who is online, the server-wide chat, private messages, histories, mutes, the
answers to moderation, and an administrator's broadcast. Builders only, as in
access_game.net.protocol; the server decides who gets each.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from access_game.net.lobby import Line

__all__ = ["broadcast", "done", "games", "history", "listed", "muted", "online", "presence", "said", "tables",
           "told", "unlisted"]


def games() -> dict[str, Any]:
    """Every game a table may play: its name, title, players (least and most), computer levels and rule
    options (each with its kind, default and choices), as the game catalog has them."""
    from access_game.catalog import games as catalog_games
    from engine.bots import agent_levels

    out = []
    for entry in catalog_games():
        if entry.table is None:
            continue
        low, high = entry.player_range
        out.append({"name": entry.name, "title": entry.title, "players": [low, high],
                    "levels": list(agent_levels(entry.name)),
                    "options": [{"name": o.name, "kind": o.kind, "default": _plain(o.default),
                                 "choices": list(o.choices)} for o in entry.options]})
    return {"type": "games", "games": out}


def _plain(value: object) -> object:
    return value if value is None or isinstance(value, bool | int | str) else str(value)


def tables(entries: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The tables the lobby lists now: public tables with a free seat, and public tables being played
    that may be watched."""
    return {"type": "tables", "tables": list(entries)}


def listed(entry: dict[str, Any]) -> dict[str, Any]:
    """A table came into the list, or its entry changed."""
    return {"type": "listed", "table": entry}


def unlisted(code: str) -> dict[str, Any]:
    """A table left the list (full and not watchable, over, closed)."""
    return {"type": "unlisted", "code": code}


def online(names: Sequence[str]) -> dict[str, Any]:
    return {"type": "online", "names": list(names)}


def presence(name: str, *, online: bool) -> dict[str, Any]:
    """Someone came online (their first connection) or went (their last)."""
    return {"type": "presence", "name": name, "online": online}


def said(line: Line) -> dict[str, Any]:
    """A line of the server-wide chat."""
    return {"type": "said", **line.to_data()}


def told(line: Line) -> dict[str, Any]:
    """A private message, to its sender's connections and its receiver's."""
    return {"type": "told", **line.to_data()}


def history(channel: str, with_: str | None, lines: Iterable[Line]) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "history", "channel": channel, "lines": [line.to_data() for line in lines]}
    if with_ is not None:
        message["with"] = with_
    return message


def muted(names: Iterable[str]) -> dict[str, Any]:
    """The names this connection does not hear now."""
    return {"type": "muted", "names": sorted(names, key=str.casefold)}


def done(act: str, **fields: Any) -> dict[str, Any]:
    """The answer to an act of moderation that was carried out."""
    return {"type": "done", "act": act, **fields}


def broadcast(name: str, text: str) -> dict[str, Any]:
    """An administrator's message to everyone connected."""
    return {"type": "broadcast", "name": name, "text": text}
