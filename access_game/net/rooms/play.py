"""Play: a seat's move, the host's hand-over and new game, votes for a computer player to stand in,
and the computer players' moves (decided in other processes, tried again while the disk refuses them).
"""

from __future__ import annotations

import asyncio
import time

from access_game.net import protocol as p
from access_game.net.connections import Connection
from access_game.net.rooms.state import ServerState, log
from access_game.net.tables import Table

__all__ = ["PUBLISH_SECONDS", "RETRY_MOST_SECONDS", "RETRY_SECONDS", "TablePlay", "votes_needed"]

#: While computer players move one after another, what they did is sent at least this often.
PUBLISH_SECONDS = 0.1
#: Seconds before a computer player's move that could not be made (a full disk) is tried again, and the
#: longest wait between tries (each one twice as long as the last).
RETRY_SECONDS = 0.5
RETRY_MOST_SECONDS = 30.0


class TablePlay(ServerState):
    """The moves at a table, and what the people at it decide together."""

    async def _act(self, conn: Connection, table: Table, seat: int, msg: p.Act) -> bool:
        """Apply a seat's action (True), or tell the seat why not (False). The move is written to the
        table's journal before it is made: a disk that refuses it leaves the game as it was. Every error
        answering a move carries the move's ``ref``, so the client knows which move it answers."""
        try:
            return await self._make_move(conn, table, seat, msg)
        except p.ProtocolError as exc:
            if exc.ref is None:
                exc.ref = msg.ref
            raise

    async def _make_move(self, conn: Connection, table: Table, seat: int, msg: p.Act) -> bool:
        action = p.read_action(table.codec, msg.action)
        if action.seat != seat:
            raise p.ProtocolError(p.ErrorCode.WRONG_SEAT, f"this connection plays seat {seat}, not {action.seat}")
        async with self._lock(table.code):
            game = table.game
            if game is None:
                raise p.ProtocolError(p.ErrorCode.NOT_STARTED, "the game starts when every seat is taken")
            reason = game.why_not(action)
            if reason is not None:
                self._send(conn, p.refused_message(msg.ref, reason))
                return False
            self.disk.make(table, action, ref=msg.ref)
            await self._after_change(table, acted=(conn, msg.ref))
            return True

    async def _hand_over(self, table: Table, seat: int, msg: p.HandOver) -> None:
        if seat != table.host:
            raise p.ProtocolError(p.ErrorCode.NOT_HOST, "only the host hands a seat to a computer player")
        async with self._lock(table.code):
            mark = table.mark()
            table.hand_over(msg.seat, msg.level)
            if table.game is None and table.ready():
                table.start()
            self.disk.commit(table, mark)
            self._votes.get(table.code, {}).pop(msg.seat, None)
            gone = self.seated.get(table.code, {}).pop(msg.seat, None)
            if gone is not None:
                gone.code = gone.seat = None
                self._send(gone, p.error_message(p.ErrorCode.HANDED_OVER,
                                                 "the host gave this seat to a computer player"))
            await self._after_change(table)

    async def _stand_in(self, table: Table, seat: int, msg: p.StandIn) -> None:
        """A present person's vote for a computer player to play an absent person's seat until they come
        back; carried by more than half of the people present."""
        async with self._lock(table.code):
            if table.game is None:
                raise p.ProtocolError(p.ErrorCode.NOT_STARTED, "before the deal the host hands a free seat over")
            target = msg.seat
            if not 0 <= target < len(table.seats) or not table.seats[target].human or target == seat:
                raise p.ProtocolError(p.ErrorCode.WRONG_SEAT, f"seat {target} is not an absent person's seat")
            if target in self.seated.get(table.code, {}):
                raise p.ProtocolError(p.ErrorCode.NOT_AWAY, f"the player at seat {target} is here")
            if msg.level not in table.levels_offered:
                raise p.ProtocolError(p.ErrorCode.BAD_GAME, f"no {msg.level!r} computer player for this game")
            if table.seats[target].stand_in is not None:
                return
            votes = self._votes.setdefault(table.code, {})
            voters, _level = votes.get(target, (set(), msg.level))
            voters.add(seat)
            votes[target] = (voters, msg.level)
            if target in await self._count_votes(table):  # it would carry, but the disk refused: not counted
                voters.discard(seat)
                self._announce(table)
                raise p.ProtocolError(p.ErrorCode.NOT_SAVED, "the server could not save that, so the computer "
                                      "player does not stand in; vote again in a little while")
            self._announce(table)

    async def _count_votes(self, table: Table) -> set[int]:
        """Carry every vote that more than half of the people present have made (called with the lock);
        the seats whose stand-in the disk refused (their votes are kept, and carry at the next count)."""
        votes = self._votes.get(table.code, {})
        present = set(self.seated.get(table.code, {}))
        refused = set()
        for target, (voters, level) in list(votes.items()):
            voters &= present
            if target in present or table.seats[target].stand_in is not None:
                del votes[target]
            elif voters and len(voters) >= votes_needed(len(present)):
                mark = table.mark()
                table.stand_in(target, level)
                try:
                    self.disk.commit(table, mark)
                except p.ProtocolError:
                    refused.add(target)
                    continue
                del votes[target]
                await self._after_change(table)
        return refused

    async def _again(self, table: Table, seat: int) -> None:
        """The host deals a new game at the table once this one is over: every seat hears it from the
        new game's first event (dealt at once, or when the seats given up are taken again)."""
        if seat != table.host:
            raise p.ProtocolError(p.ErrorCode.NOT_HOST, "only the host deals again")
        async with self._lock(table.code):
            if not table.over:
                raise p.ProtocolError(p.ErrorCode.NOT_OVER, "a new game at this table starts once this one is over")
            mark = table.mark()
            table.again()
            self.disk.commit(table, mark)
            for conn in [*self.seated.get(table.code, {}).values(), *self.watchers.get(table.code, ())]:
                conn.sent = 0
            await self._after_change(table)

    async def _after_change(self, table: Table, acted: tuple[Connection, int] | None = None) -> None:
        """Tell everyone what changed (already written to disk), then let computer players move (see
        :meth:`_computers_play`). Called with the table's lock held."""
        await self._tell(table, acted=acted)
        await self._computers_play(table)

    async def _computers_play(self, table: Table) -> bool:
        """Let the computer players to act move, each move decided in another process while the loop
        serves other tables, written, made, and told (at most every PUBLISH_SECONDS while they go on,
        so a table of computer players does not send a frame to every seat for every move), until a
        person is to move. Called with the table's lock held.

        When a move cannot be made (the disk refuses it, the worker deciding it failed) the table
        stays as it was, and nobody at it could set it going again: no person is to move. So it is
        tried again a little later, and again, until it goes (:meth:`_try_again_later`). False then."""
        told = time.monotonic()
        untold = False
        went = True
        while (decision := table.next_decision()) is not None:
            game = table.game
            assert game is not None
            moves = len(game.actions)
            try:
                action = await self.computers.decide(decision)
            except Exception:  # a worker that died, a computer player's bug: this table waits, no other
                log.exception("table %s: a computer player's move could not be decided", table.code)
                went = False
                break
            if table.game is not game or len(game.actions) != moves:  # cannot happen under the lock
                raise RuntimeError("the table changed while a computer player decided")
            try:
                self.disk.make(table, action)
            except p.ProtocolError:  # said in the log; the table waits, unchanged
                went = False
                break
            untold = True
            if time.monotonic() - told >= PUBLISH_SECONDS:
                await self._tell(table)
                told, untold = time.monotonic(), False
        if untold:
            await self._tell(table)
        if not went:
            self._try_again_later(table)
        return went

    def _try_again_later(self, table: Table) -> None:
        """A computer player's move could not be made: try again after RETRY_SECONDS, then twice as long
        each time (up to RETRY_MOST_SECONDS), until the table plays on or is gone. One at a time."""
        if table.code in self._retrying:
            return
        self._retrying.add(table.code)
        self._spawn(self._retry(table))

    async def _retry(self, table: Table) -> None:
        delay = RETRY_SECONDS
        try:
            while self.tables.get(table.code) is table:
                await asyncio.sleep(delay)
                async with self._lock(table.code):
                    # (a failure here asks for no other try: this one is still on)
                    if self.tables.get(table.code) is not table or await self._computers_play(table):
                        return
                delay = min(delay * 2, RETRY_MOST_SECONDS)
        finally:
            self._retrying.discard(table.code)


def votes_needed(present: int) -> int:
    """Votes that carry a stand-in: more than half of the people present."""
    return present // 2 + 1
