"""The lobby's list at the terminal: one item a line, stepped through by keys.

The list holds, in order: joining a table by its code, a new table of each game, then the open public
tables the server lists (those with a free seat, then those being played that may be watched). It is
built from the server's ``games`` and ``tables`` frames and kept up to date by ``listed`` and
``unlisted``; the cursor stays on the item it was on when others come and go, so a line pushed by the
server never moves the player. Each item's line is worded once, when it changes, so stepping through
five hundred tables costs a lookup per key.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from speech import account_words as aw
from speech import lobby_words as lw
from speech.i18n import _
from speech.option_words import option_said

__all__ = ["Item", "LobbyList", "game_title"]


@dataclass(frozen=True, slots=True)
class Item:
    """One line of the list: what Enter does on it (``kind``: code, game or table), its key (the game's
    name or the table's code), its line, and the server's data about it."""

    kind: str
    key: str
    line: str
    data: Mapping[str, Any]

    @property
    def joinable(self) -> bool:
        return self.kind == "table" and not self.data.get("started") and int(self.data.get("free", 0)) > 0

    @property
    def watchable(self) -> bool:
        return self.kind == "table" and bool(self.data.get("watchable"))


class LobbyList:
    """The items and the cursor; every method that moves the cursor returns the line to say."""

    def __init__(self) -> None:
        self.fixed: list[Item] = [Item("code", "", _(lw.JOIN_BY_CODE), {})]
        #: The seats the account signed in holds at the server's tables (after the first item).
        self.seats: list[Item] = []
        self.tables: dict[str, Item] = {}
        self._order: list[str] = []
        self._items: list[Item] | None = None
        self.cursor = 0

    # ----------------------------------------------------------------- from the server
    def set_games(self, games: Iterable[Mapping[str, Any]]) -> None:
        current = self.current()
        # Games for one player alone have no table to share: they are played with 'play'.
        self.fixed = [self.fixed[0]] + [
            Item("game", str(g["name"]), lw.game_item(_(str(g["title"])), max(2, int(g["players"][0])),
                                                      int(g["players"][1])), g)
            for g in games if int(g["players"][1]) > 1]
        self._changed(current)

    def set_seats(self, seats: Iterable[Mapping[str, Any]]) -> None:
        """The account's seats (``signed_in``), each taken back with Enter."""
        from access_game.net.protocol import show_code

        current = self.current()
        self.seats = [Item("seat", str(seat["code"]), aw.seat_item(game_title(str(seat["game"])),
                                                                    show_code(str(seat["code"])),
                                                                    started=bool(seat.get("started"))), seat)
                      for seat in seats]
        self._changed(current)

    def set_tables(self, entries: Iterable[Mapping[str, Any]]) -> None:
        current = self.current()
        self.tables = {}
        self._order = []
        for entry in entries:
            self._put(entry)
        self._changed(current)

    def listed(self, entry: Mapping[str, Any]) -> None:
        current = self.current()
        self._put(entry)
        self._changed(current)

    def unlisted(self, code: str) -> bool:
        """A table left the list; True when the cursor was on it (it then stays at the same place)."""
        if code not in self.tables:
            return False
        current = self.current()
        index = self.cursor
        del self.tables[code]
        self._order.remove(code)
        self._items = None
        if current is not None and current.key == code:
            self.cursor = min(index, len(self.items()) - 1)
            return True
        self._changed(current)
        return False

    def _put(self, entry: Mapping[str, Any]) -> None:
        code = str(entry["code"])
        if code not in self.tables:
            self._order.append(code)
        self.tables[code] = Item("table", code, _table_line(entry), entry)
        self._items = None

    def _changed(self, current: Item | None) -> None:
        """Keep the cursor on the item it was on."""
        self._items = None
        if current is None:
            return
        for i, item in enumerate(self.items()):
            if item.kind == current.kind and item.key == current.key:
                self.cursor = i
                return
        self.cursor = min(self.cursor, len(self.items()) - 1)

    # ----------------------------------------------------------------- the cursor
    def items(self) -> list[Item]:
        if self._items is None:
            # Tables with a free seat first, then those being played (each in the order they came).
            open_tables = [self.tables[c] for c in self._order if not self.tables[c].data.get("started")]
            played = [self.tables[c] for c in self._order if self.tables[c].data.get("started")]
            self._items = [self.fixed[0], *self.seats, *self.fixed[1:], *open_tables, *played]
        return self._items

    def current(self) -> Item | None:
        items = self.items()
        return items[self.cursor] if 0 <= self.cursor < len(items) else None

    def line(self) -> str:
        item = self.current()
        return "" if item is None else item.line

    def move(self, delta: int) -> str:
        """One item up (-1) or down (+1); at an end the same item is said again."""
        self.cursor = max(0, min(len(self.items()) - 1, self.cursor + delta))
        return self.line()

    def first(self) -> str:
        self.cursor = 0
        return self.line()

    def last(self) -> str:
        self.cursor = len(self.items()) - 1
        return self.line()

    @property
    def open_tables(self) -> int:
        return len(self.tables)


def _table_line(entry: Mapping[str, Any]) -> str:
    from access_game.catalog import UnknownGame, game

    name = str(entry.get("game", ""))
    try:
        catalog_entry = game(name)
    except UnknownGame:
        title, settings = name, {}
    else:
        title = _(catalog_entry.title)
        settings = {o.name: o.setting or o.name.replace("_", " ") for o in catalog_entry.options}
    # The first dealer is a seat the host's program drew, not a rule anyone chooses a table for.
    options = {k: v for k, v in (entry.get("options") or {}).items() if k != "first_dealer"}
    said = [option_said(settings.get(k, k.replace("_", " ")), v) for k, v in sorted(options.items())]
    rules = _("Rules: {options}.").format(options="; ".join(said)) if said else ""
    return lw.table_item(title=title, host=str(entry.get("host") or "?"), free=int(entry.get("free", 0)),
                         seats=int(entry.get("seats", 0)), computers=int(entry.get("computers", 0)),
                         started=bool(entry.get("started")), watchable=bool(entry.get("watchable")), options=rules)


def game_title(game: str) -> str:
    """A game's title in the player's language (its name when this program lacks the game)."""
    from access_game.catalog import UnknownGame
    from access_game.catalog import game as catalog_game

    try:
        return _(catalog_game(game).title)
    except UnknownGame:
        return game
