"""Building solitaire tables with chosen piles for the tests, keeping the deck whole."""

from __future__ import annotations

import random

from engine.cards import Card, five_crowns_deck
from engine.game import Game
from engine.rules.five_crowns_solitaire import PILES, FiveCrownsSolitaire, SolitaireState, dealt_size

RULES = FiveCrownsSolitaire()


def cards(text: str) -> list[Card]:
    return [RULES.parse_card(t) for t in text.split()]


def new(seed: int = 1, options: dict[str, object] | None = None) -> Game:
    return Game.new("solitaire", ["You"], seed=seed, options=options)


def state(game: Game) -> SolitaireState:
    assert isinstance(game.state, SolitaireState)
    return game.state


def table(
    piles: dict[int, str],
    top: str = "",
    *,
    closed: tuple[int, ...] = (),
    seed: int = 3,
    options: dict[str, object] | None = None,
) -> Game:
    """A game whose listed piles hold exactly these cards and whose stock turns up ``top`` first.

    The other piles and the stock are filled from the rest of a shuffled deck, so all 116 cards are
    still on the table. Piles named in ``closed`` are marked closed; every other pile is open unless
    its cards already meld (the rules would have closed it at the deal).
    """
    game = new(seed, options)
    s = state(game)
    deck = five_crowns_deck()
    random.Random(seed).shuffle(deck)
    wanted = {n: cards(text) for n, text in piles.items()}
    top_cards = cards(top)
    for c in [*top_cards, *(c for cs in wanted.values() for c in cs)]:
        deck.remove(c)
    s.piles = []
    for n in range(1, PILES + 1):
        if n in wanted:
            assert len(wanted[n]) == dealt_size(n), f"pile {n} holds {dealt_size(n)} cards"
            s.piles.append(wanted[n])
        else:
            s.piles.append([deck.pop() for _ in range(dealt_size(n))])
    s.stock = deck + top_cards[::-1]
    s.dead = []
    s.closed = [n in closed for n in range(1, PILES + 1)]
    for n in range(1, PILES + 1):
        RULES._check_closed(s, n)
    return game
