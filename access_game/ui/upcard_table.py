"""The upcard rummy table: a hand you select melds from, the fanned discard pile you can walk and dig
into, the melds on the table one by one, and the running totals against the target.

Three cursors, each with its own keys, because a blind player cannot glance across the table:
the hand (Left and Right, digits), the discard pile (Up toward the top, Down deeper, Shift+Down to the
next card you could take back to) and the melds (M and Shift+M). Melds and lay-offs are built the same way as in the
other tables: Space toggles the current card in or out of the selection and says at once whether the
selection is a meld, Enter puts it down. Every card said stays a Card value in the message, so the
announcer can show it in braille.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from access_game.ui.hints import Hint
from access_game.ui.selection import toggle_current
from access_game.ui.upcard_base import Parts
from access_game.ui.upcard_digging import DigOption, dig_meld, dig_options, go_out_discard
from access_game.ui.upcard_melds import UpcardMeldKeys
from access_game.ui.upcard_pile import PileKeys
from engine.actions import Discard
from engine.arrange_upcard import arrange_upcard, cards_value, meld_problem, meld_rank
from engine.cards import Card
from engine.events import Discarded, Drew, Event, TurnStarted
from engine.game import Game
from engine.rules.upcard_rummy import (
    HandOpened,
    LayOff,
    Meld,
    PlayerWentOut,
    TakeDiscards,
    TookDiscards,
    UpcardView,
    hand_size_for,
)
from speech import draw_discard_words as ddw
from speech import table_words as tw
from speech import upcard_words as uw
from speech.phrases import GAME_OVER
from speech.results import Names
from speech.utterance import Kind

__all__ = [
    "DigOption",
    "UpcardTable",
    "dig_meld",
    "dig_options",
    "go_out_discard",
    "resume_question",
]


#: Hand positions 11 to 19 (a dealt ace is 14 cards, 15 once drawn, more after digging).
HIGH_KEYS = tuple(f"alt-{n}" for n in range(1, 10))


class UpcardTable(PileKeys, UpcardMeldKeys):
    """The upcard rummy table: its parts' keys, and the table protocol, playing and hints over them."""

    game_name = "upcard-rummy"
    title = "Upcard Rummy"
    KEY_HELP = uw.KEY_HELP
    KEY_GROUPS = uw.KEY_GROUPS
    GAME_KEYS = (
        "draw", "take", "discard", "put-down", "lay-off", "play-hint", "best-melds", "hint", "select",
        "read-selection", "clear-selection",
    )
    TABLE_KEYS = (
        "read-discards", "pile-up", "pile-down", "next-take-back", "previous-take-back", "pile-go-to",
        "take-back-options", "read-table", "players-melds", "next-meld", "previous-meld", "up-card", "wild",
        "scores", "scores-long", "info", "players",
    )
    METHODS = MappingProxyType({
        "take": "take_back",
        "read-discards": "read_pile",
        "next-take-back": "next_target",
        "previous-take-back": "previous_target",
        "read-table": "all_melds",
        "up-card": "top_card",
    })
    NOT_WHILE_WAITING = ("put-down", "select")

    # ----------------------------------------------------------------- the table protocol
    def reset(self) -> None:
        self.pile_index = self.meld_index = None
        super().reset()

    def prompt(self) -> str:
        v = self.view
        return ddw.turn_prompt(over=v.phase == "over", my_turn=v.my_turn, drawing=v.phase == "draw",
                               last_turn=v.last_turn, may_meld=not v.first_meld_now)

    def resumed_words(self) -> str:
        v = self.view
        return uw.resumed_words(self.names, v.players, v.seat, v.hand_number, v.wild_rank, v.totals, v.target)

    def arrival(self, ev: Event, arrived: Card | None) -> Card | None:
        """A hand opened, a turn begun, cards taken back (the cursor on the last) or a discard made."""
        seat = self.seat
        if isinstance(ev, HandOpened):
            self.hand.reset()
            self.pile_index = self.meld_index = None
        elif isinstance(ev, TurnStarted) and ev.seat == seat:
            self.pile_index = None
            self.clear_marks()
        elif isinstance(ev, TookDiscards):
            self.pile_index = None
            if ev.seat == seat:
                return ev.cards[-1] if len(ev.cards) > 1 else None
        elif isinstance(ev, Discarded) and ev.seat == seat:
            self.clear_marks()
            return None
        else:
            return super().arrival(ev, arrived)
        return arrived

    def after_events(self, events: Sequence[Event], arrived: Card | None) -> None:
        seat = self.seat
        if self.pile_index is not None and self.pile_index >= len(self.view.discard):
            self.pile_index = None
        if not self.session.settings.hints:
            return
        v = self.view
        for ev in events:
            if isinstance(ev, Drew | TookDiscards) and ev.seat == seat and v.my_turn and v.phase == "discard":
                self._go_out_hint()
            elif isinstance(ev, TurnStarted) and ev.seat == seat and v.my_turn and v.phase == "draw":
                self._turn_hint(ev.last_turn)
            elif isinstance(ev, PlayerWentOut) and ev.seat != seat and v.melded[seat]:
                self.say(uw.NO_LAST_TURN, kind=Kind.MY_TURN, urgent=False)

    def _turn_hint(self, last_turn: bool) -> None:
        v = self.view
        if last_turn:
            self.say(uw.LAST_TURN_TIP, kind=Kind.MY_TURN, urgent=False)
        elif v.melded[v.seat] and (n := len(dig_options(v))):
            self.say(uw.take_back_tip(n), kind=Kind.MY_TURN, urgent=False)

    def _go_out_hint(self) -> None:
        card = go_out_discard(self.view)
        if card is not None:
            self.say(*uw.go_out_tip(card, self.view.wild_rank), kind=Kind.MY_TURN, urgent=False)

    def whose_turn(self, *, urgent: bool = False) -> None:
        v = self.view
        mine = v.phase != "over" and v.my_turn
        words = uw.whose_turn_words(v.phase == "over", v.my_turn, v.last_turn,
                                    self.prompt().removeprefix("last turn, "), v.players[v.to_move])
        self.say(words, kind=Kind.MY_TURN if mine else Kind.INFO, urgent=urgent)

    # ----------------------------------------------------------------- commands
    def select(self, key: str = "") -> None:
        if not self.order:
            self.say(tw.NO_CARDS)
            return
        now = toggle_current(self.hand)
        card = self.order[self.pos]
        cards = self._selected()
        # One line a press: the card, the count and the verdict; the list of cards is Z's (read-selection).
        self.say(*uw.selected_parts(now, card, self.view.wild_rank, len(cards)), self._verdict(cards) if cards else "")

    def read_selection(self, key: str = "") -> None:
        self.say(*self._selection_parts())

    def clear_selection(self, key: str = "") -> None:
        had = len(self._selected())
        self.clear_marks()
        self.say(uw.selection_cleared(bool(had)))

    def _selection_parts(self) -> Parts:
        cards = self._selected()
        return uw.selection_parts(cards, self.view.wild_rank, self._verdict(cards) if cards else "")

    def _verdict(self, cards: Sequence[Card]) -> str:
        """Whether the selection can go down now, and as what; the reason when it cannot."""
        v = self.view
        wild = v.wild_rank
        now = v.my_turn and v.phase == "discard"
        problem = meld_problem(cards, wild)
        if problem is None:
            rank = meld_rank(cards, wild)
            assert rank is not None
            but = ("later" if not now else "first-meld-now" if v.first_meld_now else
                   "first-meld-three" if not v.melded[v.seat] and len(cards) != 3 else
                   "keep-one" if len(cards) >= len(v.hand) else "")
            return uw.meld_verdict(rank, cards_value(cards, wild), but)
        homes = [self._meld_for(c) for c in cards]
        if v.table and all(h is not None for h in homes):
            where = self._meld_name(homes[0]) if len(set(homes)) == 1 and homes[0] is not None else None
            when = ("now" if now and v.may_lay_off else "melded" if v.melded[v.seat] and not v.first_meld_now
                    else "later")
            return uw.fit_verdict(len(cards) == 1, where, when)
        return uw.not_a_meld(problem)

    def put_down(self, key: str = "") -> None:
        cards = self._selected()
        if not cards:
            self.say(uw.SELECT_FIRST, kind=Kind.SYSTEM)
            return
        v = self.view
        fit = bool(v.table) and all(self._meld_for(c) is not None for c in cards)
        if meld_problem(cards, v.wild_rank) is None or not fit:
            self.session.act(Meld(self.seat, tuple(cards)))  # refused with the reason when it is no meld
            return
        self._lay_off_cards(cards)

    def lay_off(self, key: str = "") -> None:
        current = self._current()
        if current is None:
            self.say(tw.NO_CARDS)
            return
        self._lay_off_cards(self._selected() or [current])

    def _lay_off_cards(self, cards: Sequence[Card]) -> None:
        v = self.view
        if self.session.refused_now(LayOff):
            return
        if not v.table:
            self.say(uw.NO_MELDS_TO_LAY_OFF_ON, kind=Kind.SYSTEM)
            return
        for card in cards:
            home = self._meld_for(card)
            if home is None:
                self.say(*uw.fits_no_meld(card, v.wild_rank), kind=Kind.SYSTEM)
                return
            if not self.session.act(LayOff(self.seat, card, home)):
                return
            self.meld_index = home

    def discard(self, key: str = "") -> None:
        card = self._current()
        if card is None:
            self.say(tw.NO_CARDS)
            return
        self.session.act(Discard(self.seat, card))

    # ----- the hint
    def waiting_hint(self) -> None:
        """H out of turn: what your hand holds while you wait."""
        v = self.view
        if v.phase == "over":
            self.say(GAME_OVER)
            return
        arr = arrange_upcard(v.hand, v.wild_rank)
        melded = sum(len(m) for m in arr.melds)
        self.say(*uw.waiting_hand_parts(v.players[v.to_move], melded, arr.melded_value, len(arr.deadwood),
                                        arr.deadwood_value), kind=Kind.MY_TURN)

    def aim(self, hint: Hint, *, say: bool = True) -> None:
        """The hand's cursor on the hint's card; for a lay-off the meld cursor on its meld, for a take-back
        the pile cursor on the card taken back to and the hint's meld kept for T, so Shift+O or T makes
        exactly the hinted move."""
        action = hint.action
        if isinstance(action, LayOff):
            self.meld_index = action.meld
        elif isinstance(action, TakeDiscards):
            self.pile_index = len(self.view.discard) - action.count
            self.hinted_take = (self.session.move_count, action.count, action.meld)
        super().aim(hint, say=say)

    def best_melds_parts(self) -> Parts:
        v = self.view
        arr = arrange_upcard(v.hand, v.wild_rank)
        after: tuple[int, int] | None = None
        if v.my_turn and v.phase == "discard":
            # One card goes to the discard pile first: what is left loose is counted without it too.
            rest = [arrange_upcard([x for i, x in enumerate(v.hand) if i != k], v.wild_rank)
                    for k in range(len(v.hand))]
            after = (min(len(a.deadwood) for a in rest), min(a.deadwood_value for a in rest))
        return uw.best_melds_parts(arr.melds, arr.deadwood, arr.melded_value, arr.deadwood_value, v.wild_rank,
                                   after)

    # ----- the table
    def top_card(self, key: str = "") -> None:
        v = self.view
        self.say(*uw.top_card_parts(v.discard_top, v.wild_rank, len(v.discard)))

    def _deal_log(self) -> HandOpened | None:
        return next((ev for ev in reversed(self.view.log) if isinstance(ev, HandOpened)), None)

    def wild(self, key: str = "") -> None:
        v = self.view
        names = self.names
        n = len(v.players)
        seats = [(v.dealer + 1 + i) % n for i in range(n)]
        at_deal = [(names.name(s), v.up_cards[s], self._dealt_size(s)) for s in seats]
        self.say(*uw.wild_deal_parts(v.wild_rank, None if v.dealer == v.seat else v.players[v.dealer], at_deal))

    def _dealt_size(self, seat: int) -> int:
        opened = self._deal_log()
        if opened is not None:
            return opened.hand_sizes[seat]
        return hand_size_for(self.view.up_cards[seat])

    def _totals_words(self) -> str:
        v = self.view
        return uw.totals_words(self.names, v.totals, v.target)

    def scores(self, key: str = "") -> None:
        self.say(uw.scores_words(self.view.target, self._totals_words()), kind=Kind.RESULTS)

    def scores_long(self, key: str = "") -> None:
        if not self.say_hand_points():
            self.say(uw.no_scores_yet(self.view.target), kind=Kind.RESULTS)
            return
        self.scores()

    def info(self, key: str = "") -> None:
        v = self.view
        if v.phase == "over":
            self.say(GAME_OVER)
            return
        dealer = self.names.name(v.dealer)
        status = uw.melded_status(v.melded[v.seat], v.first_meld_now and v.my_turn)
        self.say(uw.info_words(v.hand_number, v.wild_rank, dealer, v.stock_size, len(v.discard), len(v.table), status))
        self.whose_turn()

    def players(self, key: str = "") -> None:
        v = self.view
        last: dict[int, Card] = {}
        opened = False
        for ev in reversed(v.log):
            if isinstance(ev, HandOpened):
                opened = True
                break
            if isinstance(ev, Discarded) and ev.seat not in last:
                last[ev.seat] = ev.card
        parts: Parts = []
        for seat in range(len(v.players)):
            if seat == v.seat:
                continue
            if parts:
                parts.append("; ")
            value = cards_value([c for m in v.table for c in m.cards_of(seat)], v.wild_rank)
            parts += uw.opponent_parts(v.players[seat], v.hand_sizes[seat], v.melded[seat], value, last.get(seat),
                                       opened, v.wild_rank)
        self.say(*parts, ".")


def resume_question(game: Game, seat: int) -> str:
    """Asked before a saved game is resumed: who is at the table, which hand, and the totals."""
    view: UpcardView = game.view(seat)
    return uw.resume_question(Names(view.players, seat), view.players, seat, view.hand_number, view.totals,
                              view.target)
