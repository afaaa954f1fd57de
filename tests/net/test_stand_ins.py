"""The host's role passing on and the people present voting a computer player in for someone away, as
the people at a table meet them: real sockets, the server in the test's loop where the test looks at
its game, a real ``serve`` process killed and started again where the point is what survives.

A table never waits for someone who is gone unless the people present want it to: the host's role
passes to the lowest seat present (and stays there), and more than half of the people present can
have a computer player play an absent person's seat until that person comes back, which ends it at
once with every event they missed.
"""

from __future__ import annotations

from pathlib import Path

from server_harness import (
    ServerProcess,
    ann_and_ben,
    barrier,
    come_back,
    error_to,
    exactly_as_told,
    in_process,
    run,
    seated,
    settle,
    step,
    until_table,
)

from access_game.net.scripted import ScriptedPlayer
from access_game.net.server import TableServer
from access_game.net.table_store import TableStore
from access_game.net.tables import Table
from engine.events import event_to_data


def _stand_in(seat: int, level: str = "easy") -> dict[str, object]:
    return {"type": "stand_in", "seat": seat, "level": level}


def test_the_host_role_passes_to_the_lowest_seat_present_survives_a_restart_and_stays(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "tables")
    url = server.start()
    try:
        async def play() -> list[ScriptedPlayer]:
            ann, ben, cleo = players = await seated(url, "five-crowns", 3)
            await ann.close()
            for pl in (ben, cleo):
                table = await until_table(pl, lambda t: t["connected"] == [1, 2])
                assert table["host"] == 1
            # Ann comes back: the role stays with Ben.
            ann, _ = await come_back(url, ann)
            for pl in (ann, ben, cleo):
                assert (await until_table(pl, lambda t: t["connected"] == [0, 1, 2]))["host"] == 1
            assert await error_to(ann, {"type": "again"}) == "not_host"
            assert await error_to(ben, {"type": "again"}) == "not_over"  # Ben may, once the game is over
            assert await error_to(ann, {"type": "hand_over", "seat": 2, "level": "easy"}) == "not_host"
            players = [ann, ben, cleo]
            await step(players)
            return players

        players = run(play())
        code = players[0].code
        assert '{"host":1}' in "".join(path.read_text() for path in server.data.glob(f"{code}.*.log"))
        server.kill()
        url = server.start()

        async def back() -> None:
            # Ann is back first, then Cleo, then Ben: a restart is everyone's connection going at once,
            # so for a while after it the host keeps the role until they are back.
            ann, ben, cleo = players
            again = await exactly_as_told(url, [ann, cleo, ben])
            for pl in again:
                assert (await until_table(pl, lambda t: len(t["connected"]) == 3))["host"] == 1
                await pl.close()

        run(back())
    finally:
        server.stop()


def test_the_host_giving_up_a_seat_before_the_deal_passes_the_role_on() -> None:
    async def go() -> None:
        async with in_process() as (_, url):
            ann, ben, code = await ann_and_ben(url)
            await ann.send({"type": "leave"})
            assert (await ann.expect("left"))["kept"] is False
            table = await until_table(ben, lambda t: t["connected"] == [1])
            assert table["host"] == 1 and table["players"] == [None, "Ben", None]
            # Cleo takes the free seat 0; the role stays with Ben, who may hand seat 2 over.
            cleo = ScriptedPlayer(url, "Cleo")
            await cleo.open()
            await cleo.join(code)
            assert cleo.seat == 0
            assert await error_to(cleo, {"type": "hand_over", "seat": 2, "level": "easy"}) == "not_host"
            await ben.send({"type": "hand_over", "seat": 2, "level": "easy"})
            assert (await until_table(ben, lambda t: t["started"]))["host"] == 1
            for pl in (ben, cleo):
                await pl.close()

    run(go())


def test_a_vote_is_refused_for_what_it_cannot_be() -> None:
    async def go() -> None:
        async with in_process() as (_, url):
            ann = ScriptedPlayer(url, "Ann")
            await ann.open()
            code = await ann.create("five-crowns", 3, 1)
            assert await error_to(ann, _stand_in(1)) == "not_started"
            stranger = ScriptedPlayer(url, "Zed")
            await stranger.open()
            assert await error_to(stranger, _stand_in(1)) == "not_seated"
            ben = ScriptedPlayer(url, "Ben")
            await ben.open()
            await ben.join(code)
            assert await error_to(ann, _stand_in(2)) == "wrong_seat"  # a computer player's seat
            assert await error_to(ann, _stand_in(0)) == "wrong_seat"  # one's own
            assert await error_to(ann, _stand_in(9)) == "wrong_seat"  # no such seat
            assert await error_to(ann, _stand_in(1)) == "not_away"  # Ben is here
            await ben.close()
            await until_table(ann, lambda t: t["connected"] == [0])
            assert await error_to(ann, _stand_in(1, "genius")) == "bad_game"
            assert await error_to(ann, {"type": "stand_in", "seat": 1, "level": "easy", "x": 1}) == "bad_message"
            # None of it counted as a vote.
            assert ann.table is not None and ann.table["votes"] == [] and ann.table["stand_ins"] == []
            for pl in (ann, stranger):
                await pl.close()

    run(go())


def test_a_stand_in_plays_while_its_person_is_away_and_stops_at_once_when_they_are_back() -> None:
    async def go() -> None:
        async with in_process() as (tables, url):
            ann, ben = players = await seated(url, "five-crowns", 2, 1)
            code = ann.code or ""
            game = tables.tables[code].game
            assert game is not None
            await settle(players, frozenset({2}), fresh=False)
            seen = len(ben.log)
            await ben.close()
            await until_table(ann, lambda t: t["connected"] == [0])
            # Ann alone is more than half of the people present: her vote carries at once.
            await ann.send(_stand_in(1))
            table = await until_table(ann, lambda t: t["stand_ins"] == [1])
            assert table["levels"] == [None, None, "easy"] and table["votes"] == [] and 1 not in table["waiting_for"]
            # The game goes on: Ben's seat plays its turns.
            await settle([ann], frozenset({1, 2}), fresh=False)
            played = len([a for a in game.actions if a.seat == 1])
            while len([a for a in game.actions if a.seat == 1]) < played + 4:
                await step([ann], frozenset({1, 2}))
            # Ben is back: the stand-in stops, and he has every event he missed, his own cards too.
            assert ann.my_turn()
            ben, update = await come_back(url, ben)
            missed = [event_to_data(e) for e in game.seat_log(1)[seen:]]
            assert update["seq"] == seen and update["events"] == missed
            assert any(e["kind"] == "drew" and e["seat"] == 1 and e["card"] for e in missed), "his own draws"
            for pl in (ann, ben):
                assert (await until_table(pl, lambda t: t["connected"] == [0, 1]))["stand_ins"] == []
            # From now on the table waits for Ben on his turns, and nobody plays them for him.
            players = [ann, ben]
            while not ben.my_turn():
                await step(players, frozenset({2}))
            await barrier(ben, [ann])
            assert list(game.seats_to_act()) == [1] and ann.table is not None and ann.table["waiting_for"] == [1]
            await step(players, frozenset({2}))
            for pl in players:
                await pl.close()

    run(go())


def test_votes_lapse_with_their_voters_and_carry_when_fewer_are_present() -> None:
    async def go() -> None:
        async with in_process() as (tables, url):
            ann, ben, cleo, dan = await seated(url, "five-crowns", 4)
            await dan.close()
            everyone = [ann, ben, cleo]
            for pl in everyone:
                await until_table(pl, lambda t: t["connected"] == [0, 1, 2])
            # Three present: two votes carry. Ann votes, then goes: her vote goes with her.
            await ann.send(_stand_in(3))
            for pl in everyone:
                await until_table(pl, lambda t: t["votes"] == [[3, 1, 2]])
            await ann.close()
            for pl in (ben, cleo):
                table = await until_table(pl, lambda t: t["connected"] == [1, 2])
                assert table["votes"] == [] and table["host"] == 1
            # Ben votes: one of two. Then Cleo goes, and Ben's vote is more than half of those left.
            await ben.send(_stand_in(3))
            for pl in (ben, cleo):
                await until_table(pl, lambda t: t["votes"] == [[3, 1, 2]])
            await cleo.close()
            table = await until_table(ben, lambda t: t["connected"] == [1])
            assert table["stand_ins"] == [3] and table["votes"] == []
            # The host's seat too (Ann's, whose role has passed), and Cleo's.
            for seat in (0, 2):
                await ben.send(_stand_in(seat, "normal"))
            assert (await until_table(ben, lambda t: t["stand_ins"] == [0, 2, 3]))["waiting_for"] in ([], [1])
            assert [s.stand_in for s in tables.tables[ben.code or ""].seats] == ["normal", None, "normal", "easy"]
            # A vote for a seat already stood in changes nothing (and is told nothing).
            await ben.send({"type": "chat", "text": "first"})
            await ben.expect("chat")
            await ben.send(_stand_in(3, "hard"))
            await barrier(ben, [])
            assert tables.tables[ben.code or ""].seats[3].stand_in == "easy"
            await settle([ben], frozenset({0, 2, 3}), fresh=False)
            for _ in range(6):
                await step([ben], frozenset({0, 2, 3}))
            await ben.close()

    run(go())


def _at_a_computer_players_turn(data: Path, code: str, stand_in: bool) -> str:
    """A table on disk as a server killed while a computer player decided leaves it: Ann has moved and
    the computer player (or, with ``stand_in``, the one standing in for Ben) is to act. Ann's token."""
    store = TableStore(data)
    table = Table.create(code, "five-crowns", seats=2, computers=0 if stand_in else 1, level="easy", options={})
    token = table.take(0, "Ann")
    if stand_in:
        table.take(1, "Ben")
        table.stand_in(1, "easy")
    table.start()
    game = table.game
    assert game is not None
    while list(game.seats_to_act()) != [1]:
        seat = game.seats_to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    store.record(table)
    return token


async def _rejoin_and_play(url: str, code: str, token: str) -> None:
    """Ann rejoins and is told of the computer player's move, up to her own turn."""
    ann = ScriptedPlayer(url, "Ann")
    await ann.open()
    ann.code, ann.token = code, token
    await ann.rejoin()
    await settle([ann], frozenset({1}))
    assert ann.my_turn()
    await ann.close()


def test_a_table_brought_back_at_a_computer_players_turn_plays_on_when_a_person_rejoins(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    tokens = {code: _at_a_computer_players_turn(data, code, stand_in)
              for code, stand_in in (("ACDEFGHJK", False), ("MNPQRTUVW", True))}
    server = ServerProcess(data)
    url = server.start()
    try:
        for code, token in tokens.items():
            run(_rejoin_and_play(url, code, token))
    finally:
        server.stop()


def test_a_host_not_back_after_a_restart_passes_the_role_on_once_the_others_have_waited(tmp_path: Path) -> None:
    """After a restart the host keeps the role while everyone comes back; a host who does not come back
    passes it on at the server's next round of housekeeping after that, with nobody having to act."""
    data = tmp_path / "tables"

    async def go() -> None:
        async with in_process(data=data) as (_first, url):
            players = await seated(url, "five-crowns", 3)
            await settle(players, fresh=False)
        tables = TableServer(TableStore(data))  # the server restarted on its directory
        tables.load()
        async with in_process(tables) as (_second, url):
            _ann, ben, cleo = players  # Ann, the host, does not come back
            ben, _ = await come_back(url, ben)
            cleo, _ = await come_back(url, cleo)
            for pl in (ben, cleo):
                assert (await until_table(pl, lambda t: t["connected"] == [1, 2]))["host"] == 0
            tables._began -= 3600  # the others have waited long enough
            tables.housekeeping()
            for pl in (ben, cleo):
                assert (await until_table(pl, lambda t: t["host"] == 1))["host"] == 1
            for pl in (ben, cleo):
                await pl.close()

    run(go())
