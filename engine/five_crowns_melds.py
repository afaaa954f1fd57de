"""Five Crowns melds: books and runs, with any number of wilds.

A wild-rank card may stand for any card, its own rank included, so treating every wild-rank card as a
wild is never worse than treating it as a natural; the checks below do exactly that.

- Book: 3+ cards; the naturals share one rank (any suits, duplicates allowed).
- Run: 3 to 11 cards; the naturals share one suit, are distinct, lie within 3..K (no wrap-around), and
  span no more places than the run has cards (the wilds fill the gaps and the ends).
- All-wild melds count as books. With ``all_wild_melds=False`` a meld of wilds only needs a wild-rank
  card (a true book of that rank); a meld of jokers only is refused.

The game's card notation (``parse_five_crowns``: stars, no 2s, jokers) is here with the card facts, so
that the hand checker (access-game hand) reads a hand without loading the game's rules and events.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import FIVE_CROWNS_RANKS, Card, Rank
from engine.notation import parse_card

__all__ = ["MAX_RUN_LENGTH", "MAX_RUN_RANK", "MIN_RUN_RANK", "card_points", "is_book", "is_meld", "is_run", "is_wild",
           "meld_kind", "parse_five_crowns"]

MIN_RUN_RANK = Rank.THREE
MAX_RUN_RANK = Rank.KING
MAX_RUN_LENGTH = MAX_RUN_RANK - MIN_RUN_RANK + 1


def parse_five_crowns(text: str) -> Card:
    """A card as a player types it in Five Crowns (``9d``, ``3st``, ``jo``): its ranks only."""
    return parse_card(text, ranks=FIVE_CROWNS_RANKS, game="Five Crowns")


def is_wild(card: Card, wild_rank: Rank | None) -> bool:
    return card.rank is None or card.rank == wild_rank


def card_points(card: Card, wild_rank: Rank | None) -> int:
    """Penalty points of a card left in hand: joker 50, wild rank 20, else face value (J 11 .. K 13)."""
    if card.rank is None:
        return 50
    if card.rank == wild_rank:
        return 20
    return int(card.rank)


def _all_wild_ok(cards: Sequence[Card], all_wild_melds: bool) -> bool:
    # Wild-rank cards alone are a true book of their own rank; only all-joker melds need the option.
    return all_wild_melds or any(c.rank is not None for c in cards)


def is_book(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> bool:
    if len(cards) < 3:
        return False
    naturals = {c.rank for c in cards if not is_wild(c, wild_rank)}
    if not naturals:
        return _all_wild_ok(cards, all_wild_melds)
    return len(naturals) == 1


def is_run(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> bool:
    if not 3 <= len(cards) <= MAX_RUN_LENGTH:
        return False
    naturals = [c for c in cards if not is_wild(c, wild_rank)]
    if not naturals:
        return _all_wild_ok(cards, all_wild_melds)
    if len({c.suit for c in naturals}) != 1:
        return False
    ranks = [int(c.rank) for c in naturals if c.rank is not None]
    if len(set(ranks)) != len(ranks):
        return False
    if min(ranks) < MIN_RUN_RANK or max(ranks) > MAX_RUN_RANK:
        return False
    return max(ranks) - min(ranks) + 1 <= len(cards)


def meld_kind(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> str | None:
    """'book', 'run' or None. An all-wild meld counts as a book."""
    if is_book(cards, wild_rank, all_wild_melds=all_wild_melds):
        return "book"
    if is_run(cards, wild_rank, all_wild_melds=all_wild_melds):
        return "run"
    return None


def is_meld(cards: Sequence[Card], wild_rank: Rank | None, *, all_wild_melds: bool = True) -> bool:
    return meld_kind(cards, wild_rank, all_wild_melds=all_wild_melds) is not None
