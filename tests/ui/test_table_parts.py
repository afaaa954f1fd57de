"""The parts the tables share: the meld cursor's step and the selection's marks, as every table with
melds uses them (contract rummy's cursor stops at the ends, upcard rummy's goes round)."""

from __future__ import annotations

from access_game.ui.hand_model import FREE, SELECTED, HandModel
from access_game.ui.meld_cursor import MeldStep, step_meld
from access_game.ui.selection import plan_selection, planned_melds, take_apart, toggle_current
from engine.notation import parse_cards


def test_a_step_from_no_meld_starts_at_the_first_going_on_and_the_last_going_back() -> None:
    for wraps in (False, True):
        assert step_meld(None, 3, 1, wraps=wraps) == MeldStep(0)
        assert step_meld(None, 3, -1, wraps=wraps) == MeldStep(2)
        assert step_meld(7, 3, 1, wraps=wraps) == MeldStep(0)  # its meld left the table
        assert step_meld(0, 0, 1, wraps=wraps) is None


def test_a_cursor_that_stops_stays_at_the_ends_and_says_so_one_that_wraps_goes_round() -> None:
    assert step_meld(2, 3, 1, wraps=False) == MeldStep(2, stopped=True)
    assert step_meld(0, 3, -1, wraps=False) == MeldStep(0, stopped=True)
    assert step_meld(1, 3, 1, wraps=False) == MeldStep(2)
    assert step_meld(2, 3, 1, wraps=True) == MeldStep(0)
    assert step_meld(0, 3, -1, wraps=True) == MeldStep(2)


def _hand(codes: str) -> HandModel:
    hand = HandModel()
    hand.sync(parse_cards(codes), None)
    return hand


def test_space_toggles_the_card_under_the_cursor() -> None:
    hand = _hand("7h 7c 7s 9d")
    hand.pos = 1
    assert toggle_current(hand) is True and hand.selected() == parse_cards("7c")
    assert toggle_current(hand) is False and hand.selected() == []


def test_planned_melds_are_numbered_and_one_taken_apart_renumbers_the_later_ones() -> None:
    hand = _hand("7h 7c 7s 9d 9s 9c")
    hand.marks = [SELECTED, SELECTED, SELECTED, FREE, FREE, FREE]
    assert plan_selection(hand) == 1
    hand.marks = [*hand.marks[:3], SELECTED, SELECTED, SELECTED]
    assert plan_selection(hand) == 2
    assert planned_melds(hand) == [tuple(parse_cards("7h 7c 7s")), tuple(parse_cards("9d 9s 9c"))]
    assert take_apart(hand, 1) == tuple(parse_cards("7h 7c 7s"))
    assert hand.marks == [FREE, FREE, FREE, 1, 1, 1]
    assert planned_melds(hand) == [tuple(parse_cards("9d 9s 9c"))]
