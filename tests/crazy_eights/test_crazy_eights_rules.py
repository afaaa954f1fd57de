"""Crazy Eights' particular rules, each on a prepared table: the deal for two and for more, the eight
turned up buried, the suit named on an eight, the two draw rules and when a pass is allowed, the stock
rebuilt from the pile, a blocked hand and going out."""

from __future__ import annotations

import pytest

from engine.actions import Discard, Draw
from engine.cards import Card, Rank
from engine.errors import IllegalAction
from engine.game import Game
from engine.notation import parse_card
from engine.rules.crazy_eights import CrazyEightsState, CrazyHandEnded, CrazyWentOut, PassTurn, PlayEight


def c(code: str) -> Card:
    return parse_card(code)


def cards(text: str) -> list[Card]:
    return [c(x) for x in text.split()]


def table(players: int = 2, **options: object) -> Game:
    return Game.new("crazy-eights", [f"p{i}" for i in range(players)], seed=3, options=options)


def prepared(g: Game, hands: list[str], top: str, stock: str = "", suit: str | None = None) -> CrazyEightsState:
    """A table set by hand: each hand, the pile's top card, the stock (top last); seat 0 to move."""
    state: CrazyEightsState = g.state
    state.hands = [cards(h) for h in hands]
    state.discard = [c(top)]
    state.stock = cards(stock)
    state.suit = suit
    state.to_move = 0
    state.drawn = 0
    return state


@pytest.mark.parametrize(("players", "dealt", "deck"), [(2, 7, 52), (3, 5, 52), (5, 5, 52), (6, 5, 104), (7, 5, 104)])
def test_the_deal(players: int, dealt: int, deck: int) -> None:
    g = table(players)
    assert all(len(h) == dealt for h in g.state.hands)
    assert g.ruleset.card_count(g.state) == deck
    assert len(g.state.discard) == 1 and g.state.discard[0].rank != Rank.EIGHT


def test_an_eight_turned_up_is_buried_at_the_bottom_of_the_stock() -> None:
    for seed in range(200):
        g = Game.new("crazy-eights", ["a", "b"], seed=seed)
        if any(card.rank == Rank.EIGHT for card in g.state.stock[:1]):
            assert g.state.discard[0].rank != Rank.EIGHT
            return
    pytest.fail("no deal among 200 buried an eight")


def test_a_card_must_match_suit_or_rank_and_an_eight_names_a_suit() -> None:
    g = table()
    prepared(g, ["5h 9c 8s 2d", "kd qd jd"], "5c", "3c 4c")
    assert "matches neither" in (g.why_not(Discard(0, c("2d"))) or "")
    assert g.why_not(Discard(0, c("9c"))) is None and g.why_not(Discard(0, c("5h"))) is None
    assert g.why_not(Discard(0, c("8s"))) is not None  # an eight is played with its suit
    assert g.why_not(PlayEight(0, c("5h"), "h")) is not None
    assert g.why_not(PlayEight(0, c("8s"), "x")) is not None
    g.apply(PlayEight(0, c("8s"), "d"))
    assert g.state.suit == "d" and g.state.to_move == 1
    assert g.why_not(Discard(1, c("kd"))) is None
    g.apply(Discard(1, c("kd")))
    assert g.state.suit is None


def test_the_named_suit_must_be_followed() -> None:
    g = table()
    prepared(g, ["8h 2d", "5s 9c"], "8c", "3c 4c", suit="h")
    g.state.to_move = 1
    with pytest.raises(IllegalAction):
        g.ruleset.verify(g.state, Discard(1, c("9c")))  # clubs is the eight's own suit, not the one named


def test_draw_until_playable_then_play_or_pass() -> None:
    g = table()
    prepared(g, ["2d 3d", "kd qd"], "5c", "7h 9s 6c 4h")  # the stock's top is 4h, then 6c
    assert g.why_not(PassTurn(0)) is not None
    g.apply(Draw(0, "stock"))  # 4h: not playable, draw again
    assert g.why_not(PassTurn(0)) is not None and g.why_not(Draw(0, "stock")) is None
    g.apply(Draw(0, "stock"))  # 6c plays on 5c
    assert g.why_not(Draw(0, "stock")) is not None
    g.apply(PassTurn(0))
    assert g.state.to_move == 1


def test_draw_up_to_the_limit_then_pass() -> None:
    g = table(draw_limit=2)
    prepared(g, ["2d 3d", "kd qd"], "5c", "7h 9s 6c 4h")
    g.apply(Draw(0, "stock"))
    g.apply(Draw(0, "stock"))  # 6c, playable: with a limit the player may still draw up to it
    assert g.why_not(Draw(0, "stock")) is not None
    assert g.why_not(PassTurn(0)) is None


def test_an_empty_stock_is_rebuilt_from_the_pile_but_its_top_card() -> None:
    g = table()
    state = prepared(g, ["2d 3d", "kd qd"], "5c")
    state.discard = cards("4s 7h 5c")
    g.apply(Draw(0, "stock"))
    assert state.discard == [c("5c")] and state.reshuffles == 1 and len(state.stock) == 1


def test_a_blocked_hand_scores_all_but_the_fewest_points() -> None:
    g = table()
    prepared(g, ["2d 3d", "kd qd"], "5c")
    g.apply(PassTurn(0))
    events = g.apply(PassTurn(1))
    ended = next(e for e in events if isinstance(e, CrazyHandEnded))
    assert ended.went_out is None and ended.points == (0, 20)


def test_going_out_scores_the_others_cards() -> None:
    g = table(3)
    prepared(g, ["9c", "8d ah", "kh 10s 2c"], "5c", "3h 4h")
    events = g.apply(Discard(0, c("9c")))
    assert any(isinstance(e, CrazyWentOut) and e.seat == 0 for e in events)
    ended = next(e for e in events if isinstance(e, CrazyHandEnded))
    assert ended.points == (0, 51, 22)
