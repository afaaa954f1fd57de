"""Refusals, ``why_not`` and errors with values cross the network as a reason's key and values, and the
network table words them in its player's language; a reason that is not one changes nothing.

The real table server on loopback, real websockets: scripted players read the frames as any client
would; RemoteSession (the terminal's network table, its real announcer and narrator) says what it is
sent. The last test puts a relay between the server and the terminal that spoils every reason the
server sends (a format trick, a card that is not a card, a number, nothing at all): the table says a
plain refusal, nothing changes, and the game goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client_support import LiveServer, two_seats
from server_harness import in_process, run, seated

from access_game.net import protocol as p
from access_game.online.client import Connection, NetError
from engine.actions import Discard, Draw, action_to_data
from engine.cards import Card, Rank, Suit
from engine.reason_data import reason_from_data
from engine.reasons import Reason
from speech import net_words as nw
from speech.i18n import _, in_language
from speech.refusal_words import refusal_words

TURN = "it is {name}'s turn, not yours"
NOT_HELD = "you have no {card} in your hand"
SEATS = "{game} is for {low} to {high} players"


def test_refusals_why_not_and_errors_carry_the_key_and_the_values() -> None:
    async def go() -> None:
        async with in_process() as (_, url):
            ann, ben = await seated(url, "five-crowns", 2, 0)
            to_move = ann if ann.my_turn() else ben
            waiting = ben if to_move is ann else ann
            # Out of turn: the key and the mover's name, and the English words for logs.
            await waiting.send({"type": "act", "ref": 1, "action": action_to_data(Draw(waiting.seat or 0))})
            refused = await waiting.expect("refused")
            assert refused["why"] == {"key": TURN, "values": {"name": to_move.name}}
            assert refused["reason"] == str(Reason(TURN, name=to_move.name))
            # A card not held: the card as its code.
            await to_move.act(Draw(to_move.seat or 0))
            update = await to_move.expect("update")
            held = to_move.update.view.hand if to_move.update else ()
            bogus = next(c for c in (Card(Rank.KING, Suit.STARS), Card(Rank.THREE, Suit.HEARTS)) if c not in held)
            await to_move.send({"type": "act", "ref": 2, "action": action_to_data(Discard(to_move.seat or 0, bogus))})
            refused = await to_move.expect("refused")
            assert refused["why"] == {"key": NOT_HELD, "values": {"card": {"card": bogus.code}}}
            # why_not: each kind null or a reason as data (drawn already: draw is refused, with its key).
            assert set(update["why_not"]) == set(p.action_kinds("five-crowns"))
            assert update["why_not"]["discard"] is None
            assert update["why_not"]["draw"]["key"] and update["why_not"]["draw"]["values"] == {}
            assert to_move.update is not None and to_move.update.why_not["draw"] == reason_from_data(
                update["why_not"]["draw"])
            # An error with values: the game's title and its range of players.
            await waiting.send({"type": "leave"})
            await waiting.close()
            for pl in (ann, ben):
                await pl.close()
            async with connect(url, proxy=None) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Cleo"}))
                assert json.loads(await ws.recv())["type"] == "welcome"
                await ws.send(json.dumps({"type": "create", "game": "gin-rummy", "seats": 5}))
                error = json.loads(await ws.recv())
            assert error["code"] == "bad_game"
            assert error["why"] == {"key": SEATS, "values": {"game": "Gin Rummy", "low": 2, "high": 2}}
            assert error["message"] == "Gin Rummy is for 2 to 2 players"

    run(go())


def test_the_network_table_says_why_not_and_errors_in_the_players_language(server: LiveServer) -> None:
    ann, ben = two_seats(server.url, {"type": "create", "game": "five-crowns", "seats": 2, "computers": 0,
                                      "options": {}})
    try:
        waiting = ben if ann.session.my_turn else ann
        mover = "Ann" if waiting is ben else "Ben"
        for lang in ("fr", "es"):
            with in_language(lang):
                said = len(waiting.said)
                assert waiting.session.refused_now(Draw)
                expected = refusal_words(Reason(TURN, name=mover))
                assert waiting.said[said:] == [expected]
                assert expected != str(Reason(TURN, name=mover)) and "turn" not in expected
                before = waiting.session.view()
                waiting.session.announcer.new_batch()
                said = len(waiting.said)
                assert not waiting.session.act(Draw(waiting.session.human_seat, "stock"))
                assert waiting.said[said:] == [expected]
                assert waiting.session.view() == before
    finally:
        ann.close()
        ben.close()
    connection = Connection(server.url, "Cleo")
    try:
        try:
            connection.open({"type": "create", "game": "gin-rummy", "seats": 5, "computers": 0, "options": {}})
        except NetError as exc:
            refused = exc
        else:
            raise AssertionError("a table of five for Gin Rummy was opened")
    finally:
        connection.close()
    for lang in ("fr", "es"):
        with in_language(lang):
            words = nw.error_words(refused.code or "", str(refused), refused.why)
            title = _("Gin Rummy")
            assert words == refusal_words(Reason(SEATS, game="Gin Rummy", low=2, high=2))
            assert title in words and "players" not in words, words


#: Reasons no server of this program sends: each must be said as a plain refusal.
SPOILED: list[Any] = [
    {"key": "{card.__class__.__init__.__globals__}", "values": {"card": {"card": "7h"}}},
    {"key": "you have no {card} in your hand", "values": {"card": {"card": "77zz"}}},
    {"key": "{a}{b}", "values": {"a": 1}},
    {"key": "x", "values": {"a": {"reason": {"key": 5, "values": {}}}}},
    42, "text", [], None,
]


class SpoilingRelay:
    """A websocket relay between a client and the server that passes the client's frames on as they are
    and the server's through ``spoil``, in a thread of its own; ``url`` is where clients connect."""

    def __init__(self, upstream: str, spoil: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        self.upstream, self.spoil = upstream, spoil
        self.url = ""
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.server: Any = None

    async def _relay(self, ws: ServerConnection) -> None:
        async with connect(self.upstream, proxy=None, compression=None) as up:
            async def down() -> None:
                async for frame in up:
                    await ws.send(json.dumps(self.spoil(json.loads(frame))))

            async def onward() -> None:
                async for frame in ws:
                    await up.send(frame)

            tasks = [asyncio.ensure_future(down()), asyncio.ensure_future(onward())]
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in tasks:
                task.cancel()

    def __enter__(self) -> SpoilingRelay:
        self.thread.start()

        async def up() -> None:
            self.server = await serve(self._relay, "127.0.0.1", 0, compression=None)
            port = next(iter(self.server.sockets)).getsockname()[1]
            self.url = f"ws://127.0.0.1:{port}"

        asyncio.run_coroutine_threadsafe(up(), self.loop).result(timeout=10)
        return self

    def __exit__(self, *exc: object) -> None:
        async def down() -> None:
            self.server.close()
            await self.server.wait_closed()

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(down(), self.loop).result(timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


@contextlib.contextmanager
def spoiling(upstream: str) -> Iterator[tuple[SpoilingRelay, list[dict[str, Any]]]]:
    """A relay that spoils every reason (one of SPOILED in turn), and the frames it spoiled."""
    spoiled: list[dict[str, Any]] = []
    count = iter(range(10**9))

    def spoil(frame: dict[str, Any]) -> dict[str, Any]:
        if frame.get("type") == "refused":
            frame["why"] = SPOILED[next(count) % len(SPOILED)]
        elif frame.get("type") == "update":
            n = next(count)
            frame["why_not"] = "not an object" if n % 5 == 4 else {
                kind: None if why is None else SPOILED[n % len(SPOILED)] or "x"
                for kind, why in frame["why_not"].items()}
        elif frame.get("type") == "error":
            frame["why"] = SPOILED[next(count) % len(SPOILED)]
        else:
            return frame
        spoiled.append(frame)
        return frame

    with SpoilingRelay(upstream, spoil) as relay:
        yield relay, spoiled


def test_a_spoiled_reason_is_a_plain_refusal_changes_nothing_and_the_game_goes_on(server: LiveServer) -> None:
    plain = refusal_words(_(nw.MOVE_REFUSED))
    with spoiling(server.url) as (relay, spoiled):
        ann, ben = two_seats(relay.url, {"type": "create", "game": "five-crowns", "seats": 2, "computers": 0,
                                         "options": {}})
        refused_at_once = 0
        try:
            for _turn in range(4):
                mover = ann if ann.session.my_turn else ben
                waiting = ben if mover is ann else ann
                before, log = waiting.session.view(), list(waiting.session.log)
                said = len(waiting.said)
                # Refused at once by the update's why_not, spoiled or not (never taken for allowed); an
                # update whose why_not is not an object at all leaves the move to the server to refuse.
                asked = waiting.session.refused_now(Draw)
                refused_at_once += asked
                waiting.session.announcer.new_batch()
                assert not waiting.session.act(Draw(waiting.session.human_seat, "stock"))
                assert waiting.said[said:] == [plain] * (1 + asked), waiting.said[said:]
                assert waiting.session.view() == before and waiting.session.log == log
                # The mover's turn is whole: a draw and a discard, each applied and heard by the other.
                seat = mover.session.human_seat
                assert mover.session.act(Draw(seat, "stock")), mover.said[-3:]
                assert mover.session.act(Discard(seat, mover.session.view().hand[0])), mover.said[-3:]
                waiting.pump_until(lambda w=waiting: w.session.my_turn)  # type: ignore[misc]
            assert {f["type"] for f in spoiled} >= {"refused", "update"} and refused_at_once
        finally:
            ann.close()
            ben.close()


def test_an_error_with_a_spoiled_reason_is_said_in_the_servers_words() -> None:
    for why in SPOILED:
        assert nw.error_words("bad_game", "Gin Rummy is for 2 to 2 players", why) == \
            nw.server_error("Gin Rummy is for 2 to 2 players")
    # A known code is said by its code, whatever the reason.
    assert nw.error_words("not_host", "", SPOILED[0]) == _("Only the host of the table can do that.")
