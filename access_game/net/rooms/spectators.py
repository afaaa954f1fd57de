"""Spectators: a table watched from the lobby's connection, and each spectator's update (the events
as no seat's secrets and the view's fields every seat sees alike), made once for a crowd.
"""

from __future__ import annotations

from access_game.net import protocol as p
from access_game.net.connections import Connection
from access_game.net.rooms.state import ServerState
from access_game.net.tables import Table
from engine.events import seen_by


class Spectators(ServerState):
    """Who watches which table, and what they are sent."""

    async def _watch(self, conn: Connection, msg: p.Watch) -> None:
        """A spectator: hears the table's who-is-where, chat, and what every seat may see of the game."""
        self._not_seated_yet(conn)
        self._allowed(conn, "joins")
        table = self.tables.get(msg.code)
        # A table found by its code only is answered as an unknown code when it may not be watched.
        if table is None or (not table.watchable and not table.public):
            raise p.ProtocolError(p.ErrorCode.NO_TABLE, "no table open to spectators has that code")
        if not table.watchable:
            raise p.ProtocolError(p.ErrorCode.NOT_WATCHABLE, "this table may not be watched")
        async with self._lock(table.code):
            self._stop_watching(conn)
            self._set_listing(conn, False)
            conn.watching, conn.sent = table.code, 0
            self.watchers.setdefault(table.code, set()).add(conn)
            self._send(conn, p.watching_message(code=table.code, game=table.game_name, seats=len(table.seats)))
            self._send_table(table, force=True)
            if table.game is not None:
                self._send_watch_updates(table, only=conn)

    def _stop_watching(self, conn: Connection) -> None:
        if conn.watching is None:
            return
        watchers = self.watchers.get(conn.watching)
        if watchers is not None:
            watchers.discard(conn)
            if not watchers:
                del self.watchers[conn.watching]
        conn.watching = None

    def _send_watch_updates(self, table: Table, *, only: Connection | None = None) -> None:
        """Each spectator's update: the game's events as no seat's secrets (seen_by None) and the view's
        fields that every seat sees alike (protocol.public_view)."""
        watchers = [only] if only is not None else list(self.watchers.get(table.code, ()))
        game = table.game
        if not watchers or game is None:
            return
        public = p.public_view([game.view(seat) for seat in range(len(table.seats))])
        to_act = game.seats_to_act() if not game.over else ()
        # Spectators who heard as much share one frame, made once: a table watched by hundreds must not
        # spend its move's time encoding the same update hundreds of times.
        frames: dict[int, str] = {}
        now = (id(game), table.game_number, len(game.log))
        first = self._first_watch.get(table.code)
        if first is not None and first[0] == now:  # the whole game so far, made for a spectator before
            frames[0] = first[1]
        for conn in watchers:
            start = conn.sent
            if start >= len(game.log) and only is None:
                continue
            conn.sent = len(game.log)
            frame = frames.get(start)
            if frame is None:
                frame = frames[start] = p.encode(p.watch_update_message(
                    seq=start, events=seen_by(game.log[start:], None), public=public, to_act=to_act,
                    over=game.over, game_number=table.game_number))
            self._post(conn, frame)
        if 0 in frames:
            self._first_watch[table.code] = (now, frames[0])
