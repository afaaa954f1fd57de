"""What a seat at a server's table hears of the table itself: who joined, went away or came back, whose
seat a computer player took or plays for a while, who is the host now, how a vote stands, and whom the
table waits for, each said once, when the server's who-is-where message (``table``) changes.

Kept apart from the seat's game (access_game.online.remote_session): it reads only the table messages
and says its lines through the seat's voice.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from speech import net_words as nw
from speech.i18n import _

__all__ = ["RECONNECT_GRACE", "TableChanges"]

#: Seconds after a lost connection during which the others' going and coming is not news (they are
#: likely reconnecting too, after a server restart).
RECONNECT_GRACE = 30.0


class TableChanges:
    """The table as the server last described it (``table``), and the news of each new description."""

    def __init__(self, human_seat: int, *, rejoined: bool, news: Callable[[str], None],
                 players: Callable[[], list[str]]) -> None:
        self.human_seat = human_seat
        #: This seat was taken back (a game in progress), not newly taken: the game's beginning is not news.
        self.rejoined = rejoined
        #: The server's last ``table`` message (empty before the first).
        self.table: dict[str, Any] = {}
        self._news = news
        self._players = players
        #: The people who were here when the connection was lost, whose going and coming is not news
        #: while everyone reconnects (see _quiet_while_reconnecting), and until when.
        self._grace: set[int] = set()
        self._grace_until = 0.0

    def waiting_for(self) -> list[int]:
        """The seats whose person the table waits for."""
        return [int(s) for s in self.table.get("waiting_for", ())]

    def say_waiting(self, *, my_turn: bool, to_move: int | None) -> None:
        """After the player's move, when the table waits for people answering out of turn (whether to
        buy), say whom: their answers are never timed, so the player knows why nothing happens."""
        waited = [s for s in self.waiting_for() if s != self.human_seat]
        if waited and not my_turn and set(waited) != {to_move}:
            names = self._players()
            self._news(nw.waiting_for([names[s] for s in waited if s < len(names)]))

    def lost(self) -> None:
        """This terminal's connection was lost: the others here now are likely to be reconnecting too."""
        self._grace = set(self.table.get("connected", ())) - {self.human_seat}
        self._grace_until = time.monotonic() + RECONNECT_GRACE

    def changed(self, frame: dict[str, Any]) -> None:
        """Say who joined, who went away or came back, whose seat a computer player took or plays for a
        while, who is the host now, how a vote stands, and, when a person the table waits for is away,
        whom it waits for. The first table message is where things stand, not news: who is already at
        the table did not just join."""
        old, self.table = self.table, frame
        first = not old
        names = [n or "" for n in frame.get("players", [])]
        before = [n or "" for n in old.get("players", [])]
        humans = set(frame.get("humans", ()))
        was_human = set(old.get("humans", humans))
        here, was_here = set(frame.get("connected", ())), set(old.get("connected", ()))
        stand, was_stand = set(frame.get("stand_ins", ())), set(old.get("stand_ins", ()))
        quiet = self._quiet_while_reconnecting(here)
        for seat, name in enumerate(names):
            earlier = before[seat] if seat < len(before) else ""
            if seat == self.human_seat or first:
                continue
            if not name:  # a free seat: its hand-over, or a person giving it up, is news
                if seat in was_human and seat not in humans:
                    self._news(nw.free_seat_handed_over(seat))
                elif earlier and seat in humans:
                    self._news(nw.left_table(earlier) if frame.get("started") or frame.get("over")
                               or int(frame.get("game_number", 1)) > 1 else nw.left_before_deal(earlier))
                continue
            if seat in humans and not earlier:
                self._news(nw.joined(name))
            elif seat in was_human and seat not in humans:
                self._news(nw.handed_over(name))
            elif seat in stand and seat not in was_stand:
                self._news(nw.stands_in(name))
            elif seat in humans and seat in was_here and seat not in here:
                if seat not in quiet:
                    self._news(nw.player_away(name))
            elif seat in humans and seat not in was_here and seat in here and seat not in quiet:
                self._news(nw.plays_again(name) if seat in was_stand else nw.player_back(name))
        host = int(frame.get("host", 0))
        if not first and host != int(old.get("host", host)):
            self._news(_(nw.YOU_ARE_HOST) if host == self.human_seat else nw.host_now(names[host] if host < len(names)
                                                                                      else ""))
        earlier_votes = [list(v) for v in old.get("votes", ())]
        for vote in frame.get("votes", ()):
            if list(vote) not in earlier_votes and len(vote) == 3 and 0 <= int(vote[0]) < len(names):
                self._news(nw.stand_in_votes(names[int(vote[0])], int(vote[1]), int(vote[2])))
        number = int(frame.get("game_number", 1))
        again = bool(old) and number > int(old.get("game_number", 1))
        if again:
            self._news(nw.dealing_again(names[host] if host < len(names) else ""))
        if frame.get("started") and not old.get("started") and (old or not self.rejoined) \
                and number == int(old.get("game_number", 1)):
            self._news(nw.game_begins())
        elif not frame.get("started"):
            taken = sum(1 for s in humans if s < len(names) and names[s])
            if not old or again or taken != sum(1 for s in was_human if s < len(before) and before[s]) \
                    or len(humans) != len(was_human):
                self._news(nw.waiting_for_players(taken, len(humans)))
        # Whom the table waits for is news when one of them is away (otherwise it is their turn, said).
        waited = [s for s in frame.get("waiting_for", ()) if s != self.human_seat]
        away = [s for s in waited if s not in here and s not in quiet]
        earlier_away = [s for s in old.get("waiting_for", ()) if s != self.human_seat and s not in was_here]
        if frame.get("started") and away and away != earlier_away:
            self._news(nw.waiting_for([names[s] for s in waited if s < len(names)]))

    def _quiet_while_reconnecting(self, here: set[int]) -> set[int]:
        """The people who were here when this terminal's connection was lost: while they come back too
        (a server restart brings everyone back within seconds) their going and coming is not news. One
        still gone a while after this terminal is back is said to be away then."""
        if not self._grace:
            return set()
        if time.monotonic() > self._grace_until:
            gone = sorted(s for s in self._grace if s not in here)
            self._grace = set()
            names = self._players()
            for seat in gone:
                if seat < len(names) and names[seat]:
                    self._news(nw.player_away(names[seat]))
            return set(gone)  # said just now
        quiet = set(self._grace)
        self._grace -= here  # back: nothing to say of them, now or later
        return quiet
