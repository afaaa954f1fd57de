"""What the people at a table hear: who is where (the host's role passing on when the host is gone),
and each seat's own update: its redacted events, view and legal moves.
"""

from __future__ import annotations

import time

from access_game.net import account_requests
from access_game.net import protocol as p
from access_game.net.connections import Connection
from access_game.net.rooms.play import votes_needed
from access_game.net.rooms.state import ServerState
from access_game.net.tables import Table

__all__ = ["HOST_GRACE_SECONDS", "TableNews"]

#: Seconds after the server starts during which a host not back yet keeps the role: after a restart
#: everyone comes back within seconds, the host among them (a host seen leaving passes it at once).
HOST_GRACE_SECONDS = 60.0


class TableNews(ServerState):
    """A table's news, told to everyone at it."""

    async def _tell(self, table: Table, *, acted: tuple[Connection, int] | None = None) -> None:
        """Tell everyone what changed (:meth:`_publish`) once it is on disk (TableDisk.durable); when it
        could not be made sure of, nothing is told: the next change that reaches the disk tells it all.
        Called with the table's lock held."""
        if await self.disk.durable(table):
            self._publish(table, acted=acted)

    def _publish(self, table: Table, *, acted: tuple[Connection, int] | None = None) -> None:
        """Tell everyone at the table what changed: who is where (:meth:`_announce`), then each seat's
        update (the one to the mover with its move's ``ref``); a game just over is recorded and rated."""
        self._announce(table)
        if table.over:
            account_requests.finished(self, table)
        for conn in list(self.seated.get(table.code, {}).values()):
            ref = acted[1] if acted is not None and acted[0] is conn else None
            self._send_update(conn, table, ref)
        self._send_watch_updates(table)

    def _announce(self, table: Table, *, force: bool = False) -> None:
        """The host's role passes on if the host is gone, then everyone hears who is where (when any of
        it changed, or ``force``)."""
        present = set(self.seated.get(table.code, {}))
        if present and table.host not in present and (table.code in self._host_gone
                                                       or time.monotonic() - self._began > HOST_GRACE_SECONDS):
            mark = table.mark()
            table.pass_host(present)
            try:
                self.disk.commit(table, mark)
            except p.ProtocolError:
                pass  # said in the log; it passes at the next change the disk takes
            else:
                self._host_gone.discard(table.code)
        self._send_table(table, force=force)

    def _send_table(self, table: Table, *, force: bool = False) -> None:
        """The table's who-is-where message to everyone at it, when any of it changed (or ``force``)."""
        seated = self.seated.get(table.code, {})
        present = len(seated)
        votes = [[seat, len(voters), votes_needed(present)]
                 for seat, (voters, _level) in sorted(self._votes.get(table.code, {}).items()) if voters]
        message = p.table_message(code=table.code, game=table.game_name, players=table.names(),
                                  humans=table.humans(), connected=sorted(seated), host=table.host,
                                  started=table.started, over=table.over, waiting_for=table.waiting_for(),
                                  game_number=table.game_number, levels=table.levels(),
                                  stand_ins=table.stand_ins(), votes=votes)
        if not force and self._last_table.get(table.code) == message:
            return
        self._last_table[table.code] = message
        self._broadcast(table, message)
        self._relist(table)

    def _send_update(self, conn: Connection, table: Table, ref: int | None = None) -> None:
        game, seat = table.game, conn.seat
        if game is None or seat is None:
            return
        seat_log = game.seat_log(seat)
        start = conn.sent
        conn.sent = len(seat_log)
        message = p.update_message(seq=start, events=seat_log[start:], view=game.view(seat),
                                   to_act=game.seats_to_act() if not game.over else (), over=game.over,
                                   why_not=table.why_not(seat), legal=game.legal_actions(seat),
                                   game_number=table.game_number)
        if ref is not None:
            message["ref"] = ref
        self._send(conn, message)
