"""Nothing a web seat or a web spectator may not see is ever in what its browser is sent, in any game.

The web side of tests/net/test_leaks.py. A web seat is sent sentences, not the game's data: so every
frame a browser is sent (its lines, its state's hand and question, its prompt and errors) is recorded as
the server's loop queues it, with what the seat (or, watching, a spectator) has been let know by then:
every card in its own redacted log and in its own view. Every card named in the frame, by its words
("the 7 of clubs") or by its braille cells, must be one of those. A card another seat holds, or the
stock's, that the seat never saw, named anywhere, is a leak.

A browser plays a whole hand of every network game against a computer player, its cards as words; a
second browser watches the same table from the lobby, its cards as braille cells.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_leaks import _cards_in
from web_support import Browser, ServerThread, play_hand

from access_game.catalog import network_games
from access_game.net.server import TableServer
from access_game.ui.braille_link import card_cells
from access_game.web.gateway import WebChannel, WebGateway
from engine.events import event_to_data, seen_by
from engine.game import Game
from engine.views_data import view_to_data
from speech.phrases import card_words

#: The seat number a spectator's frames are recorded with (as in tests/net/test_leaks.py).
SPECTATOR = -2


class Sent:
    """One frame a browser was sent, with what its seat knew then and every card of the game."""

    def __init__(self, text: str, game: Game | None, seat: int | None) -> None:
        self.frame: dict[str, Any] = json.loads(text)
        self.seat = seat
        self.codes: set[str] = set()
        self.known: set[str] = set()
        if game is None or seat is None:
            return
        self.codes = {c.code for c in game.ruleset.all_cards(game.state)}
        log = seen_by(game.log, None) if seat == SPECTATOR else game.seat_log(seat)
        found: list[str] = []
        _cards_in([event_to_data(e) for e in log], found)
        if seat != SPECTATOR:
            _cards_in(view_to_data(game.view(seat)), found)
        self.known = {c for c in found if c in self.codes}


class RecordingChannel(WebChannel):
    def _queue(self, text: str) -> None:
        """Every frame for the browser passes here, in the server's loop, as it goes on the wire."""
        tables = self.gateway.tables
        seat = self.seat
        game, where = None, None
        if seat is not None and seat.lobby is not None and seat.lobby.watching is not None:
            table = tables.tables.get(seat.lobby.watching)
            game, where = (table.game if table is not None else None), SPECTATOR
        elif seat is not None and seat.session is not None and seat.code in tables.tables:
            game, where = tables.tables[seat.code].game, int(seat.session.human_seat)
        assert isinstance(tables, RecordingTables)
        tables.sent.append(Sent(text, game, where))
        super()._queue(text)


class RecordingGateway(WebGateway):
    async def serve(self, ws: Any) -> None:
        await RecordingChannel(self, ws).run()


class RecordingTables(TableServer):
    def __init__(self) -> None:
        super().__init__(None, web=RecordingGateway)
        self.sent: list[Sent] = []


def _names(game: Game) -> list[tuple[re.Pattern[str], str]]:
    """Each card of ``game``'s deck by its words and by its cells, with its code: the longest first."""
    forms: dict[str, str] = {}
    for card in game.ruleset.all_cards(game.state):
        forms[card_words(card, mark_wild=False)] = card.code
        forms[card_cells(card)] = card.code
    return [(re.compile(rf"(?<!\w){re.escape(form)}(?!\w)"), code)
            for form, code in sorted(forms.items(), key=lambda item: -len(item[0]))]


def _texts(frame: dict[str, Any]) -> Iterator[str]:
    kind = frame.get("type")
    if kind in ("lines", "history"):
        yield from frame["lines"]
    elif kind == "state":
        for card in frame["hand"]:
            yield card["words"]
            yield card["cells"]
        if frame.get("question"):  # (the commands' labels are the key plan's words: no game's cards)
            yield frame["question"]["text"]
    elif kind in ("error", "prompt"):
        yield frame["text"]


def leaks(sent: Sent, names: list[tuple[re.Pattern[str], str]]) -> list[str]:
    """The cards ``sent`` names that its seat never saw."""
    out: list[str] = []
    if sent.frame.get("type") == "state":
        out += [c["code"] for c in sent.frame["hand"] if c["code"] not in sent.known]
    for text in _texts(sent.frame):
        rest = text
        for pattern, code in names:
            if pattern.search(rest):
                if code not in sent.known:
                    out.append(f"{code} in {text!r}")
                rest = pattern.sub(" ", rest)
    return out


@pytest.mark.parametrize("game", network_games())
def test_no_web_frame_names_a_card_its_seat_may_not_see(game: str) -> None:
    tables = RecordingTables()
    with ServerThread(tables) as server:
        player, watcher = Browser(server.url), Browser(server.url)
        try:
            player.send("start", lang="en", name="Ann", cards="words")
            player.send("play", game=game, computers=1)
            player.wait(lambda b: b.token is not None and bool(b.state.get("hand")))
            watcher.send("start", lang="en", name="Watcher", cards="braille")
            watcher.send("watch", code=player.state["code"])
            watcher.wait(lambda b: b.state.get("where") == "watching", message="not watching")
            player.key("h")
            play_hand(player)
            player.quiet(0.5)
            watcher.quiet(0.5)
        finally:
            player.close()
            watcher.close()
        checked = server.call(lambda: [s for s in tables.sent if s.seat is not None])
    assert checked, "no frame of a seat was recorded"
    seats = {s.seat for s in checked}
    assert SPECTATOR in seats and 0 in seats, seats
    table_game = next(iter(tables.tables.values())).game
    names = _names(table_game)
    named = 0
    problems: list[str] = []
    for sent in checked:
        found = leaks(sent, names)
        problems += [f"seat {sent.seat}: {leak}" for leak in found]
        named += sum(1 for text in _texts(sent.frame) for pattern, _code in names if pattern.search(text))
    assert named > 20, "the frames named hardly any card: the check would find nothing"
    spectator_cells = [s for s in checked if s.seat == SPECTATOR and s.frame.get("type") == "lines"]
    assert any(any(0x2800 < ord(ch) <= 0x28FF for ch in line) for s in spectator_cells for line in s.frame["lines"]), \
        "the spectator, cards as braille cells, was shown no card"
    assert not problems, "\n".join(problems[:20])


def test_the_check_finds_a_leak() -> None:
    """The check can fail: a line naming a card of the other hand, as words or as cells, is caught."""
    game = Game.new("gin-rummy", ["A", "B"], seed=3)
    names = _names(game)
    theirs = game.state.hands[1][0]
    mine = game.state.hands[0][0]

    def sent(*lines: str) -> Sent:
        return Sent(json.dumps({"type": "lines", "lines": list(lines)}), game, 0)

    assert not leaks(sent(f"You hold the {card_words(mine)}."), names)
    assert leaks(sent(f"Anna holds the {card_words(theirs)}."), names)
    assert leaks(sent(f"Anna: {card_cells(theirs)}"), names)
    spectator = Sent(json.dumps({"type": "lines", "lines": [card_words(mine)]}), game, SPECTATOR)
    assert leaks(spectator, names)
