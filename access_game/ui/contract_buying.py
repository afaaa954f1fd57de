"""The contract rummy table's buy question: never timed and never modal. While it is open every other
key still reads the hand and the table, and the computer players wait for the answer; Y or N answers
it, D leaves the up card and draws once the others have answered, U says the offer and asks again. A
player who never wants to be asked turns the questions off (B) and passes on every discard without a
word."""

from __future__ import annotations

from access_game.ui.contract_base import ContractBase, Parts
from engine.actions import Draw
from engine.arrange_contract import cards_short, cards_wanted, lay_off_options
from engine.events import Discarded, HandStarted
from engine.rules.contract_rummy import Buy, ContractView, PassBuy
from speech import contract_words as cw
from speech.utterance import Kind

__all__ = ["BuyQuestions"]


class BuyQuestions(ContractBase):
    """The buy question's state and keys, on the table's plumbing."""

    @property
    def buy_questions(self) -> bool:
        """Whether the player is asked to buy. A ``buy_questions`` field in the settings (kept between
        games, changed in F2) rules when there is one; otherwise the table keeps the choice itself."""
        value = getattr(self.session.settings, "buy_questions", None)
        return self._buy_questions if value is None else bool(value)

    def set_buy_questions(self, on: bool) -> None:
        settings = self.session.settings
        if hasattr(settings, "buy_questions"):
            self.session.change_settings(settings.replace(buy_questions=on))
        self._buy_questions = on

    def _ask_to_buy(self, *, urgent: bool = False, may_pass: bool = True) -> None:
        """The buy question, or the silent pass when the player asked never to be asked (``may_pass``:
        not while a resumed game is still being set up, when nothing may be played yet)."""
        v = self.view
        if v.offer is None or not self.deciding():
            return
        if v.seat == v.to_move:
            self.say(*cw.take_question(v.offer), kind=Kind.MY_TURN, urgent=urgent)
        elif not self.buy_questions and may_pass:
            self._act(PassBuy(v.seat))
            return
        else:
            self.say(*cw.buy_question(v.offer), kind=Kind.MY_TURN, urgent=urgent)
        if self.session.settings.hints:
            hint = self._offer_hint(v)
            if hint:
                self.say(*hint, kind=Kind.MY_TURN, urgent=False)

    def _offer_hint(self, v: ContractView) -> Parts:
        """What the card on offer does for the player. "Your hand meets your contract already" does not
        depend on the card: it is said at the first question of a hand, not at every one (nothing)."""
        assert v.offer is not None
        if not v.melded[v.seat] and cards_short(v.hand, v.contract) == 0:
            if self._contract_met_said == v.hand_number:
                return []
            self._contract_met_said = v.hand_number
        fits = v.melded[v.seat] and bool(v.table) and bool(lay_off_options([v.offer], {m.id: m.cards for m in v.table}))
        short = 0 if v.melded[v.seat] else cards_short(v.hand, v.contract)
        helps = short > 0 and cards_wanted(v.hand, v.contract).helps(v.offer)
        return [cw.offer_hint(melded=v.melded[v.seat], fits=fits, short=short, helps=helps)]

    def after_news(self) -> None:
        """The draw D promised once the others had answered the buy question (they answer at their own
        terminals at a network table; at this one they have answered by the time D returns)."""
        if not self._draw_after_buying:
            return
        v = self.view
        if v.phase == "over" or (not v.my_turn and not self.deciding()):
            self._draw_after_buying = False  # the turn went on without the draw (a hand ended)
        elif v.my_turn and v.phase == "draw":
            self._draw_after_buying = False
            self._act(Draw(self.seat, "stock"))

    def draw_stock(self, key: str = "") -> None:
        v = self.view
        if self.deciding() and v.seat == v.to_move:
            # Leaving the up card is how a draw from the stock starts while others may still buy it.
            if not self._act(PassBuy(v.seat)):
                return
            v = self.view
            if not (v.my_turn and v.phase == "draw"):
                self._draw_after_buying = True  # others are answering: the draw comes after their answers
                return
        self._act(Draw(self.seat, "stock"))

    def yes(self, key: str = "") -> None:
        v = self.view
        if v.phase == "buy" and v.seat == v.to_move:
            self._act(Draw(v.seat, "discard"))
            return
        self._act(Buy(v.seat))

    def no(self, key: str = "") -> None:
        self._act(PassBuy(self.seat))

    def up_card(self, key: str = "") -> None:
        v = self.view
        if v.offer is not None:
            # The deal's up card is offered as the dealer's discard, but nobody discarded it.
            latest = next((ev for ev in reversed(v.log) if isinstance(ev, HandStarted | Discarded)), None)
            whence = cw.offer_whence(not isinstance(latest, Discarded), self.names.name(v.offered_by))
            self.say(*cw.on_offer_parts(v.offer, whence, v.discard_size))
            if self.deciding():
                self._contract_met_said = None  # asked for: the whole question, its hint included
                self._ask_to_buy(may_pass=False)  # the question again, for a player who has looked away
            return
        self.say(*cw.up_card_parts(v.discard_top, v.discard_size, v.left_up_card and v.my_turn))

    def toggle_buy_questions(self, key: str = "") -> None:
        on = not self.buy_questions
        self.set_buy_questions(on)
        if on:
            self.say(cw.BUY_QUESTIONS_ON, kind=Kind.SYSTEM)
        else:
            self.say(cw.BUY_QUESTIONS_OFF, kind=Kind.SYSTEM)
            if self.deciding() and self.view.seat != self.view.to_move:
                self._act(PassBuy(self.seat))
