"""What the hard player reads from its log: the cards it has not seen, and what the next player is
collecting, so that it keeps those cards from them."""

from __future__ import annotations

from collections import Counter

import pytest

import engine.bots.five_crowns_hard as hard_module
from engine.actions import Discard, Draw, GoOut
from engine.bots import make_agent
from engine.bots.feeding import feed_risk
from engine.bots.knowledge import read_knowledge
from engine.cards import Card
from engine.game import Game
from engine.rules.five_crowns import FiveCrownsState, parse_five_crowns


def cards(text: str) -> list[Card]:
    return [parse_five_crowns(t) for t in text.split()]


def _table(game: Game, hands: dict[int, str], top: str, stock_top: str) -> None:
    """Deal these hands, this up card and this next stock card; the rest of the deck stays in the stock."""
    state: FiveCrownsState = game.state
    pool = Counter(state.stock + state.discard + [c for h in state.hands for c in h])
    for seat, text in hands.items():
        state.hands[seat] = cards(text)
        pool.subtract(state.hands[seat])
    state.discard = cards(top)
    pool.subtract(state.discard)
    nxt = cards(stock_top)
    pool.subtract(nxt)
    assert all(n >= 0 for n in pool.values())
    state.stock = list(pool.elements()) + nxt


@pytest.fixture
def b_took_the_jack_of_hearts() -> Game:
    """Hand 1 (3s wild), B first: B takes the jack of hearts from the pile and throws the 7 of clubs;
    A draws the queen of clubs to 4 of diamonds, 4 of spades, queen of hearts."""
    game = Game.new("five-crowns", ["A", "B"], seed=1)
    assert game.seats_to_act() == (1,)
    _table(game, {0: "4d 4s qh", 1: "5st 6d 7c"}, top="jh", stock_top="qc")
    game.apply(Draw(1, "discard"))
    game.apply(Discard(1, parse_five_crowns("7c")))
    game.apply(Draw(0, "stock"))
    return game


def test_the_log_says_what_the_next_player_holds_and_threw(b_took_the_jack_of_hearts: Game) -> None:
    view = b_took_the_jack_of_hearts.view(0)
    know = read_knowledge(view)
    assert know.holding[1] == Counter(cards("jh"))
    assert know.threw[1] == tuple(cards("7c"))
    assert know.turns == (1, 1)
    # 116 cards less A's four, B's known jack and the 7 of clubs on the pile.
    assert know.unseen_total == 116 - 4 - 1 - 1
    assert know.unseen[parse_five_crowns("jh")] == 1 and know.unseen[parse_five_crowns("qc")] == 1
    wild = view.wild_rank
    risk = {code: feed_risk(parse_five_crowns(code), 1, know, wild) for code in ("js", "qh", "9h", "qc", "7c", "jo")}
    assert risk["jo"] == 1.0  # a wild feeds anyone
    assert risk["js"] > risk["qh"] > risk["9h"] > 0  # same rank, then one apart, then two apart
    assert risk["qc"] == 0 and risk["7c"] == 0


def test_hard_keeps_the_card_the_next_player_wants(
    b_took_the_jack_of_hearts: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = b_took_the_jack_of_hearts
    view, legal = game.view(0), game.legal_actions(0)
    assert make_agent("five-crowns", "hard").choose(view, legal) == Discard(0, parse_five_crowns("qc"))
    # Without the feeding charge the queen of hearts goes instead (its partner card is scarcer now), so
    # the choice above is the next-player reading at work.
    monkeypatch.setattr(hard_module, "FEED_COST", 0.0)
    assert make_agent("five-crowns", "hard").choose(view, legal) == Discard(0, parse_five_crowns("qh"))


def test_hard_goes_out_when_it_can_and_throws_the_safest_card() -> None:
    game = Game.new("five-crowns", ["A", "B"], seed=1)
    _table(game, {0: "10d jd qd", 1: "5st 6d 7c"}, top="9d", stock_top="kd")
    game.apply(Draw(1, "discard"))  # B takes the 9 of diamonds
    game.apply(Discard(1, parse_five_crowns("7c")))
    game.apply(Draw(0, "stock"))  # A: 10 J Q K of diamonds
    legal = game.legal_actions(0)
    assert {a.discard.code for a in legal if isinstance(a, GoOut)} == {"10d", "kd"}
    # Either end goes out; B is collecting next to the 9, so the king goes, not the 10.
    assert make_agent("five-crowns", "hard").choose(game.view(0), legal) == GoOut(0, parse_five_crowns("kd"))


def test_an_up_card_that_makes_a_book_is_taken() -> None:
    game = Game.new("five-crowns", ["A", "B"], seed=2)
    seat = game.seats_to_act()[0]
    _table(game, {seat: "8d 8s kc", 1 - seat: "5st 6d 7c"}, top="8h", stock_top="qd")
    assert make_agent("five-crowns", "hard").choose(game.view(seat), game.legal_actions(seat)) == Draw(seat, "discard")
