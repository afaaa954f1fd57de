"""RemoteSession against the real table server on loopback (real websockets, real narrators): a game
played to its end by two people and a computer player, each hearing the others' moves; a refused move
said with the engine's reason; chat; a seat away, waited for and handed to a computer player."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client_support import SHORT_UPCARD, LiveServer, play_to_end, remote_seat, two_seats

from engine.actions import Discard, Draw


def test_a_host_and_a_joiner_play_a_short_game_to_the_end(server: LiveServer) -> None:
    ann, ben = two_seats(server.url, SHORT_UPCARD)
    try:
        assert ann.said[0] == "Waiting for players to join: 1 of 2 seats taken."
        assert "Ben joined the table." in ann.said
        assert ann.session.players == ben.session.players and len(ann.session.players) == 3
        moves = play_to_end([ann, ben])
        assert moves > 2
        assert ann.session.over and ben.session.over
        # Each hears the other's moves in the third person, and the computer player's.
        assert any(line.startswith("Ben ") for line in ann.said), ann.said[-10:]
        assert any(line.startswith("Ann ") for line in ben.said), ben.said[-10:]
        bot = ann.session.players[2]
        assert any(line.startswith(bot) for line in ben.said)
        # Both logs are the server's log for the seat, every event heard once.
        assert server.tables is not None
        game = server.tables.tables[ann.session.code].game
        assert game is not None and game.over
        assert ann.session.log == list(game.seat_log(0)) and ben.session.log == list(game.seat_log(1))
    finally:
        ann.close()
        ben.close()


def test_a_refused_move_is_said_with_the_rules_reason_and_changes_nothing(server: LiveServer) -> None:
    ann, ben = two_seats(server.url, SHORT_UPCARD)
    try:
        waiting = ben if ann.session.my_turn else ann
        before = waiting.session.view()
        said = len(waiting.said)
        # Asked first, as the tables do: the rules' reason, and no frame sent.
        assert waiting.session.refused_now(Draw)
        asked = waiting.said[said:]
        assert len(asked) == 1 and "turn" in asked[0].lower(), asked
        # Sent anyway (another key press): the server refuses it with the engine's reason.
        waiting.session.announcer.new_batch()
        said = len(waiting.said)
        seat = waiting.session.human_seat
        assert not waiting.session.act(Draw(seat, "stock"))
        reason = waiting.said[said:]
        assert len(reason) == 1 and "turn" in reason[0].lower(), reason
        assert waiting.session.view() == before
    finally:
        ann.close()
        ben.close()


def test_chat_reaches_the_other_seat(server: LiveServer) -> None:
    ann, ben = two_seats(server.url, SHORT_UPCARD)
    try:
        ann.session.network.chat("  good   luck, Ben ")
        ben.pump_until(lambda: "Ann says: good luck, Ben" in ben.said)
        ann.pump_until(lambda: "Ann says: good luck, Ben" in ann.said)
        said = len(ben.said)
        ben.session.network.chat("x" * 301)
        assert ben.said[said:] == ["A chat line holds at most 300 characters; it was not sent."]
    finally:
        ann.close()
        ben.close()


def test_an_absent_player_is_waited_for_and_the_host_hands_the_seat_over(server: LiveServer) -> None:
    ann, ben = two_seats(server.url, {"type": "create", "game": "five-crowns", "seats": 2, "computers": 0,
                                      "options": {}})
    try:
        if ann.session.my_turn:  # Ann's turn: she plays it, so the table waits for Ben
            s = ann.session
            s.act(Draw(s.human_seat, "stock"))
            s.act(Discard(s.human_seat, s.view().hand[0]))
        ben.session.connection.close()  # Ben's terminal goes away without leaving
        ann.pump_until(lambda: "Ben is away." in ann.said)
        ann.pump_until(lambda: "Waiting for Ben." in ann.said)
        away = [s for s in ann.session.network.seats() if s.human and not s.connected]
        assert [s.name for s in away] == ["Ben"]
        ann.session.network.hand_over(1)
        ann.pump_until(lambda: "A computer player takes Ben's seat." in ann.said)
        ann.pump_until(lambda: ann.session.my_turn)  # the computer player played Ben's turn
        assert not ann.session.network.seats()[1].human
    finally:
        ann.close()
        ben.close()


def test_only_the_host_hands_a_seat_over(server: LiveServer) -> None:
    ann, ben = two_seats(server.url, SHORT_UPCARD)
    try:
        said = len(ben.said)
        ben.session.network.hand_over(0)
        assert ben.said[said:] == ["Only the host can hand a free seat to a computer player."]
    finally:
        ann.close()
        ben.close()


def test_a_seat_handed_over_is_told_so_and_the_table_closes(server: LiveServer) -> None:
    ann, ben = two_seats(server.url, SHORT_UPCARD)
    try:
        closed: list[bool] = []
        ben.session.on_closed = lambda: closed.append(True)
        ann.session.network.hand_over(1)
        ben.pump_until(lambda: bool(closed))
        assert "The host gave your seat to a computer player." in ben.said
        assert ben.session.seat_lost and ben.session.connection.closed_for_good
        ann.pump_until(lambda: "A computer player takes Ben's seat." in ann.said)
    finally:
        ann.close()
        ben.close()


def test_a_joiner_hears_where_the_table_stands_not_that_the_host_just_joined(server: LiveServer) -> None:
    """The first table message a terminal gets is where the table stands: the host already seated there
    did not just join."""
    ann, ben = two_seats(server.url, SHORT_UPCARD)
    try:
        assert not [line for line in ben.said if "joined the table" in line], ben.said
        assert "Ben joined the table." in ann.said
    finally:
        ann.close()
        ben.close()


def test_the_host_role_passes_to_a_player_here_and_both_hear_it(server: LiveServer) -> None:
    ann, ben = two_seats(server.url, SHORT_UPCARD)
    try:
        assert ann.session.network.is_host and not ben.session.network.is_host
        ann.session.connection.close()  # the host's terminal goes away mid-game
        ben.pump_until(lambda: "You are the host now: you may deal the next game, and give a free seat to a "
                               "computer player." in ben.said)
        assert ben.session.network.is_host
        assert ann.session.connection.seat is not None
        token = ann.session.connection.seat.token
        back = remote_seat(server.url, "Ann", {"type": "rejoin", "code": ann.session.code,
                                               "token": token, "seen": 0})
        try:
            back.pump_until(lambda: bool(back.session.changes.table))
            assert not back.session.network.is_host  # the role does not pass back
            ben.pump_until(lambda: "Ann is back." in ben.said)
        finally:
            back.close()
    finally:
        ann.close()
        ben.close()
