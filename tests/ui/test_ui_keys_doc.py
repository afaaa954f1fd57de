"""docs/keys.md is the games' registries written out; the help key prints the same lists, and the key
plan holds: a key means the same command in every game that binds it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from ui_driver import Harness

from access_game.ui.key_plan import PLAN, UnplannedCommand, planned
from access_game.ui.keys_doc import KEYS_DOC, game_titles, key_rows, keys_registry, render_keys_doc
from access_game.ui.registry import Command, CommandRegistry, KeyConflict, command

ROOT = Path(__file__).resolve().parents[2]
GAMES = [name for name, _ in game_titles()]


def test_docs_keys_md_is_in_sync_with_the_registries() -> None:
    on_disk = (ROOT / KEYS_DOC).read_text(encoding="utf-8")
    assert on_disk == render_keys_doc(), "docs/keys.md is out of date: run .venv/bin/python scripts/regen_golden.py"


@pytest.mark.parametrize("game", GAMES)
def test_every_command_of_every_game_is_in_the_doc(game: str) -> None:
    doc = render_keys_doc()
    for c in keys_registry(game):
        row = next(line for line in doc.splitlines() if line.startswith(f"| {c.keys_text} | {c.name} |"))
        assert f"| {c.description} |" in row


def test_the_help_lists_every_command_with_its_description() -> None:
    h = Harness(seed=4)
    h.start()
    help_lines = h.press("f1", "f1")  # F1 opens the help's sections; F1 again reads them all
    assert help_lines[0].startswith("Help for Five Crowns: ")
    for c in keys_registry("five-crowns"):
        assert (f"{c.keys_text}: {c.description}" in help_lines) is c.in_menu  # the menu's key is in the intro


def test_a_key_bound_in_two_games_names_the_same_command_in_both() -> None:
    seen: dict[str, tuple[str, str, bool]] = {}
    for game in GAMES:
        for row in key_rows(game):
            if row.command == "next":  # Space and Enter also move waiting computer players on
                continue
            if row.key in seen:
                other_game, name, commits = seen[row.key]
                assert (row.command, row.commits) == (name, commits), (
                    f"{row.key!r} is {row.command} in {game} but {name} in {other_game}")
            else:
                seen[row.key] = (game, row.command, row.commits)


def test_every_move_has_one_key_and_only_space_and_enter_are_shared() -> None:
    keys: dict[str, list[str]] = {}
    for p in PLAN:
        for k in p.keys:
            keys.setdefault(k, []).append(p.name)
    shared = {k: names for k, names in keys.items() if len(names) > 1}
    assert shared == {"space": ["next", "select"], "enter": ["put-down", "next"]}
    for p in PLAN:
        if p.commits:
            assert len(p.keys) == 1, f"{p.name} is a move: one key"
    # Space only selects: it commits nothing in any game.
    assert not planned("select").commits and not planned("next").commits


def test_a_command_outside_the_plan_is_refused() -> None:
    with pytest.raises(UnplannedCommand):
        command("dance", "Dance.", lambda k: None)
    c = command("discard", "Discard.", lambda k: None)
    assert (c.keys, c.group, c.commits) == (("x",), "play", True)


def test_keys_command_prints_the_plan_as_json() -> None:
    out = subprocess.run([sys.executable, "-m", "access_game", "keys", "--game", "contract-rummy", "--json"],
                         capture_output=True, text=True, check=True, cwd=ROOT).stdout
    data = json.loads(out)
    assert data["game"] == "contract-rummy"
    rows = {(r["key"], r["command"]) for r in data["keys"]}
    assert ("x", "discard") in rows and ("space", "select") in rows and ("y", "yes") in rows
    assert all(set(r) == {"key", "command", "commits", "group"} for r in data["keys"])
    assert next(r for r in data["keys"] if r["command"] == "discard")["commits"] is True
    bad = subprocess.run([sys.executable, "-m", "access_game", "keys", "--game", "chess"],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and "--game is one of" in bad.stderr


def test_a_key_used_twice_without_saying_when_is_refused() -> None:
    reg = CommandRegistry([Command("a", ("x",), "A.", lambda k: None, "play")])
    with pytest.raises(KeyConflict):
        reg.add(Command("b", ("x",), "B.", lambda k: None, "play"))
    with pytest.raises(KeyConflict):
        reg.add(Command("a", ("y",), "Again.", lambda k: None, "play"))
    shared = CommandRegistry([Command("a", ("x",), "A.", lambda k: None, "play", when=lambda: False)])
    shared.add(Command("b", ("x",), "B.", lambda k: None, "play", when=lambda: True))
    cmd = shared.for_key("x")
    assert cmd is not None and cmd.name == "b"
