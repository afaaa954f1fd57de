"""Five Crowns hands set card by card, for tests of single rules and situations.

A test names the cards a seat holds; ``give`` trades them with the stock, so the game still holds its
whole deck and every check that counts the cards still applies.
"""

from __future__ import annotations

from engine.cards import Card
from engine.rules.five_crowns import FiveCrownsState, parse_five_crowns

__all__ = ["cards", "give"]


def cards(text: str) -> list[Card]:
    """Cards from their codes ("5h 10s jo")."""
    return [parse_five_crowns(t) for t in text.split()]


def give(state: FiveCrownsState, seat: int, text: str) -> None:
    """Give ``seat`` exactly these cards, trading with the stock so the deck stays whole."""
    pool = state.stock + state.hands[seat]
    wanted = cards(text)
    for card in wanted:
        pool.remove(card)
    state.hands[seat], state.stock = wanted, pool
