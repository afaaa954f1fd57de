"""More than one game at the terminal: the games with a table, the 'another game' choice at the end,
each game's own save slot and resume question, and help that lists only what applies."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from ui_driver import Harness, raw

from access_game.catalog import games
from access_game.cli import main
from access_game.commands._common import UsageError
from access_game.commands.solitaire import SAVE_SLOT
from access_game.game_choice import GameChoice, choose_game
from access_game.saves import SaveStore
from access_game.settings import Settings
from access_game.terminal_game import play_in_terminal
from access_game.ui.table import table_entry, table_names
from engine.bots import make_agent
from engine.game import Game
from speech.backends.base import RecordingBackend

QUESTION = "Play again? Y or N; A for another game."


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Records, settings and saves of these games stay in the test's folder."""
    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    return tmp_path


def solitaire_one_card_left(seed: int = 2, player: str = "You") -> Game:
    """A deal played by the hint strategy up to its last card (deal 2 is not won before it)."""
    game = Game.new("solitaire", [player], seed=seed)
    agent = make_agent("solitaire", "normal", seed=0)
    while not (game.view(0).stock_size == 1 and game.view(0).phase == "draw"):
        assert not game.over
        game.apply(agent.choose(game.view(0), game.legal_actions(0)))
    return game


def finished_solitaire(h: Harness) -> Any:
    app = h.start(resumed=True)
    for key in ("d", "N", "N"):  # the last card: turn it up, place it and discard as the hint says
        h.press(key)
    assert app.session.over
    assert h.transcript[-1] == QUESTION
    return app


# ----------------------------------------------------------------------------- which games


def test_every_game_with_a_table_can_be_named() -> None:
    assert table_names() == [e.name for e in games() if e.table is not None]
    assert table_entry("solitaire").save_slot == SAVE_SLOT != table_entry("five-crowns").save_slot
    assert table_entry("solitaire").command == "access-game solitaire"


def _args(*argv: str) -> argparse.Namespace:
    from access_game.cli import build_parser

    return build_parser().parse_args(["play", *argv])


def test_play_game_solitaire_is_a_game_for_one() -> None:
    settings = Settings()
    assert choose_game(_args("--game", "solitaire", "--seed", "3"), settings) == GameChoice(
        "solitaire", ["You"], "normal", 3)
    assert choose_game(_args("--game", "solitaire", "--names", "Sam"), settings).players == ["Sam"]
    assert choose_game(_args(), settings).game == "five-crowns"
    with pytest.raises(UsageError, match=r"Five Crowns solitaire here is for 1 player$"):
        choose_game(_args("--game", "solitaire", "--players", "2"), settings)
    with pytest.raises(UsageError, match=r"--names: give 1 \(yours first\)"):
        choose_game(_args("--game", "solitaire", "--names", "Sam", "Max"), settings)


def test_bad_game_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "solitaire", "--players", "3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("access-game play: error: ") and "is for 1 player" in err


# ----------------------------------------------------------------------------- the resume question


def test_each_game_asks_its_own_resume_question() -> None:
    game = solitaire_one_card_left()
    question = table_entry("solitaire").resume_question(game, 0)
    closed = game.view(0).piles_closed
    assert question == (f"You have a saved game of Five Crowns solitaire, deal 2: {closed} of 11 piles closed, "
                        "1 card in the stock. Resume it?")
    crowns = Game.new("five-crowns", ["You", "Anna", "Ben"], seed=4)
    assert table_entry("five-crowns").resume_question(crowns, 0) == (
        "You have a saved game of Five Crowns with Anna and Ben, hand 1 of 11. Resume it?")


def test_quitting_names_the_command_that_goes_on(tmp_path: Path) -> None:
    h = Harness(game=Game.new("solitaire", ["You"], seed=5), save_dir=tmp_path / "saves")
    h.start()
    h.press("d")
    h.press("q")
    assert h.press("y")[-1] == "Your game is saved; run access-game solitaire again to go on."


# ----------------------------------------------------------------------------- help


def test_help_in_a_game_for_one_has_no_computer_players_key_and_the_piles_come_second() -> None:
    h = Harness(game=Game.new("solitaire", ["You"], seed=5))
    h.start()
    lines = h.press("f1", "f1")
    assert not any("computer players are waiting" in line for line in lines)
    titles = [line for line in lines if line.endswith(":") and not line.startswith(("Space", "F1"))]
    assert titles[:5] == ["Playing your turn:", "The current pile's cards:", "Moving between piles:", "All the piles:",
                          "The table:"]
    crowns = Harness(seed=4)
    crowns.start()
    crowns_help = crowns.press("f1", "f1")
    assert "Space or Enter: When computer players are waiting (pace: one per key): let the next one play." in (
        crowns_help)


# ----------------------------------------------------------------------------- another game


#: The games the table setup offers (those with a table), in the catalog's order.
TABLES = [e for e in games() if e.table is not None]


def test_the_question_at_the_end_offers_another_game_and_escape_comes_back_to_it() -> None:
    h = Harness(game=solitaire_one_card_left())
    app = finished_solitaire(h)
    assert h.press("x") == ["Play again? Press Y for yes or N for no; A for another game."]
    n = len(TABLES) + 1  # the games, then Play online
    # Another game is the table setup, its first question the game, the one just played first offered;
    # after the games, a server's lobby.
    assert h.press("a") == ["Up and Down to choose, Enter to accept, Escape to go back.",
                            f"New table, game: Five Crowns solitaire, 2 of {n}."]
    assert h.press("end") == [f"Play online, {n} of {n}"]
    assert h.press(*["up"] * (n - 2))[-1] == f"Five Crowns solitaire, 2 of {n}"
    assert h.press("up") == [f"Five Crowns, 1 of {n}"]
    assert h.press("escape") == ["Table setup closed; nothing changed.", QUESTION]
    h.press("a", "up", "enter")
    said = h.press(*["enter"] * 7)  # players, names, level, the four rule options
    assert said[-1].startswith("Start Five Crowns, 4 players: ")
    h.press("enter")
    assert app.next_plan is not None and app.next_plan.game == "five-crowns" and app.quitting
    assert app.next_plan.names[0] == app.session.players[0], "the player keeps their name"
    assert not any(line.startswith("Thank you") for line in h.transcript)


def test_choosing_the_same_game_deals_it_again() -> None:
    h = Harness(game=solitaire_one_card_left())
    app = finished_solitaire(h)
    h.press("a")
    said = h.press("enter", "enter", "enter")  # the game, the names, the one rule option
    assert said[-1].startswith("Start Five Crowns solitaire, 1 player: ")
    h.press("enter")
    assert app.next_plan is not None and app.next_plan.game == "solitaire" and app.quitting


class Launcher:
    """play_in_terminal with pipe input: ``first`` answers the questions asked before a game; then
    ``keys[i]`` is typed once the i-th game's app exists."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.backend = RecordingBackend()

    def __call__(self, choice: GameChoice, slot: str, first: list[str], keys: list[list[str]], *,
                 any_saved: bool = False) -> int:
        out = DummyOutput()
        apps: list[Any] = []
        with create_pipe_input() as inp, create_app_session(input=inp, output=out):
            inp.send_text(raw(first))

            def type_keys(app: Any) -> None:
                apps.append(app)
                inp.send_text(raw(keys[len(apps) - 1]))

            return play_in_terminal(choice, Settings(speech="silent", cues=False), input=inp, output=out,
                                    backend=self.backend, saves=SaveStore(self.home / "saves", slot=slot), cues=None,
                                    on_app=type_keys, any_saved=any_saved)

    @property
    def said(self) -> list[str]:
        return self.backend.texts


def test_another_game_starts_in_the_same_terminal_with_its_own_save(home: Path) -> None:
    saves = home / "saves"
    SaveStore(saves, slot="solitaire").write(solitaire_one_card_left(player="Sam"), human_seat=0, level="normal")
    run = Launcher(home)
    status = run(GameChoice("solitaire", ["Sam"], "normal", 1), "solitaire", ["y"],
                 [["d", "N", "N", "a", "up", *["enter"] * 9], ["q", "y"]])
    assert status == 0
    said = run.said
    assert said[0].startswith("You have a saved game of Five Crowns solitaire, deal 2: ")
    assert QUESTION in said
    assert "Five Crowns. F1 lists the keys; Escape opens a menu of every action." in said
    assert "New game of Five Crowns: you, Anna, Ben and Carla." in said
    assert said[-1] == "Your game is saved; run access-game again to go on."
    # The finished deal left no save; the new Five Crowns game is in its own slot, with Sam in seat 0.
    assert not (saves / "solitaire.json").exists()
    loaded = SaveStore(saves).load().session
    assert loaded is not None and loaded.game.players == ["Sam", "Anna", "Ben", "Carla"]


def test_access_game_offers_a_game_saved_in_another_slot(home: Path) -> None:
    saves = home / "saves"
    deal = solitaire_one_card_left()
    SaveStore(saves, slot="solitaire").write(deal, human_seat=0, level="normal")
    kept = (saves / "solitaire.json").read_text()
    crowns = GameChoice("five-crowns", ["You", "Anna", "Ben", "Carla"], "normal", 4)

    declined = Launcher(home)
    declined(crowns, "current", ["n"], [["q", "y"]], any_saved=True)
    assert declined.said[0].startswith("You have a saved game of Five Crowns solitaire, deal 2: ")
    assert "New game of Five Crowns: you, Anna, Ben and Carla." in declined.said
    assert (saves / "solitaire.json").read_text() == kept, "the other game's save is left alone"

    (saves / "current.json").unlink()
    resumed = Launcher(home)
    resumed(crowns, "current", ["y"], [["q", "y"]], any_saved=True)
    assert any(s.startswith("Resumed Five Crowns solitaire: ") for s in resumed.said)
    assert resumed.said[-1] == "Your game is saved; run access-game solitaire again to go on."
    assert not (saves / "current.json").exists()

    named = Launcher(home)  # a game named on the command line asks about its own slot only
    named(crowns, "current", [], [["q", "y"]])
    assert not any("solitaire" in s for s in named.said)


def test_a_wrong_key_at_the_resume_question_is_answered_every_time(home: Path) -> None:
    saves = home / "saves"
    SaveStore(saves, slot="solitaire").write(solitaire_one_card_left(), human_seat=0, level="normal")
    run = Launcher(home)
    run(GameChoice("solitaire", ["You"], "normal", 1), "solitaire", ["x", "x", "y"], [["q", "y"]])
    again = [s for s in run.said if s.endswith("Resume it? Press Y for yes or N for no.")]
    assert len(again) == 2


def test_a_saved_game_without_a_table_is_kept_aside_and_a_new_game_starts(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import access_game.ui.table as tables

    table_names()  # load every table, then take contract rummy's away for this test
    monkeypatch.delitem(tables._TABLES, "contract-rummy")
    saves = home / "saves"
    other = Game.new("contract-rummy", ["You", "Anna", "Ben"], seed=2)
    SaveStore(saves).write(other, human_seat=0, level="normal")
    run = Launcher(home)
    run(GameChoice("five-crowns", ["You", "Anna", "Ben", "Carla"], "normal", 4), "current", [], [["q", "y"]])
    assert run.said[0].startswith(f"The saved game is {other.ruleset.title}, which cannot be played here yet. "
                                  "It was kept as ")
    assert "New game of Five Crowns: you, Anna, Ben and Carla." in run.said
    assert len([p for p in saves.iterdir() if ".no-table-" in p.name]) == 1
