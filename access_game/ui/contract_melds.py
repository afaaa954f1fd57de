"""The contract rummy table's melds and players: M and Shift+M walk the melds on the table (stopping at
the first and the last, and saying so), G goes to a meld by its number, Tab and Shift+Tab walk the
players (the meld cursor follows to a player's first meld), T reads every meld by its owner, P the
players, I the hand's state."""

from __future__ import annotations

from collections.abc import Sequence

from access_game.ui.contract_base import ContractBase, Parts
from access_game.ui.meld_cursor import step_meld
from access_game.ui.modes import NumberEntry
from engine.rules.contract_rummy import ContractView, TableMeld
from speech import contract_words as cw
from speech.i18n import N_

__all__ = ["MeldKeys"]


class MeldKeys(ContractBase):
    """The meld cursor and the player cursor, and what they read."""

    def _meld_parts(self, meld: TableMeld, total: int) -> Parts:
        return cw.meld_at_parts(meld.id, total, cw.owned_meld(self.names, meld.owner, meld.cards), meld.cards)

    def _move_meld(self, step: int) -> None:
        table = self.view.table
        if not table:
            self.say(cw.NO_MELDS_YET)
            return
        ids = [m.id for m in table]
        landed = step_meld(ids.index(self.meld_id) if self.meld_id in ids else None, len(ids), step, wraps=False)
        assert landed is not None
        edge = (cw.LAST_MELD if step > 0 else cw.FIRST_MELD) if landed.stopped else ""
        self.meld_id = ids[landed.index]
        self.say(edge, *self._meld_parts(table[landed.index], len(table)))

    def next_meld(self, key: str = "") -> None:
        self._move_meld(1)

    def previous_meld(self, key: str = "") -> None:
        self._move_meld(-1)

    def _go_meld(self, number: int) -> None:
        table = self.view.table
        meld = next((m for m in table if m.id == number), None)
        if meld is None:
            self.say(cw.no_such_meld(number, len(table)))
            return
        self.meld_id = meld.id
        self.say(*self._meld_parts(meld, len(table)))

    def go_to_meld(self, key: str = "") -> None:
        self.host.open(NumberEntry(cw.GO_TO_MELD, self.host.say_line, on_number=self._go_meld,
                                   prompt=N_("meld number")))

    def read_melds(self, key: str = "") -> None:
        v = self.view
        if not v.table:
            self.say(cw.NO_MELDS_YET)
            return
        for seat in self._seats_from(v.seat, v):
            melds = [m for m in v.table if m.owner == seat]
            if melds:
                self.say(*self._player_melds(seat, melds))

    def _player_melds(self, seat: int, melds: Sequence[TableMeld]) -> Parts:
        return cw.player_melds_parts(self.names, seat, [m.cards for m in melds], [m.id for m in melds])

    @staticmethod
    def _seats_from(first: int, v: ContractView) -> list[int]:
        n = len(v.players)
        return [(first + i) % n for i in range(n)]

    def _player_words(self, seat: int) -> Parts:
        v = self.view
        melds = [m for m in v.table if m.owner == seat]
        return cw.player_parts(self.names.subject(seat), seat == v.dealer, v.hand_sizes[seat],
                               [m.cards for m in melds] if v.melded[seat] else None, [m.id for m in melds],
                               v.buys[seat], v.max_buys, v.totals[seat])

    def _move_player(self, step: int) -> None:
        v = self.view
        self.player = (self.player + step) % len(v.players)
        first = next((m.id for m in v.table if m.owner == self.player), None)
        if first is not None:
            self.meld_id = first
        self.say(*self._player_words(self.player))

    def next_player(self, key: str = "") -> None:
        self._move_player(1)

    def previous_player(self, key: str = "") -> None:
        self._move_player(-1)

    def players(self, key: str = "") -> None:
        v = self.view
        self.say(cw.players_line([(self.names.subject(s), v.hand_sizes[s], v.melded[s], v.buys[s])
                                  for s in self._seats_from(v.seat, v)]))

    def info(self, key: str = "") -> None:
        v = self.view
        self.say(cw.info_words(v, self.names.name(v.dealer)))
        if v.phase != "over":
            self._whose_turn()
