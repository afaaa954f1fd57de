"""Playing again at a network table: once a game ends the host deals a new one to the same seats.

Against the real table server on loopback (real websockets, real narrators): the new game reaches
every seat from its own first event and is played to its end; only the host may deal again, and only
once the game is over; a person who leaves after the game gives up the seat, which the next game waits
to fill; a server restarted after the new deal brings back the new game, not the old one.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client_support import SHORT_UPCARD, LiveServer, play_to_end, remote_seat, two_seats


def _server_game(server: LiveServer, code: str):  # type: ignore[no-untyped-def]
    assert server.tables is not None
    return server.tables.tables[code]


def test_the_host_deals_again_and_everyone_plays_the_new_game(server: LiveServer) -> None:
    ann, ben = two_seats(server.url, SHORT_UPCARD)
    try:
        play_to_end([ann, ben])
        table = _server_game(server, ann.session.code)
        first_seed, first_log = table.seed, list(ann.session.log)
        dealt: list[str] = []
        ann.session.on_new_game = lambda: dealt.append("ann")
        ben.session.on_new_game = lambda: dealt.append("ben")
        ann.session.new_game(0)
        for seat in (ann, ben):
            seat.pump_until(lambda seat=seat: seat.session.game_number == 2 and not seat.session.over)  # type: ignore[misc]
        assert sorted(dealt) == ["ann", "ben"]
        assert "Ann deals a new game at this table." in ben.said
        assert table.game_number == 2 and table.seed != first_seed
        # Each log is the new game's alone, from its first event, and what the server holds for the seat.
        assert ann.session.log == list(table.game.seat_log(0)) != first_log
        assert ben.session.log == list(table.game.seat_log(1))
        assert ann.session.players == ben.session.players == list(table.game.players)
        play_to_end([ann, ben])
        assert table.game.over and ann.session.log == list(table.game.seat_log(0))
    finally:
        ann.close()
        ben.close()


def test_only_the_host_deals_again_and_only_once_the_game_is_over(server: LiveServer) -> None:
    ann, ben = two_seats(server.url, SHORT_UPCARD)
    try:
        table = _server_game(server, ann.session.code)
        said = len(ann.said)
        ann.session.new_game(0)  # the game is still on: refused, and the game goes on untouched
        ann.pump_until(lambda: len(ann.said) > said)
        assert ann.said[said:] == ["A new game at this table can be dealt once this one is over."]
        assert table.game_number == 1 and not table.over
        play_to_end([ann, ben])
        said = len(ben.said)
        ben.session.new_game(0)  # not the host: told who deals, and nothing is sent
        assert ben.said[said:] == ["The host deals the next game at this table: stay here for it, or Ctrl+C "
                                   "to leave."]
        assert ben.session.connection.send({"type": "again"})  # a client that sends it anyway is refused
        ben.pump_until(lambda: len(ben.said) > said + 1)
        assert ben.said[said + 1:] == ["Only the host of the table can do that."]
        assert table.game_number == 1 and table.over
    finally:
        ann.close()
        ben.close()


def test_a_seat_given_up_after_the_game_waits_to_be_filled(server: LiveServer) -> None:
    ann, ben = two_seats(server.url, SHORT_UPCARD)
    try:
        play_to_end([ann, ben])
        ben.session.connection.leave()
        ann.pump_until(lambda: "Ben left the table; their seat is free for the next game." in ann.said)
        table = _server_game(server, ann.session.code)
        assert table.seats[1].name is None and table.seats[1].human
        said = len(ann.said)
        ann.session.new_game(0)
        ann.pump_until(lambda: "Waiting for players to join: 1 of 2 seats taken." in ann.said[said:])
        assert ann.said[said:said + 1] == ["Ann deals a new game at this table."]
        assert table.game is None and table.game_number == 2
        cleo = remote_seat(server.url, "Cleo", {"type": "join", "code": ann.session.code})
        try:
            cleo.pump_until(lambda: cleo.session.started)
            cleo.session.start()
            ann.pump_until(lambda: ann.session.game_number == 2 and not ann.session.over)
            assert "Cleo joined the table." in ann.said
            assert cleo.session.human_seat == 1 and table.game is not None
            assert ann.session.log == list(table.game.seat_log(0))
            assert cleo.session.log == list(table.game.seat_log(1))
            play_to_end([ann, cleo])
        finally:
            cleo.close()
    finally:
        ann.close()
        ben.close()


def test_a_server_restarted_after_the_new_deal_brings_back_the_new_game(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    with LiveServer(data) as first:
        ann = remote_seat(first.url, "Ann", {**SHORT_UPCARD, "seats": 2})
        try:
            ann.pump_until(lambda: ann.session.started)
            ann.session.start()
            play_to_end([ann])
            ann.session.new_game(0)
            ann.pump_until(lambda: ann.session.game_number == 2 and not ann.session.over)
            code = ann.session.code
        finally:
            ann.session.connection.close()  # gone without leaving: the seat is kept
    # Read once the first server has stopped: its computer players may have moved until then.
    table = _server_game(first, code)
    seed, actions = table.seed, list(table.game.actions)
    with LiveServer(data) as second:
        assert second.tables is not None
        back = second.tables.tables[code]
        assert back.game_number == 2 and back.seed == seed and back.game is not None
        assert list(back.game.actions) == actions and not back.game.over
