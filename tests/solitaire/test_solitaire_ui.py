"""The solitaire table by keys: whole seeded deals against golden transcripts, and each key's answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from solitaire_driver import (
    DOC,
    GOLDEN_DEALS,
    KEY_OF_PILE,
    GoldenDeal,
    SolitaireHarness,
    check_golden,
    doc_with_keys,
    golden_path,
    replay_golden,
)
from solitaire_tables import cards, state, table

from access_game.settings import Settings
from access_game.ui.registry import CommandRegistry
from engine.actions import Draw
from engine.game import Game
from engine.rules.five_crowns_solitaire import Place
from tests.harness import state_resaved


@pytest.fixture
def records(tmp_path: Path) -> Path:
    return tmp_path / "records.json"


# ----------------------------------------------------------------------------- golden deals


@pytest.mark.parametrize("deal", GOLDEN_DEALS, ids=lambda g: g.name)
def test_whole_deal_matches_golden_transcript(deal: GoldenDeal, records: Path) -> None:
    check_golden(golden_path(deal), lambda keys: replay_golden(deal, keys, records))


def test_golden_deals_say_closings_stock_warnings_and_the_end() -> None:
    won = golden_path(GOLDEN_DEALS[0]).read_text(encoding="utf-8")
    assert "You won! All 11 piles closed" in won
    assert "Only 10 cards left in the stock." in won and "Only 5 cards left in the stock." in won
    assert won.count(" closed: ") >= 11
    assert "Your record: 1 game, 1 win" in won
    lost = golden_path(GOLDEN_DEALS[1]).read_text(encoding="utf-8")
    assert "The stock is empty: you closed" in lost
    assert "Stock 10." in lost and "Stock 5." in lost


# ----------------------------------------------------------------------------- keys


def started(game: Game, records: Path) -> SolitaireHarness:
    h = SolitaireHarness(0, records, game=game)
    h.start()
    return h


def test_the_table_builds_and_every_command_is_in_the_menu(records: Path) -> None:
    h = started(Game.new("solitaire", ["You"], seed=1), records)
    assert h._app is not None
    registry: CommandRegistry = h._app.registry
    names = {c.name for c in registry.menu_items()}
    assert {"draw", "put-down", "discard", "hint", "open-piles", "scores", "record", "read-hand"} <= names
    help_text = "\n".join(registry.help_lines())
    assert "Moving between piles:" in help_text and "Alt+1" in help_text


def test_a_pile_is_announced_with_size_wild_rank_and_distance(records: Path) -> None:
    game = table({4: "6h 7h 8h 10s jd kc"})
    h = started(game, records)
    assert h.press("4") == ["Pile 4: 6 cards, 6s wild, 3 cards from closing."]
    said = h.press("up")
    assert said[0].startswith("Pile 3: 5 cards, 5s wild, ")
    assert h.press("alt-1")[0].startswith("Pile 11: 13 cards, kings wild, ")


def test_arrows_skip_closed_piles_and_numbers_reach_them(records: Path) -> None:
    game = table({1: "7h 8h 9h", 2: "5d 5s 5c jo"})
    assert not state(game).is_open(1) and not state(game).is_open(2)
    h = started(game, records)
    assert h.table.pile == 3
    assert h.press("up")[0].startswith("That is the first open pile.")
    assert h.press("1") == ["Pile 1: closed, 3 cards."]
    assert h.press("down")[0].startswith("Pile 3:")


def test_enter_before_drawing_explains_and_changes_nothing(records: Path) -> None:
    h = started(Game.new("solitaire", ["You"], seed=4), records)
    before = json.dumps(h.game.to_data())
    assert h.press("enter") == ["Draw a card from the stock first."]
    assert h.press("x") == ["Draw a card from the stock first."]
    assert json.dumps(h.game.to_data()) == before


def test_placing_on_a_closed_pile_is_refused_with_the_reason(records: Path) -> None:
    game = table({1: "7h 8h 9h"}, top="5c")
    h = started(game, records)
    h.press("d")
    before = json.dumps(game.to_data())
    h.press("1")
    assert h.press("enter") == ["Pile 1 is closed: it takes no more cards."]
    assert json.dumps(game.to_data()) == before


def test_a_move_by_keys_places_then_discards_the_card_under_the_cursor(records: Path) -> None:
    game = table({2: "5d 5s 5c 10h"}, top="5h")
    h = SolitaireHarness(0, records, game=game, settings=Settings(speech="silent", cues=False, hints=False))
    h.start()
    said = h.press("d")
    assert said == ["You turn up the 5 of hearts, wild on pile 3; 27 left in the stock."]
    said = h.press("2", "enter")
    assert "You put the 5 of hearts on pile 2; now discard one of its cards." in said
    # With hints off the card cursor is on the card just placed; Right moves to the 10 of hearts (suit
    # order: hearts first).
    assert h.press("right") == ["10 of hearts, 2 of 5"]
    said = h.press("x")
    assert said[:2] == ["You discard the 10 of hearts from pile 2.", "Pile 2 closed: 1 book. 1 of 11 closed, 10 to go."]
    assert not state(game).is_open(2)


def test_a_hint_said_unasked_names_its_key_and_that_key_does_it(records: Path) -> None:
    """With hints on, the hint after each step names its key and puts the cursors where that key acts:
    Enter places on the pile it named, X discards the card it named (not the card just placed)."""
    game = table({2: "5d 5s 5c 10h"}, top="5h")
    h = started(game, records)
    said = h.press("d")
    assert said == ["You turn up the 5 of hearts, wild on pile 3; 27 left in the stock.",
                    "Place the 5 of hearts on pile 2: then the pile can close. Press Enter."]
    said = h.press("enter")
    assert said == ["You put the 5 of hearts on pile 2; now discard one of its cards.",
                    "Discard the 10 of hearts: that closes the pile. Press X."]
    assert h.press("H") == ["10 of hearts, 2 of 5"]  # said already: only where the cursor is
    said = h.press("x")
    assert said[:2] == ["You discard the 10 of hearts from pile 2.", "Pile 2 closed: 1 book. 1 of 11 closed, 10 to go."]


def test_the_discard_must_be_made_on_the_pile_placed_on(records: Path) -> None:
    game = table({2: "5d 5s 5c 10h"}, top="5h")
    h = started(game, records)
    h.press("d", "2", "enter", "3")
    before = json.dumps(game.to_data())
    said = h.press("x")
    assert said == ["You are on pile 3; the discard comes from pile 2, where you placed the card. Press 2 to go there."]
    assert json.dumps(game.to_data()) == before


def test_play_hint_does_the_hinted_step(records: Path) -> None:
    game = table({2: "5d 5s 5c 10h"}, top="5h")
    h = started(game, records)
    h.press("d", "N", "N")
    assert not state(game).is_open(2)
    assert state(game).dead == cards("10h")


def test_reading_keys(records: Path) -> None:
    game = table({4: "6h 7h 8h 10s jd kc"}, top="9h")
    h = started(game, records)
    h.press("4")
    # Reading order is the deck's suit order: stars, hearts, clubs, spades, diamonds.
    assert h.press("h") == [
        "Pile 4, 3 cards from closing: 6 of hearts, wild; 7 of hearts; 8 of hearts; "
        "king of clubs; 10 of spades; jack of diamonds."
    ]
    # The wild 6 of hearts stands where the run can grow: above the 8.
    assert h.press("alt-m") == [
        "Pile 4: 6 cards, 6s wild, 3 cards from closing. Melds: run of hearts, 7 to 9: "
        "7 of hearts; 8 of hearts; 6 of hearts, wild. Unmatched: king of clubs; 10 of spades; "
        "jack of diamonds."
    ]
    assert h.press("w") == ["On pile 4, 6s and jokers are wild: it was dealt 6 cards."]
    assert h.press("s") == ["The stock has 28 cards; 0 cards discarded."]
    assert h.press("g")[0].startswith("Pile 4: hearts: wild 6, 7, 8")
    assert h.press("k") == ["Nothing has been discarded yet."]
    assert h.press("u") == ["No card is waiting to be placed. Press D to turn one up."]
    h.press("d")
    assert h.press("u") == ["The turned-up card is the 9 of hearts, wild on pile 7."]
    assert h.press("R") == ["Your record: no games finished yet."]
    opened = h.press("P")[0]
    assert opened.startswith("11 open piles. 1: ") and "4: 3 cards from closing" in opened


def test_braille_cells_are_shown_but_never_spoken(records: Path) -> None:
    game = table({1: "7h 9s kc"})
    h = started(game, records)
    h.press("1")
    printed_before = len(h.printer.printed)
    assert h.press("b") == []
    h.printer.flush()
    new_lines = h.printer.printed[printed_before:]
    assert len(new_lines) == 1 and all(0x2800 <= ord(ch) <= 0x28FF for ch in new_lines[0])


def test_resuming_puts_the_cursor_on_the_card_just_placed(records: Path, tmp_path: Path) -> None:
    game = table({3: "4h 5h 9c 10c jd"}, top="kd")
    game.apply(Draw(0, "stock"))
    game.apply(Place(0, 3))
    saved = state_resaved(game)
    h = SolitaireHarness(0, records, game=saved)
    h.start(resumed=True)
    assert h.transcript[1] == "Resumed Five Crowns solitaire: 0 of 11 piles closed, 27 cards in the stock."
    assert h.transcript[2] == "Discard a card from pile 3: Left and Right, then X."
    assert h.press("x")[0] == "You discard the king of diamonds again; pile 3 is as it was."


def test_the_record_counts_finished_games(records: Path) -> None:
    game = table({1: "7h 9h kc"}, top="8h", closed=tuple(range(2, 12)))
    h = started(game, records)
    said = h.press("d", "1", "enter", "end", "x")
    assert "You won! All 11 piles closed, with 27 cards left in the stock." in said
    assert said[-2] == "Your record: 1 game, 1 win; best: won with 27 cards left; winning streak 1 (longest 1)."
    data = json.loads(records.read_text(encoding="utf-8"))
    assert data["games"]["solitaire"]["You"]["wins"] == 1


def test_keys_for_each_pile_are_the_numbers() -> None:
    assert [KEY_OF_PILE[n] for n in range(1, 12)] == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "alt-1"]


def test_the_keys_in_the_document_are_the_keys_of_the_table(records: Path) -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert doc_with_keys(doc, records) == doc, "run tests/solitaire/solitaire_driver.py to rewrite the keys"
