"""The lobby's list: one line per item, the cursor kept on its item while the server's changes come in,
and the lobby's documented keys all bound. Plain values, no terminal: the terminal test
(tests/net/test_lobby_terminal.py) drives the same list through real processes."""

from __future__ import annotations

from typing import Any

from access_game.online.lobby_list import LobbyList

GAMES = [{"name": "five-crowns", "title": "Five Crowns", "players": [2, 14], "levels": ["easy"], "options": []},
         {"name": "solitaire", "title": "Five Crowns solitaire", "players": [1, 1], "levels": [], "options": []}]


def _table(code: str, host: str, *, free: int = 1, started: bool = False, watchable: bool = True) -> dict[str, Any]:
    return {"code": code, "game": "five-crowns", "seats": 3, "free": free, "computers": 1, "level": "easy",
            "options": {"tie_break": "playoff", "first_dealer": 2}, "host": host, "players": [host, None, "Anna"],
            "started": started, "watchable": watchable}


def test_the_list_words_each_item_in_one_line_and_leaves_out_games_for_one() -> None:
    lobby = LobbyList()
    lobby.set_games(GAMES)
    lobby.set_tables([_table("AAAAAAAAA", "Ann"), _table("CCCCCCCCC", "Cleo", free=0, started=True)])
    lines = [item.line for item in lobby.items()]
    rules = "Rules: Tie for the lowest total: 6-card play-off hands until one player is lowest."
    assert lines == ["Join a table by its code.", "New table of Five Crowns, 2 to 14 players.",
                     f"Five Crowns, host Ann: 1 seat free of 3, 1 computer player. {rules}",
                     f"Five Crowns, host Cleo: being played, open to watch, 1 computer player. {rules}"]
    assert all("\n" not in line for line in lines)
    assert lobby.items()[2].joinable and not lobby.items()[3].joinable and lobby.items()[3].watchable


def test_the_cursor_stays_on_its_item_while_tables_come_and_go() -> None:
    lobby = LobbyList()
    lobby.set_games(GAMES)
    lobby.set_tables([_table("AAAAAAAAA", "Ann"), _table("BBBBBBBBB", "Ben")])
    assert lobby.last().startswith("Five Crowns, host Ben")
    lobby.listed(_table("CCCCCCCCC", "Cleo"))  # a new table comes after Ben's
    assert lobby.line().startswith("Five Crowns, host Ben")
    lobby.unlisted("AAAAAAAAA")  # one before it goes
    assert lobby.line().startswith("Five Crowns, host Ben")
    lobby.listed(_table("BBBBBBBBB", "Ben", free=0, started=True))  # Ben's starts: it moves down the list
    assert lobby.line().startswith("Five Crowns, host Ben: being played")
    assert lobby.unlisted("BBBBBBBBB") is True  # the item under the cursor goes: the cursor stays in place
    assert lobby.line().startswith("Five Crowns, host Cleo")
    assert lobby.move(1) == lobby.line()  # the end of the list: the same item again
    assert lobby.first() == "Join a table by its code."
    assert lobby.move(-1) == "Join a table by its code."


def test_every_documented_lobby_key_is_bound() -> None:
    from prompt_toolkit.input import DummyInput
    from prompt_toolkit.output import DummyOutput

    from access_game.online.client import Connection
    from access_game.online.lobby_app import LobbyApp
    from access_game.settings import Settings
    from access_game.ui.keys_doc import render_keys_doc
    from access_game.ui.lobby_keys import LOBBY_KEYS, WATCHING_ONLY
    from access_game.ui.terminal_output import TerminalOutput
    from speech import lobby_words as lw
    from speech.backends import SilentBackend

    outputs = TerminalOutput(Settings(speech="silent", cues=False), output=DummyOutput(), backend=SilentBackend(),
                             cues=None)
    connection = Connection("ws://127.0.0.1:9", "Ann")  # never opened: only the keys are read
    try:
        app = LobbyApp(connection, outputs, "ws://127.0.0.1:9", input=DummyInput(), output=DummyOutput())
        in_list = app._keys()
        app.watched.code = "AAAAAAAAA"
        watching = app._keys()
    finally:
        connection.close()
        outputs.close()
    for name, keys in LOBBY_KEYS:
        assert name in lw.KEY_HELP
        for key in keys:
            assert key in (watching if name in WATCHING_ONLY else in_list), f"{key} ({name}) is not bound"
    assert "escape" not in in_list  # Escape in the list does nothing: it never leaves by accident
    doc = render_keys_doc()
    assert "| Shift+E | lobby-watch |" in doc and "| Up | lobby-previous |" in doc
