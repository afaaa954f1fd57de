"""One key, one act: the key plan (access_game/ui/key_plan.py) is the one place keys are written, and a
key means the same act in every game of the catalog that has that act."""

from __future__ import annotations

from collections import defaultdict

import pytest

from access_game.ui.key_plan import PLAN, planned
from access_game.ui.keys_doc import keys_registry
from access_game.ui.modes import Confirm
from access_game.ui.table import table_entries
from engine.game import Game
from tests.harness import KeyHarness

GAMES = [e.name for e in table_entries()]


@pytest.fixture(scope="module")
def registries() -> dict[str, list]:  # type: ignore[type-arg]
    return {game: list(keys_registry(game)) for game in GAMES}


def test_every_command_of_every_game_has_the_plans_keys(registries: dict[str, list]) -> None:  # type: ignore[type-arg]
    for game, commands in registries.items():
        for c in commands:
            assert c.keys == planned(c.name).keys, (game, c.name)
            assert c.commits == planned(c.name).commits, (game, c.name)


def test_a_key_means_the_same_act_in_every_game(registries: dict[str, list]) -> None:  # type: ignore[type-arg]
    planned_for: dict[str, set[str]] = defaultdict(set)
    for p in PLAN:
        for key in p.keys:
            planned_for[key].add(p.name)
    used: dict[str, set[str]] = defaultdict(set)
    for commands in registries.values():
        for c in commands:
            for key in c.keys:
                used[key].add(c.name)
    for key, names in used.items():
        assert names <= planned_for[key], key
        # The plan shares a key only with 'next' (Space and Enter let waiting computer players go on,
        # only while they wait): every other key is one command everywhere.
        assert len(names - {"next"}) == 1, (key, names)
    # A move never shares its key with anything but 'next'.
    for p in PLAN:
        if p.commits:
            for key in p.keys:
                assert planned_for[key] - {"next"} == {p.name}, key


@pytest.mark.parametrize("game", [g for g in GAMES if g in ("five-crowns", "contract-rummy")])
def test_up_and_down_say_they_do_nothing_where_there_is_no_pile_cursor(game: str, registries: dict[str, list]) -> None:  # type: ignore[type-arg]
    assert not any(c.name in ("pile-up", "pile-down") for c in registries[game])
    h = KeyHarness(Game.new(game, ["You", "Anna"], seed=2))
    h.start()
    assert h.press("up") == ["Up does nothing here. F1 for help, Escape for the menu."]
    assert h.press("down") == ["Down does nothing here. F1 for help, Escape for the menu."]


def test_up_and_down_move_a_pile_cursor_wherever_they_do_something(registries: dict[str, list]) -> None:  # type: ignore[type-arg]
    for game, commands in registries.items():
        names = {c.name for c in commands}
        assert ("pile-up" in names) == ("pile-down" in names), game
        assert all(c.group == "pile" for c in commands if c.name in ("pile-up", "pile-down")), game


def test_j_reaches_a_card_and_shift_j_a_place_in_the_pile_in_every_game(registries: dict[str, list]) -> None:  # type: ignore[type-arg]
    for game, commands in registries.items():
        by_name = {c.name: c for c in commands}
        assert "card" in by_name["go-to"].description.casefold(), game
        if "pile-go-to" in by_name:
            assert "pile" in by_name["pile-go-to"].description.casefold(), game


def test_only_the_answer_keys_answer_a_question() -> None:
    said: list[str] = []
    answers: list[str] = []
    q = Confirm("Play again?", said.append, on_yes=lambda: answers.append("y"), on_no=lambda: answers.append("n"))
    for key in ("N", "Y", "H", "space", "enter"):
        q.handle(key)
        assert not q.closed, key
    assert said[-1].startswith("Play again? Press Y for yes or N for no")
    q.handle("n")
    assert q.closed
