"""Every key the help lists exists and does what its description says.

Each command of the registry has an expectation here; a new command without one fails the coverage
test, so the help can never promise a key nobody checked. Keys go through the app's dispatcher here;
test_ui_terminal_keys.py checks that the terminal's bytes for each key reach that dispatcher.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from ui_driver import Harness, can_go_out, play_until

from access_game.settings import Settings
from access_game.ui.app import GameApp
from access_game.ui.table import table_entries

Check = Callable[[Harness, GameApp, list[str]], None]


def _said(fragment: str) -> Check:
    def check(h: Harness, app: GameApp, said: list[str]) -> None:
        assert any(fragment in line for line in said), f"expected {fragment!r} in {said}"

    return check


def _said_any(*fragments: str) -> Check:
    def check(h: Harness, app: GameApp, said: list[str]) -> None:
        assert any(f in line for f in fragments for line in said), f"expected one of {fragments} in {said}"

    return check


def _my_draw_turn(app: GameApp) -> bool:
    return app.session.my_turn and app.session.view().phase == "draw" and not app.session.view().last_turn


def _start(seed: int = 1, **settings: object) -> tuple[Harness, GameApp]:
    h = Harness(seed=seed, settings=Settings(speech="silent", cues=False, **settings))  # type: ignore[arg-type]
    app = play_until(h, _my_draw_turn)
    return h, app


def _card_at(app: GameApp, index: int) -> str:
    from speech.phrases import card_words

    table = app.table
    return card_words(table.order[index], app.session.view().wild_rank)  # type: ignore[attr-defined]


def check_move(index: Callable[[GameApp], int]) -> Check:
    def check(h: Harness, app: GameApp, said: list[str]) -> None:
        i = index(app)
        n = len(app.table.order)  # type: ignore[attr-defined]
        assert app.table.pos == i  # type: ignore[attr-defined]
        assert said[-1].endswith(f"{_card_at(app, i)}, {i + 1} of {n}"), said

    return check


def _fixed(index: int) -> Callable[[GameApp], int]:
    return lambda app: index


def check_sorted(how: str) -> Check:
    def check(h: Harness, app: GameApp, said: list[str]) -> None:
        from engine.cards import Card

        order = app.table.order  # type: ignore[attr-defined]
        key = Card.rank_key if how == "rank" else Card.sort_key
        assert order == sorted(order, key=key)
        assert said[-1].startswith(f"Sorted by {how}: ")

    return check


def check_braille(h: Harness, app: GameApp, said: list[str]) -> None:
    line = h.printer.printed[-1]
    assert line and all(0x2800 <= ord(ch) <= 0x28FF for ch in line), line
    assert any("in braille" in s for s in said)
    assert not any(0x2800 <= ord(ch) <= 0x28FF for s in said for ch in s), "cells must never be spoken"


def check_repeat(h: Harness, app: GameApp, said: list[str]) -> None:
    assert said == [h.transcript[-3]] or said[0] == h.transcript[-3], said


# command name -> list of (keys to press before, key, check)
Scenario = tuple[list[str], str, Check]
NOTHING_BEFORE: list[str] = []
SCENARIOS: dict[str, list[Scenario]] = {
    "draw": [([], "d", _said("You drew the"))],
    "take": [([], "t", _said("You took "))],
    "discard": [(["d"], "x", _said("You discarded the")), ([], "x", _said("Draw a card first"))],
    "best-melds": [([], "alt-m", _said_any("Melds: ", "No melds yet")),
                   ([], "alt-m", _said_any("before you can go out", "Everything melds."))],
    "play-hint": [(["d"], "N", _said_any("You discarded ", "You went out: ")),
                  ([], "N", _said_any("You drew ", "You took "))],
    "go-out": [(["d"], "o", _said_any("You went out: ", "You cannot go out")), ([], "o", _said("Draw a card first"))],
    "hint": [([], "H", _said_any("points", "Take the ", "Draw from the stock")),
             (["d"], "H", _said_any("points", "You can go out", "Discard the ", "Go out"))],
    "previous-card": [(["end"], "left", check_move(lambda a: len(a.table.order) - 2))],  # type: ignore[attr-defined]
    "next-card": [(["home"], "right", check_move(lambda a: 1))],
    "first-card": [(["end"], "home", check_move(lambda a: 0))],
    "last-card": [([], "end", check_move(lambda a: len(a.table.order) - 1))],  # type: ignore[attr-defined]
    "jump": [(NOTHING_BEFORE, k, check_move(_fixed(int(k) - 1))) for k in "123"]
    + [(NOTHING_BEFORE, k, _said("there is no card")) for k in "4567890"],
    "jump-high": [(NOTHING_BEFORE, f"alt-{n}", _said(f"there is no card {10 + n}")) for n in range(1, 10)],
    "go-to": [([], "j", _said("Go to which card?")), (["j", "2"], "enter", check_move(lambda a: 1))],
    "read-hand": [([], "h", _said("3 cards: "))],
    "read-by-suit": [([], "g", _said(":"))],
    "read-by-rank": [([], "G", _said(":"))],
    "braille-hand": [([], "b", check_braille)],
    "sort-rank": [([], "r", check_sorted("rank"))],
    "sort-suit": [(["r"], "e", check_sorted("suit"))],
    "up-card": [([], "u", _said("The up card is"))],
    "wild": [([], "w", _said("Jokers and 3s are wild"))],
    "scores": [([], "s", _said("Totals: you 0"))],
    "scores-long": [([], "S", _said("No hands played yet."))],
    "info": [([], "i", _said("Hand 1 of 11, 3 cards dealt, 3s wild"))],
    "players": [([], "p", _said("Anna: 3 cards, last discarded"))],
    # pace 'step' (see STEP): Space and Enter let the next computer player move
    "next": [([], "space", _said("Anna ")), ([], "enter", _said("Anna "))],
    "repeat": [(["w"], "l", _said("Jokers and 3s are wild"))],
    "history-older": [(["w", "u"], "pageup", _said("Jokers and 3s are wild"))],
    "history-newer": [(["w", "u", "pageup"], "pagedown", _said("The up card is"))],
    "history-oldest": [([], "c-home", _said("Five Crowns. F1 for help."))],
    "history-newest": [(["w", "pageup", "pageup"], "c-end", _said("Jokers and 3s are wild"))],
    "history-filter": [([], "f", _said("Messages of your turns."))],
    "verbosity": [([], "v", _said("Verbosity detailed."))],
    "cues": [([], "c", _said("Sound cues on."))],
    "help": [([], "f1", _said("Help for Five Crowns")), ([], "?", _said("Playing your turn: 7 commands, 1 of 6"))],
    "menu": [([], "escape", _said("Action menu."))],
    "settings": [([], "f2", _said("Settings."))],
    # Every game with a table, then "Play online".
    "new-table": [([], "c-n", _said(f"New table, game: Five Crowns, 1 of {len(table_entries()) + 1}."))],
    "play-online": [([], "c-o", _said("Play online: type the server's address"))],
    "save": [([], "c-s", _said("This game is not being saved."))],
    "undo": [(["d"], "c-z", _said("Undone: you drew the ")),
             (["d", "x"], "c-z", _said("Undone: you discarded the "))],
    "quit": [([], "q", _said("Quit the game? Y or N."))],
}


#: Commands whose scenarios run with computer players moving one per key press.
STEP = {"next"}


def test_every_command_has_a_scenario() -> None:
    _, app = _start()
    assert {c.name for c in app.registry} == set(SCENARIOS)
    for c in app.registry:
        tested = {key for _, key, _ in SCENARIOS[c.name]}
        assert set(c.keys) <= tested, f"{c.name}: keys {set(c.keys) - tested} untested"


CASES = [(name, before, key, check) for name, cases in SCENARIOS.items() for before, key, check in cases]


@pytest.mark.parametrize(("name", "before", "key", "check"), CASES,
                         ids=[f"{c[0]}-{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_key_does_what_the_help_says(name: str, before: list[str], key: str, check: Check) -> None:
    if name in STEP:
        h = Harness(seed=1, settings=Settings(speech="silent", cues=False, pace="step"))
        app = h.start()
        assert app.session.waiting
    else:
        h, app = _start()
    for k in before:
        h.press(k)
    assert app.registry.for_key(key) is not None
    said = h.press(key)
    assert said, f"{key} said nothing"
    check(h, app, said)


def test_go_out_names_the_melds_and_ends_the_turn() -> None:
    h = Harness(seed=11)
    app = play_until(h, can_go_out)
    v = app.session.view()
    from engine.arrange_five_crowns import discard_options

    opts = discard_options(v.hand, v.wild_rank)
    card = next(c for c, a in opts.items() if a.points == 0)
    table = app.table
    table.pos = table.order.index(card)  # type: ignore[attr-defined]
    said = h.press("o")
    assert said[0].startswith("You went out: ")
    assert ("book of" in said[0]) or ("run of" in said[0])
    assert any(line.endswith("over. You went out.") for line in said)


def test_go_out_on_a_card_that_does_not_allow_it_names_the_cards_that_do() -> None:
    h = Harness(seed=11)
    app = play_until(h, can_go_out)
    v = app.session.view()
    from engine.arrange_five_crowns import discard_options

    opts = discard_options(v.hand, v.wild_rank)
    bad = [c for c, a in opts.items() if a.points > 0]
    if not bad:
        pytest.skip("every card lets this hand go out")
    app.table.pos = app.table.order.index(bad[0])  # type: ignore[attr-defined]
    said = h.press("o")
    assert "you can go out discarding" in said[-1]
    assert app.session.view().phase == "discard", "a refused go-out changes nothing"


def test_step_pace_waits_for_a_key_per_computer_turn() -> None:
    h = Harness(seed=3, settings=Settings(speech="silent", cues=False, pace="step"))
    app = h.start()
    assert app.session.waiting
    assert h.transcript[-1].endswith("Space to go on.")
    assert app.prompt_text() == "next> "
    said = h.press("space")
    assert said[0].startswith("Anna ")
    turns = [s for s in said if s.startswith(("Anna", "Ben", "Carla")) and "Space to go on" not in s]
    assert len(turns) == 1, "one computer turn per key"
    # Information keys work while they wait, and change nothing.
    said = h.press("i")
    assert "Hand 1 of 11" in said[0]
    assert app.session.waiting


def test_unknown_key_says_how_to_get_help() -> None:
    h, app = _start()
    before = app.session.game.to_data()
    said = h.press("z")
    assert said == ["Z does nothing here. F1 for help, Escape for the menu."]
    # Space selects in the rummies; in Five Crowns it never throws a card away.
    assert h.press("space") == ["Nobody is waiting to play."]
    assert h.press("f5") == ["F5 does nothing here. F1 for help, Escape for the menu."]
    assert app.session.game.to_data() == before


def test_discard_refused_out_of_turn_changes_nothing() -> None:
    h = Harness(seed=3, settings=Settings(speech="silent", cues=False, pace="step"))
    app = h.start()
    before = app.session.game.to_data()
    said = h.press("d")
    assert said == ["It is Anna's turn, not yours."]
    assert app.session.game.to_data() == before


def test_play_again_starts_a_new_game_with_the_same_players() -> None:
    from ui_driver import keys_for_decision

    h = Harness(seed=11)
    app = h.start()
    while not app.session.over:
        for k in keys_for_decision(app):
            h.press(k)
    assert h.transcript[-1] == "Play again? Y or N; A for another game."
    assert app.prompt_text() == "play again y/n> "
    said = h.press("y")
    assert said[0] == "New game of Five Crowns: you, Anna, Ben and Carla."
    assert not app.session.over and app.session.view().hand_number == 1
    assert len(app.table.order) == len(app.session.view().hand)


def test_alt_digits_reach_cards_11_and_up_in_a_late_hand() -> None:
    from engine.bots import make_agent
    from engine.game import Game

    game = Game.new("five-crowns", ["You", "Anna", "Ben", "Carla"], seed=21)
    agents = [make_agent("five-crowns", "normal", seed=s) for s in range(4)]
    while not (game.view(0).hand_number >= 10 and game.seats_to_act() == (0,) and game.view(0).phase == "draw"
               and not game.view(0).last_turn):
        seat = game.seats_to_act()[0]
        game.apply(agents[seat].choose(game.view(seat), game.legal_actions(seat)))
    h = Harness(game=game)
    app = h.start(resumed=True)
    h.press("d")
    table: Any = app.table
    n = len(table.order)
    assert n >= 13
    for k in range(1, n - 9):
        said = h.press(f"alt-{k}")
        assert table.pos == 9 + k
        assert said[-1].endswith(f", {10 + k} of {n}")
    said = h.press("0")
    assert said[-1].endswith(f", 10 of {n}")
