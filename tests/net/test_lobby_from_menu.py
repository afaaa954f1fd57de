"""The lobby reached from a local game's menu, as a player meets it: a real ``access-game serve`` and a
real ``access-game play`` in a pseudo-terminal. Ctrl+O asks the server's address (a bad one is refused
and asked again, nothing changed) and the name; the game is saved and the server's lobby opens, the same
as ``access-game online``; leaving it (Q) comes back to the saved game; the address and name are kept
in settings and typed in already the next time."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from terminal_support import serving, spawn, words


def test_play_online_from_the_menu_opens_the_lobby_and_comes_back_to_the_game(tmp_path: Path) -> None:
    with serving(tmp_path / "tables", tmp_path / "server") as url:
        home = tmp_path / "ann"
        game = spawn(home, "play", "--game", "five-crowns", "--seed", "7")
        try:
            game.expect("draw>")
            game.send("\x1b")  # Escape: the menu lists it
            game.expect("menu>")
            for _ in range(40):
                game.send("\x1b[B")
                if game.expect([r"Play online[^\n]*Ctrl\+O", "menu>"]) == 0:
                    break
            else:
                raise AssertionError("the menu has no Play online")
            game.send("\x1b")
            game.send("\x0f")  # Ctrl+O
            game.expect(words("Play online: type the server's address"))
            game.send("http://example.org\r")
            game.expect(words("http://example.org is not a server address"))
            game.expect("server address> http://example.org")
            game.send("\x7f" * len("http://example.org") + url + "\r")
            game.expect(words("Type your name on the server"))
            game.send("Ann\r")
            game.expect(words(f"Your game is saved; opening the lobby of {url}."))
            game.expect(words(f"Lobby of {url}: 0 open tables."))
            game.expect("lobby>")
            game.send("q")
            game.expect(r"Five Crowns with Anna, Ben and Carla, hand 1 of 11\. Resume it\? Y or N\.")
            game.send("y")
            game.expect("draw>")
            game.send("\x0f")
            game.expect(words(f"the server used last time is typed in, {url}"))
            game.expect(f"server address> {url}")
            game.send("\x1b")
            game.expect(words("Not playing online: the game goes on."))
            game.expect("draw>")
        finally:
            game.terminate(force=True)
    kept = [json.loads(p.read_text(encoding="utf-8")) for p in home.rglob("settings.json")]
    assert [(k["online_server"], k["online_name"]) for k in kept] == [(url, "Ann")]
