"""What every part of the upcard rummy table stands on, over the shared draw–discard table (the view,
the seat and the names, the hand kept in step: selection marks stay on cards still held, and of two
equal cards put down the selected one is the one gone): the hand's order (by rank with the wilds last,
or by suit) and its selection, and the two cursors on the table: the discard pile's (counted from the
bottom, so it stays on its card as discards land on top) and the melds'. The parts are upcard_pile
(walking and digging into the pile) and upcard_melds (the melds on the table); upcard_table puts them
together."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from access_game.session_api import TableSession
from access_game.ui.draw_discard_table import DrawDiscardTable
from access_game.ui.table import Host
from engine.arrange_upcard import fits_meld, is_wild
from engine.cards import Card, Rank
from engine.rules.upcard_rummy import UpcardView
from speech import upcard_words as uw

__all__ = ["Parts", "UpcardBase"]

Parts = list[str | Card]


def _rank_order(wild: Rank) -> Callable[[Card], tuple[bool, tuple[int, int]]]:
    """Sort by rank with the wilds last, so natural pairs sit together and wilds are easy to find."""

    def key(card: Card) -> tuple[bool, tuple[int, int]]:
        return (is_wild(card, wild), card.rank_key())

    return key


class UpcardBase(DrawDiscardTable[UpcardView]):
    """The upcard rummy table's plumbing and cursors, which its parts share."""

    #: 'rank' (wilds last) or 'suit'.
    sort = "rank"

    def __init__(self, session: TableSession, host: Host) -> None:
        super().__init__(session, host)
        #: The pile cursor, counted from the bottom so it stays on its card as discards land on top;
        #: None follows the top card.
        self.pile_index: int | None = None
        #: The meld cursor: an index into the table's melds, None before the player moves it.
        self.meld_index: int | None = None
        #: The meld a hint named for a take-back (the move count it was given at, the depth, the meld): T
        #: makes that meld while nothing has moved, so T does what the hint said, though by itself it
        #: melds every natural of the rank (upcard_digging.dig_meld).
        self.hinted_take: tuple[int, int, tuple[Card, ...]] | None = None

    @property
    def wild_rank(self) -> Rank:
        return self.view.wild_rank

    def sort_key(self, how: str | None) -> Callable[[Card], Any]:
        return Card.sort_key if how == "suit" else _rank_order(self.view.wild_rank)

    def sort_words(self, how: str) -> str:
        return "rank, wilds last" if how == "rank" else how

    def _selected(self) -> list[Card]:
        return self.hand.selected()

    def _pile_depth(self) -> int:
        """The pile cursor as a place from the top (1: the top card); 0 when the pile is empty."""
        pile = self.view.discard
        if not pile:
            return 0
        if self.pile_index is None or self.pile_index >= len(pile):
            return 1
        return len(pile) - self.pile_index

    def _meld_name(self, index: int) -> str:
        v = self.view
        return uw.meld_name(index + 1, v.table[index].rank)

    def _meld_for(self, card: Card) -> int | None:
        """The meld a card is laid off on: the current meld if it takes it, else the first that does."""
        v = self.view
        table = v.table
        at = self.meld_index
        if at is not None and at < len(table) and fits_meld(card, table[at].rank, v.wild_rank):
            return at
        return next((i for i, m in enumerate(table) if fits_meld(card, m.rank, v.wild_rank)), None)
