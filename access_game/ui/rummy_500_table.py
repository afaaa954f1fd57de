"""The Rummy 500 table, over the shared draw–discard table: the spread discard pile walked card by card
and taken down to the card under its cursor, melds built from a selection, lay-offs on anyone's melds,
and the totals against the target. What is said is in speech.rummy_500_words.

Two cursors of the game's own, since a blind player cannot glance across the table: the pile's (Up
toward the top, Down deeper, counted from the top and reset at each turn) and the melds' (M and
Shift+M). Space selects cards; Enter puts the selection down as a meld, or lays it off where it fits; T
takes the pile down to the pile cursor and uses the deepest card at once: with the selected cards, in
the meld the hand makes with it, or laid off on a meld it fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from access_game.ui.draw_discard_table import DrawDiscardTable
from access_game.ui.hints import Hint
from access_game.ui.selection import toggle_current
from engine.arrange_rummy_500 import arrange_rummy_500, cards_value, fits, hand_melds, meld_problem
from engine.cards import Card
from engine.events import Event, TurnStarted
from engine.game import Game
from engine.rules.rummy_500 import LayOff, Meld, R500View, TakePile
from speech import draw_discard_words as ddw
from speech import rummy_500_words as rw
from speech import table_words as tw
from speech.phrases import Parts
from speech.results import Names
from speech.utterance import Kind

if TYPE_CHECKING:
    from access_game.session_api import TableSession
    from access_game.ui.table import Host

__all__ = ["Rummy500Table", "resume_question", "take_move"]


def resume_question(game: Game, seat: int) -> str:
    seen: R500View = game.view(seat)
    return rw.resume_question(Names(seen.players, seat), seen.hand_number, seen.totals)


def take_move(seen: R500View, depth: int, chosen: Sequence[Card] = ()) -> TakePile:
    """Taking the pile down to ``depth`` (1: the top card), the deepest card used: with the ``chosen``
    cards when they make a meld with it, else in the richest meld the hand and the cards taken make with
    it, else laid off on the first meld it fits. With none of these the move is still made, so the rules
    say why it is refused."""
    taken = seen.discard[-depth:]
    deepest = taken[0]
    if chosen and meld_problem([deepest, *chosen]) is None:
        return TakePile(seen.seat, depth, (deepest, *chosen))
    found = [m for m in hand_melds([*seen.hand, *taken]) if deepest in m]
    if found:
        return TakePile(seen.seat, depth, max(found, key=lambda m: (cards_value(m), len(m))))
    home = next((i for i, m in enumerate(seen.table) if fits(deepest, m.all_cards)), None)
    return TakePile(seen.seat, depth, (), home)


class Rummy500Table(DrawDiscardTable[R500View]):
    """Rummy 500's own part of a draw–discard table."""

    game_name = "rummy-500"
    title = "Rummy 500"
    KEY_HELP = rw.KEY_HELP
    GAME_KEYS = ("draw", "take", "discard", "put-down", "lay-off", "hint", "play-hint", "best-melds", "select",
                 "read-selection", "clear-selection")
    TABLE_KEYS = ("read-discards", "pile-up", "pile-down", "read-table", "next-meld", "previous-meld", "up-card",
                  "scores", "scores-long", "info")
    METHODS = MappingProxyType({
        "take": "take_down_to_cursor", "put-down": "put_selection_down", "lay-off": "lay_off_selected",
        "select": "toggle_selected", "read-selection": "say_selection", "clear-selection": "unselect_all",
        "pile-up": "pile_toward_top", "pile-down": "pile_deeper", "read-table": "say_every_meld",
        "next-meld": "meld_after", "previous-meld": "meld_before", "scores": "totals_to_target",
        "scores-long": "every_hand_then_totals", "info": "where_things_stand",
    })
    NOT_WHILE_WAITING = ("put-down", "select")

    def __init__(self, session: TableSession, host: Host) -> None:
        #: The pile cursor, a place from the top (1: the top card).
        self.depth = 1
        #: The meld cursor, an index into the table's melds (None: not moved yet).
        self.meld_at: int | None = None
        super().__init__(session, host)

    # ----------------------------------------------------------------- the table protocol
    def reset(self) -> None:
        self.depth, self.meld_at = 1, None
        super().reset()

    def prompt(self) -> str:
        seen = self.view
        return ddw.turn_prompt(over=seen.phase == "over", my_turn=seen.my_turn, drawing=seen.phase == "draw",
                               may_meld=True)

    def resumed_words(self) -> str:
        seen = self.view
        return rw.resumed_words(self.names, seen.hand_number, seen.totals)

    def arrival(self, ev: Event, arrived: Card | None) -> Card | None:
        """Each of this player's turns starts with the pile cursor on the top card and nothing selected."""
        if isinstance(ev, TurnStarted) and ev.seat == self.seat:
            self.depth = 1
            self.clear_marks()
        return super().arrival(ev, arrived)

    def pile(self) -> Sequence[Card]:
        return self.view.discard

    def aim(self, hint: Hint, *, say: bool = True) -> None:
        """A hinted take puts the pile cursor on its deepest card; a hinted lay-off the meld cursor on its meld."""
        if isinstance(hint.action, TakePile):
            self.depth = hint.action.count
        elif isinstance(hint.action, LayOff):
            self.meld_at = hint.action.meld
        super().aim(hint, say=say)

    # ----------------------------------------------------------------- moves
    def take_down_to_cursor(self, key: str = "") -> None:
        if self.session.refused_now(TakePile):
            return
        seen = self.view
        self.session.act(take_move(seen, min(self.depth, len(seen.discard)), self.hand.selected()))

    def put_selection_down(self, key: str = "") -> None:
        chosen = self.hand.selected()
        if not chosen:
            self.say(rw.selection_parts((), "")[0], kind=Kind.SYSTEM)
            return
        if meld_problem(chosen) is None or not self.view.table:
            self.session.act(Meld(self.seat, tuple(chosen)))  # the rules say why, when it is no meld
            return
        self._lay_off_each(chosen)

    def lay_off_selected(self, key: str = "") -> None:
        here = self._current()
        if here is None:
            self.say(tw.NO_CARDS)
            return
        self._lay_off_each(self.hand.selected() or [here])

    def _home(self, card: Card) -> int:
        """The meld a card goes on: the meld cursor's when it fits there, else the first that takes it
        (0 when none does, so the rules say it does not fit)."""
        melds = self.view.table
        if self.meld_at is not None and self.meld_at < len(melds) and fits(card, melds[self.meld_at].all_cards):
            return self.meld_at
        return next((i for i, m in enumerate(melds) if fits(card, m.all_cards)), 0)

    def _lay_off_each(self, cards: Sequence[Card]) -> None:
        if self.session.refused_now(LayOff):
            return
        for card in cards:
            home = self._home(card)
            if not self.session.act(LayOff(self.seat, card, home)):
                return
            self.meld_at = home

    # ----- selection
    def toggle_selected(self, key: str = "") -> None:
        if not self.order:
            self.say(tw.NO_CARDS)
            return
        toggle_current(self.hand)
        self.say_selection()

    def say_selection(self, key: str = "") -> None:
        chosen = self.hand.selected()
        whole = None if meld_problem(chosen) else chosen
        fit = None
        if whole is None and chosen and self.view.table:
            homes = {self._home(c) for c in chosen}
            if len(homes) == 1 and all(fits(c, self.view.table[h].all_cards) for c in chosen for h in homes):
                fit = homes.pop() + 1
        self.say(*rw.selection_parts(chosen, rw.verdict_words(whole, fit)))

    def unselect_all(self, key: str = "") -> None:
        self.clear_marks()
        self.say(*rw.selection_parts((), ""))

    # ----------------------------------------------------------------- what the table shows
    def best_melds_parts(self) -> Parts:
        found = arrange_rummy_500(self.view.hand)
        return rw.best_melds_parts(found.melds, found.left)

    def _say_pile_card(self) -> None:
        pile = self.view.discard
        if not pile:
            self.say(tw.DISCARD_PILE_EMPTY)
            return
        self.depth = max(1, min(self.depth, len(pile)))
        self.say(*rw.pile_card_parts(pile[-self.depth], self.depth, len(pile)))

    def pile_toward_top(self, key: str = "") -> None:
        self.depth -= 1
        self._say_pile_card()

    def pile_deeper(self, key: str = "") -> None:
        self.depth += 1
        self._say_pile_card()

    def _meld_words(self, index: int) -> Parts:
        seen = self.view
        names = self.names
        meld = seen.table[index]
        return rw.meld_line_parts(index + 1, len(seen.table), meld.cards, names.name(meld.owner),
                                  [(names.name(s), c) for s, c in meld.layoffs])

    def say_every_meld(self, key: str = "") -> None:
        if not self.view.table:
            self.say(tw.NO_MELDS_YET)
        for index in range(len(self.view.table)):
            self.say(*self._meld_words(index))

    def _meld_step(self, step: int) -> None:
        count = len(self.view.table)
        if not count:
            self.say(tw.NO_MELDS_YET)
            return
        self.meld_at = (step if step > 0 else -1) % count if self.meld_at is None else (self.meld_at + step) % count
        self.say(*self._meld_words(self.meld_at))

    def meld_after(self, key: str = "") -> None:
        self._meld_step(1)

    def meld_before(self, key: str = "") -> None:
        self._meld_step(-1)

    def totals_to_target(self, key: str = "") -> None:
        seen = self.view
        self.say(rw.scores_words(self.names, seen.totals, seen.target), kind=Kind.RESULTS)

    def every_hand_then_totals(self, key: str = "") -> None:
        self.say_hand_points()
        self.totals_to_target()

    def where_things_stand(self, key: str = "") -> None:
        seen = self.view
        turn = None if seen.phase == "over" else seen.to_move
        self.say(rw.table_state_words(self.names, seen.hand_number, seen.dealer, seen.stock_size, len(seen.discard),
                                      len(seen.table), turn))
