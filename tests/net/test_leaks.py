"""Nothing a seat may not see is ever in its frames, in any game of the catalog.

A real server on loopback and real WebSocket clients (scripted players, with computer players at
some tables) play; every frame the server sends is recorded at the moment it is sent, together with
the server's own game at that moment: the cards hidden from that seat (the other hands, save what is
face up, and the stock) and the stock's order. Each frame is then checked against them:

- its events are exactly the seat's own redacted log entries, and every secret part of an event
  addressed to another seat is empty;
- every field of its view holds only cards the seat may see (as a multiset: two-deck games hold two
  of a card), and its hand is exactly the seat's hand;
- its legal moves name only cards the seat may see;
- no run of cards in it follows the stock's order.

A spectator watches each table too, and every frame it is sent is checked against what every seat
may see: its events are the log redacted for no seat, and no card of any hand (save those dealt face
up) or of the stock is anywhere in it, nor any field that one seat sees otherwise than another.

The clients must have received exactly the frames recorded.

Web seats and web spectators are sent sentences rather than data: tests/web/test_web_leaks.py checks
every line and state a browser is sent for the names and braille cells of cards its seat never saw.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import Counter
from typing import Any

import pytest
from server_harness import in_process, play_until_one_stops, run, seated

from access_game.catalog import games
from access_game.net import protocol as p
from access_game.net.server import Connection, TableServer
from engine.events import event_to_data, seen_by
from engine.game import Game
from engine.views_data import view_to_data

CHECKED: Counter[str] = Counter()
#: The seat number a spectator's frames are recorded with.
SPECTATOR = -2


def _hidden(game: Game, seat: int) -> Counter[str]:
    """The cards ``seat`` may not see (a spectator, SPECTATOR: every hand's and the stock's)."""
    state = game.state
    hidden: Counter[str] = Counter(c.code for c in state.stock)
    up_cards = getattr(state, "up_cards", None)
    for other, hand in enumerate(getattr(state, "hands", [])):
        if other == seat:
            continue
        cards = Counter(c.code for c in hand)
        if up_cards is not None and cards[up_cards[other].code] > 0:  # dealt face up, in everyone's sight
            cards[up_cards[other].code] -= 1
        hidden += cards
    return hidden


def _cards_in(value: Any, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, list):
        for v in value:
            _cards_in(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _cards_in(v, out)


def _card_lists(value: Any, out: list[list[str]]) -> None:
    if isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            out.append(value)
        for v in value:
            _card_lists(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _card_lists(v, out)


class Snapshot:
    """One frame as sent, with what the server's game hid from its seat at that moment, and the table's
    seed (the key of every shuffle at the table: a seat that knew it would know every card)."""

    def __init__(self, game: Game | None, seat: int, frame: dict[str, Any], *, text: str = "",
                 seed: int | None = None) -> None:
        self.seat = seat
        self.frame = frame
        self.text = text
        self.seed = seed
        self.game_name = game.ruleset.name if game is not None else None
        self.codec = game.codec if game is not None else None
        if game is None or seat == -1:
            self.hidden: Counter[str] = Counter()
            self.visible: Counter[str] = Counter()
            self.windows: set[tuple[str, ...]] = set()
            self.hand: Counter[str] | None = None
            self.seat_log: list[dict[str, Any]] = []
            self.codes: set[str] = set()
            return
        self.hidden = _hidden(game, seat)
        everything = Counter(c.code for c in game.ruleset.all_cards(game.state))
        self.visible = everything - self.hidden
        #: Every card code of the game: other words in a frame (names, phases) are not cards.
        self.codes = set(everything)
        stock = [c.code for c in game.state.stock]
        self.windows = {tuple(stock[i:i + 4]) for i in range(len(stock) - 3)}
        hands = getattr(game.state, "hands", None)
        self.hand = Counter(c.code for c in hands[seat]) if hands is not None and seat >= 0 else None
        seq = frame.get("seq", 0) if frame["type"] in ("update", "watch_update") else 0
        log = seen_by(game.log, None) if seat == SPECTATOR else game.seat_log(seat)
        self.seat_log = [event_to_data(e) for e in log[seq:]]
        #: The view fields some seat sees otherwise than another (a spectator is sent none of them).
        views = [view_to_data(game.view(s)) for s in range(len(game.players))]
        self.differing = {name for name in views[0] if any(v[name] != views[0][name] for v in views[1:])}


class RecordingServer(TableServer):
    """The server, recording every frame it sends with the game as it stood then."""

    def __init__(self) -> None:
        super().__init__(None)
        self.sent: list[Snapshot] = []

    def _post(self, conn: Connection, text: str) -> None:
        """Every frame goes to its connection's queue here, as the text that goes on the wire."""
        code = conn.code if conn.code is not None else conn.watching
        table = self.tables.get(code) if code is not None else None
        game = table.game if table is not None else None
        seat = SPECTATOR if conn.watching is not None else -1 if conn.seat is None else conn.seat
        # The frame as it goes on the wire, read back: the check reads what the client reads.
        snap = Snapshot(game, seat, json.loads(text), text=text, seed=None if table is None else table.seed)
        super()._post(conn, text)
        if not conn.dropped:  # queued, not dropped with a connection that stopped reading
            self.sent.append(snap)


def check(snap: Snapshot) -> None:
    frame, seat = snap.frame, snap.seat
    CHECKED[frame["type"]] += 1
    if snap.seed is not None:  # the seed, in any of the forms a program would write it
        for form in (str(snap.seed), f"{snap.seed:x}", f"{snap.seed:X}", f"{snap.seed:b}"):
            assert form not in snap.text, f"seat {seat} was sent the table's seed"
    if frame["type"] == "watch_update":
        check_spectator(snap)
        return
    if frame["type"] != "update" or seat < 0:
        assert frame["type"] != "update", "an update to a connection without a seat"
        # Seats, table lists, chat and refusals carry no cards at all.
        cards: list[str] = []
        _cards_in(frame, cards)
        assert not [c for c in cards if c in snap.codes and frame["type"] != "chat"], frame
        return
    # Events: exactly the seat's own redacted log from seq, secrets of others empty.
    assert frame["events"] == snap.seat_log[:len(frame["events"])], "events differ from the seat's log"
    for data in frame["events"]:
        assert snap.codec is not None
        event = snap.codec.event_from_data(data)
        owner = event.private_to
        if owner is not None and owner != seat:
            for name in event.secret_fields:
                assert data[name] is None, f"seat {seat} was sent {event.kind}.{name} of seat {owner}"
    # View: each field only cards the seat may see; the hand exactly its own.
    view = frame["view"]
    for name, value in view.items():
        if name == "view":
            continue
        found: list[str] = []
        _cards_in(value, found)
        over = Counter(c for c in found if c in snap.codes) - snap.visible
        assert not over, f"seat {seat}'s view field {name} holds hidden cards {dict(over)}"
    if snap.hand is not None and "hand" in view:
        assert Counter(view["hand"]) == snap.hand, "the view's hand is not the seat's hand"
    # Legal moves: only cards the seat may see.
    legal_cards: list[str] = []
    for action in frame["legal"]:
        assert action["seat"] == seat, "a move of another seat was sent"
        _cards_in({k: v for k, v in action.items() if k not in ("kind", "source")}, legal_cards)
    assert not ({c for c in legal_cards if c in snap.codes} - set(snap.visible)), "a legal move names a hidden card"
    # No run of four cards in the stock's order anywhere.
    lists: list[list[str]] = []
    _card_lists(frame, lists)
    for cards_list in lists:
        for i in range(len(cards_list) - 3):
            assert tuple(cards_list[i:i + 4]) not in snap.windows, "the stock's order was sent"


def check_spectator(snap: Snapshot) -> None:
    """A spectator's frame: the log redacted for no seat, and only cards every seat may see."""
    frame = snap.frame
    assert snap.seat == SPECTATOR, "a spectator's update to a seat"
    CHECKED["watch_update"] += 1
    assert frame["events"] == snap.seat_log[:len(frame["events"])], "events differ from the log redacted for no seat"
    for data in frame["events"]:
        assert snap.codec is not None
        event = snap.codec.event_from_data(data)
        if event.private_to is not None:
            for name in event.secret_fields:
                assert data[name] is None, f"a spectator was sent {event.kind}.{name}"
    public = frame["public"]
    assert not set(public) & (snap.differing | {"hand", "seat", "log"}), "a seat's own view field was sent"
    for name, value in public.items():
        found: list[str] = []
        _cards_in(value, found)
        over = Counter(c for c in found if c in snap.codes) - snap.visible
        assert not over, f"a spectator's view field {name} holds hidden cards {dict(over)}: {value}"
    lists: list[list[str]] = []
    _card_lists(frame, lists)
    for cards_list in lists:
        for i in range(len(cards_list) - 3):
            assert tuple(cards_list[i:i + 4]) not in snap.windows, "the stock's order was sent to a spectator"


async def _watch(url: str, code: str) -> tuple[Any, list[str]]:
    """A spectator at the table: its connection, and every frame it reads (until the server closes it)."""
    from websockets.asyncio.client import connect

    ws = await connect(url, proxy=None, max_size=2**22)
    await ws.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Watcher"}))
    await ws.recv()
    await ws.send(json.dumps({"type": "watch", "code": code}))
    return ws, []


async def _read_all(ws: Any, frames: list[str]) -> None:
    with contextlib.suppress(Exception):
        async for frame in ws:
            frames.append(frame)


async def _play(game: str, people: int, computers: int, actions: int) -> tuple[int, int]:
    tables = RecordingServer()
    async with in_process(tables) as (_, url):
        players = await seated(url, game, people, computers, record=True)
        assert players[0].code is not None
        spectator, watched = await _watch(url, players[0].code)
        reading = asyncio.ensure_future(_read_all(spectator, watched))
        await play_until_one_stops(players, actions)
        # Everyone leaves and reads until the server closes: every frame sent has then been read.
        await asyncio.gather(*(pl.leave_and_drain() for pl in players))
        await spectator.send(json.dumps({"type": "leave"}))
        while not any(json.loads(f)["type"] == "left" for f in watched):
            await asyncio.sleep(0.01)
        await spectator.close()
        await reading
        received = sum(len(pl.frames) for pl in players) + len(watched) + 1  # + the welcome read first
        assert any(json.loads(f)["type"] == "watch_update" for f in watched)
        # Each table's seed is a secure 128-bit number (a seat cannot search for it from its own cards).
        for table in tables.tables.values():
            assert table.seed.bit_length() > 100 and table.seed < 2**128
        for snap in tables.sent:
            check(snap)
        played = sum(pl.actions for pl in players)
    assert received == len(tables.sent), "the clients did not receive exactly the frames sent"
    assert played > 0
    return len(tables.sent), played


def _tables() -> list[tuple[str, int, int, int]]:
    """Every catalog game with a table, as (game, people, computers, actions by people): up to three
    people, and a computer player where a seat is left (a game of two: one of each, so a computer's
    frames are checked too); a game played alone plays longer, its one seat making every move."""
    out = []
    for entry in games():
        if entry.table is None:
            continue
        most = entry.player_range[1]
        people = 1 if most == 2 else min(most, 3)
        computers = min(1, most - people)
        out.append((entry.name, people, computers, 90 if most == 1 else 30 if people == 3 else 40))
    return out


@pytest.mark.parametrize(("game", "people", "computers", "actions"), _tables())
def test_no_frame_holds_a_card_its_seat_may_not_see(game: str, people: int, computers: int, actions: int) -> None:
    frames, played = run(_play(game, people, computers, actions))
    print(f"{game}: {frames} frames checked, {played} actions by people")
    assert frames > 50


def _caught(game: Game, seat: int, frame: dict[str, Any], key: str, inner: str | None, value: Any) -> None:
    """``frame`` with ``frame[key][inner]`` (or ``frame[key]``) set to ``value`` fails the check."""
    changed = json.loads(json.dumps(frame))
    if inner is None:
        changed[key] = value
    else:
        changed[key][inner] = value
    with pytest.raises(AssertionError):
        check(Snapshot(game, seat, changed))


def test_the_check_finds_a_leak() -> None:
    """The checks can fail: a frame carrying another seat's hand is caught."""
    game = Game.new("five-crowns", ["A", "B"], seed=3)
    from access_game.net import protocol as p

    seat = 0
    update = p.update_message(seq=0, events=game.seat_log(seat), view=game.view(seat), to_act=game.seats_to_act(),
                              over=False, why_not={}, legal=game.legal_actions(seat))
    check(Snapshot(game, seat, json.loads(json.dumps(update))))
    _caught(game, seat, update, "view", "hand", [c.code for c in game.state.hands[1]])
    _caught(game, seat, update, "events", None, [event_to_data(e) for e in game.log])  # unredacted
    _caught(game, seat, update, "view", "players", [c.code for c in game.state.stock[:5]])
    public = p.watch_update_message(seq=0, events=seen_by(game.log, None), public=p.public_view(
        [game.view(0), game.view(1)]), to_act=game.seats_to_act(), over=False)
    check(Snapshot(game, SPECTATOR, json.loads(json.dumps(public))))
    _caught(game, SPECTATOR, public, "public", "hand_sizes", [c.code for c in game.state.hands[0]])
    _caught(game, SPECTATOR, public, "events", None, [event_to_data(e) for e in game.seat_log(0)])
    seeded = {**json.loads(json.dumps(update)), "id": 2**120 + 12345}
    with pytest.raises(AssertionError, match="seed"):
        check(Snapshot(game, seat, seeded, text=json.dumps(seeded), seed=2**120 + 12345))
