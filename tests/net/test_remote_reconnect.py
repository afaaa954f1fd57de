"""A seat's connection restored by itself, with the real server on loopback: after the connection drops
(a network fault) and after the server is stopped and started again on its table directory. The
client says so, rejoins with its seat token, and hears what it missed exactly once."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client_support import LiveServer, Seat, two_seats

from engine.actions import Discard, Draw

TWO = {"type": "create", "game": "five-crowns", "seats": 2, "computers": 0, "options": {}}





def _turn(seat: Seat) -> None:
    s = seat.session
    assert s.act(Draw(s.human_seat, "stock"))
    assert s.act(Discard(s.human_seat, s.view().hand[0]))


def _server_log(server: LiveServer, code: str, seat: int) -> list[object]:
    assert server.tables is not None
    game = server.tables.tables[code].game
    assert game is not None
    return list(game.seat_log(seat))


def test_a_dropped_connection_is_restored_and_the_missed_moves_heard_once(server: LiveServer) -> None:
    ann, ben = two_seats(server.url, TWO)
    try:
        assert ben.session.my_turn  # Ann deals; Ben plays first
        ann.session.connection.drop()
        ann.pump_until(lambda: "Connection lost; reconnecting." in ann.said)
        _turn(ben)  # played while Ann is away
        ann.pump_until(lambda: "Reconnected." in ann.said)
        ann.pump_until(lambda: ann.session.my_turn)
        assert ann.session.log == _server_log(server, ann.session.code, 0)
        heard = [line for line in ann.said if line.startswith("Ben ")]
        assert len(heard) == len(set(heard)) >= 1, heard
        _turn(ann)  # and the seat plays on
        ben.pump_until(lambda: ben.session.my_turn)
    finally:
        ann.close()
        ben.close()


def test_the_table_comes_back_after_a_server_restart_in_two_lines(server: LiveServer) -> None:
    """Everyone reconnects after a restart, each at their own moment: each terminal says it lost and got
    back its connection, and the others' going away and coming back in those seconds is not news."""
    ann, ben = two_seats(server.url, TWO)
    try:
        _turn(ben)
        ann.pump_until(lambda: ann.session.my_turn)
        heard = len(ann.said), len(ben.said)
        server.stop()
        ann.pump_until(lambda: "Connection lost; reconnecting." in ann.said)
        ben.pump_until(lambda: "Connection lost; reconnecting." in ben.said)
        server.start()
        ann.pump_until(lambda: "Reconnected." in ann.said)
        ben.pump_until(lambda: "Reconnected." in ben.said)
        ann.pump_until(lambda: set(ann.session.changes.table.get("connected", ())) == {0, 1})
        ben.pump_until(lambda: set(ben.session.changes.table.get("connected", ())) == {0, 1})
        for seat, start in ((ann, heard[0]), (ben, heard[1])):
            news = [line for line in seat.said[start:] if " is away" in line or " is back" in line
                    or line.startswith("Waiting for")]
            assert news == [], news
        _turn(ann)
        ben.pump_until(lambda: ben.session.my_turn)
        assert ben.session.log == _server_log(server, ben.session.code, 1)
    finally:
        ann.close()
        ben.close()

