"""The upcard rummy table's melds: M and Shift+M walk them (going round), T reads them all with their
lay-offs, Shift+T each player's melds and lay-offs with the points they are worth."""

from __future__ import annotations

from collections.abc import Sequence

from access_game.ui.meld_cursor import step_meld
from access_game.ui.upcard_base import Parts, UpcardBase
from engine.arrange_upcard import cards_value
from engine.rules.upcard_rummy import TableMeld
from speech import table_words as tw
from speech import upcard_words as uw
from speech.results import Names

__all__ = ["UpcardMeldKeys"]


class UpcardMeldKeys(UpcardBase):
    """The meld cursor's keys and what they read."""

    def _meld_parts(self, index: int, *, of: bool = False) -> Parts:
        """'Meld 2, aces, Anna's: ...' with its lay-offs; ``of`` says where it stands ('Meld 2 of 5')."""
        v = self.view
        m = v.table[index]
        names = self.names
        owner = uw.meld_owner(None if m.owner == v.seat else names.name(m.owner))
        number = uw.meld_number(index + 1, len(v.table) if of else None)
        layoffs = [(names.name(seat), card) for seat, card in m.layoffs]
        return uw.meld_parts(number, m.rank, owner, m.cards, layoffs, v.wild_rank)

    def all_melds(self, key: str = "") -> None:
        table = self.view.table
        if not table:
            self.say(tw.NO_MELDS_YET)
            return
        self.say(uw.melds_on_table(len(table)))
        for i in range(len(table)):
            self.say(*self._meld_parts(i))

    def players_melds(self, key: str = "") -> None:
        v = self.view
        names = self.names
        for seat in range(len(v.players)):
            self.say(*self._player_table_parts(seat, v.table, names))

    def _player_table_parts(self, seat: int, table: Sequence[TableMeld], names: Names) -> Parts:
        v = self.view
        melds = [(i + 1, m.rank, m.cards) for i, m in enumerate(table) if m.owner == seat]
        layoffs = [(i + 1, mine) for i, m in enumerate(table) if (mine := [c for s, c in m.layoffs if s == seat])]
        value = cards_value([c for m in table for c in m.cards_of(seat)], v.wild_rank)
        return uw.player_table_parts(names.subject(seat), melds, layoffs, value, v.wild_rank)

    def next_meld(self, key: str = "") -> None:
        self._meld_step(1)

    def previous_meld(self, key: str = "") -> None:
        self._meld_step(-1)

    def _meld_step(self, step: int) -> None:
        landed = step_meld(self.meld_index, len(self.view.table), step, wraps=True)
        if landed is None:
            self.say(tw.NO_MELDS_YET)
            return
        self.meld_index = landed.index
        self.say(*self._meld_parts(self.meld_index, of=True))
