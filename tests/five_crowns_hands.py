"""Five Crowns hands set card by card, for tests of single rules and situations.

A test names the cards a seat holds; ``give`` trades them with the stock, so the game still holds its
whole deck and every check that counts the cards still applies.
"""

from __future__ import annotations

import random

from engine.bots.wild_throws import is_wild_in
from engine.cards import Card
from engine.game import Game
from engine.rules.five_crowns import FiveCrownsState, parse_five_crowns

__all__ = ["cards", "give", "give_wilds"]


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


def give_wilds(g: Game, seat: int, wilds: int, rng: random.Random) -> None:
    """Swap up to ``wilds`` of the seat's natural cards for wilds (jokers among them) from the stock, in
    any dealt game: the game's cards stay the same ones, so every check that counts them still applies."""
    view = g.view(seat)
    hand: list[Card] = g.state.hands[seat]
    stock: list[Card] = g.state.stock
    for _ in range(wilds):
        natural_at = [i for i, c in enumerate(hand) if not is_wild_in(view, c)]
        wild_at = [i for i, c in enumerate(stock) if is_wild_in(view, c)]
        if not natural_at or not wild_at:
            return
        i, j = rng.choice(natural_at), rng.choice(wild_at)
        hand[i], stock[j] = stock[j], hand[i]
