"""What a seat at a server's table adds to the game (access_game.session_api.TableTalk): the table's
chat, the seats and who is at them, and the host's hand-over, removal and the votes for a computer
player to stand in, each sent to the server as its message (docs/protocol.md).
"""

from __future__ import annotations

from typing import Any

from access_game.net.protocol import MAX_CHAT_CHARS
from access_game.online.client import Connection
from access_game.online.table_changes import TableChanges
from access_game.session import SessionVoice
from access_game.session_api import SeatInfo
from access_game.table_plan import offered_level
from speech import lobby_words
from speech import net_words as nw
from speech.i18n import _
from speech.utterance import Kind

__all__ = ["CHAT_LIMIT", "TALK_FRAMES", "RemoteTalk", "talk_line"]

#: The longest chat line the server takes (docs/protocol.md).
CHAT_LIMIT = MAX_CHAT_CHARS
#: The server's frames that are a line to say and nothing more.
TALK_FRAMES = frozenset({"chat", "rated", "broadcast", "told"})


def talk_line(frame: dict[str, Any], own_name: str | None) -> tuple[str, Kind]:
    """The line a frame of TALK_FRAMES says, and its kind: a line of the table's chat (a seat's or a
    spectator's), an account's game rated, an administrator's message to every table, or a private
    message to this player (or their own, from another terminal, when its sender is ``own_name``)."""
    kind = frame.get("type")
    if kind == "chat":
        name, text = str(frame.get("name", "")), str(frame.get("text", ""))
        return (nw.chat_line(name, text) if frame.get("seat") is not None else lobby_words.spectator_chat(name, text),
                Kind.OTHERS)
    if kind == "rated":  # (access_game.net.account_requests)
        from access_game.online.lobby_list import game_title
        from speech import account_words

        return account_words.rated(game_title(str(frame.get("game", ""))), int(frame.get("rating", 0)),
                                   int(frame.get("change", 0))), Kind.SYSTEM
    if kind == "broadcast":
        return lobby_words.broadcast(str(frame.get("name", "")), str(frame.get("text", ""))), Kind.SYSTEM
    sender, to = str(frame.get("name", "")), str(frame.get("to", ""))
    return lobby_words.private_line(sender, to, str(frame.get("text", "")), mine=sender == own_name), Kind.OTHERS


class RemoteTalk:
    """The table talk of ``seat`` (its voice, its seat number, its settings' level) over ``connection``,
    reading the table as ``changes`` last heard it."""

    def __init__(self, seat: SessionVoice, connection: Connection, changes: TableChanges) -> None:
        self._seat = seat
        self._connection = connection
        self.changes = changes

    def _level(self) -> str:
        """The level of a computer player the host puts in a seat: the settings' level, or the table's
        game's strongest where it has no player at that level (expert is written for some games only)."""
        game = str(getattr(self._seat, "game_name", ""))
        return offered_level(game, self._seat.settings.level) if game else self._seat.settings.level

    @property
    def is_host(self) -> bool:
        return int(self.changes.table.get("host", 0)) == self._seat.human_seat

    def chat(self, text: str) -> None:
        line = " ".join(text.split())
        if not line:
            return
        if len(line) > CHAT_LIMIT:
            self._seat.say(nw.chat_too_long(CHAT_LIMIT), kind=Kind.SYSTEM)
            return
        if not self._connection.send({"type": "chat", "text": line}):
            self._seat.say(_(nw.CONNECTION_LOST), kind=Kind.SYSTEM)

    def seats(self) -> list[SeatInfo]:
        humans, here = set(self.changes.table.get("humans", ())), set(self.changes.table.get("connected", ()))
        stand = set(self.changes.table.get("stand_ins", ()))
        return [SeatInfo(seat, name, seat in humans, seat in here, seat in stand)
                for seat, name in enumerate(self._seat.players)]

    @property
    def dealt(self) -> bool:
        return bool(self.changes.table.get("started"))

    def waiting_for(self) -> list[int]:
        return self.changes.waiting_for()

    def hand_over(self, seat: int) -> None:
        if not self.is_host:
            self._seat.say(_(nw.NOT_HOST), kind=Kind.SYSTEM)
            return
        if not self._connection.send({"type": "hand_over", "seat": seat, "level": self._level()}):
            self._seat.say(_(nw.CONNECTION_LOST), kind=Kind.SYSTEM)

    def remove(self, seat: int) -> None:
        """The host removes a present player (protocol 3): a computer player of the host's level takes the
        seat if the game is on."""
        if not self.is_host:
            self._seat.say(_(nw.NOT_HOST_REMOVE), kind=Kind.SYSTEM, urgent=True)
            return
        if not self._connection.send({"type": "remove", "seat": seat, "level": self._level()}):
            self._seat.say(_(nw.CONNECTION_LOST), kind=Kind.SYSTEM, urgent=True)

    def stand_in(self, seat: int) -> None:
        if not self._connection.send({"type": "stand_in", "seat": seat, "level": self._level()}):
            self._seat.say(_(nw.CONNECTION_LOST), kind=Kind.SYSTEM)

    def describe_table(self) -> None:
        waited = set(self.waiting_for())
        for info in self.seats():
            self._seat.say(nw.seat_entry(info.seat, info.name, you=info.seat == self._seat.human_seat, human=info.human,
                                   connected=info.connected, waited=info.seat in waited, stand_in=info.stand_in),
                     kind=Kind.INFO)
