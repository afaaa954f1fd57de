"""``access-game hand --game upcard-rummy --wild R CARDS``: the melds of a hand that score most.

For someone playing upcard rummy at a real table with a braille deck: type the cards held and the wild
rank (the rank of the dealer's up card), and hear which melds to make and what the hand is worth now:
the value melded minus the value still held. Cards are a, 3..10, j, q, k with suits h, c, s, d.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence

from access_game.cli import UsageError
from engine.arrange_upcard import UpcardArrangement, arrange_upcard, card_value, is_wild
from engine.cards import NO_TWOS_RANKS, STANDARD_SUITS, Card, Rank
from engine.errors import CardNotationError
from engine.notation import parse_card, parse_rank
from speech.words import card_words

__all__ = ["run", "upcard_report"]

GAME = "upcard rummy"
COPIES = 2  # two decks


def _parse(cards_text: Sequence[str]) -> list[Card]:
    words = " ".join(cards_text).replace(",", " ").split()
    if not words:
        raise UsageError("give the cards of the hand, e.g. 9d 9h ks ac")
    try:
        cards = [parse_card(w, ranks=NO_TWOS_RANKS, suits=STANDARD_SUITS, jokers=False, game=GAME) for w in words]
    except CardNotationError as exc:
        raise UsageError(str(exc)) from exc
    too_many = [c for c, n in Counter(cards).items() if n > COPIES]
    if too_many:
        raise UsageError(f"the two decks hold only {COPIES} of {too_many[0].code}")
    return cards


def _wild(text: str | None) -> Rank:
    if text is None:
        raise UsageError("--wild is needed for upcard rummy: the rank of the dealer's up card, a, 3..10, j, q or k")
    try:
        return parse_rank(text, ranks=NO_TWOS_RANKS)
    except CardNotationError as exc:
        raise UsageError(f"--wild {text}: wild ranks in upcard rummy are A, 3-10, J, Q, K") from exc


def upcard_report(cards: Sequence[Card], wild: Rank) -> tuple[dict[str, object], list[str]]:
    """The best melds as JSON data and as lines to read out."""
    best = arrange_upcard(cards, wild)
    data: dict[str, object] = {
        "melds": [[c.code for c in m] for m in best.melds],
        "deadwood": [c.code for c in best.deadwood],
        "points": best.points,
    }
    return data, _lines(best, cards, wild)


def _lines(best: UpcardArrangement, cards: Sequence[Card], wild: Rank) -> list[str]:
    lines = [f"{wild.plural.capitalize()} are wild. {len(cards)} card{'s' if len(cards) != 1 else ''}."]
    for meld in best.melds:
        rank = next(c.rank for c in meld if not is_wild(c, wild))
        assert rank is not None
        value = sum(card_value(c, wild) for c in meld)
        words = "; ".join(card_words(c, wild) for c in meld)
        lines.append(f"Meld of {rank.plural}: {words}. Worth {value}.")
    if not best.melds:
        lines.append("Nothing melds: a meld needs a natural pair and a wild, or three naturals of a rank.")
    if best.deadwood:
        words = "; ".join(card_words(c, wild) for c in best.deadwood)
        lines.append(f"Left in hand: {words}. Counts against you: {best.deadwood_value}.")
    else:
        lines.append("Every card melds.")
    lines.append(f"Points: {best.melded_value} melded minus {best.deadwood_value} held makes {best.points}.")
    return lines


def run(args: argparse.Namespace, cards_text: list[str]) -> int:
    wild = _wild(getattr(args, "wild", None))
    cards = _parse(cards_text)
    data, lines = upcard_report(cards, wild)
    if getattr(args, "json", False):
        print(json.dumps(data))
    else:
        print("\n".join(lines))
    return 0
