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

from access_game.ui.draw_discard_table import DrawDiscardTable
from access_game.ui.hand_model import FREE, SELECTED
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
    #: The pile cursor, a place from the top (1: the top card); set on the table as it moves.
    depth = 1
    #: The meld cursor, an index into the table's melds (None: not moved yet).
    meld_at: int | None = None

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
        """Where the hint's key makes exactly its move: a take's pile cursor on its deepest card (nothing
        selected, so T makes the hinted meld), a lay-off's meld cursor on its meld, a meld's cards
        selected (so Enter puts them down)."""
        move = hint.action
        if isinstance(move, TakePile | Meld):
            self.clear_marks()
        if isinstance(move, TakePile):
            self.depth = move.count
        elif isinstance(move, LayOff):
            self.meld_at = move.meld
        elif isinstance(move, Meld):
            self.hand.marks = [SELECTED if c in move.cards else FREE for c in self.hand.cards]
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
        here = self._card_under_cursor()
        if here is not None:
            self._lay_off_each(self.hand.selected() or [here])

    def _card_under_cursor(self) -> Card | None:
        """The hand's current card; with none (an empty hand), that is said."""
        here = self._current()
        if here is None:
            self.say(tw.NO_CARDS)
        return here

    def _home(self, card: Card) -> int:
        """The meld a card goes on: the meld cursor's when it fits there, else the first that takes it
        (0 when none does, so the rules say it does not fit)."""
        melds = self.view.table
        if self.meld_at is not None and self.meld_at < len(melds) and fits(card, melds[self.meld_at].all_cards):
            return self.meld_at
        return next((i for i, m in enumerate(melds) if fits(card, m.all_cards)), 0)

    def _lay_off_each(self, cards: Sequence[Card]) -> None:
        """Each card on its meld, the meld cursor following; the first refusal (said by the rules: not your
        turn, draw first, it does not fit) stops the rest."""
        moves = [LayOff(self.seat, c, self._home(c)) for c in cards]
        while moves and self.session.act(moves[0]):
            self.meld_at = moves.pop(0).meld

    # ----- selection
    def toggle_selected(self, key: str = "") -> None:
        if self._card_under_cursor() is not None:
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
        """The card under the pile cursor, the cursor kept within the pile."""
        spread = self.view.discard
        self.depth = max(1, min(self.depth, len(spread)))
        self.say(*(rw.pile_card_parts(spread[-self.depth], self.depth, len(spread)) if spread
                   else [tw.DISCARD_PILE_EMPTY]))

    def pile_toward_top(self, key: str = "") -> None:
        self.depth -= 1
        self._say_pile_card()

    def pile_deeper(self, key: str = "") -> None:
        self.depth += 1
        self._say_pile_card()

    def _meld_words(self, index: int) -> Parts:
        on_table = self.view.table
        who = self.names.name
        meld = on_table[index]
        return rw.meld_line_parts(index + 1, len(on_table), meld.all_cards, who(meld.owner),
                                  [(who(s), c) for s, c in meld.layoffs])

    def _meld_count(self) -> int:
        """How many melds are on the table; with none, that is said."""
        count = len(self.view.table)
        if not count:
            self.say(tw.NO_MELDS_YET)
        return count

    def say_every_meld(self, key: str = "") -> None:
        for index in range(self._meld_count()):
            self.say(*self._meld_words(index))

    def _walk_melds(self, by: int) -> None:
        """The meld cursor ``by`` melds on, going round (the first step lands on the first or the last)."""
        if count := self._meld_count():
            start = -1 if by > 0 else 0
            self.meld_at = ((start if self.meld_at is None else self.meld_at) + by) % count
            self.say(*self._meld_words(self.meld_at))

    def meld_after(self, key: str = "") -> None:
        self._walk_melds(1)

    def meld_before(self, key: str = "") -> None:
        self._walk_melds(-1)

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
