"""Computer players throw first the cards no play can ever put on the table: once down, such a card
would stop them going out for good."""

from __future__ import annotations

import pytest
from contract_table import cards, rigged

from engine.actions import Discard, Draw
from engine.bots.base import make_agent
from engine.bots.contract_rummy import dead_cards
from engine.game import Game


def bob_down(hand: str, stock: str) -> Game:
    """Hand 2 (one run), two players both down: Anna's run of hearts 5 to 8, Bob's clubs 3 to 6."""
    game = rigged(2, hand_number=2, hands={1: hand}, table=[(0, "5h 6h 7h 8h"), (1, "3c 4c 5c 6c")],
                  stock_top=(stock,), dealer=0, dealer_may_buy=False)
    game.apply(Draw(1, "stock"))
    return game


def test_a_card_no_run_can_reach_is_dead_and_one_a_run_could_reach_is_not() -> None:
    game = bob_down("10h 4d", "3s")
    # The 10 of hearts is live: a 9 of hearts (or a wild) off the table could bring Anna's run to it.
    # Nobody can lay down a new meld, and no run of diamonds or spades is on the table.
    assert dead_cards(game.view(1)) == frozenset(cards("4d 3s"))


def test_no_card_is_dead_while_someone_may_still_lay_down_a_run() -> None:
    game = rigged(2, hand_number=2, hands={1: "10h 4d"}, table=[(1, "3c 4c 5c 6c")], stock_top=("3s",),
                  dealer=0, dealer_may_buy=False)
    game.apply(Draw(1, "stock"))
    assert dead_cards(game.view(1)) == frozenset()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_throws_the_dead_card_first(level: str) -> None:
    game = bob_down("10h 4d", "3s")
    agent = make_agent("contract-rummy", level, 1)
    # Highest points first would throw the 10 of hearts; the 4 of diamonds can never be played.
    assert agent.choose(game.view(1), game.legal_actions(1)) == Discard(1, cards("4d")[0])
