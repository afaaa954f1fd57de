"""Rummy 500's particular rules, each on a prepared table: the deal, melds (ace high or low, never
round the corner), taking the pile from any depth with its deepest card used at once, lay-offs that
score for the one who lays off, going out without a discard, the empty stock, and the scoring."""

from __future__ import annotations

import pytest

from engine.actions import Discard, Draw
from engine.arrange_rummy_500 import arrange_rummy_500, card_value, meld_problem
from engine.cards import Card
from engine.errors import IllegalAction
from engine.game import Game
from engine.notation import parse_cards
from engine.rules.rummy_500 import (
    LaidOff,
    LayOff,
    Meld,
    PileMeld,
    R500HandEnded,
    R500State,
    R500WentOut,
    TakePile,
    TookPile,
)


def cards(text: str) -> list[Card]:
    return parse_cards(text, jokers=False)


def _table(hands: list[str], discard: str, stock: str = "2c 3c 4c", table: list[PileMeld] | None = None) -> Game:
    """A two-player game at the start of seat 0's turn with the cards given (the rest put out of play by
    being left out: conservation is checked by the property tests, not here)."""
    game = Game.new("rummy-500", [f"p{i}" for i in range(len(hands))], seed=1)
    state: R500State = game.state
    state.hands = [cards(h) for h in hands]
    state.discard = cards(discard)
    state.stock = cards(stock)
    state.table = list(table or [])
    state.to_move, state.phase = 0, "draw"
    return game


def test_two_players_get_thirteen_cards_three_or_four_get_seven() -> None:
    for players, size in ((2, 13), (3, 7), (4, 7)):
        game = Game.new("rummy-500", [f"p{i}" for i in range(players)], seed=5)
        assert [len(h) for h in game.state.hands] == [size] * players
        assert len(game.state.stock) == 52 - players * size - 1 and len(game.state.discard) == 1


@pytest.mark.parametrize(("meld", "ok"), [
    ("ah 2h 3h", True), ("qh kh ah", True), ("kh ah 2h", False), ("7c 7d 7s", True), ("7c 7d 7s 7h", True),
    ("7c 7d", False), ("7c 8c 10c", False), ("7c 8d 9c", False), ("jh qh kh ah", True),
])
def test_melds_ace_high_or_low_never_round_the_corner(meld: str, ok: bool) -> None:
    assert (meld_problem(cards(meld)) is None) is ok


def test_card_values_ace_fifteen_faces_and_tens_ten() -> None:
    assert [card_value(c) for c in cards("ah kh 10h 9h 2h")] == [15, 10, 10, 9, 2]


def test_the_pile_is_taken_from_any_depth_and_its_deepest_card_melded_at_once() -> None:
    game = _table(["8h 9h 2s 3d", "4c 5c 6c"], "10h kd js qd")
    game.apply(TakePile(0, 4, tuple(cards("8h 9h 10h"))))
    state = game.state
    assert state.discard == []
    assert sorted(state.hands[0], key=Card.sort_key) == sorted(cards("2s 3d kd js qd"), key=Card.sort_key)
    assert [m.cards for m in state.table] == [tuple(cards("8h 9h 10h"))]
    assert isinstance(game.log[-2], TookPile) and game.log[-2].cards == tuple(cards("10h kd js qd"))


def test_a_take_whose_deepest_card_is_not_used_is_refused_and_changes_nothing() -> None:
    game = _table(["8h 9h 2s 3d", "4c 5c 6c"], "10h kd js qd")
    before = game.to_data()
    refused = (TakePile(0, 4, tuple(cards("js qd kd"))), TakePile(0, 4, ()), TakePile(0, 3, tuple(cards("8h 9h 10h"))),
               TakePile(0, 5, tuple(cards("8h 9h 10h"))), Draw(0, "discard"))
    for action in refused:
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert game.to_data() == before


def test_the_deepest_card_may_be_laid_off_instead_and_scores_for_the_taker() -> None:
    game = _table(["2s 3d 4h", "4c 5c"], "7c kd", table=[PileMeld(1, tuple(cards("4c 5c 6c")))])
    game.apply(TakePile(0, 2, (), 0))
    meld = game.state.table[0]
    assert meld.layoffs == ((0, cards("7c")[0]),) and meld.cards_of(0) == tuple(cards("7c"))
    assert isinstance(game.log[-1], LaidOff) and game.log[-1].owner == 1


def test_lay_off_on_anyones_meld_and_refused_when_it_does_not_fit() -> None:
    game = _table(["2s 3d 7c 8c", "9d"], "kd", table=[PileMeld(1, tuple(cards("4c 5c 6c")))])
    game.apply(Draw(0, "stock"))
    with pytest.raises(IllegalAction):
        game.apply(LayOff(0, cards("8c")[0], 0))
    game.apply(LayOff(0, cards("7c")[0], 0))
    game.apply(LayOff(0, cards("8c")[0], 0))
    assert game.state.table[0].cards_of(0) == tuple(cards("7c 8c"))


def test_going_out_by_melding_the_last_cards_needs_no_discard_and_scores_the_hand() -> None:
    game = _table(["7h 7d", "ks qs"], "5c", stock="2c 3c 7s")  # the stock's top is its last card
    game.apply(Draw(0, "stock"))
    events = game.apply(Meld(0, tuple(cards("7h 7d 7s"))))
    assert any(isinstance(e, R500WentOut) and e.seat == 0 for e in events)
    ended = next(e for e in events if isinstance(e, R500HandEnded))
    assert ended.went_out == 0 and ended.points == (21, -20)


def test_a_discard_of_the_last_card_goes_out_too() -> None:
    game = _table(["7c", "ks qs"], "5c", stock="2d 9h", table=[PileMeld(1, tuple(cards("4c 5c 6c")))])
    game.apply(Draw(0, "stock"))
    game.apply(LayOff(0, cards("7c")[0], 0))
    events = game.apply(Discard(0, cards("9h")[0]))
    assert any(isinstance(e, R500WentOut) and e.seat == 0 for e in events)
    ended = next(e for e in events if isinstance(e, R500HandEnded))
    assert ended.points == (7, -5)  # the laid-off 7 scores for seat 0; seat 1 made the meld (15), holds 20


def test_the_hand_ends_when_the_stock_is_empty_at_the_start_of_a_turn() -> None:
    game = _table(["9c 2d", "ks qs"], "5c", stock="3c")
    game.apply(Draw(0, "stock"))
    events = game.apply(Discard(0, cards("9c")[0]))
    ended = next(e for e in events if isinstance(e, R500HandEnded))
    assert ended.went_out is None and ended.points == (-5, -20)


def test_the_best_melding_puts_the_most_points_down() -> None:
    found = arrange_rummy_500(cards("ah kh qh jh ac ad 2h 3h"))
    assert {frozenset(m) for m in found.melds} == {frozenset(cards("ah ac ad")), frozenset(cards("kh qh jh"))}
    assert found.melded_value == 75 and found.left_value == 5
