"""Helpers for the contract rummy tests: cards from text, and games dealt with chosen cards.

A rigged deal moves the chosen cards to where a test wants them and leaves every other card where
the shuffle put them, so the game still holds exactly its decks and conservation checks still apply.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engine.cards import Card, standard_deck
from engine.game import Game
from engine.rules.contract_rummy import ContractRummy, ContractState, parse_contract_card


def cards(text: str) -> list[Card]:
    return [parse_contract_card(w) for w in text.split()]


def names(n: int) -> list[str]:
    return ["Anna", "Bob", "Carol", "Dave", "Eve", "Finn", "Gus", "Hana"][:n]


def full_deck(state: ContractState) -> Counter[Card]:
    return Counter(standard_deck(state.decks))


def rigged(
    players: int = 3,
    *,
    hand_number: int = 1,
    hands: Mapping[int, str] | None = None,
    up: str | None = None,
    stock_top: Sequence[str] = (),
    seed: int = 7,
) -> Game:
    """A game at the start of ``hand_number`` whose chosen seats hold exactly the given cards, with
    ``up`` turned up and ``stock_top`` the next stock cards (first listed is drawn first). Seats not
    given keep 12 cards from the shuffle."""
    game = Game.new("contract-rummy", names(players), seed=seed)
    rules = game.ruleset
    assert isinstance(rules, ContractRummy)
    state: ContractState = game.state
    if hand_number != state.hand_number:
        state.dealer = (hand_number - 2) % players  # so the deal of hand_number lands on the usual dealer
        rules._deal(state, hand_number)
    pool = list(rules.all_cards(state))
    chosen: dict[int, list[Card]] = {seat: cards(text) for seat, text in (hands or {}).items()}
    top = cards(up) if up else []
    stock_cards = [c for w in stock_top for c in cards(w)]
    for c in [*(c for h in chosen.values() for c in h), *top, *stock_cards]:
        pool.remove(c)
    for seat in range(players):
        if seat in chosen:
            state.hands[seat] = chosen[seat]
        else:
            keep = []
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
    rules._begin_turn(state, first, offered_by=state.dealer)
    assert Counter(rules.all_cards(state)) == full_deck(state)
    return game


def data(game: Game) -> dict[str, object]:
    return game.ruleset.state_to_data(game.state)
