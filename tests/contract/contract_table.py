"""Helpers for the contract rummy tests: cards from text, and games dealt with chosen cards.

A rigged deal moves the chosen cards to where a test wants them and leaves every other card where
the shuffle put them, so the game still holds exactly its decks and conservation checks still apply.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.arrange_contract import meld_kind, ordered_meld
from engine.cards import Card, standard_deck
from engine.game import Game
from engine.rules.contract_rummy import ContractRummy, ContractState, TableMeld, parse_contract_card


def cards(text: str) -> list[Card]:
    return [parse_contract_card(w) for w in text.split()]


def names(n: int) -> list[str]:
    return ["Anna", "Bob", "Carol", "Dave", "Eve", "Finn", "Gus", "Hana"][:n]


def full_deck(state: ContractState) -> Counter[Card]:
    return Counter(standard_deck(state.decks))


@dataclass(frozen=True)
class Chosen:
    """The cards a rigged deal was told to place, and ``pool``: every other card of the game, left for
    the deal of the seats and the stock not named."""

    pool: list[Card]
    hands: dict[int, list[Card]]
    up: list[Card]
    stock_top: list[Card]


def place_chosen(rules: ContractRummy, state: ContractState, *, hands: Mapping[int, str] | None, up: str | None,
                 stock_top: Sequence[str], table: Sequence[tuple[int, str]]) -> Chosen:
    """Take the named cards out of the game's cards and lay ``table``'s melds (owner, cards) as if their
    owners had laid down; the hands, up card and stock top are placed by the caller."""
    chosen = Chosen(pool=list(rules.all_cards(state)),
                    hands={seat: cards(text) for seat, text in (hands or {}).items()},
                    up=cards(up) if up else [], stock_top=[c for w in stock_top for c in cards(w)])
    table_melds = [(owner, cards(text)) for owner, text in table]
    for c in [*(c for h in chosen.hands.values() for c in h), *chosen.up, *chosen.stock_top,
              *(c for _, m in table_melds for c in m)]:
        chosen.pool.remove(c)
    state.table = []
    for i, (owner, meld) in enumerate(table_melds, start=1):
        kind = meld_kind(meld)
        assert kind is not None, meld
        state.table.append(TableMeld(id=i, owner=owner, kind=kind, cards=ordered_meld(meld)))
        state.melded[owner] = True
    return chosen


def rigged(
    players: int = 3,
    *,
    hand_number: int = 1,
    hands: Mapping[int, str] | None = None,
    up: str | None = None,
    stock_top: Sequence[str] = (),
    table: Sequence[tuple[int, str]] = (),
    dealer: int | None = None,
    seed: int = 7,
    dealer_may_buy: bool = True,
) -> Game:
    """A game at the start of ``hand_number`` whose chosen seats hold exactly the given cards, with
    ``up`` turned up and ``stock_top`` the next stock cards (first listed is drawn first). ``table``
    puts (owner, meld) on the table, as if those owners had laid down. Seats not given keep 12 cards
    from the shuffle. The dealer is the usual one for the hand unless ``dealer`` is given.
    ``dealer_may_buy`` False deals as though the dealer had already passed on the turned-up card, so a
    two-player game starts with the first player's draw."""
    game = Game.new("contract-rummy", names(players), seed=seed)
    rules = game.ruleset
    assert isinstance(rules, ContractRummy)
    state: ContractState = game.state
    dealer = (hand_number - 1) % players if dealer is None else dealer
    if (hand_number, dealer) != (state.hand_number, state.dealer):
        state.dealer = (dealer - 1) % players  # the deal moves one seat left
        rules.deal(state, hand_number)
    chosen = place_chosen(rules, state, hands=hands, up=up, stock_top=stock_top, table=table)
    pool, top, stock_cards = chosen.pool, chosen.up, chosen.stock_top
    for seat in range(players):
        if seat in chosen.hands:
            state.hands[seat] = chosen.hands[seat]
        else:
            keep: list[Card] = []
            for c in state.hands[seat]:
                if c in pool and len(keep) < 12:
                    pool.remove(c)
                    keep.append(c)
            while len(keep) < 12:
                keep.append(pool.pop())
            state.hands[seat] = keep
    if not top:
        top = [pool.pop()]
    state.discard = top
    state.stock = pool + list(reversed(stock_cards))
    first = (state.dealer + 1) % players
    rules.open_turn(state, first, offered_by=state.dealer, up_card=dealer_may_buy)
    assert Counter(rules.all_cards(state)) == full_deck(state)
    return game


def data(game: Game) -> dict[str, object]:
    return game.ruleset.state_to_data(game.state)
