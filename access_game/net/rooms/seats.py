"""Seats: a table created, joined, rejoined (by token, or by the account holding the seat) and left;
a connection gone; a table closed or forgotten when nobody is left at it.
"""

from __future__ import annotations

import contextlib
import time

from access_game.net import account_requests, lobby_messages
from access_game.net import protocol as p
from access_game.net.connections import Connection
from access_game.net.rooms.state import CLOSED, ServerState
from access_game.net.tables import Table, new_code

__all__ = ["NO_SEAT", "NO_TOKEN", "Seating"]

#: The words of a join that finds no seat, and of a rejoin that takes none: the same whether the code is
#: unknown, the table full or the token wrong, so that they tell a guesser nothing.
NO_SEAT = "no table with a free seat has that code"
NO_TOKEN = "that code and token hold no seat"


class Seating(ServerState):
    """Who sits where, from a table's creation to its closing."""

    async def _create(self, conn: Connection, msg: p.Create) -> None:
        self._not_seated_yet(conn)
        self._allowed(conn, "tables")
        code = self._new_code()
        table = Table.create(code, msg.game, seats=msg.seats, computers=msg.computers, level=msg.level,
                             options=dict(msg.options), public=msg.public, watchable=msg.watchable)
        async with self._lock(code):
            token = table.take(0, conn.name or "", conn.account)
            if table.ready():
                table.start()
            self.tables[code] = table
            try:
                self.disk.commit(table, None)
            except p.ProtocolError:
                del self.tables[code]
                raise
            self._present_at[code] = time.time()
            await self._created(table)
            self._seat(conn, table, 0, token, seen=0)
            await self._after_change(table)

    def _new_code(self) -> str:
        """A code no table here has (a process sharing its lobby avoids the others' too)."""
        return new_code(self.tables)

    async def _created(self, table: Table) -> None:
        """A new table, written, before its creator is told: the seam where a server process sharing its
        lobby with others says where the table is held, so that a friend given the code at once is sent
        here by any of them (access_game.net.shared_server). Nothing to do for a process alone."""

    async def _join(self, conn: Connection, msg: p.Join) -> None:
        self._not_seated_yet(conn)
        table = self.tables.get(msg.code)
        if table is not None and account_requests.account_seat(table, conn.account) is not None:
            # An account joining a table where it holds a seat takes that seat back, never a second one.
            await self._rejoin(conn, p.Rejoin(code=msg.code, token=None))
            return
        self._allowed(conn, "joins")
        # A full table is answered as an unknown code is, and as soon: a guesser learns nothing of which
        # codes are live, not even from an answer that waited for a busy table (computer players thinking).
        if table is None or table.free_seat() is None:
            raise p.ProtocolError(p.ErrorCode.NO_TABLE, NO_SEAT)
        async with self._lock(table.code):
            seat = table.free_seat()
            if seat is None:  # taken while the table was busy
                raise p.ProtocolError(p.ErrorCode.NO_TABLE, NO_SEAT)
            mark = table.mark()
            token = table.take(seat, conn.name or "", conn.account)
            if table.game is None and table.ready():
                table.start()
            self.disk.commit(table, mark)
            self._seat(conn, table, seat, token, seen=0)
            await self._after_change(table)

    async def _rejoin(self, conn: Connection, msg: p.Rejoin) -> None:
        self._not_seated_yet(conn)
        self._allowed(conn, "joins")
        table = self.tables.get(msg.code)
        # Without a token, the seat of the account the connection signed in as: a new token is made (the
        # one the account's other device holds stops working).
        def find(table: Table) -> int | None:
            return (table.seat_of(msg.token) if msg.token is not None
                    else account_requests.account_seat(table, conn.account))

        if table is None or find(table) is None:  # an unknown code and a wrong token alike
            raise p.ProtocolError(p.ErrorCode.BAD_TOKEN, NO_TOKEN)
        async with self._lock(table.code):
            seat = find(table)
            if seat is None:
                raise p.ProtocolError(p.ErrorCode.BAD_TOKEN, NO_TOKEN)
            token = msg.token
            if token is None:
                mark = table.mark()
                token = account_requests.take_back(table, seat)
                self.disk.commit(table, mark)
            if table.stand_down(seat):  # back: the computer player standing in stops
                # A person is never kept from their seat by a full disk: when this cannot be written now
                # (said in the log), it is written with the table's next change, and a restart before
                # that only has the computer player stand in until they rejoin again.
                with contextlib.suppress(p.ProtocolError):
                    self.disk.commit(table, None)
            old = self.seated.get(table.code, {}).get(seat)
            if old is not None and old is not conn:
                old.code = old.seat = None
                self._send(old, p.error_message(p.ErrorCode.REPLACED, "this seat was taken up by a new connection"))
                self._spawn(old.close_after_sent(1000, "replaced"))
            seen = msg.seen if msg.game_number in (None, table.game_number) else 0
            if table.game is not None:
                seen = min(seen, len(table.game.seat_log(seat)))
            self._votes.get(table.code, {}).pop(seat, None)
            self._seat(conn, table, seat, token, seen=seen)
            self._announce(table, force=True)
            self._send_update(conn, table)
            # A table brought back by a restart may stand at a computer player's move (the server was
            # stopped while it decided): nothing else would set it going.
            await self._computers_play(table)

    def _seat(self, conn: Connection, table: Table, seat: int, token: str, *, seen: int) -> None:
        self._stop_watching(conn)
        self._set_listing(conn, False)
        conn.code, conn.seat, conn.sent = table.code, seat, seen
        self.seated.setdefault(table.code, {})[seat] = conn
        self._present_at[table.code] = time.time()
        self._send(conn, p.seated_message(code=table.code, seat=seat, token=token, game=table.game_name,
                                          seats=len(table.seats), host=table.host,
                                          name=table.seats[seat].name or ""))

    async def _leave(self, conn: Connection) -> bool:
        """A person leaves: before the deal and once the game is over their seat is given up (free for
        someone else); while the game is played it is kept for them to come back to. Whether it is kept."""
        kept = False
        if conn.code is not None and conn.seat is not None and conn.code in self.tables:
            table = self.tables[conn.code]
            async with self._lock(table.code):
                mark = table.mark()
                kept = not table.give_up(conn.seat)
                if not kept:
                    try:
                        self.disk.commit(table, mark)
                    except p.ProtocolError:
                        kept = True  # not written: the seat stays theirs, and the token with it
        await self._detach(conn)
        return kept

    async def _detach(self, conn: Connection) -> None:
        code, seat = conn.code, conn.seat
        conn.code = conn.seat = None
        if code is None or seat is None:
            return
        seated = self.seated.get(code, {})
        if seated.get(seat) is conn:
            del seated[seat]
        table = self.tables.get(code)
        if table is None or self.stopping:
            return
        self._present_at[code] = time.time()
        if seat == table.host:
            self._host_gone.add(code)
        async with self._lock(code):
            if not seated and ((table.over and self._recorded(table))
                               or (not table.started and not any(s.name for s in table.seats if s.human))):
                # a finished game nobody is at any more, or a table not yet dealt that nobody holds a seat at
                self._close_table(code)
                return
            votes = self._votes.get(code, {})
            for voters, _level in votes.values():
                voters.discard(seat)
            await self._count_votes(table)
            self._announce(table)

    def _recorded(self, table: Table) -> bool:
        """Whether the table's finished game is in the outbox (tried again now if not): a table whose game
        is not stays, so that its journal still tells a later start of the game to record."""
        account_requests.finished(self, table)
        return self.accounts is None or table.game_number in self.rated.get(table.code, ())

    def _close_table(self, code: str) -> None:
        """A table over and done with: forgotten, and its files removed."""
        self._forget_table(code)
        if self.store is not None:
            self.store.remove(code)

    def _forget_table(self, code: str, why: str = CLOSED) -> None:
        for conn in list(self.watchers.pop(code, ())):
            conn.watching = None
            self._send(conn, p.error_message(p.ErrorCode.CLOSED, why))
        self._table_chat.pop(code, None)
        self.rated.pop(code, None)
        if self._listed.pop(code, None) is not None:
            self._to_lobby(lobby_messages.unlisted(code))
        self.tables.pop(code, None)
        self.seated.pop(code, None)
        self._locks.pop(code, None)
        self._last_table.pop(code, None)
        self._first_watch.pop(code, None)
        self._votes.pop(code, None)
        self._present_at.pop(code, None)
        self._host_gone.discard(code)
