"""The lobby's words for accounts, from the server's frames as protocol 3 sends them, in English, French
and Spanish: who signed in and the account's seats as list items (Enter takes one back), a leaderboard
and a record one line each, a rating that moved. The real LobbyApp and outputs, with the silent voice;
what is checked is each line kept in the message history (what Page Up reads again)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from speech.i18n import in_language

SIGNED_IN = {"type": "signed_in", "name": "Ann", "session": "s", "new": False,
             "seats": [{"code": "K7QAMX3F9", "seat": 0, "game": "five-crowns", "started": True}]}
LEADERBOARD = {"type": "leaderboard", "game": "upcard-rummy",
               "entries": [{"place": 1, "name": "Ann", "rating": 1170, "games": 4, "wins": 3},
                           {"place": 2, "name": "Ben", "rating": -212, "games": 1, "wins": 0}]}
RECORD = {"type": "record", "name": "Ann",
          "ratings": [{"game": "upcard-rummy", "rating": 1170, "games": 4, "wins": 3}],
          "games": [{"game": "upcard-rummy", "finished": 1796180400, "place": 1, "won": True,
                     "players": ["Ann", "Ben", "Anna"], "rating": 1170}]}


@pytest.fixture
def app() -> Iterator[Any]:
    from prompt_toolkit.input import DummyInput
    from prompt_toolkit.output import DummyOutput

    from access_game.online.client import Connection
    from access_game.online.lobby_app import LobbyApp
    from access_game.settings import Settings
    from access_game.ui.terminal_output import TerminalOutput
    from speech.backends import SilentBackend

    outputs = TerminalOutput(Settings(speech="silent", cues=False), output=DummyOutput(), backend=SilentBackend(),
                             cues=None)
    connection = Connection("ws://127.0.0.1:9", "Ann")  # never opened: frames are handed to the app
    try:
        yield LobbyApp(connection, outputs, "ws://127.0.0.1:9", input=DummyInput(), output=DummyOutput())
    finally:
        connection.close()
        outputs.close()


def _said(app: Any, *frames: dict[str, Any]) -> list[str]:
    history = app.outputs.announcer.history
    before = len(history.entries)
    for frame in frames:
        app._frame(frame)
    return [entry.text for entry in history.entries[before:]]


def test_the_accounts_frames_are_said_one_line_each(app: Any) -> None:
    said = _said(app, SIGNED_IN)
    assert said == ["Signed in as Ann. You hold 1 seat at the server's tables: it is first in the list."]
    app.list.set_games([{"name": "five-crowns", "title": "Five Crowns", "players": [2, 14]}])
    assert app.list.move(1) == "Your seat at Five Crowns, table K7Q-AMX-3F9, game under way: Enter takes it back."
    app._act()  # Enter on the seat: the lobby ends asking the server for that seat back, without a token
    assert app.outcome.seat == {"type": "rejoin", "code": "K7QAMX3F9"}
    assert _said(app, LEADERBOARD) == ["Leaderboard of Upcard Rummy: the best 2 rated players.",
                                       "1. Ann, rating 1170, 4 games, 3 won.", "2. Ben, rating -212, 1 game, 0 won."]
    record = _said(app, RECORD)
    assert record[:2] == ["Record of Ann: the last game.", "Upcard Rummy: rating 1170 after 4 games, 3 won."]
    assert record[2].startswith("Upcard Rummy, 2026-") and record[2].endswith(
        ": place 1 of 3, with Ann, Ben and Anna. Rating after it: 1170.")
    assert _said(app, {"type": "rated", "game": "upcard-rummy", "rating": 1170, "change": -30, "games": 5}) == [
        "Your rating at Upcard Rummy is now 1170, down 30."]


@pytest.mark.parametrize("lang, expected", [
    ("fr", ["Classement de Rami à carte visible : les 2 meilleurs joueurs cotés.",
            "1. Ann, cote 1170, 4 parties, victoires : 3.", "2. Ben, cote moins 212, 1 partie, victoires : 0."]),
    ("es", ["Clasificación de Rummy de la carta descubierta: los 2 mejores jugadores con puntuación.",
            "1. Ann, puntuación 1170, 4 partidas, victorias: 3.",
            "2. Ben, puntuación menos 212, 1 partida, victorias: 0."]),
])
def test_the_leaderboard_in_french_and_spanish(app: Any, lang: str, expected: list[str]) -> None:
    with in_language(lang):
        said = _said(app, LEADERBOARD)
        record = _said(app, RECORD)
    assert said == expected
    heading = {"fr": "Historique d'Ann : la dernière partie.", "es": "Historial de Ann: la última partida."}
    assert record[0] == heading[lang]  # "de Ann" elided in French
