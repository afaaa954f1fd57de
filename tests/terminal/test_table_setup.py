"""A table set up by keys, in a real pseudo-terminal, for every game of the catalog: the first start asks
(game, players, names, levels, rule options, then the whole table on one line), deals what was chosen
and remembers it; the command line wins for one run; the same questions open from the game (Ctrl+N,
the Escape menu) and at "another game"."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

from access_game.game_choice import choose_game
from access_game.remembered_tables import remember
from access_game.settings import Settings
from access_game.table_plan import TablePlan, default_plan
from access_game.ui.table import table_entries
from engine.game import Game
from tests.harness import KeyHarness

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pty_play import decline_the_lesson, spawn

DOWN, UP, ENTER = "\x1b[B", "\x1b[A", "\r"
ENTRIES = table_entries()


def _spawn(home: Path, *args: str) -> Any:
    return spawn(home, "--speech", "screen-reader", "--braille", "off", *args, term="xterm", timeout=30)


@pytest.mark.parametrize("index", range(len(ENTRIES)), ids=[e.name for e in ENTRIES])
def test_the_first_start_sets_the_table_up_by_keys_and_remembers_it(tmp_path: Path, index: int) -> None:
    entry = ENTRIES[index]
    child = _spawn(tmp_path)
    decline_the_lesson(child)
    child.expect("Up and Down to choose, Enter to accept, Escape to go back.")
    child.expect(f"New table, game: {ENTRIES[0].title}, 1 of {len(ENTRIES)}\\.")
    for _ in range(index):
        child.send(DOWN)
    if index:
        child.expect(f"{re.escape(entry.title)}, {index + 1} of {len(ENTRIES)}")
    child.send(ENTER)
    questions = []
    while True:
        child.expect([r"Players, you included: [^\r\n]+", r"Names: [^\r\n]+", r"Computer players' level: [^\r\n]+",
                      r"Level of [^\r\n]+", r"Start [^\r\n]+", r"\w[\w ]*(?: \([^)]*\))?: [^\r\n]+, \d+ of \d+\."])
        line = re.sub(r"^[^A-Z]*", "", re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.after))
        questions.append(line)
        if line.startswith("Start"):
            break
        if line.startswith("Players"):
            child.send(UP)  # one player fewer than the usual four
            child.expect("3 players")
        elif line.startswith("Computer players' level"):
            child.send("h")  # a letter goes to the answer starting with it
            child.expect(f"hard, 3 of {len(entry.levels) + 1}")  # the game's levels, then each seat its own
        child.send(ENTER)
    summary = questions[-1]
    low, high = entry.player_range
    players = min(3, high)  # three players, or as many as the game seats
    names = ["You", "Anna", "Ben"][:players]
    asked = (["Players, you included"] if high > low else []) + (["Names", "Computer players' level"]
                                                                 if high > 1 else [])
    if high > 1:
        seats = "; ".join(["You", *(f"{name}, hard" for name in names[1:])])
        assert summary.startswith(f"Start {entry.title}, {players} players: {seats}."), summary
        assert [q.split(":")[0] for q in questions[: len(asked)]] == asked
    else:
        assert summary.startswith(f"Start {entry.title}, 1 player: You."), summary
    # Every rule option the catalog offers in settings was asked, one line each.
    assert len(questions) == max(len(asked), 1) + len(entry.setting_options()) + 1
    child.send(ENTER)
    child.expect(f"{re.escape(entry.title)}\\. F1 lists the keys")
    child.expect(">")
    child.send("q")
    child.expect("Quit")
    child.send("y")
    child.expect(pexpect.EOF)
    kept = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert kept["last_game"] == entry.name
    assert kept["tables"][entry.name] == {"names": ["You", "Anna", "Ben"][:players], "levels": ["hard"] * (players - 1)}
    save = json.loads((tmp_path / "data" / "saves" / f"{entry.save_slot}.json").read_text())
    assert save["game"]["players"] == ["You", "Anna", "Ben"][:players]
    assert save["level"] == ("hard" if players > 1 else save["level"])


def test_names_are_typed_and_a_level_set_seat_by_seat(tmp_path: Path) -> None:
    child = _spawn(tmp_path)
    decline_the_lesson(child)
    child.expect("New table, game: Five Crowns")
    child.send(ENTER)
    child.expect("Players, you included: 4 players")
    child.send(ENTER)
    child.expect("Names: keep You, Anna, Ben, Carla, 1 of 2.")
    child.send(DOWN)
    child.expect("type each name, 2 of 2")
    child.send(ENTER)
    child.expect("Your name: You. Type it, then Enter; Enter alone keeps it.")
    child.send("Anna" + ENTER)
    child.expect("Anna cannot be used: another player has that name.")
    child.send("Zoe" + ENTER)
    child.expect("Name of player 2 of 4: Anna")
    child.send(ENTER + ENTER + ENTER)
    child.expect("Computer players' level: normal, 2 of 4.")
    child.send("e")
    child.expect("each seat its own, 4 of 4")
    child.send(ENTER)
    child.expect("Level of Anna: normal, 2 of 3.")
    child.send(UP + ENTER)
    child.expect("Level of Ben: normal")
    child.send(DOWN + ENTER)
    child.expect("Level of Carla: normal")
    child.send("\x1b")  # Escape goes back one question
    child.expect("Level of Ben: hard, 3 of 3.")
    child.send(ENTER + ENTER)
    child.expect("Tie for the lowest total")
    for _ in range(10):  # Enter through the rule options to the table
        child.send(ENTER)
        if child.expect([r"Start [^\r\n]+", r": [^\r\n]+, \d+ of \d+\."]) == 0:
            break
    assert child.after.startswith("Start Five Crowns, 4 players: Zoe; Anna, easy; Ben, hard; Carla, normal.")
    child.send(ENTER)
    child.expect("Five Crowns. F1 lists the keys")
    child.expect(">")
    child.send("q")
    child.expect("Quit")
    child.send("y")
    child.expect(pexpect.EOF)
    save = json.loads((tmp_path / "data" / "saves" / "current.json").read_text())
    assert save["game"]["players"] == ["Zoe", "Anna", "Ben", "Carla"]
    assert save["levels"] == ["", "easy", "hard", "normal"]


def _args(*argv: str) -> Any:
    from access_game.cli import build_parser

    return build_parser().parse_args(["play", *argv])


def test_the_remembered_table_is_dealt_and_the_command_line_wins_for_one_run() -> None:
    plan = TablePlan("upcard-rummy", ("Zoe", "Max", "Ida"), ("hard", "easy"), {"target": 500})
    settings = remember(Settings(), plan)
    choice = choose_game(_args("--seed", "3"), settings)
    assert (choice.game, choice.players, choice.levels) == ("upcard-rummy", ["Zoe", "Max", "Ida"], ("", "hard", "easy"))
    assert choice.options["target"] == 500
    # Flags win for this run: the game, the players, a level for all; settings are not changed by it.
    other = choose_game(_args("--game", "five-crowns", "--players", "2"), settings)
    assert (other.game, len(other.players)) == ("five-crowns", 2)
    hard = choose_game(_args("--level", "hard"), settings)
    assert hard.players == ["Zoe", "Max", "Ida"] and hard.level == "hard" and hard.levels == ()
    assert settings == remember(Settings(), plan)


def test_a_broken_remembered_table_is_left_out_with_the_rest_kept() -> None:
    settings, dropped, _rules = Settings.read({"level": "hard", "tables": {"five-crowns": {"names": ["You", "You"],
                                                                                            "levels": ["easy"]}}})
    assert settings.level == "hard" and settings.tables == {}
    assert dropped and dropped[0].startswith("tables")


def test_ctrl_n_opens_the_setup_in_the_game_and_enter_deals_the_new_table() -> None:
    h = KeyHarness(Game.new("five-crowns", ["You", "Anna"], seed=3))
    h.start()
    said = h.press("c-n")
    assert said[-2:] == ["Up and Down to choose, Enter to accept, Escape to go back.",
                         f"New table, game: Five Crowns, 1 of {len(ENTRIES) + 1}."]  # the games, Play online
    assert h.press("escape") == ["Table setup closed; nothing changed."]
    assert h.app_.next_plan is None and not h.app_.quitting
    h.press("c-n", "down", "down", "down", "enter")  # upcard rummy
    said = h.press(*["enter"] * 5)  # players, names, level and the two rule options
    assert said[-1].startswith("Start Upcard Rummy, 4 players: You; Anna, normal; Ben, normal; Carla, normal.")
    h.press("enter")
    assert h.app_.next_plan == default_plan("upcard-rummy", "normal", h.app_.next_plan.options)
    assert h.app_.quitting


def test_another_game_at_the_end_is_the_setup() -> None:
    h = KeyHarness(Game.new("contract-rummy", ["You", "Anna"], seed=3))
    h.start()
    h.app_.choose_game()  # 'A' at "Play again?"
    assert h.spoken[-1] == f"New table, game: Contract Rummy, 3 of {len(ENTRIES) + 1}."
    h.press("escape")
    assert h.app_.next_plan is None


def test_play_online_is_offered_after_the_games_and_asks_the_servers_address() -> None:
    """The setup's first question, in a game, ends with "Play online": Enter there asks the server's address
    (access_game.ui.online_entry); Escape at the address goes back to the game, nothing changed."""
    h = KeyHarness(Game.new("five-crowns", ["You", "Anna"], seed=3))
    h.start()
    h.press("c-n")
    n = len(ENTRIES) + 1  # the games, then Play online
    assert h.press("end") == [f"Play online, {n} of {n}"]
    said = h.press("enter")
    assert said[-1].startswith("Play online: type the server's address, such as ws://127.0.0.1:8765")
    assert h.press("escape") == ["Not playing online: the game goes on."]
    assert h.app_.next_online is None and h.app_.next_plan is None and not h.app_.quitting


def test_a_level_per_seat_plays_each_seat_and_is_kept_in_the_save(tmp_path: Path) -> None:
    from access_game.saves import SaveStore

    game = Game.new("five-crowns", ["You", "Anna", "Ben"], seed=5)
    h = KeyHarness(game, save_dir=tmp_path)
    session = h.session
    session.levels = ("", "easy", "hard")
    assert [session.agent_for(s).level for s in (1, 2)] == ["easy", "hard"]
    session.save_now()
    loaded = SaveStore(tmp_path).load().session
    assert loaded is not None and loaded.levels == ("", "easy", "hard")
    # A save from before levels by seat reads as one level for all.
    SaveStore(tmp_path).write(game, human_seat=0, level="normal")
    older = SaveStore(tmp_path).load().session
    assert older is not None and older.levels == () and older.level == "normal"
