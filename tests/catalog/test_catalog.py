"""The game catalog: each game described once, and everything that lists games reading it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from access_game import catalog
from access_game.catalog import DuplicateGame, GameEntry, UnknownGame, game, games, register_game, resolve
from access_game.cli import main
from engine.game import Game
from engine.registry import get_ruleset, ruleset_names

NAMES = [e.name for e in games()]


def test_the_games_in_menu_order_five_crowns_first() -> None:
    assert NAMES[0] == "five-crowns" and len(set(NAMES)) == len(NAMES) >= 4


def test_every_game_names_a_ruleset_and_spells_its_title_as_the_rules_do() -> None:
    assert sorted(e.ruleset for e in games()) == ruleset_names()
    for entry in games():
        assert entry.title == get_ruleset(entry.ruleset).title


def test_every_path_in_the_catalog_resolves() -> None:
    for entry in games():
        for path in (entry.table, entry.narrator, entry.resume, entry.hand_checker):
            if path is not None:
                assert callable(resolve(path)), path


def test_a_second_entry_for_a_name_is_refused_and_the_first_kept() -> None:
    first = game("upcard-rummy")
    with pytest.raises(DuplicateGame, match="upcard-rummy"):
        register_game(GameEntry("upcard-rummy", "Other", None, "x:y", "x:y", None, (), "x", "x"))
    assert game("upcard-rummy") is first


def test_an_unknown_game_is_refused_naming_each_game_once() -> None:
    with pytest.raises(UnknownGame) as err:
        game("euchre")
    message = str(err.value)
    assert all(message.count(e.name) == 1 for e in games())
    assert game(" Five-Crowns ") is game("five-crowns")


def test_five_crowns_keeps_the_save_slot_old_saves_are_in() -> None:
    assert game("five-crowns").save_slot == "current"
    assert len({e.save_slot for e in games()}) == len(games())


def test_levels_and_players_come_from_the_bots_and_the_rules() -> None:
    assert game("five-crowns").levels == ("easy", "normal", "hard")
    assert game("gin-rummy").levels == ("easy", "normal", "hard", "expert")
    assert game("solitaire").player_range == (1, 1)
    assert game("contract-rummy").player_range == (2, 8)


def test_importing_the_catalog_loads_no_table_no_words_and_no_braille() -> None:
    code = ("import sys, access_game.catalog as c; c.games(); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('speech', 'braille', 'engine') "
            "or m.startswith('access_game.ui') or m in ('prompt_toolkit', 'reportlab')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_options_are_read_and_checked_from_command_line_text() -> None:
    fc = game("five-crowns")
    assert fc.options_from_text({"tie_break": "PlayOff", "all_wild_melds": None}) == {"tie_break": "playoff"}
    with pytest.raises(ValueError, match="share, playoff"):
        fc.options_from_text({"tie_break": "coin"})
    with pytest.raises(ValueError, match="at least 1"):
        game("upcard-rummy").options_from_text({"target": "0"})
    for entry in games():
        data = get_ruleset(entry.ruleset).new_state(["A", "B"][: entry.player_range[1]], seed=1,
                                                    options=entry.default_options()).options.to_data()
        assert {k: data[k] for k in entry.default_options()} == entry.default_options()


def test_play_takes_each_game_and_its_options(monkeypatch: pytest.MonkeyPatch) -> None:
    from access_game.cli import build_parser
    from access_game.game_choice import choose_game
    from access_game.settings import Settings

    parser = build_parser()
    for name in NAMES:
        args = parser.parse_args(["play", "--game", name.upper(), "--seed", "3"])
        assert choose_game(args, Settings()).game == name
    args = parser.parse_args(["play", "--game", "upcard-rummy", "--target", "150", "--seed", "3", "--players", "2"])
    choice = choose_game(args, Settings())
    dealer = choice.options.pop("first_dealer")  # drawn from the seed unless chosen
    assert choice.options == {"target": 150} and dealer in (0, 1)
    assert Game.new(choice.game, choice.players, seed=1, options=choice.options).state.options.target == 150


@pytest.mark.parametrize(("argv", "message"), [
    (["--game", "five-crowns", "--target", "100"], "--target is not an option of Five Crowns"),
    (["--game", "contract-rummy", "--decks", "4"], "decks is 2 or 3"),
    (["--game", "five-crowns", "--tie-break", "coin"], "--tie-break is one of share, playoff"),
])
def test_play_refuses_a_bad_option_with_usage(argv: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *argv]) == 2
    assert message in capsys.readouterr().err


def test_the_commands_that_list_games_name_all_four(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "500")  # no wrapping inside a hyphenated name
    for command in ("play", "simulate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert all(name in text for name in NAMES), command
    with pytest.raises(SystemExit):
        main(["hand", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert all(e.name in text for e in games() if e.hand_checker is not None)


@pytest.mark.parametrize("deck", ["Five-Crowns", "contract-rummy", "UPCARD-RUMMY", "solitaire"])
def test_labels_take_every_game_as_a_deck(deck: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "labels.brf"
    assert main(["labels", "--deck", deck, "-o", str(out)]) == 0
    count = {"five-crowns": 116, "solitaire": 116, "contract-rummy": 108, "upcard-rummy": 96}[deck.casefold()]
    assert f"({count} cards x 2)" in capsys.readouterr().out
    title = game(deck.casefold()).title.upper().split()[0]
    assert out.read_bytes().lstrip(b" ").startswith(f",{title}".encode())  # the running head, centred


def test_the_table_registry_is_the_catalog() -> None:
    from access_game.ui.table import table_entries, table_entry

    assert [e.name for e in table_entries()] == NAMES
    assert table_entry("solitaire") is catalog.game("solitaire")


def test_every_game_has_the_files_adding_a_game_names() -> None:
    """docs/adding-a-game.md lists the files a game touches; each game in the catalog has them."""
    import importlib.util

    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    for part in ("engine/rules/<game>.py", "engine/bots/<game>.py", "speech/<game>_words.py",
                 "access_game/ui/<game>_table.py", "access_game/catalog.py", "scripts/regen_golden.py"):
        assert part in doc
    for entry in games():
        module = entry.ruleset.replace("-", "_")
        assert importlib.util.find_spec(f"engine.bots.{module}") is not None, entry.name
        assert type(get_ruleset(entry.ruleset)).__module__.startswith("engine.rules."), entry.name
        assert entry.table is not None and entry.table.startswith("access_game.ui.")


def test_every_game_has_a_golden_driver_found_by_its_name() -> None:
    """scripts/regen_golden.py finds each game's golden driver by the GOLDEN_GAME it declares, so adding a
    game edits no list there; a game without one is refused by name."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from script_loader import load_script

    root = Path(__file__).resolve().parents[2]
    regen = load_script("regen_golden")
    drivers = regen.golden_drivers()
    found = {regen.golden_game_of(root / folder / f"{module}.py") for folder, module in drivers}
    assert found == {e.name for e in games()}
    assert ("tests/ui_contract", "contract_driver") in drivers


def test_a_rule_option_from_the_command_line_reaches_the_saved_game_in_a_real_terminal(tmp_path: Path) -> None:
    import json

    import pexpect

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from pty_play import spawn

    child = spawn(tmp_path, "play", "--game", "Upcard-Rummy", "--target", "150", "--players", "2", "--speech",
                  "screen-reader", "--seed", "3", timeout=30)
    child.expect("Upcard Rummy")
    child.expect("Your turn")
    child.sendcontrol("c")
    child.expect("run access-game play --game upcard-rummy again to go on")
    child.expect(pexpect.EOF)
    save = json.loads((tmp_path / "data" / "saves" / "upcard-rummy.json").read_text(encoding="utf-8"))["game"]
    assert {k: v for k, v in save["options"].items() if k != "first_dealer"} == {"target": 150}
    assert save["state"]["options"]["target"] == 150
    assert save["options"]["first_dealer"] == save["state"]["options"]["first_dealer"]  # the seat drawn, kept
