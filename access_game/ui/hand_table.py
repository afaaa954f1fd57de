"""What every table with a hand of cards does the same way: moving through the hand, going to a
card by number, the hand in braille, sorting. One copy, so the games cannot drift apart in how a
player's own hand behaves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from access_game.ui.braille_link import hand_cells, show_hand
from access_game.ui.modes import NumberEntry
from engine.cards import Card
from speech.utterance import Kind

if TYPE_CHECKING:
    from access_game.session import Session
    from access_game.ui.table import Host


def cards_count(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


class HandTable:
    """Mixin for tables: needs ``session``, ``host``, ``order`` (the hand as shown), ``pos`` (the
    current card), ``_announce_current()`` and ``_sort_to(how)`` from the table."""

    session: Session
    host: Host
    order: list[Card]
    pos: int

    def _announce_current(self) -> None:
        raise NotImplementedError

    def _sort_to(self, how: str) -> None:
        raise NotImplementedError

    def say(self, *parts: str | Card, kind: Kind = Kind.INFO, urgent: bool = True) -> None:
        self.session.say(*parts, kind=kind, urgent=urgent)

    def _move_to(self, index: int) -> None:
        if not self.order:
            self.say("Your hand is empty.")
            return
        if not 0 <= index < len(self.order):
            self.say(f"You have {cards_count(len(self.order))}; there is no card {index + 1}.")
            return
        self.pos = index
        self._announce_current()

    def first(self, key: str = "") -> None:
        self._move_to(0)

    def last(self, key: str = "") -> None:
        self._move_to(len(self.order) - 1)

    def go_to(self, key: str = "") -> None:
        self.host.open(NumberEntry("Go to card number?", self.host.say_line, on_number=lambda n: self._move_to(n - 1),
                                   prompt="card number"))

    def braille_hand(self, key: str = "") -> None:
        # Cells go on a line of their own, never spoken: a self-voicing player hears what the line is
        # and reads it on the display; a screen-reader player asked for exactly this line.
        if not self.order:
            self.say("You hold no cards.")
            return
        backend = getattr(self.session.announcer, "backend", None)
        if backend is not None and backend.speaks:
            self.say(f"Your hand in braille, {cards_count(len(self.order))}, is on the line below.")
        self.session.show_only(hand_cells(self.order))
        show_hand(self.session.announcer, self.order)  # a linked braille display: routing keys choose

    def sort_rank(self, key: str = "") -> None:
        self._sort_to("rank")

    def sort_suit(self, key: str = "") -> None:
        self._sort_to("suit")
