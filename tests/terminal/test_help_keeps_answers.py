"""Help never changes an answer, in a real pseudo-terminal, for every game of the catalog: at each
question of the first start (the game, players, names, a name typed, levels, the rule options) the
player moves off the answer offered, presses F1 and the other keys that do nothing at a question (those
that close the help in a game), then Enter: the answer chosen is the one kept, to the table's last line
and the settings. Escape back and Enter forward again finds the cursor where it was left. In a game, F1
at a yes/no question and at a number being typed answers nothing either."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from access_game.ui.table import table_entries

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import decline_the_lesson, quit_game, spawn

DOWN, UP, ENTER, ESCAPE = "\x1b[B", "\x1b[A", "\r", "\x1b"
#: F1, then keys that close a game's help and do nothing at a question: ?, Tab, Left, Right, F2.
HELP_KEYS = ("\x1bOP", "?", "\t", "\x1b[D", "\x1b[C", "\x1bOQ")
#: At a name being typed '?' is a letter: the keys that are no letter.
NAME_HELP_KEYS = ("\x1bOP", "\t", "\x1b[D", "\x1b[C", "\x1bOQ", DOWN)
CHOICE_KEYS = "Up and Down to choose, Enter to accept, Escape to go back."
ENTRIES = table_entries()
QUESTION = re.compile(r"(Start [^\r\n]+|(?:Your name|Name of player \d+ of \d+): [^\r\n]+|"
                      r"[^\r\n>]+?: [^\r\n]+?, \d+ of \d+\.)\r*\n")


def _spawn(home: Path, *args: str) -> Any:
    return spawn(home, *args, "--speech", "screen-reader", "--braille", "off", width=1000, timeout=30)


def _question(child: Any) -> str:
    child.expect(QUESTION)
    return str(child.match.group(1)).strip()


def _helped(child: Any, line: str, keys: tuple[str, ...] = HELP_KEYS) -> None:
    """Each key says the question again as it stands: ``line``, word for word."""
    for key in keys:
        child.send(key)
        assert _question(child) == line, (repr(key), line)


@pytest.mark.parametrize("index", range(len(ENTRIES)), ids=[e.name for e in ENTRIES])
def test_f1_and_the_keys_that_close_help_keep_every_answer_chosen(tmp_path: Path, index: int) -> None:
    entry = ENTRIES[index]
    child = _spawn(tmp_path)
    decline_the_lesson(child)
    child.expect(re.escape(CHOICE_KEYS))
    total = len(ENTRIES)
    assert _question(child) == f"New table, game: {ENTRIES[0].title}, 1 of {total}."
    for _ in range(index):
        child.send(DOWN)
    game_line = f"New table, game: {entry.title}, {index + 1} of {total}."
    _helped(child, game_line)
    child.send(ENTER)
    chosen: list[str] = []  # what the last line must say: each answer chosen
    typed_name = ""
    asked = 0
    previous = game_line
    while not (line := _question(child)).startswith("Start "):
        asked += 1
        if line.startswith(("Your name", "Name of player")):
            if not typed_name:  # the first seat's name typed, then help keys, then Enter
                typed_name = "Xena"
                child.send(typed_name)
                _helped(child, line, NAME_HELP_KEYS)
            child.send(ENTER)
            previous = line
            continue
        m = re.fullmatch(r"(.+?): (.+), (\d+) of (\d+)\.", line)
        assert m, line
        question, at, of = m.group(1), int(m.group(3)), int(m.group(4))
        child.send(DOWN)  # off the answer offered
        child.expect(r"([^\r\n>]+), (\d+) of (\d+)\r*\n")
        label = str(child.match.group(1)).strip()
        moved = f"{question}: {label}, {at % of + 1} of {of}."
        _helped(child, moved)
        if asked == 1:  # Escape goes back one question; Enter there comes back to the cursor left here
            child.send(ESCAPE)
            assert _question(child) == previous
            child.send(ENTER)
            assert _question(child) == moved
        if label not in ("type each name", "each seat its own"):  # said by the questions that follow
            chosen.append(label)
        child.send(ENTER)
        previous = moved
    summary = line
    assert summary.startswith(f"Start {entry.title}"), summary
    _helped(child, summary, HELP_KEYS[:2])
    for words in chosen:
        assert words in summary, (words, summary)
    if typed_name:
        assert typed_name in summary, summary
    child.send(ENTER)
    child.expect(f"{re.escape(entry.title)}\\. F1 lists the keys")
    child.expect(">")
    quit_game(child)
    kept = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert kept["last_game"] == entry.name
    if typed_name:
        assert kept["tables"][entry.name]["names"][0] == typed_name


def test_f1_at_a_yes_no_question_and_a_number_answers_nothing(tmp_path: Path) -> None:
    child = spawn(tmp_path, "solitaire", "--seed", "3", "--speech", "screen-reader", width=1000, timeout=30)
    child.expect("F1 lists the keys")
    child.expect(">")
    child.send("J")  # Shift+J: a pile by its number
    child.expect(r"Type the number, then Enter\.")
    child.send("3")
    child.send(HELP_KEYS[0])
    child.expect(r"Digits, then Enter; Escape cancels\.")
    child.send(ENTER)
    child.expect(r"[Pp]ile 3")
    child.send("q")
    child.expect(r"Quit the game\? Y or N")
    child.send(HELP_KEYS[0])
    child.expect(r"Quit the game\? Press Y for yes or N for no")
    child.send("n")
    child.expect(">")
    quit_game(child)


def test_the_setup_opened_in_a_game_keeps_the_answer_through_f1_too() -> None:
    """Ctrl+N in a game opens the same questions as a mode of the game's app: F1 there, and Escape back
    then Enter forward, keep the answer the cursor was on."""
    from engine.game import Game
    from tests.harness import KeyHarness

    h = KeyHarness(Game.new("five-crowns", ["You", "Anna"], seed=3))
    h.start()
    h.press("c-n", "down", "down")
    assert h.press("f1")[-1] == f"New table, game: Contract Rummy, 3 of {len(ENTRIES) + 1}."
    players = h.press("enter")[-1]
    assert players.startswith("Players, you included:"), players
    moved = h.press("down")[-1]
    assert h.press("f1", "escape", "enter")[-1] == f"Players, you included: {moved}."
