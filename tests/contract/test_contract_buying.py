"""Buying out of turn: the buy window, priority by turn order, the next player's first claim, the
penalty card, the 3-buy limit, and who may not buy."""

from __future__ import annotations

import pytest
from contract_table import cards, data, rigged

from engine.actions import Action, Discard, Draw
from engine.errors import IllegalAction
from engine.game import Game
from engine.rules.contract_rummy import (
    MAX_BUYS,
    Bought,
    Buy,
    BuyOffered,
    NobodyBought,
    PassBuy,
)

HANDS = {1: "3h 4h 9c 10d jc qs kh ah 5s 6s 8d 8c", 2: "7c 7s 3c 4c 5c 9d 10h jh qh 3d 4d 6d"}


def four(**kw: object) -> Game:
    """Four players, hand 1: Anna deals, Bob plays first; the up card 7h is on offer to Carol and Dave."""
    game = rigged(4, hands=HANDS, up="7h", stock_top=("kc", "qc", "jd"), **kw)  # type: ignore[arg-type]
    return game


def refused(game: Game, action: Action, match: str) -> None:
    before = data(game)
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)
    assert data(game) == before


def test_the_turned_up_card_is_offered_to_every_other_player_the_dealer_last() -> None:
    game = four()
    state = game.state
    assert state.phase == "buy" and state.to_move == 1 and state.offered_by == 0
    assert game.seats_to_act() == (1, 2, 3, 0)
    assert game.legal_actions(1) == [Draw(1, "discard"), PassBuy(1)]
    assert game.legal_actions(2) == [Buy(2), PassBuy(2)]
    assert game.legal_actions(0) == [Buy(0), PassBuy(0)]
    view = game.view(2)
    assert view.asked_to_buy and view.offer == cards("7h")[0] and view.buyers == (2, 3, 0)


def test_the_dealer_may_buy_the_turned_up_card_having_discarded_nothing() -> None:
    game = four()
    game.apply(Buy(0))
    assert game.seats_to_act() == (1, 2, 3)  # everyone nearer in turn order comes first
    game.apply(PassBuy(1))
    game.apply(PassBuy(3))
    events = game.apply(PassBuy(2))
    state = game.state
    bought = Bought(seat=0, card=cards("7h")[0], penalty=cards("kc")[0], buys=1)
    assert [e for e in events if isinstance(e, Bought)] == [bought]
    assert [len(h) for h in state.hands] == [14, 12, 12, 12] and state.buys == [1, 0, 0, 0]
    assert state.phase == "draw" and state.to_move == 1
    # The state as saved reads back the same (a rigged deal has no history to replay: the state alone).
    restored = game.ruleset.state_from_data(game.ruleset.state_to_data(game.state))
    assert game.ruleset.state_to_data(restored) == data(game)


def test_the_dealer_loses_the_turned_up_card_to_a_nearer_buyer() -> None:
    game = four()
    game.apply(Buy(0))
    game.apply(PassBuy(1))
    game.apply(Buy(3))
    refused(game, Buy(0), "already answered")
    game.apply(PassBuy(2))
    assert game.state.buys == [0, 0, 0, 1]


def test_the_next_player_takes_it_without_a_buy() -> None:
    game = four()
    game.apply(Buy(2))
    game.apply(Draw(1, "discard"))  # Bob's claim comes first, even after Carol asked
    state = game.state
    assert len(state.hands[1]) == 13 and len(state.hands[2]) == 12
    assert state.buys == [0, 0, 0, 0] and state.phase == "discard"
    assert game.seats_to_act() == (1,)


def test_priority_goes_to_the_first_in_turn_order_not_the_first_to_answer() -> None:
    game = four()
    game.apply(Buy(3))  # Dave asks first...
    assert game.seats_to_act() == (1, 2)  # ...but Bob and Carol come before him
    game.apply(PassBuy(1))
    game.apply(Buy(2))
    state = game.state
    assert [len(h) for h in state.hands] == [12, 12, 14, 12]
    assert state.buys == [0, 0, 1, 0]
    assert cards("7h")[0] in state.hands[2] and cards("kc")[0] in state.hands[2]  # the card and the penalty
    assert state.phase == "draw" and state.to_move == 1


def test_an_earlier_claim_stops_waiting_for_later_seats() -> None:
    game = four()
    game.apply(Buy(2))
    assert game.seats_to_act() == (1,)  # Dave's answer cannot matter any more
    refused(game, Buy(3), "Carol, ahead of you in turn order, wants the card")
    game.apply(PassBuy(1))
    assert game.state.buys == [0, 0, 1, 0]


def test_the_penalty_card_is_the_buyers_secret() -> None:
    game = four()
    game.apply(PassBuy(1))
    game.apply(PassBuy(2))
    events = game.apply(Buy(3))
    bought = next(e for e in events if isinstance(e, Bought))
    assert bought.card == cards("7h")[0] and bought.penalty == cards("kc")[0] and bought.buys == 1
    for seat in range(4):
        seen = next(e for e in game.seat_log(seat) if isinstance(e, Bought))
        assert seen.card == bought.card
        assert seen.penalty == (bought.penalty if seat == 3 else None)


def test_nobody_buys_and_the_next_player_draws_from_the_stock() -> None:
    game = four()
    refused(game, Draw(1, "stock"), "Carol, Dave and Anna may still buy the up card")
    game.apply(PassBuy(1))
    refused(game, Draw(1, "discard"), "wait while the others decide")
    game.apply(PassBuy(3))
    game.apply(PassBuy(2))
    events = game.apply(PassBuy(0))
    assert any(isinstance(e, NobodyBought) for e in events)
    refused(game, Draw(1, "discard"), "passed on the up card")
    assert game.legal_actions(1) == [Draw(1, "stock")]
    game.apply(Draw(1, "stock"))
    assert cards("kc")[0] in game.state.hands[1]


def test_after_a_buy_the_next_player_draws_as_usual() -> None:
    game = four()
    game.apply(PassBuy(1))
    game.apply(Buy(2))
    assert game.state.discard == []  # the up card was the only card on the pile
    assert game.legal_actions(1) == [Draw(1, "stock")]
    game.apply(Draw(1, "stock"))
    game.apply(Discard(1, cards("8c")[0]))
    # Now Carol is next: Dave and Anna may buy the 8c; Bob, who discarded it, may not.
    state = game.state
    assert state.phase == "buy" and state.to_move == 2 and state.buyers == [3, 0]
    refused(game, Buy(1), "buy back")
    refused(game, Buy(2), "it is your turn")
    game.apply(PassBuy(2))
    game.apply(Buy(3))  # Dave is next in line after Carol: Anna's answer is not needed
    assert state.buys == [0, 0, 1, 1] and state.phase == "draw"


def test_answers_are_given_once_and_only_in_a_window() -> None:
    game = four()
    game.apply(PassBuy(3))
    refused(game, PassBuy(3), "already answered")
    refused(game, Buy(3), "already answered")
    game.apply(Draw(1, "discard"))
    refused(game, Buy(2), "no card is on offer")
    refused(game, PassBuy(2), "no card is on offer")


def test_three_buys_a_hand_at_most() -> None:
    game = four(seed=11)
    state = game.state
    bought = 0
    for _turn in range(12):
        if state.phase == "buy":
            mover = state.to_move
            if mover != 3 and 3 in state.buy_pending():
                game.apply(Buy(3))
                bought += 1
            for seat in state.buy_pending():
                if seat != mover:
                    game.apply(PassBuy(seat))
            if state.phase == "buy":
                game.apply(PassBuy(mover))
        if state.phase == "draw":
            game.apply(Draw(state.to_move, "stock"))
        game.apply(Discard(state.to_move, state.hands[state.to_move][0]))
    assert bought == MAX_BUYS and state.buys[3] == MAX_BUYS
    assert len(state.hands[3]) <= 12 + 2 * MAX_BUYS
    offers = [e for e in game.log if isinstance(e, BuyOffered)]
    assert 3 not in offers[-1].buyers
    # Whenever Dave is not the one to move, he is never asked again.
    while state.phase != "buy" or state.to_move == 3:
        if state.phase == "buy":
            game.apply(Draw(state.to_move, "discard"))
        elif state.phase == "draw":
            game.apply(Draw(state.to_move, "stock"))
        else:
            game.apply(Discard(state.to_move, state.hands[state.to_move][0]))
    refused(game, Buy(3), f"bought {MAX_BUYS} times")


def test_a_player_who_has_laid_down_may_not_buy() -> None:
    game = four(table=[(2, "9s 9h 9d")])
    state = game.state
    assert state.buyers == [3, 0]
    refused(game, Buy(2), "laid down this hand")


def test_two_players_buy_only_the_turned_up_card() -> None:
    game = rigged(2, up="7h", dealer=0)
    state = game.state
    assert state.phase == "buy" and state.buyers == [0]  # the dealer, who discarded nothing
    game.apply(PassBuy(1))
    game.apply(PassBuy(0))
    game.apply(Draw(1, "stock"))
    game.apply(Discard(1, state.hands[1][0]))
    assert state.phase == "draw" and state.to_move == 0  # the only other player discarded it: no window
    assert sum(isinstance(e, BuyOffered) for e in game.log) == 1
