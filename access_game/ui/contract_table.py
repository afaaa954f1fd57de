"""The contract rummy table: a hand with a cursor and a selection, the melds on the table, the buy question.

The table is put together from parts named for what they hold: contract_base (the view, the hand's
order and marks, the cursors, the player's move), contract_buying (the buy question, never timed and
never modal), contract_lay_down (selecting, planning and laying down, laying off, swapping),
contract_melds (the meld and player cursors and what they read) and contract_advice (the hint). What
is here is the table protocol: the prompt, the opening, what the events say, and the keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from access_game.ui.contract_advice import Advice, advice
from access_game.ui.contract_base import CARD_KEYS, card_key, rank_key, suit_key
from access_game.ui.contract_buying import BuyQuestions
from access_game.ui.contract_lay_down import LayDownKeys
from access_game.ui.contract_melds import MeldKeys
from access_game.ui.hand_model import FREE
from access_game.ui.hints import Hint, best_choice
from engine.arrange_contract import best_lay_down, lay_off_options
from engine.cards import Card
from engine.events import Drew, Event, GameEnded, HandStarted
from engine.game import Game
from engine.rules.contract_rummy import Bought, BuyOffered, ContractView, LayOff, Swap
from speech import contract_words as cw
from speech.i18n import ngettext, pgettext
from speech.utterance import Kind

__all__ = ["CARD_KEYS", "FREE", "Advice", "ContractTable", "card_key", "rank_key", "resume_question", "suit_key"]


def resume_question(game: Game, seat: int) -> str:
    """Asked before a saved game is resumed: who is at the table, the hand and its contract."""
    view: ContractView = game.view(seat)
    return cw.resume_question(view)


class ContractTable(BuyQuestions, LayDownKeys, MeldKeys):
    """The contract rummy table: its parts' keys, and the table protocol over them."""

    game_name = "contract-rummy"
    title = "Contract Rummy"
    KEY_HELP = cw.KEY_HELP
    KEY_GROUPS = cw.KEY_GROUPS
    GAME_KEYS = (
        "draw", "take", "discard", "put-down", "lay-off", "swap", "lay-down-best", "yes", "no", "play-hint",
        "hint", "select", "read-selection", "clear-selection", "contract", "best-melds", "fits",
    )
    TABLE_KEYS = (
        "next-meld", "previous-meld", "go-to-meld", "read-table", "next-player", "previous-player", "players",
        "up-card", "wild", "info", "scores", "scores-long", "buy-questions",
    )
    METHODS = MappingProxyType({
        "put-down": "confirm",
        "best-melds": "contract",
        "read-table": "read_melds",
        "buy-questions": "toggle_buy_questions",
    })
    NOT_WHILE_WAITING = ("put-down", "lay-off", "select")

    def reset(self) -> None:
        self.meld_id = None
        self.player = self.seat
        self._draw_after_buying = False
        super().reset()

    def undone(self, move: Any) -> None:
        """A move taken back: the hand as before it, and the question it answered asked again."""
        super().undone(move)
        self._ask_to_buy(urgent=False, may_pass=False)

    def prompt(self) -> str:
        v = self.view
        if v.phase == "over":
            return pgettext("prompt", "game over")
        if self.deciding():
            # No card code here: read aloud, 'buy as?' would be taken for words. U asks the question again.
            return pgettext("prompt", "take? y/n") if v.seat == v.to_move else pgettext("prompt", "buy? y/n")
        picked = len(self.selection)
        # Each prompt whole, with and without a count, so a language orders and agrees it its own way.
        if v.to_move != v.seat:
            return (ngettext("wait, {n} selected", "wait, {n} selected", picked).format(n=picked) if picked
                    else pgettext("prompt", "wait"))
        if v.phase == "buy":
            return pgettext("prompt", "wait for buyers")
        if v.phase == "draw":
            return (ngettext("draw, {n} selected", "draw, {n} selected", picked).format(n=picked) if picked
                    else pgettext("prompt", "draw"))
        return (ngettext("play, {n} selected", "play, {n} selected", picked).format(n=picked) if picked
                else pgettext("prompt", "play"))

    def resumed_words(self) -> str:
        return cw.resumed_words(self.view)

    def whose_turn(self, *, urgent: bool = False) -> None:
        """After a resumed game's hand: the buy question if it waits on this player, else whose turn."""
        if self.deciding():
            self._ask_to_buy(urgent=urgent, may_pass=False)
        else:
            self._whose_turn(urgent=urgent)

    def arrival(self, ev: Event, arrived: Card | None) -> Card | None:
        if isinstance(ev, HandStarted):
            self.meld_id = None
            super().arrival(ev, arrived)
            return None
        if isinstance(ev, Bought) and ev.seat == self.seat and ev.card is not None:
            return ev.card  # the cursor lands on a card just bought, as on one drawn
        return super().arrival(ev, arrived)

    def after_events(self, events: Sequence[Event], arrived: Card | None) -> None:
        seat = self.seat
        if any(isinstance(ev, HandStarted) for ev in events):
            self.clear_marks()
        v = self.view
        hints = self.session.settings.hints
        for ev in events:
            if isinstance(ev, Drew) and ev.seat == seat and hints and v.my_turn and v.phase == "discard":
                self._after_draw_hint(v)
            elif isinstance(ev, Bought) and ev.seat != seat and v.my_turn and v.phase == "draw":
                self.say(*cw.your_draw(v.discard_top), kind=Kind.MY_TURN, urgent=False)
            elif isinstance(ev, GameEnded):
                self.say_final_scores()
        if any(isinstance(ev, BuyOffered) for ev in events) and self.deciding():
            self._ask_to_buy(urgent=False)

    def _after_draw_hint(self, v: ContractView) -> None:
        if not v.melded[v.seat]:
            best = best_lay_down(v.hand, v.contract)
            if best is not None:
                self.say(cw.CAN_LAY_DOWN, kind=Kind.MY_TURN, urgent=False)
            return
        if lay_off_options(v.hand, {m.id: m.cards for m in v.table}):
            # That a lay-off is there is worth saying unasked; the one the hint would make, so the two never
            # name different cards. No cursor moves: the player may be on their way to a meld already.
            choice = best_choice(self.session)
            action = None if choice is None else choice.action
            if isinstance(action, LayOff):
                self.say(*cw.can_lay_off(action.card, action.meld_id), kind=Kind.MY_TURN, urgent=False)

    def wild(self, key: str = "") -> None:
        self.say(cw.WILD_WORDS)

    def advice(self) -> Advice:
        """The hint: what a careful player would do now, and the move that does it (contract_advice)."""
        return advice(self.view, self.names)

    def waiting_hint(self) -> None:
        """H out of your turn (and of a buy answer): why there is nothing to do."""
        self.say(*self.advice().parts, kind=Kind.MY_TURN)

    def aim(self, hint: Hint, *, say: bool = True) -> None:
        """The hand's cursor on the hint's card; for a lay-off or a swap, the meld cursor on its meld and
        nothing else selected, so Shift+O or Shift+W moves that one card there."""
        action = hint.action
        if isinstance(action, LayOff | Swap):
            self.meld_id = action.meld_id
            self.hinted_swap = (self.session.move_count, action) if isinstance(action, Swap) else None
            if self.selection and self.selection != [action.card]:
                self.clear_marks()
        super().aim(hint, say=say)
