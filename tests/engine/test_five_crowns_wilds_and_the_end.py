"""Five Crowns: the hand's wild rank where a hand is arranged for the player (going out, a hand that ends
with the stock dry), and a finished game.

Mutation testing (docs/releasing.md) found these unchecked: the rules could arrange those hands with
no wild rank at all, offer moves in a finished game, or refuse to load one, and every test passed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from engine.actions import Discard, Draw, GoOut
from engine.errors import SaveFormatError
from engine.events import HandEnded, WentOut
from engine.game import Game
from engine.rules.five_crowns import MAX_RESHUFFLES, FiveCrownsState

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from five_crowns_hands import cards, give


def _new(players: int = 2, **options: object) -> tuple[Game, FiveCrownsState]:
    game = Game.new("five-crowns", [f"P{i}" for i in range(players)], seed=1, options=options or None)
    return game, game.state  # type: ignore[return-value]


@pytest.mark.parametrize("allowed", [True, False])
def test_going_out_with_wild_cards_alone_only_where_the_table_allows_it(allowed: bool) -> None:
    game, state = _new(2, all_wild_melds=allowed)
    seat = state.to_move
    give(state, seat, "jo jo jo")
    game.apply(Draw(seat, "discard"))
    going_out = GoOut(seat, state.hands[seat][-1])
    assert (going_out in game.legal_actions(seat)) is allowed and (game.why_not(going_out) is None) is allowed
    if allowed:
        (went_out, *_rest) = game.apply(going_out)
        assert isinstance(went_out, WentOut) and [len(meld) for meld in went_out.melds] == [3]


def test_going_out_melds_the_hands_wild_rank_and_a_save_in_the_last_turns_ends_the_hand_alike() -> None:
    game, state = _new(3)
    seat = state.to_move
    give(state, seat, "5h 5s 3d")  # hand 1: threes are wild, so the 3 of diamonds makes a book of fives
    nine = cards("9c")[0]
    state.stock.remove(nine)
    state.stock.append(nine)
    game.apply(Draw(seat, "stock"))
    assert GoOut(seat, nine) in game.legal_actions(seat)
    (went_out, *_rest) = game.apply(GoOut(seat, nine))
    assert isinstance(went_out, WentOut) and went_out.seat == seat
    assert [sorted(c.code for c in meld) for meld in went_out.melds] == [["3d", "5h", "5s"]]
    # Saved and loaded while the others take their last turns: the hand ends the same in both.
    next_seat = game.seats_to_act()[0]
    game.apply(Draw(next_seat, "stock"))
    game.apply(Discard(next_seat, state.hands[next_seat][0]))  # laid down for it: points kept in the save
    # The hands were set by hand, so the history cannot be played again from the seed: a whole save is
    # refused (strict loading), and the state is what is saved and read back here.
    with pytest.raises(SaveFormatError, match="history is refused"):
        Game.from_data(json.loads(json.dumps(game.to_data())))
    rules = game.ruleset
    state_back = rules.state_from_data(json.loads(json.dumps(rules.state_to_data(game.state))))
    loaded = Game(rules, state_back, players=game.players, seed=game.seed, options=game.options)
    for g in (game, loaded):
        last = g.seats_to_act()[0]
        g.apply(Draw(last, "stock"))
        g.apply(Discard(last, g.state.hands[last][0]))
    assert rules.state_to_data(loaded.state) == rules.state_to_data(game.state) and game.state.hand_number == 2


@pytest.mark.parametrize(("hand", "options", "points"), [
    ("5h 5s 3d", {}, 0),  # threes wild: a book of fives
    ("jo jo jo", {}, 0),  # wild cards alone make a meld (the table's default)
    ("jo jo jo", {"all_wild_melds": False}, 150),  # and are 50 points each where the table says not
])
def test_a_hand_that_ends_with_the_stock_dry_is_laid_down_with_its_wild_rank(hand: str, options: dict[str, object],
                                                                            points: int) -> None:
    game, state = _new(2, **options)
    seat = state.to_move
    other = 1 - seat
    give(state, other, hand)
    state.discard = state.stock + state.discard  # the stock dry, and no reshuffle left
    state.stock = []
    state.reshuffles = MAX_RESHUFFLES
    game.apply(Draw(seat, "discard"))
    events = game.apply(Discard(seat, state.hands[seat][0]))
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.went_out is None
    (result,) = [r for r in ended.results if r.seat == other]
    assert result.points == points
    assert [sorted(c.code for c in meld) for meld in result.melds] == ([] if points else [sorted(hand.split())])


def _finished() -> Game:
    """A whole game of Five Crowns, played by the normal computer player at every seat."""
    from engine.bots.five_crowns import NormalFiveCrowns

    game, _state = _new(3)
    bot = NormalFiveCrowns(0)
    while not game.over:
        seat = game.seats_to_act()[0]
        game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))
    return game


def test_a_finished_game_offers_no_move_refuses_every_one_and_loads_back() -> None:
    game = _finished()
    assert game.seats_to_act() == ()
    assert all(game.legal_actions(seat) == [] for seat in range(3))
    assert all(game.why_not(Draw(seat, "stock")) == "the game is over" for seat in range(3))
    data = json.loads(json.dumps(game.to_data()))  # through JSON text, as a save (or a table's snapshot)
    loaded = Game.from_data(data)
    assert loaded.over and loaded.to_data() == data
    assert loaded.seats_to_act() == () and loaded.legal_actions(0) == []
