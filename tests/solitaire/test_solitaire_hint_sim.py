"""The hint (the placement that brings a pile closest to closing) and the benchmark built on it."""

from __future__ import annotations

from solitaire_tables import cards, table

from engine.actions import Draw
from engine.cards import Card, Rank
from engine.game import Game
from engine.rules.five_crowns_solitaire import (
    Place,
    SolitaireEnded,
    SolitaireView,
    best_discard,
    best_placement,
)
from engine.solitaire_closing import unmatched_count
from engine.solitaire_sim import play_hint_game, simulate_games


def view_of(game: Game) -> SolitaireView:
    v = game.view(0)
    assert isinstance(v, SolitaireView)
    return v


def one(text: str) -> Card:
    return cards(text)[0]


def test_distance_counts_the_cards_left_unmatched() -> None:
    assert unmatched_count(cards("7h 8h 9h"), Rank.THREE) == 0
    assert unmatched_count(cards("7h jo 9s"), Rank.THREE) == 3  # no meld at all: every card is unmatched
    v = view_of(table({2: "5d 5s 5c 10h", 3: "6h 7h 8h jd qs"}))
    assert v.pile(2).distance == 1
    assert v.pile(3).distance == 2


def test_the_hint_prefers_closing_a_pile() -> None:
    game = table({2: "5d 5s 5c 10h", 3: "6h 7h 9c jd qs"}, top="5h")
    game.apply(Draw(0, "stock"))
    hint = view_of(game).hint()
    assert hint is not None and hint.pile == 2 and hint.discard == one("10h")
    assert hint.closes and (hint.before, hint.after) == (1, 0)


def test_the_hint_takes_the_largest_step_when_nothing_closes() -> None:
    piles = {2: cards("5d 5s 9c 10h"), 3: cards("6h 7h 9c jd qs")}
    hint = best_placement(piles, one("8h"))
    assert hint is not None
    assert (hint.pile, hint.before, hint.after) == (3, 5, 2)  # 6-7-8 of hearts; 9c and one of jd qs left
    assert hint.discard in cards("jd qs")


def test_a_card_that_helps_nowhere_goes_on_the_lowest_open_pile_and_straight_out() -> None:
    piles = {2: cards("5d 5s 9c 10h"), 3: cards("6h 7h 9c jd qs")}
    hint = best_placement(piles, one("kd"))
    assert hint is not None and (hint.pile, hint.discard, hint.gain) == (2, one("kd"), 0)
    assert best_placement({}, one("kd")) is None


def test_the_discard_hint_keeps_the_pile_when_the_new_card_does_not_help() -> None:
    option = best_discard(2, cards("5d 5s 5c 10h kd"), one("kd"))
    assert option.discard == one("kd") and option.after == option.before == 1
    option = best_discard(2, cards("5d 5s 5c 10h 5h"), one("5h"))
    assert option.discard == one("10h") and option.closes


def test_the_view_hints_each_step_and_nothing_before_the_draw() -> None:
    game = table({2: "5d 5s 5c 10h"}, top="5h")
    assert view_of(game).hint() is None
    game.apply(Draw(0, "stock"))
    game.apply(Place(0, 2))
    hint = view_of(game).hint()
    assert hint is not None and hint.pile == 2 and hint.discard == one("10h")


def test_a_hint_game_plays_to_its_end_and_is_repeatable() -> None:
    first = play_hint_game(7)
    again = play_hint_game(7)
    assert first.actions == again.actions
    end = first.log[-1]
    assert isinstance(end, SolitaireEnded) and end.piles_closed == first.state.piles_closed


def test_simulate_games_reports_the_figures_of_the_benchmark() -> None:
    result = simulate_games(3, 20)
    assert result == simulate_games(3, 20)
    assert result["games"] == 3 and 0 <= result["wins"] <= 3
    assert result["win_rate"] == round(result["wins"] / 3, 4)
    each = [play_hint_game(20 + i).state for i in range(3)]
    assert result["wins"] == sum(bool(s.won) for s in each)
    assert result["mean_piles_closed"] == round(sum(s.piles_closed for s in each) / 3, 3)
