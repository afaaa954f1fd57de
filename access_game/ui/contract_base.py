"""What every part of the contract rummy table stands on: the view, the seat and the names, the hand's
order (aces high, the wilds last) and its marks (selected, or in planned meld k), the cursors on the
table (the meld, the player), and the player's move with what it does to the plan. The parts are
contract_buying (the buy question), contract_lay_down (selecting, planning, laying down and off,
swapping), contract_melds (the melds and players on the table) and contract_advice (the hint);
contract_table puts them together."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from access_game.session_api import TableSession
from access_game.ui.draw_discard_table import DrawDiscardTable
from access_game.ui.selection import planned_melds
from access_game.ui.table import Host
from engine.actions import Action, Discard
from engine.arrange_contract import is_wild, run_value
from engine.cards import Card, Rank
from engine.rules.contract_rummy import ContractView, LayDown, LayOff, Swap, TableMeld
from speech import contract_words as cw
from speech.results import Names
from speech.utterance import Kind

__all__ = ["CARD_KEYS", "WILD", "ContractBase", "Parts", "card_key", "deciding", "meld_words", "rank_key", "suit_key",
           "without"]

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


def card_key(index: int) -> str:
    """The key that moves to card ``index`` (0-based)."""
    return _KEY_OF_CARD[index + 1]


def _wild_last(card: Card) -> tuple[int, int, int] | None:
    """Where a joker or a 2 goes in either order (last: the 2s by suit, then the jokers); None for a natural."""
    if card.is_joker:
        return (2, 0, 0)
    assert card.rank is not None and card.suit is not None
    return (1, card.suit.index, 0) if is_wild(card) else None


def suit_key(card: Card) -> tuple[int, int, int]:
    """Suit, then rank with aces high (as runs go); the wilds last: 2s, then jokers."""
    last = _wild_last(card)
    if last is not None:
        return last
    assert card.rank is not None and card.suit is not None
    return (0, card.suit.index, run_value(card.rank))


def rank_key(card: Card) -> tuple[int, int, int]:
    """Rank with aces high, then suit; the wilds last."""
    last = _wild_last(card)
    if last is not None:
        return last
    assert card.rank is not None and card.suit is not None
    return (0, run_value(card.rank), card.suit.index)


def deciding(v: ContractView) -> bool:
    """A card is on offer and the game waits for ``v``'s player's word on it (as buyer or as next player)."""
    return v.phase == "buy" and v.seat in v.buy_pending


def without(cards: Sequence[Card], card: Card) -> list[Card]:
    """``cards`` less one ``card``."""
    rest = list(cards)
    rest.remove(card)
    return rest


def meld_words(v: ContractView, names: Names, meld_id: int) -> str:
    """'meld 3, Anna's run of hearts, 5 to 8'."""
    meld = next((m for m in v.table if m.id == meld_id), None)
    if meld is None:
        return cw.meld_words(meld_id)
    return cw.meld_words(meld.id, cw.owned_meld(names, meld.owner, meld.cards))


class ContractBase(DrawDiscardTable[ContractView]):
    """Contract rummy's plumbing over the shared draw–discard table: its cursors, its wilds and orders,
    the selection and plan of melds, and a move that ends them."""

    def __init__(self, session: TableSession, host: Host) -> None:
        super().__init__(session, host)
        #: The meld under the meld cursor (its id on the table), and the player under the player cursor.
        self.meld_id: int | None = None
        #: The swap a hint named (the move count it was given at, and the swap): Shift+W makes it while
        #: nothing has moved, rather than asking where the wild goes, which the hint has said.
        self.hinted_swap: tuple[int, Swap] | None = None
        self.player = session.human_seat
        #: Used while the settings have no buy-questions field of their own (see buy_questions).
        self._buy_questions = True
        #: The hand in which "your hand meets your contract already" was said to a buy question (once a hand).
        self._contract_met_said: int | None = None
        #: D passed on the up card while others may still buy it (a network table): draw from the stock
        #: once they have answered (see after_news).
        self._draw_after_buying = False

    @property
    def wild_rank(self) -> Rank:
        return WILD

    def sort_key(self, how: str | None) -> Callable[[Card], Any]:
        return suit_key if how == "suit" else rank_key

    def mark_words(self, mark: int) -> str:
        return cw.mark_words(mark)

    @property
    def selection(self) -> list[Card]:
        return self.hand.selected()

    @property
    def plan(self) -> list[tuple[Card, ...]]:
        """The melds confirmed for the lay-down, in the order confirmed."""
        return planned_melds(self.hand)

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

    def deciding(self) -> bool:
        """A card is on offer and the game waits for this player's word on it (as buyer or as next player)."""
        return deciding(self.view)

    def asks_yes_no(self) -> bool:
        """The prompt asks take? or buy? (the app lets the language's letters answer it)."""
        return self.deciding()

    def _whose_turn(self, *, urgent: bool = True) -> None:
        v = self.view
        mine = v.phase in ("draw", "discard") and v.to_move == v.seat
        self.say(cw.whose_turn_words(v), kind=Kind.MY_TURN if mine else Kind.INFO, urgent=urgent)

    def _meld_words(self, meld_id: int, v: ContractView | None = None) -> str:
        """'meld 3, Anna's run of hearts, 5 to 8'."""
        return meld_words(v or self.view, self.names, meld_id)
