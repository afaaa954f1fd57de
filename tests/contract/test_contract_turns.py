"""Contract rummy turns: the deal, drawing, laying down exactly the contract, laying off, swapping,
going out with or without a discard, scoring, the stock, and refusals that change nothing."""

from __future__ import annotations

from collections import Counter

import pytest
from contract_table import cards, data, full_deck, names, rigged

from engine.actions import Action, Discard, Draw
from engine.arrange_contract import hand_points
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import GameEnded, HandEnded, StockReshuffled
from engine.game import Game
from engine.rules.contract_rummy import (
    HANDS,
    MAX_RESHUFFLES,
    ContractLaidDown,
    ContractLaidOff,
    ContractStated,
    ContractWentOut,
    LayDown,
    LayOff,
    Swap,
)


def card(code: str) -> Card:
    return cards(code)[0]


def melds(*texts: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(cards(t)) for t in texts)


def refused(game: Game, action: Action, match: str) -> None:
    before = data(game)
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)
    assert data(game) == before


def conserved(game: Game) -> bool:
    return Counter(game.ruleset.all_cards(game.state)) == full_deck(game.state)


# --------------------------------------------------------------------------- the deal
@pytest.mark.parametrize(("players", "deck"), [(2, 108), (3, 108), (5, 108), (6, 162), (8, 162)])
def test_the_deal(players: int, deck: int) -> None:
    game = Game.new("contract-rummy", names(players), seed=3)
    state = game.state
    assert game.ruleset.card_count(state) == deck
    assert all(len(h) == 12 for h in state.hands)
    assert len(state.discard) == 1 and len(state.stock) == deck - 12 * players - 1
    assert conserved(game)
    assert state.dealer == 0 and state.to_move == 1


def test_player_counts_and_options_are_checked() -> None:
    with pytest.raises(ValueError, match="2 to 8"):
        Game.new("contract-rummy", names(1), seed=1)
    with pytest.raises(ValueError, match="three decks"):
        Game.new("contract-rummy", names(6), seed=1, options={"decks": 2})
    with pytest.raises(ValueError, match="unknown"):
        Game.new("contract-rummy", names(3), seed=1, options={"wild": "3"})
    three = Game.new("contract-rummy", names(3), seed=1, options={"decks": 3, "first_dealer": 2})
    assert three.ruleset.card_count(three.state) == 162 and three.state.dealer == 2


def test_each_hand_states_its_contract() -> None:
    game = Game.new("contract-rummy", names(3), seed=1)
    stated = [e for e in game.log if isinstance(e, ContractStated)]
    assert [(e.hand_number, e.sets, e.runs) for e in stated] == [(1, 1, 0)]


# --------------------------------------------------------------------------- a turn
def bob_to_draw(hand: str, *, hand_number: int = 1, stock: tuple[str, ...] = ("4d",), **kw: object) -> Game:
    """Two players: Bob (seat 1) plays first, and the dealer has passed on the up card, so his turn starts
    with the draw."""
    game = rigged(2, hand_number=hand_number, hands={1: hand}, stock_top=stock, dealer=0, dealer_may_buy=False, **kw)  # type: ignore[arg-type]
    assert game.state.phase == "draw" and game.state.to_move == 1
    return game


def test_draw_then_discard_and_refusals() -> None:
    game = bob_to_draw("7h 7c 9s 10s jd qd kd 3h 4h 5s 6s 8c", up="3c")
    refused(game, Discard(1, card("8c")), "draw a card first")
    refused(game, Draw(0, "stock"), "Bob's turn")
    game.apply(Draw(1, "stock"))
    assert card("4d") in game.state.hands[1]
    refused(game, Draw(1, "stock"), "already drawn")
    refused(game, Discard(1, card("ah")), "no ace of hearts")
    game.apply(Discard(1, card("8c")))
    assert game.state.to_move == 0 and game.state.discard[-1] == card("8c")
    assert game.state.phase == "draw"


def test_taking_the_up_card() -> None:
    game = bob_to_draw("7h 7c 9s 10s jd qd kd 3h 4h 5s 6s 8c", up="7s")
    game.apply(Draw(1, "discard"))
    assert card("7s") in game.state.hands[1] and game.state.discard == []
    assert any(isinstance(a, LayDown) for a in game.legal_actions(1))


def test_lay_down_exactly_the_contract() -> None:
    # Hand 4: one set and two runs.
    game = bob_to_draw("7h 7c 7s 5d 6d 7d 8d 9s 10s js qs kc", hand_number=4, stock=("3c",))
    game.apply(Draw(1, "stock"))
    refused(game, LayDown(1, melds("7h 7c 7s", "5d 6d 7d 8d")), "1 set and 2 runs, not 1 set and 1 run")
    refused(game, LayDown(1, melds("7h 7c 7s", "5d 6d 7d 8d", "9s 10s js qs", "kc 3c")), "not a meld")
    refused(game, LayDown(1, melds("7h 7c 7s", "5d 6d 7d 8d", "9s 10s js ks")), "do not hold")
    refused(game, LayDown(1, melds("7h 7c", "5d 6d 7d 8d", "9s 10s js qs")), "at least 3 cards")
    events = game.apply(LayDown(1, melds("7h 7c 7s", "5d 6d 7d 8d", "9s 10s js qs")))
    laid = next(e for e in events if isinstance(e, ContractLaidDown))
    assert laid.meld_ids == (1, 2, 3)
    assert sorted(c.code for c in game.state.hands[1]) == ["3c", "kc"]
    refused(game, LayDown(1, melds("7h 7c 7s")), "already laid down")
    assert conserved(game)


def test_split_melds_meet_a_contract_at_the_table() -> None:
    game = bob_to_draw("5h 5c 5s 5d 5h 5c 9s 10s kd", hand_number=3, stock=("3c",))
    game.apply(Draw(1, "stock"))
    game.apply(LayDown(1, melds("5h 5c 5s", "5d 5h 5c")))
    game = bob_to_draw("5h 6h 7h 8h 9h 10h jh qh kd 3s", hand_number=5, stock=("3c",))
    game.apply(Draw(1, "stock"))
    game.apply(LayDown(1, melds("5h 6h 7h 8h", "9h 10h jh qh")))


def test_any_valid_lay_down_is_accepted_not_only_the_best() -> None:
    # The best lay-down of hand 1 is the kings; laying down the 4s instead is still the contract.
    game = bob_to_draw("4h 4c 4s kh kc ks 9d 8d 3s 5s 6c 10c")
    game.apply(Draw(1, "stock"))
    best = next(a for a in game.legal_actions(1) if isinstance(a, LayDown))
    assert {c.code for m in best.melds for c in m} == {"kh", "kc", "ks"}
    game.apply(LayDown(1, melds("4h 4c 4s")))
    assert game.state.melded[1]


def test_melds_may_be_longer_than_the_contract_asks() -> None:
    game = bob_to_draw("7h 7c 7s 7d 8c 9c", stock=("jo",))
    game.apply(Draw(1, "stock"))
    game.apply(LayDown(1, melds("7h 7c 7s 7d jo")))
    assert len(game.state.table[0].cards) == 5


def test_aces_high_only_and_two_naturals_at_lay_down() -> None:
    game = bob_to_draw("ah 3h 4h 2c qd kd ad jo 7s 8s 9s 9c", hand_number=2)
    game.apply(Draw(1, "stock"))
    refused(game, LayDown(1, melds("ah 2c 3h 4h")), "no A-2-3")
    refused(game, LayDown(1, melds("9c jo 2c")), "two natural")
    game.apply(LayDown(1, melds("qd kd ad jo")))


def test_lay_off_on_anyones_meld() -> None:
    game = bob_to_draw("7h 7c 7s jc 9c 3s", table=[(0, "jd jh js")])
    game.apply(Draw(1, "stock"))
    refused(game, LayOff(1, card("jc"), 1), "lay down your contract first")
    game.apply(LayDown(1, melds("7h 7c 7s")))
    assert [m.id for m in game.state.table] == [1, 2]
    refused(game, LayOff(1, card("9c"), 1), "does not fit the set")
    refused(game, LayOff(1, card("9c"), 5), "no meld 5")
    refused(game, LayOff(1, card("7d"), 2), "no 7 of diamonds")
    events = game.apply(LayOff(1, card("jc"), 1))
    assert isinstance(events[0], ContractLaidOff) and events[0].owner == 0
    assert sorted(c.code for c in game.state.table[0].cards) == ["jc", "jd", "jh", "js"]
    assert sorted(c.code for c in game.state.hands[1]) == ["3s", "4d", "9c"]


def test_swap_a_natural_for_a_wild() -> None:
    game = bob_to_draw("7h 7c 7s 7d 9c jo", table=[(0, "5d 6d 2s 8d"), (0, "kh kc jo")])
    game.apply(Draw(1, "stock"))
    refused(game, Swap(1, card("7d"), 1, card("2s"), 2), "lay down your contract first")
    game.apply(LayDown(1, melds("7h 7c 7s")))
    refused(game, Swap(1, card("7d"), 1, card("2s"), 1), "another meld")
    refused(game, Swap(1, card("7d"), 1, card("jo"), 2), "no wild joker in")
    refused(game, Swap(1, card("9c"), 1, card("2s"), 2), "cannot stand where the wild stands")
    refused(game, Swap(1, card("jo"), 2, card("jo"), 1), "only a natural")
    game.apply(Swap(1, card("7d"), 1, card("2s"), 3))
    table = {m.id: sorted(c.code for c in m.cards) for m in game.state.table}
    assert table == {1: ["5d", "6d", "7d", "8d"], 2: ["jo", "kc", "kh"], 3: ["2s", "7c", "7h", "7s"]}
    assert card("2s") not in game.state.hands[1]  # a freed wild never goes to the hand
    assert conserved(game)


def test_the_freed_wild_must_fit_where_it_goes() -> None:
    long_run = "3h 4h 5h 6h 7h 8h 9h 10h jh qh kh ah jo"  # 13 cards: no room for another wild
    game = bob_to_draw("7c 7s 7d 2h", table=[(0, "5d 6d 2s 8d"), (0, long_run)])
    game.apply(Draw(1, "stock"))
    game.apply(LayDown(1, melds("7c 7s 2h")))
    refused(game, Swap(1, card("7d"), 1, card("2s"), 2), "freed wild does not fit")
    game.apply(Swap(1, card("7d"), 1, card("2s"), 3))


# --------------------------------------------------------------------------- going out and scoring
ANNA = "3h 9c 10d jc qs kh ah 2c jo"  # 3+9+10+10+10+10+15+20+20


def test_going_out_without_a_discard() -> None:
    game = rigged(2, hand_number=3, hands={0: ANNA, 1: "7h 7c 7s 8h 8c"}, stock_top=("8s",), dealer=0,
                  dealer_may_buy=False)
    game.apply(Draw(1, "stock"))
    events = game.apply(LayDown(1, melds("7h 7c 7s", "8h 8c 8s")))
    out = next(e for e in events if isinstance(e, ContractWentOut))
    assert out.seat == 1 and out.discard is None
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.went_out == 1
    assert [(r.seat, r.points) for r in ended.results] == [(0, 107), (1, 0)]
    assert hand_points(cards(ANNA)) == 107
    assert game.state.scores == [[107], [0]] and game.state.hand_number == 4
    # The deal moved one seat left, and the player left of the new dealer starts.
    assert game.state.dealer == 1 and game.state.to_move == 0


def test_going_out_with_a_discard() -> None:
    game = rigged(2, hands={0: ANNA, 1: "7h 7c 7s 4d"}, stock_top=("9s",), table=[(0, "9h 9c 9d")],
                  dealer_may_buy=False)
    game.apply(Draw(1, "stock"))
    game.apply(LayDown(1, melds("7h 7c 7s")))
    game.apply(LayOff(1, card("9s"), 1))
    events = game.apply(Discard(1, card("4d")))
    out = next(e for e in events if isinstance(e, ContractWentOut))
    assert out.discard == card("4d")
    assert game.state.scores == [[107], [0]]


@pytest.mark.parametrize(
    ("anna_before", "winners"), [([10] * 8, (0,)), ([133] + [0] * 7, (0, 1)), ([200] * 8, (1,))]
)
def test_nine_hands_then_the_lowest_total_wins_and_ties_share(anna_before: list[int], winners: tuple[int, ...]) -> None:
    three_runs = "3s 4s 5s 6s 7h 8h 9h 10h jd qd kd"
    game = rigged(2, hand_number=HANDS, hands={0: ANNA, 1: three_runs}, stock_top=("ad",), dealer=0,
                  dealer_may_buy=False)
    game.state.scores = [list(anna_before), [30] * 8]
    game.apply(Draw(1, "stock"))
    events = game.apply(LayDown(1, melds("3s 4s 5s 6s", "7h 8h 9h 10h", "jd qd kd ad")))
    end = events[-1]
    assert isinstance(end, GameEnded) and game.over
    assert end.totals == (sum(anna_before) + 107, 240)
    assert end.winners == winners
    assert game.legal_actions(0) == [] and game.seats_to_act() == ()
    refused(game, Draw(0, "stock"), "game is over")


# --------------------------------------------------------------------------- the stock
def test_an_empty_stock_is_rebuilt_from_the_discard_pile() -> None:
    game = bob_to_draw("7h 7c 9s 10s jd qd kd 3h 4h 5s 6s 8c", up="3c")
    state = game.state
    # Move all but one stock card under the up card, as if they had been discarded.
    state.discard = state.stock[:-1] + state.discard
    state.stock = state.stock[-1:]
    game.apply(Draw(1, "stock"))
    assert state.stock == []
    events = game.apply(Discard(1, card("8c")))
    shuffled = [e for e in events if isinstance(e, StockReshuffled)]
    assert len(shuffled) == 1 and state.discard == [card("8c")] and len(state.stock) == shuffled[0].cards
    assert state.phase == "draw" and conserved(game)


def test_after_three_rebuilds_an_empty_stock_ends_the_hand() -> None:
    game = bob_to_draw("7h 7c 9s 10s jd qd kd 3h 4h 5s 6s 8c", up="3c")
    state = game.state
    state.discard = state.stock[:-1] + state.discard
    state.stock = state.stock[-1:]
    state.reshuffles = MAX_RESHUFFLES
    game.apply(Draw(1, "stock"))
    events = game.apply(Discard(1, card("8c")))
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.went_out is None
    assert [r.points for r in ended.results] == [hand_points(r.deadwood) for r in ended.results]
    assert all(r.points > 0 for r in ended.results)
    assert state.hand_number == 2 and conserved(game)
