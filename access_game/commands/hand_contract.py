"""The hand checker for contract rummy: does a hand meet contract N, and what is its best lay-down.

Called by the ``hand`` command for ``--game contract-rummy`` (which owns ``--contract`` and ``--json``).
A player can check a hand away from the table, and a script gets the same answer as JSON:
``{"meets": bool, "melds": [[codes...], ...], "deadwood": [codes...], "points": int}`` for the lay-down
leaving the fewest points; when the contract is not met there is no lay-down and every card counts.
The exit status is 0 whether or not the contract is met: the answer is the output.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from access_game.cli import UsageError
from engine.arrange_contract import CONTRACTS, arrange_contract, cards_short, contract_for_hand
from engine.cards import Card
from engine.errors import CardNotationError
from engine.rules.contract_rummy import parse_contract_card
from speech.contract_words import contract_words, meld_name

__all__ = ["MAX_CARDS", "add_arguments", "run"]

#: 12 dealt, two cards for each of 3 buys, and the card just drawn.
MAX_CARDS = 19
#: Three decks are the most a table uses: 3 of each card, 6 jokers.
_MAX_COPIES = 3
_MAX_JOKERS = 6


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Nothing of its own: ``--contract`` and ``--json`` belong to the ``hand`` command."""


def _parse(cards_text: list[str]) -> list[Card]:
    words = [w for text in cards_text for w in text.replace(",", " ").split()]
    if not words:
        raise UsageError("give the cards of the hand, like: 7h 7c jo 5s 6s 7s 8s")
    try:
        cards = [parse_contract_card(w) for w in words]
    except CardNotationError as exc:
        raise UsageError(str(exc)) from None
    if len(cards) > MAX_CARDS:
        raise UsageError(f"a contract rummy hand holds at most {MAX_CARDS} cards, not {len(cards)}")
    for card, n in Counter(cards).items():
        limit = _MAX_JOKERS if card.is_joker else _MAX_COPIES
        if n > limit:
            raise UsageError(f"{n} of {card.code} is more than three decks hold ({limit})")
    return cards


def run(args: argparse.Namespace, cards_text: list[str]) -> int:
    number = getattr(args, "contract", None)
    if number is None:
        raise UsageError(f"say which contract with --contract N (N = 1 to {len(CONTRACTS)})")
    try:
        contract = contract_for_hand(int(number))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    cards = _parse(cards_text)
    arrangement = arrange_contract(cards, contract)
    if getattr(args, "json", False):
        print(
            json.dumps(
                {
                    "meets": arrangement.meets,
                    "melds": [[c.code for c in m] for m in arrangement.melds],
                    "deadwood": [c.code for c in arrangement.deadwood],
                    "points": arrangement.points,
                }
            )
        )
        return 0
    what = f"contract {int(number)}, {contract_words(contract)}"
    if not arrangement.meets:
        short = cards_short(cards, contract)
        print(f"Does not meet {what}: {short} card{'s' if short != 1 else ''} short at best.")
        print(f"All {len(cards)} cards count: {arrangement.points} points.")
        return 0
    print(f"Meets {what}. Best lay-down:")
    for meld in arrangement.melds:
        print(f"{meld_name(meld)}: {' '.join(c.code for c in meld)}")
    if arrangement.deadwood:
        left = " ".join(c.code for c in arrangement.deadwood)
        print(f"Left in hand: {left}, {arrangement.points} point{'s' if arrangement.points != 1 else ''}.")
    else:
        print("Nothing left in hand: this hand goes out.")
    return 0
