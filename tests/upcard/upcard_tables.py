"""Upcard rummy tables set up card by card, for tests of single rules.

A table is a real Game whose state is replaced by the hands, pile and melds a test names; the stock
is the rest of the 96 cards, so every table still holds exactly the whole deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.cards import Card, Rank, no_twos_deck
from engine.game import Game
from engine.rules.upcard_rummy import TableMeld, UpcardState, parse_upcard_card

PLAYERS = ("Ann", "Ben", "Cat")


def cs(text: str) -> tuple[Card, ...]:
    return tuple(parse_upcard_card(t) for t in text.split())


def c(text: str) -> Card:
    return parse_upcard_card(text)


def state_of(game: Game) -> UpcardState:
    state = game.state
    assert isinstance(state, UpcardState)
    return state


def make_table(
    hands: Sequence[str],
    *,
    discard: str = "4d",
    stock_top: str = "",
    wild: Rank = Rank.FIVE,
    melded: Sequence[bool] | None = None,
    table: Sequence[tuple[int, str]] = (),
    to_move: int = 0,
    phase: str = "draw",
    target: int = 3000,
    dealer: int | None = None,
    players: Sequence[str] | None = None,
) -> Game:
    """A game with these hands (one string per seat), discard pile (bottom first), melds on the table
    (owner, cards) and the stock's top cards (``stock_top``, the next card drawn last); ``players``
    names the seats (Ann, Ben, Cat... by default)."""
    n = len(hands)
    if players is None:
        players = PLAYERS[:n] if n <= 3 else [f"P{i}" for i in range(n)]
    game = Game.new("upcard-rummy", list(players), seed=1, options={"target": target})
    state = state_of(game)
    state.hands = [list(cs(h)) for h in hands]
    state.discard = list(cs(discard))
    state.wild_rank = wild
    state.table = []
    for owner, text in table:
        cards = cs(text)
        rank = next(x.rank for x in cards if x.rank != wild)
        assert rank is not None
        state.table.append(TableMeld(owner=owner, rank=rank, cards=cards))
    state.melded = list(melded) if melded is not None else [False] * n
    for m in state.table:
        state.melded[m.owner] = True
    used = Counter(state.discard)
    for h in state.hands:
        used.update(h)
    for m in state.table:
        used.update(m.all_cards)
    top = list(cs(stock_top))
    used.update(top)
    rest = Counter(no_twos_deck(2))
    rest.subtract(used)
    assert all(v >= 0 for v in rest.values()), "a table may hold at most two of each card"
    state.stock = sorted(rest.elements(), key=Card.sort_key) + top
    state.up_cards = [h[0] if h else c("3c") for h in state.hands]
    state.to_move = to_move
    state.phase = phase  # type: ignore[assignment]
    state.went_out = None
    state.last_turns = []
    state.first_meld_now = False
    state.dealer = (to_move - 1) % n if dealer is None else dealer
    return game


def deck_intact(game: Game) -> bool:
    return Counter(game.ruleset.all_cards(game.state)) == Counter(no_twos_deck(2))
