"""The protocol as a client meets it: real server on loopback, real WebSocket clients.

Each bad message is answered with an error of its code and changes nothing at the table.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from server_harness import ann_and_ben, in_process, run, seated
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from access_game.net import protocol as p
from access_game.net.scripted import ScriptedPlayer
from access_game.net.server import TableServer
from engine.actions import Discard, Draw, action_to_data
from engine.cards import Card, Rank, Suit
from engine.events import event_to_data


async def _raw(url: str) -> Any:
    return await connect(url, compression=None)


async def _next(ws: Any, kind: str | None = None) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if kind is None or message["type"] == kind:
            return message


def _game_data(tables: TableServer) -> list[Any]:
    return [t.to_data() for t in tables.tables.values()]


def test_hello_then_welcome_and_a_wrong_version_is_closed() -> None:
    async def go() -> None:
        async with in_process() as (_, url):
            ws = await _raw(url)
            await ws.send(json.dumps({"type": "join", "code": "AAAAAA"}))
            assert (await _next(ws))["code"] == "hello_first"
            await ws.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Ann"}))
            assert await _next(ws) == {"type": "welcome", "protocol": p.PROTOCOL_VERSION}
            other = await _raw(url)
            await other.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION + 1, "name": "Ben"}))
            assert (await _next(other))["code"] == "protocol_version"
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(other.recv(), 10)
            assert other.close_code == p.CLOSE_POLICY
            await ws.close()

    run(go())


def test_create_join_seat_tokens_and_the_table_message() -> None:
    async def go() -> None:
        async with in_process() as (tables, url):
            players = await seated(url, "five-crowns", 2, 1)
            ann, ben = players
            assert ann.seat == 0 and ben.seat == 1
            assert ann.code is not None and len(ann.code) == p.CODE_LENGTH
            assert set(ann.code) <= set(p.CODE_ALPHABET)
            assert ann.token and ben.token and ann.token != ben.token and len(ann.token) >= 32
            table = tables.tables[ann.code]
            # Only the token's digest is kept by the server.
            assert ann.token not in json.dumps(table.to_data())
            assert ann.table is not None
            assert ann.table["players"][:2] == ["Ann", "Ben"] and ann.table["humans"] == [0, 1]
            assert ann.table["started"] is True and ann.table["host"] == 0
            # A third person finds the table full, and a wrong code finds none: told alike, so that a
            # stranger guessing codes learns nothing of which are in use.
            cleo = ScriptedPlayer(url, "Cleo")
            await cleo.open()
            with pytest.raises(RuntimeError) as full:
                await cleo.join(ann.code)
            with pytest.raises(RuntimeError) as unknown:
                await cleo.join("QQQQQQQQQ")
            assert str(full.value) == str(unknown.value) and str(full.value).startswith("no_table")
            for pl in (ann, ben, cleo):
                await pl.close()

    run(go())


def test_a_refused_or_foreign_action_changes_nothing() -> None:
    async def go() -> None:
        async with in_process() as (tables, url):
            ann, ben = await seated(url, "five-crowns", 2, 0)
            to_move = ann if ann.my_turn() else ben
            waiting = ben if to_move is ann else ann
            before = _game_data(tables)
            # Out of turn: the engine's own reason comes back, with the ref.
            await waiting.send({"type": "act", "ref": 9, "action": action_to_data(Draw(waiting.seat or 0))})
            refused = await waiting.expect("refused")
            assert refused["ref"] == 9 and "turn" in refused["reason"]
            # Acting for another seat: an error, not a move.
            await waiting.send({"type": "act", "ref": 10, "action": action_to_data(Draw(to_move.seat or 0))})
            with pytest.raises(RuntimeError, match="wrong_seat"):
                await waiting.expect("refused")
            # A card the player does not hold, once it has drawn.
            await to_move.act(Draw(to_move.seat or 0))
            await to_move.expect("update")
            mid = _game_data(tables)
            card = Card(Rank.KING, Suit.STARS)
            held = to_move.update.view.hand if to_move.update else ()
            bogus = next(c for c in (card, Card(Rank.THREE, Suit.HEARTS), Card(Rank.QUEEN, Suit.CLUBS))
                         if c not in held)
            await to_move.send({"type": "act", "ref": 11, "action": action_to_data(Discard(to_move.seat or 0, bogus))})
            assert (await to_move.expect("refused"))["ref"] == 11
            # Nonsense actions are errors of their own.
            await to_move.send({"type": "act", "ref": 12, "action": {"kind": "teleport", "seat": 0}})
            with pytest.raises(RuntimeError, match="bad_action"):
                await to_move.expect("refused")
            assert _game_data(tables) == mid != before
            for pl in (ann, ben):
                await pl.close()

    run(go())


def test_the_longest_numbers_json_carries_are_refused_in_a_move_and_the_table_goes_on() -> None:
    """JSON carries whole numbers of up to 4,300 digits to Python (more is "not JSON"): such a number
    where a seat or a meld belongs is refused with the rules' reason, never a crash of the table."""
    from engine.rules.contract_rummy import LayOff

    async def go() -> None:
        async with in_process() as (tables, url):
            ann, ben = await seated(url, "contract-rummy", 2, 0)
            to_move = ann if ann.my_turn() else ben
            before = _game_data(tables)
            held = to_move.update.view.hand if to_move.update else ()
            huge = 10**4299
            for ref, action in enumerate([LayOff(to_move.seat or 0, held[0], huge),
                                          LayOff(to_move.seat or 0, held[0], -huge)], 20):
                await to_move.send({"type": "act", "ref": ref, "action": action_to_data(action)})
                refused = await to_move.expect("refused")
                assert refused["ref"] == ref and refused["reason"]
            too_long = '{"type": "act", "ref": 30, "action": {"kind": "draw", "seat": 1%s, "source": "stock"}}'
            await to_move.ws.send(too_long % ("0" * 4300))  # type: ignore[union-attr]
            with pytest.raises(RuntimeError, match="bad_json"):
                await to_move.expect("refused")
            assert _game_data(tables) == before
            await to_move.act(to_move.choose())  # the table goes on
            await to_move.expect("update")
            assert _game_data(tables) != before
            for pl in (ann, ben):
                await pl.close()

    run(go())


def test_chat_reaches_every_seat_and_bad_chat_is_refused() -> None:
    async def go() -> None:
        async with in_process() as (_, url):
            ann, ben, cleo = await seated(url, "contract-rummy", 3, 0)
            await ben.send({"type": "chat", "text": "  good luck  "})
            for pl in (ann, ben, cleo):
                line = await pl.expect("chat")
                assert line == {"type": "chat", "seat": 1, "name": "Ben", "text": "good luck"}
            await ann.send({"type": "chat", "text": "x" * (p.MAX_CHAT_CHARS + 1)})
            with pytest.raises(RuntimeError, match="bad_message"):
                await ann.expect("chat")
            await ann.send({"type": "chat", "text": "bell\x07"})
            with pytest.raises(RuntimeError, match="bad_message"):
                await ann.expect("chat")
            for pl in (ann, ben, cleo):
                await pl.close()

    run(go())


def test_the_host_hands_an_absent_seat_to_a_computer_player() -> None:
    async def go() -> None:
        async with in_process() as (tables, url):
            ann, ben, code = await ann_and_ben(url)
            # Only the host may hand a seat over.
            await ben.send({"type": "hand_over", "seat": 2, "level": "easy"})
            with pytest.raises(RuntimeError, match="not_host"):
                await ben.expect("update")
            # Nobody came for seat 2: the host gives it to a computer player and the game starts.
            await ann.send({"type": "hand_over", "seat": 2, "level": "easy"})
            await ann.expect("update")
            table = tables.tables[code]
            assert table.started and not table.seats[2].human
            # Ben leaves; the host hands Ben's seat over too, and Ben's token is worth nothing now.
            token = ben.token
            await ben.send({"type": "leave"})
            await ben.close()
            await ann.send({"type": "hand_over", "seat": 1, "level": "easy"})
            while not (ann.table and ann.table["humans"] == [0]):
                await ann.receive()
            assert table.waiting_for() in ([], [0])
            back = ScriptedPlayer(url, "Ben")
            await back.open()
            back.code, back.token = code, token
            with pytest.raises(RuntimeError, match="bad_token"):
                await back.rejoin()
            # The computer players play (each move decided in another process); the table then waits
            # only for Ann, and says so.
            assert table.game is not None
            while not (ann.update is not None and ann.update.to_act == (0,)):
                await ann.receive()
            assert all(s == 0 for s in table.game.seats_to_act()) and table.waiting_for() == [0]
            for pl in (ann, back):
                await pl.close()

    run(go())


def test_rejoin_gets_the_seat_and_exactly_what_was_missed() -> None:
    async def go() -> None:
        async with in_process() as (tables, url):
            ann, ben = await seated(url, "five-crowns", 2, 1)
            while ben.update is not None and 1 in ben.update.to_act:  # Ben leaves when it is not his turn
                await ben.act(ben.choose())
                await ben.expect("update")
            code, token, seen = ben.code, ben.token, len(ben.log)
            await ben.close()
            while ann.table is None or 1 in ann.table["connected"]:  # the others are told Ben dropped
                await ann.receive()
            # Ann plays on while Ben is away, until the table waits for Ben.
            table = tables.tables[ann.code or ""]
            assert table.game is not None
            while ann.update is not None and 1 not in table.game.seats_to_act():
                if ann.my_turn():
                    await ann.act(ann.choose())
                await ann.receive()
            assert ann.table is not None and ann.table["waiting_for"] == [1] and 1 not in ann.table["connected"]
            again = ScriptedPlayer(url, "Ben")
            await again.open()
            again.code, again.token = code, token
            again.log = list(ben.log)
            await again.rejoin()
            assert again.seat == 1
            update = await again.expect("update")
            missed = [event_to_data(e) for e in table.game.seat_log(1)[seen:]]
            assert update["seq"] == seen and update["events"] == missed and missed
            assert again.update is not None and list(again.update.view.hand) == table.game.state.hands[1]
            assert again.my_turn()
            await again.act(again.choose())
            await again.expect("update")
            for pl in (ann, again):
                await pl.close()

    run(go())


# --------------------------------------------------------------------------- parsing, without a server


def test_every_message_type_round_trips() -> None:
    messages: list[p.ClientMessage] = [
        p.Hello(name="Ann"), p.Create(game="upcard-rummy", seats=3, computers=1, level="hard", options={"target": 500}),
        p.Join(code="ACDEFG"), p.Rejoin(code="ACDEFG", token="t" * 32, seen=4),
        p.Rejoin(code="ACDEFG", token="t" * 32, seen=4, game_number=3), p.Again(),
        p.Act(ref=3, action=action_to_data(Discard(1, Card(Rank.KING, Suit.STARS)))), p.Chat(text="hello"),
        p.HandOver(seat=2, level="easy"), p.Leave(),
        # protocol 3: the lobby, spectators and moderation
        p.Hello(name="Mira", admin_key="k" * 20), p.Create(game="five-crowns", seats=2, public=True, watchable=False),
        p.Games(), p.Tables(watch=True), p.Watch(code="ACDEFGHJK"), p.Who(), p.Say(text="hi all"),
        p.Tell(to="Ben", text="psst"), p.History(channel="lobby"), p.History(channel="private", with_="Ben"),
        p.Mute(name="Ben", on=False), p.Remove(seat=1, level="easy"), p.Ban(name="Spam", address=True),
        p.Close(code="ACDEFGHJK"), p.Broadcast(text="restart at noon"),
    ]
    for message in messages:
        assert p.parse_client(p.encode(p.client_to_data(message))) == message


@pytest.mark.parametrize(("frame", "code"), [
    ("{", "bad_json"), ("[1, 2]", "bad_message"), ('{"type": "dance"}', "bad_message"),
    ('{"type": "hello", "protocol": "1", "name": "A"}', "bad_message"),
    (json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": ""}), "bad_message"),
    ('{"type": "create", "game": "poker", "seats": 4}', "bad_game"),
    ('{"type": "create", "game": "five-crowns", "seats": 99}', "bad_message"),
    ('{"type": "create", "game": "five-crowns", "seats": 4, "computers": 4}', "bad_message"),
    ('{"type": "create", "game": "five-crowns", "seats": true}', "bad_message"),
    ('{"type": "join", "code": "ABCDEFGH"}', "bad_message"),
    ('{"type": "join", "code": "ABCDEF", "extra": 1}', "bad_message"),
    ('{"type": "rejoin", "code": "ABCDEF", "token": "x", "seen": -1}', "bad_message"),
    ('{"type": "act", "ref": 1, "action": {"kind": "draw", "seat": 0, "source": "sky"}}', None),
    ('{"type": "act", "ref": 1, "action": "draw"}', "bad_action"),
    ('{"type": "act", "ref": 1, "action": {"kind": "discard", "seat": 0, "card": "zz"}}', None),
    ('{"type": "act", "ref": 1, "action": {"seat": 0}}', "bad_action"),
    ('{"type": "chat", "text": 5}', "bad_message"),
    ('{"type": "hand_over", "seat": "2"}', "bad_message"),
    ('{"type": "again", "seed": 7}', "bad_message"),
    ('{"type": "rejoin", "code": "ABCDEF", "token": "x", "seen": 1, "game_number": 0}', "bad_message"),
    ('"' + "x" * (p.MAX_FRAME_BYTES + 1) + '"', "too_big"),
])
def test_bad_frames_are_named(frame: str, code: str | None) -> None:
    if code is None:  # well formed: the table's game, not the parser, refuses a draw from the sky
        assert isinstance(p.parse_client(frame), p.Act)
        return
    with pytest.raises(p.ProtocolError) as info:
        p.parse_client(frame)
    assert info.value.code == code


@pytest.mark.parametrize(("game", "action"), [
    ("five-crowns", {"kind": "discard", "seat": 0, "card": "zz"}),
    ("five-crowns", {"kind": "contract_buy", "seat": 0}),  # another game's move
    ("contract-rummy", {"kind": "go_out", "seat": 0, "discard": "kh"}),
    ("upcard-rummy", {"kind": "place", "seat": 0, "pile": 3}),
    ("solitaire", {"kind": "dance", "seat": 0}),
])
def test_a_move_is_read_as_one_of_the_tables_game(game: str, action: dict[str, Any]) -> None:
    codec = p.game_codec(game)
    assert codec is not None
    with pytest.raises(p.ProtocolError) as info:
        p.read_action(codec, action)
    assert info.value.code == "bad_action"


def test_every_catalog_game_has_a_codec_and_only_those() -> None:
    from access_game.catalog import games

    for entry in games():
        codec = p.game_codec(entry.name)
        assert codec is not None and codec.game == entry.ruleset
        assert set(codec.actions) == set(p.action_kinds(entry.name)) != set()
    assert p.game_codec("poker") is None and p.game_codec("FIVE-CROWNS") is None


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                     lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
                     max_leaves=6)


@settings(max_examples=100)
@given(st.dictionaries(st.sampled_from(["type", "code", "seats", "game", "action", "ref", "text", "token", "seen",
                                        "seat", "name", "protocol", "options", "computers", "level",
                                        "game_number", "public", "watchable", "watch", "to", "channel", "with",
                                        "on", "address", "admin_key"]), _json)
       | _json, st.sampled_from(["hello", "create", "join", "rejoin", "act", "chat", "hand_over", "again",
                                 "leave", "games", "tables", "watch", "who", "say", "tell", "history", "mute",
                                 "remove", "ban", "close", "broadcast"]))
def test_any_json_is_a_message_or_a_named_error(data: Any, kind: str) -> None:
    if isinstance(data, dict) and "type" not in data:
        data["type"] = kind
    try:
        message = p.parse_client(json.dumps(data))
    except p.ProtocolError as exc:
        assert exc.code in vars(p.ErrorCode).values()
        return
    assert message.type == data["type"]


def test_the_token_bucket_allows_the_burst_then_the_rate() -> None:
    bucket = p.TokenBucket(rate=10, burst=5)
    now = bucket.stamp
    assert all(bucket.allow(now) for _ in range(5))
    assert not bucket.allow(now)
    assert bucket.allow(now + 0.1)
    assert not bucket.allow(now + 0.1)


def test_every_error_answering_a_move_carries_its_ref() -> None:
    """A client sends moves one after another; the error that refuses one says which (its ``ref``)."""
    async def go() -> None:
        async with in_process() as (_tables, url):
            ws = await _raw(url)
            await ws.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Ann"}))
            await _next(ws, "welcome")
            await ws.send(json.dumps({"type": "create", "game": "five-crowns", "seats": 2}))
            await _next(ws, "seated")
            draw = {"kind": "draw", "seat": 0, "source": "stock"}
            for ref, action, code in ((7, draw, "not_started"), (8, {"kind": "dance", "seat": 0}, "bad_action"),
                                      (9, {**draw, "seat": 1}, "wrong_seat")):
                await ws.send(json.dumps({"type": "act", "ref": ref, "action": action}))
                error = await _next(ws, "error")
                assert (error["code"], error.get("ref")) == (code, ref), error
            await ws.close()

    run(go())
