"""The Escape menu reaches every action, and list menus, questions and number entry behave."""

from __future__ import annotations

from typing import Any

import pytest
from ui_driver import Harness, play_until

from access_game.settings import Settings
from access_game.ui.app import GameApp

#: Commands whose menu result cannot equal the key's (they read history, which the menu itself adds
#: to, or take the key pressed as their argument).
NOT_COMPARABLE = {"repeat", "history-older", "history-newer", "history-oldest", "history-newest", "history-filter"}


def _ready(seed: int = 4) -> tuple[Harness, GameApp]:
    h = Harness(seed=seed, settings=Settings(speech="silent", cues=False))
    app = play_until(h, lambda a: a.session.my_turn and a.session.view().phase == "draw")
    return h, app


def _menu_names() -> list[str]:
    _, app = _ready()
    return [c.name for c in app.registry.menu_items()]


def test_the_menu_lists_every_command_but_itself() -> None:
    _, app = _ready()
    assert {c.name for c in app.registry} - {c.name for c in app.registry.menu_items()} == {"menu"}


@pytest.mark.parametrize("name", _menu_names())
def test_every_action_is_reachable_from_the_escape_menu(name: str) -> None:
    h, app = _ready()
    index = [c.name for c in app.registry.menu_items()].index(name)
    command = app.registry.get(name)
    opened = h.press("escape")
    assert opened[-1].startswith("Action menu. Up and Down to move")
    moved: list[str] = []
    for _ in range(index):
        moved = h.press("down")
    if index:
        # Each item is spoken as you move: its description, its keys, where it is in the list.
        assert moved[-1] == f"{command.description.rstrip('.')}, {command.keys_text}, {index + 1} of " \
            f"{len(app.registry.menu_items())}"
    said = h.press("enter")
    assert said, f"{name} from the menu said nothing"
    assert not app.modes or name in ("quit", "settings", "help", "jump", "jump-high", "go-to", "new-table",
                                     "play-online"), "the menu closed"
    if name in ("jump", "jump-high", "go-to"):
        assert said[-1].startswith("Go to which card?")
        return
    if name in NOT_COMPARABLE or name == "next":
        return
    # The same action by its key, from the same seeded position, says the same.
    h2, _ = _ready()
    direct = h2.press(command.keys[0])
    assert said == direct


def test_menu_wraps_and_escape_closes_without_acting() -> None:
    h, app = _ready()
    h.press("escape")
    n = len(app.registry.menu_items())
    said = h.press("up")
    assert said[-1].endswith(f"{n} of {n}")
    said = h.press("down")
    assert said[-1].endswith(f"1 of {n}")
    before = app.session.game.to_data()
    said = h.press("escape")
    assert said == ["Action menu closed."]
    assert not app.modes
    assert app.session.game.to_data() == before


def test_other_keys_in_a_menu_say_how_it_works_and_do_not_act() -> None:
    h, app = _ready()
    h.press("escape")
    before = app.session.game.to_data()
    said = h.press("d")
    assert "Up and Down to move" in said[-1]
    assert app.modes and app.session.game.to_data() == before


def test_settings_menu_changes_and_keeps_settings(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    h, app = _ready()
    changed: list[Settings] = []
    app.session.on_settings = changed.append
    said = h.press("f2")
    assert said[-1].startswith("Settings. ") and said[-1].endswith("Speech: silent, 1 of 23")
    h.press("down")
    assert h.press("down") == ["Voice: the language's own, 3 of 23"]
    assert h.press("right") == ["Voice: male 1"]
    assert app.session.settings.voice == "m1"
    assert h.press("down") == ["Voice pitch: 50 (50 is the voice's own), 4 of 23"]
    assert h.press("left") == ["Voice pitch: 40 (50 is the voice's own)"]
    assert h.press("down") == ["Voice volume: 100 percent, 5 of 23"]
    assert h.press("right") == ["Voice volume: 110 percent"]
    assert (app.session.settings.pitch, app.session.settings.volume) == (40, 110)
    h.press("down")
    said = h.press("right")
    assert said == ["Verbosity: detailed"]
    assert app.session.settings.verbosity == "detailed"
    assert app.session.narrator.verbosity == 2
    said = h.press("down")
    said = h.press("enter")
    assert said == ["Cards shown as: braille"]
    said = h.press("left")
    assert said == ["Cards shown as: words"]
    h.press("down")
    assert h.press("down") == ["Sound cues from each seat, left to right: on, 9 of 23"]
    assert h.press("enter") == ["Sound cues from each seat, left to right: off"]
    assert app.session.settings.cue_panning is False
    h.press("down")
    said = h.press("enter")
    assert said == ["Computer players: one per key press"]
    assert app.session.settings.pace == "step"
    h.press("down")
    said = h.press("down")
    assert said == ["Contract rummy buy questions: on, 12 of 23"]
    said = h.press("enter")
    assert said == ["Contract rummy buy questions: off"]
    assert app.session.settings.buy_questions is False
    said = h.press(*["down"] * 4)
    assert said[-1:] == ["Braille display words: as BRLTTY, else contracted, 16 of 23"]
    assert h.press("right") == ["Braille display words: contracted"]
    assert h.press("right") == ["Braille display words: uncontracted"]
    assert h.press("right") == ["Braille display words: computer braille"]
    h.press("down")
    assert h.press("enter") == ["Braille 10 as x: on"]
    assert app.session.settings.ten_as_x is True
    h.press("escape")
    assert [s.verbosity for s in changed][-1] == "detailed"
    assert changed[-1].pace == "step"
    assert (changed[-1].braille_words, changed[-1].ten_as_x) == ("computer", True)
    # The card code follows at once: under B, 10 is x.
    h.press("b")
    assert "⠂⠴" not in h.printer.printed[-1]


def test_the_wild_sign_marks_each_wild_card_under_b() -> None:
    """The "Braille sign before a wild card" setting (F2, after 10 as x): under B each card of the
    hand's wild rank has ⠸ before it, and nothing else does; off, the hand is the bare card code."""
    from braille.cards import WILD_SIGN, parse_braille_hand

    h, app = _ready(seed=7)  # 8 of stars, 7 of hearts and a wild 3 of spades
    h.press("b")
    bare = h.printer.printed[-1]
    assert WILD_SIGN.unicode not in bare
    h.press("f2")
    read = [h.press("down")[-1] for _ in range(30)]
    at = next(i for i, line in enumerate(read) if line.startswith("Braille sign before a wild card: off"))
    assert read[at - 1].startswith("Braille 10 as x: off")
    h.press(*["up"] * (len(read) - 1 - at))
    assert h.press("enter") == ["Braille sign before a wild card: on"]
    h.press("escape")
    assert app.session.settings.wild_sign is True
    h.press("b")
    marked = h.printer.printed[-1]
    wild = app.table.wild_rank
    cards = app.table.order
    assert wild is not None and any(card.rank == wild for card in cards)
    for cells, card in zip(marked.split("\u2800"), cards, strict=True):
        assert cells.startswith(WILD_SIGN.unicode) == (card.rank == wild)
    assert marked.replace(WILD_SIGN.unicode, "") == bare  # the sign is all that changed
    assert parse_braille_hand(marked) == list(cards)  # and the cells still read as the hand


def test_quit_asks_and_n_goes_on() -> None:
    h, app = _ready()
    assert h.press("q") == ["Quit the game? Y or N."]
    assert app.prompt_text() == "quit y/n> "
    assert h.press("x") == ["Quit the game? Press Y for yes or N for no."]
    assert h.press("n") == ["Going on."]
    assert not app.quitting


def test_j_goes_to_a_card_by_its_number_or_its_code_and_escape_cancels() -> None:
    from engine.notation import card_codes
    from speech.phrases import card_words

    h, app = _ready()
    table: Any = app.table
    h.press("j")
    h.press("2")
    said = h.press("enter")
    assert said[-1].endswith(f", 2 of {len(table.order)}")
    # By its code, as a player who heard the hand types it: no counting.
    last = table.order[-1]
    h.press("j", *card_codes([last])[0])
    said = h.press("enter")
    assert table.pos == len(table.order) - 1
    assert said[-1].endswith(f"{card_words(last, app.session.view().wild_rank)}, {len(table.order)} of "
                             f"{len(table.order)}"), said
    held = {c.code for c in table.order}
    h.press("j", "k", "s", "t")
    said = h.press("enter")
    if "kst" in held:
        assert table.order[table.pos].code == "kst"
    else:
        assert said[-1].startswith("You hold no king of stars"), said
    h.press("j", "z", "z")
    assert h.press("enter") == ["zz is not a card: type its number, its name such as 10 of stars, or its code "
                                "such as 10st."]
    table.pos = 0
    name = card_words(last)  # as the game says it, typed key by key (a space is the key "space")
    h.press("j", *("space" if ch == " " else ch for ch in name))
    said = h.press("enter")
    assert table.order[table.pos] == last, (name, said)
    before = table.pos
    h.press("j", "1")
    assert h.press("escape") == ["Cancelled."]
    assert table.pos == before


def test_only_the_answer_keys_answer_a_question() -> None:
    """Shift+N does the hint: pressed at a question (as by a player stepping through the game with it),
    it must not answer no and quit; the question is asked again."""
    h, app = _ready()
    h.press("q")
    said = h.press("N")
    assert said == ["Quit the game? Press Y for yes or N for no."] and app.modes and not app.quitting
    assert h.press("Y") == ["Quit the game? Press Y for yes or N for no."] and not app.quitting
    assert h.press("n") == ["Going on."]
