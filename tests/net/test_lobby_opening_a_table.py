"""Opening a table from the lobby, heard by the one who opens it and by the others: a real ``access-game
serve`` and two ``access-game online`` in real pseudo-terminals. A game with one number of players
(Gin Rummy: two) says that number and does not ask it; the others hear that Ann opened a table, never
"Ann left. Ann is online." (her lobby connection closes and her table's opens). A mistyped table code
says that no table has it. F1 at a typed question says it again and keeps what was typed."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from access_game.catalog import game

sys.path.insert(0, str(Path(__file__).resolve().parent))

from terminal_support import online, serving, terminals

DOWN, ENTER, F1 = "\x1b[B", "\r", "\x1bOP"


def test_a_table_of_a_two_player_game_opened_is_heard_as_opened(tmp_path: Path) -> None:
    gin = game("gin-rummy")
    low, high = gin.player_range
    assert max(2, low) == high == 2  # a game with one number of players
    with serving(tmp_path / "data", tmp_path / "server") as url, terminals() as children:
        ben = online(tmp_path / "ben", url, "Ben")
        children.append(ben)
        ben.expect("lobby>")
        ann = online(tmp_path / "ann", url, "Ann")
        children.append(ann)
        ann.expect("lobby>")
        ben.expect("Ann is online.")
        # A mistyped code, at the list's first item: no table has it.
        ann.send(ENTER)
        ann.expect("code>")
        ann.send("K7Q-AMX-3F")
        ann.send(F1)  # help answers nothing: the question again, the code typed kept
        ann.expect("Table code: type it, Enter joins.")
        ann.send(ENTER)
        ann.expect("No table has the code K7Q-AMX-3F.")
        for _ in range(10):  # Down to Gin Rummy's line
            ann.send(DOWN)
            if ann.expect([r"New table of Gin Rummy[^\r\n]*", r"New table of [^\r\n]*"]) == 0:
                break
        line = ann.after
        assert line.startswith("New table of Gin Rummy, 2 players."), line
        ann.send(ENTER)
        ann.expect("A new table of Gin Rummy.")
        ann.expect("2 players at the table.")
        ann.expect(r"How many of them computer players \(0 to 1\)")
        assert "2 to 2" not in ann.before and "Players at the table" not in ann.before
        ann.send("0")
        ann.send(F1)
        ann.expect(r"How many of them computer players \(0 to 1\)")
        ann.send(ENTER)
        ann.expect("List the table in the lobby")
        ann.send("y")
        ann.expect("Waiting for players to join")
        ben.expect("Ann opened a table of Gin Rummy.")
        heard = ben.before
        ben.send("p")  # who is online: Ann still, at her table
        ben.expect(r"Online \(2\): Ann and Ben.")
        heard = re.sub(r"\s+", " ", heard + ben.before)
        assert "Ann left." not in heard and heard.count("Ann is online.") == 0, heard
