"""The contract rummy table: a hand with a cursor and a selection, the melds on the table, the buy question.

Melds are built the way a sighted player lifts cards out of a fan: Space selects or unselects the
card under the cursor and says the selection so far and whether it is a set or a run yet; Enter
confirms it. Before the contract is down, each confirmed meld joins the planned lay-down, and the
lay-down is made as soon as the planned melds are exactly the contract. Afterwards the same two keys
lay the selected cards off on the meld under the meld cursor (M and Shift+M walk the melds on the
table, Tab walks the players), and Shift+W swaps a natural for a wild there.

The buy question is never timed and never modal: while it is open, every other key still reads the
hand and the table, and the computer players wait for the answer. Y or N answers it. A player who
never wants to be asked turns the questions off and passes on every discard without a word.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from access_game.session_api import TableSession
from access_game.ui.hand_model import FREE, SELECTED
from access_game.ui.hand_table import HandTable
from access_game.ui.hints import hinted_card
from access_game.ui.modes import ListMenu, MenuItem, NumberEntry
from access_game.ui.registry import Command, command
from access_game.ui.table import Host
from engine.actions import Action, Discard, Draw
from engine.arrange_contract import (
    Contract,
    best_lay_down,
    card_points,
    cards_short,
    cards_wanted,
    is_wild,
    lay_off_options,
    meld_fault,
    meld_kind,
    run_value,
    swap_options,
)
from engine.cards import Card, Rank
from engine.events import Discarded, Drew, Event, GameEnded, HandStarted
from engine.game import Game
from engine.rules.contract_rummy import (
    Bought,
    Buy,
    BuyOffered,
    ContractView,
    LayDown,
    LayOff,
    PassBuy,
    Swap,
    TableMeld,
)
from speech import contract_words as cw
from speech import table_words as tw
from speech.contract_words import action_words, melds_parts
from speech.i18n import N_, _, fill, ngettext, pgettext
from speech.phrases import GAME_OVER, cards_parts
from speech.results import Names, scores_words
from speech.utterance import Kind

__all__ = ["CARD_KEYS", "FREE", "Advice", "ContractTable", "card_key", "resume_question"]

Parts = list[str | Card]
WILD = Rank.TWO

#: Keys that move to a card: 1 to 9, 0 for the tenth, Alt+1 to Alt+9 for the 11th to the 19th
#: (a hand holds 12 cards, up to 18 after three buys, one more after drawing).
CARD_KEYS: dict[str, int] = {
    **{str(n): n for n in range(1, 10)},
    "0": 10,
    **{f"alt-{n}": 10 + n for n in range(1, 10)},
}
_KEY_OF_CARD = {n: k for k, n in CARD_KEYS.items()}

#: Cards that would help, named one by one up to this many.
_WANTED_NAMED = 8


def card_key(index: int) -> str:
    """The key that moves to card ``index`` (0-based)."""
    return _KEY_OF_CARD[index + 1]


def suit_key(card: Card) -> tuple[int, int, int]:
    """Suit, then rank with aces high (as runs go); the wilds last: 2s, then jokers."""
    if card.is_joker:
        return (2, 0, 0)
    assert card.rank is not None and card.suit is not None
    if is_wild(card):
        return (1, card.suit.index, 0)
    return (0, card.suit.index, run_value(card.rank))


def rank_key(card: Card) -> tuple[int, int, int]:
    """Rank with aces high, then suit; the wilds last."""
    if card.is_joker:
        return (2, 0, 0)
    assert card.rank is not None and card.suit is not None
    if is_wild(card):
        return (1, card.suit.index, 0)
    return (0, run_value(card.rank), card.suit.index)


@dataclass(frozen=True, slots=True)
class Advice:
    """What the hint says (``parts``) and the move it would make (None: nothing to do but wait)."""

    parts: tuple[str | Card, ...]
    action: Action | None = None


def resume_question(game: Game, seat: int) -> str:
    """Asked before a saved game is resumed: who is at the table, the hand and its contract."""
    view: ContractView = game.view(seat)
    return cw.resume_question(view)


class ContractTable(HandTable):
    game_name = "contract-rummy"
    title = "Contract Rummy"

    def __init__(self, session: TableSession, host: Host) -> None:
        super().__init__(session, host)
        #: The meld under the meld cursor (its id on the table), and the player under the player cursor.
        self.meld_id: int | None = None
        self.player = session.human_seat
        #: Used while the settings have no buy-questions field of their own (see buy_questions).
        self._buy_questions = True
        #: The hand in which "your hand meets your contract already" was said to a buy question (once a hand).
        self._contract_met_said: int | None = None
        #: D passed on the up card while others may still buy it (a network table): draw from the stock
        #: once they have answered (see after_news).
        self._draw_after_buying = False
        self.sync()

    # ----------------------------------------------------------------- plumbing
    @property
    def view(self) -> ContractView:
        v: ContractView = self.session.view()
        return v

    @property
    def seat(self) -> int:
        return self.session.human_seat

    @property
    def names(self) -> Names:
        return Names(self.session.players, self.seat)

    def _card(self, card: Card) -> Parts:
        return cards_parts([card], WILD)

    def _the(self, card: Card, *, mid: bool = False) -> Parts:
        """'the 9 of clubs', 'a joker'; ``mid``: words follow, so a 2's ', wild' is closed by a comma."""
        parts: Parts = ["a " if card.is_joker else "the ", *self._card(card)]
        return [*parts, ","] if mid and is_wild(card) and not card.is_joker else parts

    def _list(self, cards: Sequence[Card], separator: str = "; ") -> Parts:
        return cards_parts(list(cards), WILD, separator=separator)

    # ----- the hand: aces high and the wilds last, a mark per card (selected, or in planned meld k)
    @property
    def wild_rank(self) -> Rank:
        return WILD

    def sort_key(self, how: str | None) -> Callable[[Card], Any]:
        return suit_key if how == "suit" else rank_key

    def mark_words(self, mark: int) -> str:
        return cw.mark_words(mark)

    def sync(self, drawn: Sequence[Card] = ()) -> None:
        """Bring the shown order up to date with the hand; the cursor follows a card just drawn or bought."""
        self.sync_hand(self.view.hand, drawn[0] if drawn else None)

    @property
    def selection(self) -> list[Card]:
        return self.hand.selected()

    @property
    def plan(self) -> list[tuple[Card, ...]]:
        """The melds confirmed for the lay-down, in the order confirmed."""
        count = max(self.marks, default=0)
        return [tuple(c for c, m in zip(self.order, self.marks, strict=True) if m == k) for k in range(1, count + 1)]

    def _meld(self, view: ContractView | None = None) -> TableMeld | None:
        v = view or self.view
        return next((m for m in v.table if m.id == self.meld_id), None)

    def _act(self, action: Action) -> bool:
        """The player's move; a move that takes cards from the hand ends the selection and the plan."""
        hand_before = self.view.hand_number
        # A discard of a card in a planned meld drops that meld: said, so the plan never vanishes unheard.
        dropped = self.marks[self.pos] if isinstance(action, Discard) and self._current() == action.card else 0
        plan = self.plan
        done = self.session.act(action)
        if done and (isinstance(action, LayDown | LayOff | Swap | Discard) or self.view.hand_number != hand_before):
            self.clear_marks()
        if done and dropped > 0:
            self.say(cw.plan_dropped(dropped, plan[dropped - 1]), kind=Kind.SYSTEM, urgent=False)
        return done

    # ----------------------------------------------------------------- buy questions
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

    def deciding(self) -> bool:
        """A card is on offer and the game waits for this player's word on it (as buyer or as next player)."""
        v = self.view
        return v.phase == "buy" and v.seat in v.buy_pending

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

    # ----------------------------------------------------------------- the table protocol
    def groups(self) -> list[tuple[str, str]]:
        return list(cw.KEY_GROUPS)

    def reset(self) -> None:
        self.hand.reset()
        self.meld_id = None
        self.player = self.seat
        self._draw_after_buying = False
        self.sync()

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

    def opening(self, resumed: bool) -> None:
        if not resumed:
            return
        v = self.view
        self.say(cw.resumed_words(v), kind=Kind.SYSTEM, urgent=False)
        if v.hand:
            self.say(*tw.your_hand_parts(self.order, WILD), kind=Kind.MY_TURN, urgent=False)
        if self.deciding():
            self._ask_to_buy(urgent=False, may_pass=False)
        else:
            self._whose_turn(urgent=False)

    def on_events(self, events: Sequence[Event]) -> None:
        seat = self.seat
        got: list[Card] = []
        new_hand = False
        for ev in events:
            if isinstance(ev, HandStarted):
                self.hand.reset()
                self.meld_id = None
                got = []
                new_hand = True
            elif isinstance(ev, Drew | Bought) and ev.seat == seat and ev.card is not None:
                got = [ev.card]  # the cursor lands on a card just drawn or bought
        self.sync(got)
        if new_hand:
            self.clear_marks()
        v = self.view
        hints = self.session.settings.hints
        for ev in events:
            if isinstance(ev, Drew) and ev.seat == seat and hints and v.my_turn and v.phase == "discard":
                self._after_draw_hint(v)
            elif isinstance(ev, Bought) and ev.seat != seat and v.my_turn and v.phase == "draw":
                self.say(*cw.your_draw(v.discard_top), kind=Kind.MY_TURN, urgent=False)
            elif isinstance(ev, GameEnded):
                self.say(scores_words(v.players, v.scores, v.totals, long=True, listener=seat, totals_too=False),
                         kind=Kind.RESULTS, urgent=False)
        if any(isinstance(ev, BuyOffered) for ev in events) and self.deciding():
            self._ask_to_buy(urgent=False)

    def _after_draw_hint(self, v: ContractView) -> None:
        if not v.melded[v.seat]:
            best = best_lay_down(v.hand, v.contract)
            if best is not None:
                self.say(cw.CAN_LAY_DOWN, kind=Kind.MY_TURN, urgent=False)
            return
        options = lay_off_options(v.hand, {m.id: m.cards for m in v.table})
        if options:
            card, meld_id = max(options, key=lambda o: (card_points(o[0]), -o[1]))
            self.say(*cw.can_lay_off(card, meld_id), kind=Kind.MY_TURN, urgent=False)

    def _whose_turn(self, *, urgent: bool = True) -> None:
        v = self.view
        mine = v.phase in ("draw", "discard") and v.to_move == v.seat
        self.say(cw.whose_turn_words(v), kind=Kind.MY_TURN if mine else Kind.INFO, urgent=urgent)

    # ----------------------------------------------------------------- advice
    def advice(self) -> Advice:
        """The hint: what a careful player would do now, and the move that does it."""
        v = self.view
        seat = v.seat
        if v.phase == "over":
            return Advice((GAME_OVER,))
        if self.deciding() and v.offer is not None:
            wanted = self._wants(v, v.offer)
            if seat == v.to_move:
                if wanted:
                    return Advice(tuple(cw.advice_take(v.offer)), Draw(seat, "discard"))
                return Advice(tuple(cw.advice_pass_first(v.offer)), PassBuy(seat))
            buy = wanted and len(v.hand) <= 15 and not v.melded[seat]
            if buy:
                return Advice(tuple(cw.advice_buy(v.offer)), Buy(seat))
            return Advice(tuple(cw.advice_pass(v.offer)), PassBuy(seat))
        if v.to_move != seat or v.phase == "buy":
            return Advice((cw.advice_wait(v.players[v.to_move] if v.to_move != seat else None),))
        if v.phase == "draw":
            top = v.discard_top
            if top is not None and not v.left_up_card and self._wants(v, top):
                return Advice(tuple(cw.advice_take_up_card(top)), Draw(seat, "discard"))
            return Advice((cw.ADVICE_DRAW,), Draw(seat, "stock"))
        table = {m.id: m.cards for m in v.table}
        if not v.melded[seat]:
            best = best_lay_down(v.hand, v.contract)
            if best is not None:
                return Advice(tuple(cw.advice_lay_down(best.melds, best.points)), LayDown(seat, best.melds))
            shortfalls = {c: cards_short(self._without(v.hand, c), v.contract) for c in dict.fromkeys(v.hand)}
            card = min(shortfalls, key=lambda c: (shortfalls[c], -card_points(c), suit_key(c)))
            return Advice(tuple(cw.advice_discard_short(card, shortfalls[card])), Discard(seat, card))
        lay_offs = lay_off_options(v.hand, table)
        if lay_offs:
            card, meld_id = max(lay_offs, key=lambda o: (card_points(o[0]), -o[1]))
            return Advice(tuple(cw.advice_lay_off(card, self._meld_words(meld_id, v))), LayOff(seat, card, meld_id))
        swaps = swap_options(v.hand, table)
        if swaps:
            card, meld_id, wild, to = swaps[0]
            action = Swap(seat, card, meld_id, wild, to)
            return Advice((action_words(action, v.table, self.names) + ".",), action)
        card = max(v.hand, key=lambda c: (card_points(c), suit_key(c)))
        return Advice(tuple(cw.advice_discard_last(card, len(v.hand) == 1)), Discard(seat, card))

    def _wants(self, v: ContractView, card: Card) -> bool:
        if v.melded[v.seat]:
            return bool(v.table) and bool(lay_off_options([card], {m.id: m.cards for m in v.table}))
        return cards_wanted(v.hand, v.contract).helps(card)

    @staticmethod
    def _without(cards: Sequence[Card], card: Card) -> list[Card]:
        rest = list(cards)
        rest.remove(card)
        return rest

    @staticmethod
    def _melds(melds: Sequence[Sequence[Card]]) -> Parts:
        return melds_parts(melds)

    def _meld_words(self, meld_id: int, v: ContractView | None = None) -> str:
        """'meld 3, Anna's run of hearts, 5 to 8'."""
        v = v or self.view
        meld = next((m for m in v.table if m.id == meld_id), None)
        if meld is None:
            return cw.meld_words(meld_id)
        return cw.meld_words(meld.id, cw.owned_meld(self.names, meld.owner, meld.cards))

    # ----------------------------------------------------------------- commands
    def commands(self) -> list[Command]:
        s = self.session
        not_waiting = lambda: not s.waiting  # noqa: E731
        return [
            command("draw", cw.KEY_HELP["draw"], self.draw_stock),
            command("take", cw.KEY_HELP["take"], self.take_discard),
            command("discard", cw.KEY_HELP["discard"], self.discard),
            command("put-down", cw.KEY_HELP["put-down"], self.confirm, when=not_waiting),
            command("lay-off", cw.KEY_HELP["lay-off"], self.lay_off, when=not_waiting),
            command("swap", cw.KEY_HELP["swap"], self.swap),
            command("lay-down-best", cw.KEY_HELP["lay-down-best"], self.lay_down_best),
            command("yes", cw.KEY_HELP["yes"], self.yes),
            command("no", cw.KEY_HELP["no"], self.no),
            command("play-hint", cw.KEY_HELP["play-hint"], self.play_hint),
            command("hint", cw.KEY_HELP["hint"], self.hint),
            command("select", cw.KEY_HELP["select"], self.select, when=not_waiting),
            command("read-selection", cw.KEY_HELP["read-selection"], self.read_selection),
            command("clear-selection", cw.KEY_HELP["clear-selection"], self.clear_selection),
            command("contract", cw.KEY_HELP["contract"], self.contract),
            command("best-melds", cw.KEY_HELP["best-melds"], self.contract),
            command("fits", cw.KEY_HELP["fits"], self.fits),
            *self.hand_commands(cw.KEY_HELP),
            command("next-meld", cw.KEY_HELP["next-meld"], self.next_meld),
            command("previous-meld", cw.KEY_HELP["previous-meld"], self.previous_meld),
            command("go-to-meld", cw.KEY_HELP["go-to-meld"], self.go_to_meld),
            command("read-table", cw.KEY_HELP["read-table"], self.read_melds),
            command("next-player", cw.KEY_HELP["next-player"], self.next_player),
            command("previous-player", cw.KEY_HELP["previous-player"], self.previous_player),
            command("players", cw.KEY_HELP["players"], self.players),
            command("up-card", cw.KEY_HELP["up-card"], self.up_card),
            command("wild", cw.KEY_HELP["wild"], self.wild),
            command("info", cw.KEY_HELP["info"], self.info),
            command("scores", cw.KEY_HELP["scores"], self.scores),
            command("scores-long", cw.KEY_HELP["scores-long"], self.scores_long),
            command("buy-questions", cw.KEY_HELP["buy-questions"], self.toggle_buy_questions),
        ]

    def wild(self, key: str = "") -> None:
        self.say(cw.WILD_WORDS)

    # ----- drawing and buying
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

    def take_discard(self, key: str = "") -> None:
        self._act(Draw(self.seat, "discard"))

    def yes(self, key: str = "") -> None:
        v = self.view
        if v.phase == "buy" and v.seat == v.to_move:
            self._act(Draw(v.seat, "discard"))
            return
        self._act(Buy(v.seat))

    def no(self, key: str = "") -> None:
        self._act(PassBuy(self.seat))

    def discard(self, key: str = "") -> None:
        card = self._current()
        # With no card (an empty hand) the engine still says why nothing can be discarded now.
        if self.session.refused_now(Discard) or card is None:
            return
        self._act(Discard(self.seat, card))

    def hint(self, key: str = "") -> None:
        advice = self.advice()
        self.say(*advice.parts, kind=Kind.MY_TURN)
        self.point_at(hinted_card(advice.action))

    def play_hint(self, key: str = "") -> None:
        advice = self.advice()
        if advice.action is None:
            self.say(*advice.parts, kind=Kind.MY_TURN)
            return
        action = advice.action
        if isinstance(action, LayOff | Swap):
            self.meld_id = action.meld_id
        self._act(action)

    # ----- selecting and laying down
    def _selection_parts(self) -> Parts:
        """'3 cards: 7 of hearts; 7 of clubs; joker: a set of 7s.' (or why it is no meld yet); once the
        contract is down, whether the cards fit the meld under the meld cursor."""
        picked = self.selection
        if not picked:
            return [cw.NOTHING_SELECTED]
        if self.view.melded[self.seat]:
            meld = self._meld()
            if meld is None:
                return cw.selection_parts(picked, ".")
            fit = meld_kind([*meld.cards, *picked]) == meld.kind
            return cw.selection_parts(picked, cw.fit_verdict(fit, len(picked) == 1, self._meld_words(meld.id)))
        return cw.selection_parts(picked, cw.meld_verdict(picked, meld_fault(picked)))

    def select(self, key: str = "") -> None:
        card = self._current()
        if card is None:
            self.say(tw.HAND_EMPTY)
            return
        mark = self.marks[self.pos]
        if mark > 0:
            meld = self.plan[mark - 1]
            self.marks = [FREE if m == mark else (m - 1 if m > mark else m) for m in self.marks]
            self.say(cw.plan_taken_apart(mark, meld), kind=Kind.MY_TURN)
            return
        self.marks[self.pos] = FREE if mark == SELECTED else SELECTED
        self.say(cw.selected_word(mark != SELECTED), *self._selection_parts(), kind=Kind.MY_TURN)

    def read_selection(self, key: str = "") -> None:
        parts: Parts = list(self._selection_parts())
        plan = self.plan
        if plan:
            parts += [*fill(_(" Planned: {melds}. "), melds=tuple(melds_parts(plan, range(1, len(plan) + 1)))),
                      *self._still_to_plan()]
        self.say(*parts, kind=Kind.MY_TURN)

    def clear_selection(self, key: str = "") -> None:
        if not any(self.marks):
            self.say(cw.NOTHING_PLANNED)
            return
        self.clear_marks()
        self.say(cw.PLAN_CLEARED, kind=Kind.MY_TURN)

    def _planned_counts(self) -> tuple[int, int]:
        kinds = [meld_kind(m) for m in self.plan]
        return kinds.count("set"), kinds.count("run")

    def _still_to_plan(self) -> Parts:
        contract = self.view.contract
        sets, runs = self._planned_counts()
        left = Contract(max(0, contract.sets - sets), max(0, contract.runs - runs))
        return [cw.still_to_plan(left)]

    def confirm(self, key: str = "") -> None:
        v = self.view
        if v.phase == "over":
            self.say(GAME_OVER)
            return
        if v.melded[v.seat]:
            self._lay_off_selection()
            return
        picked = self.selection
        if not picked:
            sets, runs = self._planned_counts()
            if self.plan and (sets, runs) == (v.contract.sets, v.contract.runs):
                self._lay_down(self.plan)
                return
            self.say(cw.SELECT_FIRST, kind=Kind.SYSTEM)
            return
        kind = meld_kind(picked)
        if kind is None:
            self.say(*cw.not_a_meld(meld_fault(picked), picked), kind=Kind.SYSTEM)
            return
        sets, runs = self._planned_counts()
        have, want = (sets, v.contract.sets) if kind == "set" else (runs, v.contract.runs)
        if have >= want:
            self.say(cw.no_room_in_contract(v.contract, kind, picked), kind=Kind.SYSTEM)
            return
        number = len(self.plan) + 1
        self.marks = [number if m == SELECTED else m for m in self.marks]
        if (sets + (kind == "set"), runs + (kind == "run")) == (v.contract.sets, v.contract.runs):
            self._lay_down(self.plan)
            return
        self.say(cw.planned_meld(number, picked), *self._still_to_plan(), kind=Kind.MY_TURN)

    def _lay_down(self, plan: Sequence[tuple[Card, ...]]) -> None:
        if not self._act(LayDown(self.seat, tuple(plan))):
            self.say(cw.PLAN_KEPT, kind=Kind.SYSTEM)

    def lay_down_best(self, key: str = "") -> None:
        v = self.view
        best = best_lay_down(v.hand, v.contract) if not v.melded[v.seat] else None
        if best is None and not v.melded[v.seat] and v.phase != "over":
            short = cards_short(v.hand, v.contract)
            self.say(cw.contract_not_met(v.contract, short), kind=Kind.SYSTEM)
            return
        if self.session.refused_now(LayDown) or best is None:
            return
        self._act(LayDown(self.seat, best.melds))

    def lay_off(self, key: str = "") -> None:
        """Shift+O lays off, as in every game with lay-offs: the selected cards (or the current card) on the
        current meld; before the contract is down the rules say why not."""
        if self.session.refused_now(LayOff):
            return
        self._lay_off_selection()

    def _lay_off_selection(self) -> None:
        meld = self._meld()
        picked = self.selection or ([c] if (c := self._current()) is not None else [])
        if meld is None:
            self.say(cw.CHOOSE_MELD, kind=Kind.SYSTEM)
            return
        if not picked:
            self.say(tw.HAND_EMPTY)
            return
        v = self.view
        if self.session.refused_now(LayOff):
            return
        hand_number = v.hand_number
        left = list(picked)
        progress = True
        while left and progress:
            progress = False
            for card in list(left):
                v = self.view
                target = self._meld(v)
                if v.hand_number != hand_number or v.phase != "discard" or target is None:
                    return
                if meld_kind([*target.cards, card]) != target.kind:
                    continue
                if not self._act(LayOff(self.seat, card, target.id)):
                    return
                left.remove(card)
                progress = True
        if not left or self.view.hand_number != hand_number:
            return
        where = self._meld_words(meld.id)
        if len(left) == len(picked) == 1:
            card = left[0]
            others = [mid for _, mid in lay_off_options([card], {m.id: m.cards for m in self.view.table})]
            self.say(*cw.does_not_fit(card, where, [self._meld_words(mid) for mid in others]), kind=Kind.SYSTEM)
            return
        self.say(*cw.these_do_not_fit(len(left) == len(picked), where, left), kind=Kind.SYSTEM)

    def swap(self, key: str = "") -> None:
        v = self.view
        picked = self.selection
        if len(picked) > 1:
            self.say(cw.SWAP_ONE, kind=Kind.SYSTEM)
            return
        card = picked[0] if picked else self._current()
        meld = self._meld(v)
        if card is None:
            self.say(tw.HAND_EMPTY)
            return
        if meld is None:
            self.say(cw.CHOOSE_SWAP_MELD, kind=Kind.SYSTEM)
            return
        options = [o for o in swap_options([card], {m.id: m.cards for m in v.table}) if o[1] == meld.id]
        if not options:
            self._no_swap(v, card, meld)
            return
        if len(options) == 1:
            self._act(Swap(self.seat, *options[0]))
            return
        items = [self._swap_item(Swap(self.seat, *o)) for o in options]
        self.host.open(ListMenu(cw.WHERE_THE_WILD_GOES, items, self.host.say_line, prompt=N_("swap")))

    def _no_swap(self, v: ContractView, card: Card, meld: TableMeld) -> None:
        """Say why ``card`` cannot be swapped into ``meld``: not yet (the rules' reason for any swap now),
        or not there, in words."""
        wilds = [c for c in dict.fromkeys(meld.cards) if is_wild(c)]
        if v.melded[v.seat] and v.my_turn and v.phase == "discard" and not is_wild(card):
            if not wilds:
                self.say(cw.no_wild_in(self._meld_words(meld.id, v)), kind=Kind.SYSTEM)
                return
            if any(meld_kind([*self._without(meld.cards, w), card]) == meld.kind for w in wilds):
                self.say(*cw.swap_nowhere_for_wild(card, meld.id), kind=Kind.SYSTEM)
            else:
                self.say(*cw.cannot_swap_into(card, self._meld_words(meld.id, v)), kind=Kind.SYSTEM)
            return
        if not self.session.refused_now(Swap):
            self.say(cw.SWAP_NATURAL_ONLY, kind=Kind.SYSTEM)

    def _swap_item(self, action: Swap) -> MenuItem:
        label = action_words(action, self.view.table, self.names)

        def run() -> None:
            self.meld_id = action.meld_id
            self._act(action)

        return MenuItem(label=lambda: label, run=run)

    # ----- the table
    def _meld_parts(self, meld: TableMeld, total: int) -> Parts:
        return cw.meld_at_parts(meld.id, total, cw.owned_meld(self.names, meld.owner, meld.cards), meld.cards)

    def _move_meld(self, step: int) -> None:
        table = self.view.table
        if not table:
            self.say(cw.NO_MELDS_YET)
            return
        ids = [m.id for m in table]
        edge = ""
        if self.meld_id not in ids:
            index = 0 if step > 0 else len(ids) - 1
        else:
            index = ids.index(self.meld_id) + step
            if not 0 <= index < len(ids):
                index -= step
                edge = cw.LAST_MELD if step > 0 else cw.FIRST_MELD
        self.meld_id = ids[index]
        self.say(edge, *self._meld_parts(table[index], len(table)))

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

    def contract(self, key: str = "") -> None:
        v = self.view
        if v.phase == "over":
            self.say(GAME_OVER)
            return
        head = cw.contract_head(v)
        if v.melded[v.seat]:
            self.say(head, cw.DOWN_ALREADY, kind=Kind.MY_TURN)
            return
        best = best_lay_down(v.hand, v.contract)
        if best is not None:
            self.say(head, *cw.contract_met(best.melds, best.points), kind=Kind.MY_TURN)
            return
        wanted = cards_wanted(v.hand, v.contract)
        naturals = sorted(wanted.naturals, key=suit_key)
        self.say(head, *cw.contract_short(wanted.short, naturals[:_WANTED_NAMED], max(0, len(naturals) - _WANTED_NAMED),
                                          wanted.any_natural, wanted.wild), kind=Kind.MY_TURN)

    def fits(self, key: str = "") -> None:
        v = self.view
        card = self._current()
        if card is None:
            self.say(tw.HAND_EMPTY)
            return
        ids = [mid for _, mid in lay_off_options([card], {m.id: m.cards for m in v.table})]
        if not ids:
            self.say(*cw.fits_nowhere(card))
            return
        self.say(*cw.fits_parts(card, [self._meld_words(mid, v) for mid in ids], v.melded[v.seat]))

    def info(self, key: str = "") -> None:
        v = self.view
        self.say(cw.info_words(v, self.names.name(v.dealer)))
        if v.phase != "over":
            self._whose_turn()

    def toggle_buy_questions(self, key: str = "") -> None:
        on = not self.buy_questions
        self.set_buy_questions(on)
        if on:
            self.say(cw.BUY_QUESTIONS_ON, kind=Kind.SYSTEM)
        else:
            self.say(cw.BUY_QUESTIONS_OFF, kind=Kind.SYSTEM)
            if self.deciding() and self.view.seat != self.view.to_move:
                self._act(PassBuy(self.seat))
