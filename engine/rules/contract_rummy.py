"""Nine-contract rummy with buying (the Shanghai / Liverpool family), as docs/contract-rummy.md says.

Nine hands of 12 cards; each hand has a contract (sets of 3+, runs of 4+) that a player must lay down
exactly and all at once before laying off on any meld or swapping a natural for a wild. 2s and jokers
are wild, aces are high only, every meld needs two naturals.

Buying is out of turn, so the flow has a phase of its own. After every discard (and the first up
card, counted as the dealer's discard) the next player's turn starts with a *buy window*: the next
player may take the card as their draw, or leave it; each other player who may still buy answers buy
or pass. Answers may come in any order, and the window waits only for the seats whose answer could
still change who gets the card: the next player first, then the others in turn order from there. So a
slow human is never overtaken, and a fast bot never has to wait for someone whose answer cannot
matter. The window is skipped when nobody could buy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from engine import state_data as sd
from engine.actions import Action, Discard, Draw
from engine.arrange_contract import (
    CONTRACTS,
    Contract,
    MeldKind,
    best_lay_down,
    contract_for_hand,
    fits_table,
    hand_points,
    is_wild,
    lay_down_problem,
    lay_off_options,
    meld_kind,
    most_cards_to_table,
    ordered_meld,
    swap_options,
)
from engine.cards import STANDARD_SUITS, Card, Rank, standard_deck
from engine.checks import is_whole, require, require_number, require_seat
from engine.draw_discard import DrawDiscard, DrawDiscardState, DrawDiscardView, RuleOptions, saved_fields
from engine.errors import IllegalAction
from engine.events import Event, HandEnded, HandStarted, PlayerResult, TurnStarted
from engine.notation import card_codes, parse_card
from engine.piles import remove_cards
from engine.reasons import Reason
from engine.state_data import CardReader, shared_view_fields

if TYPE_CHECKING:
    from engine.ruleset import Ruleset

__all__ = [
    "CARDS_DEALT",
    "HANDS",
    "MAX_BUYS",
    "MAX_RESHUFFLES",
    "Bought",
    "Buy",
    "BuyAnswered",
    "BuyOffered",
    "ContractLaidDown",
    "ContractLaidOff",
    "ContractOptions",
    "ContractRummy",
    "ContractState",
    "ContractStated",
    "ContractSwapped",
    "ContractView",
    "ContractWentOut",
    "HandStopped",
    "LayDown",
    "LayOff",
    "NobodyBought",
    "PassBuy",
    "Swap",
    "TableMeld",
    "parse_contract_card",
]

HANDS = len(CONTRACTS)
CARDS_DEALT = 12
MAX_BUYS = 3
#: Times a hand's stock may be rebuilt from the discard pile. A hand nobody can ever go out of ends
#: at once (see :class:`HandStopped`); this limit is the last resort that ends any other hand that
#: runs on, when the stock is spent a fourth time.
MAX_RESHUFFLES = 3
#: Why a hand ended with nobody out (:class:`HandStopped`).
StopReason = Literal["nobody_can_go_out", "stock_spent"]
Phase = Literal["buy", "draw", "discard", "over"]
_PHASES = ("buy", "draw", "discard", "over")


def parse_contract_card(text: str) -> Card:
    return parse_card(text, suits=STANDARD_SUITS, game="contract rummy")


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class LayDown(Action):
    """Lay down exactly the hand's contract, every meld at once."""

    melds: tuple[tuple[Card, ...], ...]
    kind: ClassVar[str] = "contract_lay_down"


@dataclass(frozen=True, slots=True)
class LayOff(Action):
    """Add one card to a meld on the table (anyone's), once laid down."""

    card: Card
    meld_id: int
    kind: ClassVar[str] = "contract_lay_off"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Put ``card`` (a natural) in place of ``wild`` in meld ``meld_id``, and play the freed wild on
    meld ``to_meld_id`` in the same move: a freed wild never goes to a hand."""

    card: Card
    meld_id: int
    wild: Card
    to_meld_id: int
    kind: ClassVar[str] = "contract_swap"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Out of turn: ask for the card just discarded, with a penalty card from the stock."""

    kind: ClassVar[str] = "contract_buy"


@dataclass(frozen=True, slots=True)
class PassBuy(Action):
    """Out of turn: do not buy the card just discarded (or, as the next player, leave it)."""

    kind: ClassVar[str] = "contract_pass_buy"




# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class ContractStated(Event):
    """The contract of the hand just dealt."""

    hand_number: int
    sets: int
    runs: int
    kind: ClassVar[str] = "contract_stated"


@dataclass(frozen=True, slots=True)
class BuyOffered(Event):
    """A buy window opens: ``next_seat`` may take ``card``; ``buyers`` (in priority order) may buy it."""

    card: Card
    offered_by: int
    next_seat: int
    buyers: tuple[int, ...]
    kind: ClassVar[str] = "contract_buy_offered"


@dataclass(frozen=True, slots=True)
class BuyAnswered(Event):
    """A seat said whether it wants the card on offer (the next player's 'no' leaves it)."""

    seat: int
    wants: bool
    kind: ClassVar[str] = "contract_buy_answered"


@dataclass(frozen=True, slots=True)
class Bought(Event):
    """``seat`` bought ``card``; the penalty card from the stock is that seat's secret."""

    seat: int
    card: Card
    penalty: Card | None
    buys: int
    kind: ClassVar[str] = "contract_bought"
    secret_fields: ClassVar[tuple[str, ...]] = ("penalty",)

    @property
    def private_to(self) -> int | None:
        return self.seat


@dataclass(frozen=True, slots=True)
class NobodyBought(Event):
    """Everyone passed: the card stays on the pile and ``next_seat`` draws from the stock."""

    card: Card
    next_seat: int
    kind: ClassVar[str] = "contract_nobody_bought"


@dataclass(frozen=True, slots=True)
class ContractLaidDown(Event):
    seat: int
    meld_ids: tuple[int, ...]
    melds: tuple[tuple[Card, ...], ...]
    kind: ClassVar[str] = "contract_laid_down"


@dataclass(frozen=True, slots=True)
class ContractLaidOff(Event):
    """``card`` joined meld ``meld_id``, which is now ``meld`` (in order)."""

    seat: int
    card: Card
    meld_id: int
    owner: int
    meld: tuple[Card, ...]
    kind: ClassVar[str] = "contract_laid_off"


@dataclass(frozen=True, slots=True)
class ContractSwapped(Event):
    """``card`` took the place of ``wild`` in meld ``meld_id`` (``owner``'s); the wild went to meld
    ``to_meld_id`` (``to_owner``'s). ``meld`` and ``to_meld`` are the two melds afterwards."""

    seat: int
    card: Card
    meld_id: int
    owner: int
    wild: Card
    to_meld_id: int
    to_owner: int
    meld: tuple[Card, ...]
    to_meld: tuple[Card, ...]
    kind: ClassVar[str] = "contract_swapped"


@dataclass(frozen=True, slots=True)
class ContractWentOut(Event):
    """``seat`` has no cards left; ``discard`` is None when they went out without discarding."""

    seat: int
    discard: Card | None
    kind: ClassVar[str] = "contract_went_out"
    goes_out: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class HandStopped(Event):
    """The hand ends with nobody out, just before its :class:`engine.events.HandEnded`.

    ``nobody_can_go_out``: every player has laid down and no card off the table (in a hand, the stock
    or the discard pile) can be laid off or swapped, so the table can never change again and nobody can
    empty their hand: the hand is dead and ends at the start of the next turn rather than be played out
    to the stock's end. ``stock_spent``: the last resort, the stock ran out after its
    :data:`MAX_RESHUFFLES` rebuilds in a hand that was not yet provably dead."""

    hand_number: int
    reason: StopReason
    kind: ClassVar[str] = "contract_hand_stopped"




# --------------------------------------------------------------------------- state and view


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table. ``id`` is its number for the hand, in the order melds were laid down."""

    id: int
    owner: int
    kind: MeldKind
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ContractOptions(RuleOptions):
    game_words: ClassVar[str] = "contract rummy"
    #: Seat of the first dealer.
    first_dealer: int = 0
    #: Standard decks (with 2 jokers each): None chooses 2 for up to 5 players, 3 for 6 to 8.
    decks: int | None = None

    def check(self) -> None:
        if self.decks is not None and self.decks not in (2, 3):
            raise ValueError("decks is 2 or 3")


@dataclass(slots=True, kw_only=True)
class ContractState(DrawDiscardState[ContractOptions]):
    decks: int
    table: list[TableMeld] = field(default_factory=list)
    #: Per seat: has laid down the contract this hand.
    melded: list[bool] = field(default_factory=list)
    #: Per seat: buys made this hand.
    buys: list[int] = field(default_factory=list)
    #: The open buy window: whose discard is offered, who may buy (priority order), answers so far.
    offered_by: int | None = None
    buyers: list[int] = field(default_factory=list)
    answers: dict[int, bool] = field(default_factory=dict)
    #: The player to move left the up card and nobody bought it: they draw from the stock.
    left_up_card: bool = False

    @property
    def contract(self) -> Contract:
        return contract_for_hand(max(1, min(self.hand_number, HANDS)))

    def meld(self, meld_id: int) -> TableMeld | None:
        for m in self.table:
            if m.id == meld_id:
                return m
        return None

    def priority(self) -> list[int]:
        """The seats whose word on the card on offer decides it, best claim first."""
        return [self.to_move, *self.buyers]

    def buy_pending(self) -> list[int]:
        """Seats still to answer whose answer can change who gets the card on offer."""
        if self.phase != "buy":
            return []
        out: list[int] = []
        for seat in self.priority():
            if seat not in self.answers:
                out.append(seat)
            elif self.answers[seat]:
                break
        return out


@dataclass(frozen=True, slots=True)
class ContractView(DrawDiscardView):
    """What one seat may know: its hand, the table, everyone's hand size, buys and scores."""

    discard_size: int
    #: Standard decks in play (2 jokers each): which cards exist, for counting the unseen ones.
    decks: int
    hands_total: int
    contract: Contract
    cards_dealt: int
    #: 2s (and jokers) are wild; given as a rank so shared card words can mark 2s wild.
    wild_rank: Rank
    #: 'buy' (a discard is on offer), 'draw', 'discard' (drawn: lay down, lay off, swap, discard), 'over'.
    phase: Phase
    table: tuple[TableMeld, ...]
    melded: tuple[bool, ...]
    buys: tuple[int, ...]
    max_buys: int
    #: The card on offer in a buy window, who discarded it, who may buy it, and who must still answer.
    offer: Card | None
    offered_by: int | None
    buyers: tuple[int, ...]
    buy_pending: tuple[int, ...]
    buy_answers: tuple[tuple[int, bool], ...]
    left_up_card: bool

    @property
    def asked_to_buy(self) -> bool:
        """This seat is not the one to move, and its answer on the card on offer is awaited."""
        return self.seat != self.to_move and self.seat in self.buy_pending


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


class ContractRummy(DrawDiscard[ContractState, ContractView]):
    name = "contract-rummy"
    title = "Contract Rummy"
    min_players = 2
    max_players = 8
    #: Every kind of move of the game, so a table can ask the rules about each (why not now?).
    moves: ClassVar[tuple[type[Action], ...]] = (Draw, Discard, LayDown, LayOff, Swap, Buy, PassBuy)
    #: Every kind of event the game sends, so its log can be read back (saves, a seat over the network).
    events: ClassVar[tuple[type[Event], ...]] = (
        *DrawDiscard.turn_cycle_events, HandStarted, HandEnded,
        ContractStated, BuyOffered, BuyAnswered, Bought, NobodyBought, ContractLaidDown, ContractLaidOff,
        ContractSwapped, ContractWentOut, HandStopped)
    view_type = ContractView
    state_type = ContractState
    options_type = ContractOptions
    parse_card = staticmethod(parse_contract_card)
    phases = _PHASES
    table_words = "a contract rummy table"
    hands_total = HANDS
    max_reshuffles = MAX_RESHUFFLES

    # ----------------------------------------------------------------- setup
    def check_setup(self, players: Sequence[str], options: ContractOptions) -> None:
        if len(players) * (CARDS_DEALT + 2 * MAX_BUYS) + 1 > 54 * (options.decks or (2 if len(players) <= 5 else 3)):
            raise ValueError(f"{len(players)} players need three decks")

    def setup_fields(self, players: Sequence[str], options: ContractOptions) -> dict[str, Any]:
        n = len(players)
        return {"decks": options.decks or (2 if n <= 5 else 3), "melded": [False] * n, "buys": [0] * n}

    def deck(self, state: ContractState) -> list[Card]:
        return standard_deck(state.decks)

    def cards_dealt(self, state: ContractState) -> int:
        return CARDS_DEALT

    def table_cards(self, state: ContractState) -> list[Card]:
        return [c for m in state.table for c in m.cards]

    def reset_hand(self, state: ContractState) -> None:
        n = len(state.players)
        state.table = []
        state.melded = [False] * n
        state.buys = [0] * n

    def hand_opened(self, state: ContractState, first: int) -> list[Event]:
        contract = state.contract
        return [
            HandStarted(
                hand_number=state.hand_number,
                hands_total=HANDS,
                dealer=state.dealer,
                cards_dealt=CARDS_DEALT,
                wild_rank=Rank.TWO,
                up_card=state.discard[-1],
                first_player=first,
                seats=tuple(range(len(state.players))),
            ),
            ContractStated(hand_number=state.hand_number, sets=contract.sets, runs=contract.runs),
        ]

    def first_turn(self, state: ContractState, first: int) -> list[Event]:
        # The turned-up card is offered as the dealer's, but the dealer discarded nothing: they may buy it.
        return self.open_turn(state, first, offered_by=state.dealer, up_card=True)

    # ----------------------------------------------------------------- queries
    def seats_to_act(self, state: ContractState) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.phase == "buy":
            return tuple(state.buy_pending())
        return (state.to_move,)

    def legal_actions(self, state: ContractState, seat: int) -> list[Action]:
        if state.phase == "buy":
            if seat not in state.buy_pending():
                return []
            if seat == state.to_move:
                return [Draw(seat, "discard"), PassBuy(seat)]
            return [Buy(seat), PassBuy(seat)]
        if state.phase == "over" or seat != state.to_move:
            return []
        if state.phase == "draw":
            out: list[Action] = []
            if state.stock:
                out.append(Draw(seat, "stock"))
            if state.discard and not state.left_up_card:
                out.append(Draw(seat, "discard"))
            return out
        hand = state.hands[seat]
        actions: list[Action] = []
        if not state.melded[seat]:
            best = best_lay_down(hand, state.contract)
            if best is not None:
                actions.append(LayDown(seat, best.melds))
        else:
            table = {m.id: m.cards for m in state.table}
            actions += [LayOff(seat, card, mid) for card, mid in lay_off_options(hand, table)]
            actions += [Swap(seat, c, mid, w, to) for c, mid, w, to in swap_options(hand, table)]
        actions += [Discard(seat, c) for c in dict.fromkeys(hand)]
        return actions

    # ----------------------------------------------------------------- verify
    def why_not_now(self, state: ContractState, seat: int, kind: str) -> str | None:
        """Why ``seat`` may make no move of ``kind`` now, whatever the cards (None: some such move may be
        legal). For a buy or a pass this is the whole check: neither names a card."""
        if kind in (Buy.kind, PassBuy.kind) and state.phase != "over" and 0 <= seat < len(state.players):
            return self._answer_problem(state, seat, buying=kind == Buy.kind)
        problem = self.turn_problem(state, seat)
        if problem is not None:
            return problem
        if kind == Draw.kind:
            if state.phase == "discard":
                return Reason("you have already drawn this turn")
            if state.phase == "buy" and state.to_move in state.answers:
                return Reason("you left the up card: wait while the others decide whether to buy it")
            return None
        if kind not in (Discard.kind, LayDown.kind, LayOff.kind, Swap.kind):
            return self.not_a_move(kind)
        if state.phase != "discard":
            return Reason("draw a card first: from the stock or the discard pile")
        if kind == LayDown.kind and state.melded[seat]:
            return Reason("you have already laid down your contract this hand")
        if kind == LayOff.kind and not state.melded[seat]:
            return Reason("lay down your contract first; then you may play on the melds on the table")
        if kind == Swap.kind and not state.melded[seat]:
            return Reason("lay down your contract first; then you may swap for wilds on the table")
        return None

    def not_a_move(self, kind: str) -> Reason:
        return Reason("{kind} is not a move in contract rummy", kind=kind)

    def verify_cards(self, state: ContractState, action: Action) -> None:
        if isinstance(action, Draw):
            self._verify_draw(state, action)
        elif isinstance(action, Discard):
            self.require_held(state, action.seat, action.card)
        elif isinstance(action, LayDown):
            self._verify_lay_down(state, action)
        elif isinstance(action, LayOff):
            self._verify_lay_off(state, action)
        elif isinstance(action, Swap):
            self._verify_swap(state, action)

    def _answer_problem(self, state: ContractState, seat: int, *, buying: bool) -> str | None:
        if state.phase != "buy":
            return Reason("no card is on offer: a card may be bought only just after it is discarded, "
                          "before the next player draws")
        if seat in state.answers:
            return Reason("you have already answered for this card")
        if seat == state.offered_by and seat not in state.buyers:
            return Reason("you cannot buy back the card you discarded")
        if seat == state.to_move:
            if buying:
                return Reason("it is your turn: take the up card by drawing it from the discard pile")
            if seat not in state.buy_pending():
                return Reason("the card on offer is already decided")
            return None
        if state.melded[seat]:
            return Reason("you have laid down this hand, so you may no longer buy")
        if state.buys[seat] >= MAX_BUYS:
            return Reason("you have bought {n} times this hand, the most allowed", n=MAX_BUYS)
        if seat not in state.buyers:
            return Reason("you may not buy this card")
        if seat not in state.buy_pending():
            ahead = next(s for s in state.priority() if state.answers.get(s))
            return Reason("{name}, ahead of you in turn order, wants the card", name=state.players[ahead])
        return None

    def _verify_draw(self, state: ContractState, action: Draw) -> None:
        if action.source not in ("stock", "discard"):
            raise IllegalAction(Reason("draw from the stock or the discard pile"))
        if state.phase == "buy":
            if action.source == "stock":
                waiting = [state.players[s] for s in state.buyers if s not in state.answers]
                if not waiting:
                    raise IllegalAction(Reason("take the up card, or pass on it, before you draw from the stock"))
                raise IllegalAction(Reason(
                    "{names} may still buy the up card: take it, or pass on it, before you draw", names=tuple(waiting)))
            return
        self.require_pile(state, action.source)
        if action.source == "discard" and state.left_up_card:
            raise IllegalAction(Reason("you passed on the up card: draw from the stock"))

    def _verify_lay_down(self, state: ContractState, action: LayDown) -> None:
        seat = action.seat
        used = [c for m in action.melds for c in m]
        if remove_cards(state.hands[seat], used) is None:
            raise IllegalAction(Reason("you do not hold all of {codes}", codes=_codes(used)))
        problem = lay_down_problem(action.melds, state.contract)
        if problem is not None:
            raise IllegalAction(problem)

    def _table_meld(self, state: ContractState, meld_id: int) -> TableMeld:
        meld = state.meld(meld_id)
        if meld is None:
            raise IllegalAction(Reason("there is no meld {meld} on the table", meld=meld_id))
        return meld

    def _verify_lay_off(self, state: ContractState, action: LayOff) -> None:
        self.require_held(state, action.seat, action.card)
        meld = self._table_meld(state, action.meld_id)
        if meld_kind([*meld.cards, action.card]) != meld.kind:
            raise IllegalAction(Reason("{card} does not fit the {kind} {cards}", card=action.card, kind=meld.kind,
                                        cards=tuple(meld.cards)))

    def _verify_swap(self, state: ContractState, action: Swap) -> None:
        self.require_held(state, action.seat, action.card)
        if is_wild(action.card):
            raise IllegalAction(Reason("only a natural card can take a wild's place"))
        meld = self._table_meld(state, action.meld_id)
        if not is_wild(action.wild) or action.wild not in meld.cards:
            raise IllegalAction(Reason("there is no wild {card} in {cards}", card=action.wild, cards=tuple(meld.cards)))
        rest = list(meld.cards)
        rest.remove(action.wild)
        if meld_kind([*rest, action.card]) != meld.kind:
            raise IllegalAction(Reason("{card} cannot stand where the wild stands in {cards}", card=action.card,
                                        cards=tuple(meld.cards)))
        if action.to_meld_id == action.meld_id:
            raise IllegalAction(Reason("the freed wild must be played on another meld"))
        other = self._table_meld(state, action.to_meld_id)
        if meld_kind([*other.cards, action.wild]) != other.kind:
            raise IllegalAction(Reason("the freed wild does not fit the {kind} {codes}", kind=other.kind,
                                        codes=_codes(other.cards)))

    # ----------------------------------------------------------------- apply
    def apply(self, state: ContractState, action: Action) -> list[Event]:
        seat = action.seat
        if isinstance(action, Buy | PassBuy):
            state.answers[seat] = isinstance(action, Buy)
            events: list[Event] = [BuyAnswered(seat=seat, wants=isinstance(action, Buy))]
            return events + self._settle_buy(state)
        if isinstance(action, Draw):
            return self.draw(state, action)
        hand = state.hands[seat]
        if isinstance(action, LayDown):
            ids: list[int] = []
            melds: list[tuple[Card, ...]] = []
            next_id = max((m.id for m in state.table), default=0) + 1
            for cards in action.melds:
                for c in cards:
                    hand.remove(c)
                ordered = ordered_meld(cards)
                kind = meld_kind(ordered)
                assert kind is not None
                state.table.append(TableMeld(id=next_id, owner=seat, kind=kind, cards=ordered))
                ids.append(next_id)
                melds.append(ordered)
                next_id += 1
            state.melded[seat] = True
            events = [ContractLaidDown(seat=seat, meld_ids=tuple(ids), melds=tuple(melds))]
            return events + self._after_play(state, seat, None)
        if isinstance(action, LayOff):
            hand.remove(action.card)
            meld = self._replace_meld(state, action.meld_id, [*self._cards_of(state, action.meld_id), action.card])
            events = [
                ContractLaidOff(seat=seat, card=action.card, meld_id=meld.id, owner=meld.owner, meld=meld.cards)
            ]
            return events + self._after_play(state, seat, None)
        if isinstance(action, Swap):
            hand.remove(action.card)
            rest = list(self._cards_of(state, action.meld_id))
            rest.remove(action.wild)
            meld = self._replace_meld(state, action.meld_id, [*rest, action.card])
            other_cards = [*self._cards_of(state, action.to_meld_id), action.wild]
            other = self._replace_meld(state, action.to_meld_id, other_cards)
            events = [
                ContractSwapped(
                    seat=seat,
                    card=action.card,
                    meld_id=meld.id,
                    owner=meld.owner,
                    wild=action.wild,
                    to_meld_id=other.id,
                    to_owner=other.owner,
                    meld=meld.cards,
                    to_meld=other.cards,
                )
            ]
            return events + self._after_play(state, seat, None)
        if isinstance(action, Discard):
            events = self.discard(state, action)
            if not hand:
                return events + self._after_play(state, seat, action.card)
            return events + self.open_turn(state, self.next_seat(state, seat), offered_by=seat)
        raise IllegalAction(self.not_a_move(action.kind))

    def _cards_of(self, state: ContractState, meld_id: int) -> tuple[Card, ...]:
        meld = state.meld(meld_id)
        assert meld is not None
        return meld.cards

    def _replace_meld(self, state: ContractState, meld_id: int, cards: Sequence[Card]) -> TableMeld:
        for i, m in enumerate(state.table):
            if m.id == meld_id:
                state.table[i] = TableMeld(id=m.id, owner=m.owner, kind=m.kind, cards=ordered_meld(cards))
                return state.table[i]
        raise AssertionError(f"no meld {meld_id}")

    def _after_play(self, state: ContractState, seat: int, discard: Card | None) -> list[Event]:
        """A player with no cards left has gone out, with or without a final discard."""
        if state.hands[seat]:
            return []
        state.went_out = seat
        return [ContractWentOut(seat=seat, discard=discard), *self.end_hand(state)]

    def draw(self, state: ContractState, action: Draw) -> list[Event]:
        state.left_up_card = False
        self._close_window(state)
        return super().draw(state, action)

    def _close_window(self, state: ContractState) -> None:
        state.offered_by = None
        state.buyers = []
        state.answers = {}

    def open_turn(self, state: ContractState, seat: int, *, offered_by: int, up_card: bool = False) -> list[Event]:
        state.to_move = seat
        state.left_up_card = False
        self._close_window(state)
        if self._nobody_can_go_out(state):
            return [HandStopped(hand_number=state.hand_number, reason="nobody_can_go_out"), *self.end_hand(state)]
        events = self.refill(state)
        if not state.stock:
            return events + self._stock_spent(state)
        events.append(TurnStarted(seat=seat))
        n = len(state.players)
        buyers = [
            s
            for s in ((seat + i) % n for i in range(1, n))
            if (up_card or s != offered_by) and not state.melded[s] and state.buys[s] < MAX_BUYS
        ]
        if not buyers or not state.discard:
            state.phase = "draw"
            return events
        state.phase = "buy"
        state.offered_by = offered_by
        state.buyers = buyers
        events.append(BuyOffered(card=state.discard[-1], offered_by=offered_by, next_seat=seat, buyers=tuple(buyers)))
        return events

    def _settle_buy(self, state: ContractState) -> list[Event]:
        """Give the card on offer to the best claim once no better claim can come."""
        winner: int | None = None
        for seat in state.priority():
            if seat not in state.answers:
                return []
            if state.answers[seat]:
                winner = seat
                break
        card = state.discard[-1]
        nxt = state.to_move
        self._close_window(state)
        state.phase = "draw"
        if winner is None:
            state.left_up_card = True
            return [NobodyBought(card=card, next_seat=nxt)]
        state.discard.pop()
        penalty = state.stock.pop()
        state.hands[winner] += [card, penalty]
        state.buys[winner] += 1
        events: list[Event] = [Bought(seat=winner, card=card, penalty=penalty, buys=state.buys[winner])]
        events += self.refill(state)
        if not state.stock:
            return events + self._stock_spent(state)  # as at the start of a turn: nothing left to draw
        return events

    def _stock_spent(self, state: ContractState) -> list[Event]:
        """Nothing left to draw or shuffle: the hand ends as it stands (the last resort)."""
        return [HandStopped(hand_number=state.hand_number, reason="stock_spent"), *self.end_hand(state)]

    def _nobody_can_go_out(self, state: ContractState) -> bool:
        """The hand is dead: everyone is down and no card off the table fits it (see :class:`HandStopped`).
        Asked at the start of a turn, when every player still holds a card; mid-turn a player holding one
        card could still go out by discarding it."""
        if not all(state.melded) or not state.table:
            return False
        off_table = [*state.stock, *state.discard, *(c for h in state.hands for c in h)]
        table = {m.id: m.cards for m in state.table}
        if not fits_table(off_table, table):
            return True
        return most_cards_to_table(off_table, table) < min(len(h) for h in state.hands)

    def end_hand(self, state: ContractState) -> list[Event]:
        points = [0 if s == state.went_out else hand_points(h) for s, h in enumerate(state.hands)]
        for s, p in enumerate(points):
            state.scores[s].append(p)
        totals = state.totals()
        results = tuple(
            PlayerResult(
                seat=s,
                melds=tuple(m.cards for m in state.table if m.owner == s),
                deadwood=tuple(sorted(state.hands[s], key=Card.sort_key)),
                points=points[s],
                total=totals[s],
            )
            for s in range(len(state.players))
        )
        events: list[Event] = [HandEnded(hand_number=state.hand_number, went_out=state.went_out, results=results)]
        self._close_window(state)
        state.left_up_card = False
        if state.hand_number < HANDS:
            return events + self.deal(state, state.hand_number + 1)
        low = min(totals)
        return events + self.finish(state, [s for s, t in enumerate(totals) if t == low])

    # ----------------------------------------------------------------- views and data
    def view(self, state: ContractState, seat: int, log: Sequence[Event]) -> ContractView:
        return ContractView(
            **shared_view_fields(state, seat, log),
            discard_size=len(state.discard),
            decks=state.decks,
            hands_total=HANDS,
            contract=state.contract,
            cards_dealt=CARDS_DEALT,
            wild_rank=Rank.TWO,
            table=tuple(state.table),
            melded=tuple(state.melded),
            buys=tuple(state.buys),
            max_buys=MAX_BUYS,
            offer=state.discard[-1] if state.phase == "buy" and state.discard else None,
            offered_by=state.offered_by,
            buyers=tuple(state.buyers),
            buy_pending=tuple(state.buy_pending()),
            buy_answers=tuple(sorted(state.answers.items())),
            left_up_card=state.left_up_card,
        )

    def per_seat(self, state: ContractState) -> dict[str, Sequence[object]]:
        return {Reason("the hands"): state.hands, Reason("the laid-down marks"): state.melded,
                Reason("the buy counts"): state.buys, Reason("the score lists"): state.scores}

    def check_state(self, state: ContractState) -> None:
        if state.decks not in (2, 3):
            raise ValueError("decks is 2 or 3")
        super().check_state(state)

    def check_table(self, state: ContractState) -> None:
        n = len(state.players)
        seats = range(n)
        require(n * (CARDS_DEALT + 2 * MAX_BUYS) + 1 <= 54 * state.decks,
                Reason("the number of decks, {count}, does not fit {players} players", count=state.decks, players=n))
        for seat in seats:
            require_number(state.buys[seat], Reason("the buys of seat {seat}", seat=seat), 0, MAX_BUYS)
        ids = [m.id for m in state.table]
        require(len(set(ids)) == len(ids) and all(is_whole(i) and i >= 1 for i in ids),
                Reason("the melds' numbers repeat"))
        for m in state.table:
            require_seat(m.owner, seats, Reason("the owner of meld {meld}", meld=m.id))
            require(state.melded[m.owner], Reason("meld {meld} belongs to a player who has not laid down", meld=m.id))

    def check_play(self, state: ContractState) -> None:
        seats = range(len(state.players))
        require(state.went_out is None, Reason("a game in play already has a winner"))
        if state.phase == "buy":
            require_seat(state.offered_by, seats, Reason("the player whose discard is on offer"))
            buyers = state.buyers
            # The dealer may be among the buyers of the card turned up at the deal, which is offered as theirs.
            require(bool(buyers) and len(set(buyers)) == len(buyers) and set(buyers) <= set(seats) - {state.to_move},
                    Reason("the buyers ({buyers}) are not seats that may buy", buyers=", ".join(map(str, buyers))))
            require(set(state.answers) <= {state.to_move, *buyers}, Reason("an answer came from a seat not asked"))
            require(bool(state.discard), Reason("a card is on offer from an empty discard pile"))
        else:
            require(state.offered_by is None and not state.buyers and not state.answers,
                    Reason("a buy is open outside the buying time"))
        require(not state.left_up_card or state.phase == "draw", Reason("the up card was left outside the draw"))
        for seat in seats:
            held = len(state.hands[seat])
            if state.melded[seat]:
                top = CARDS_DEALT + 2 * MAX_BUYS + 1
                require(1 <= held <= top, Reason("seat {seat} holds {cards}", seat=seat, cards=held))
                continue
            size = CARDS_DEALT + 2 * state.buys[seat] + (seat == state.to_move and state.phase == "discard")
            require(held == size, Reason("seat {seat} holds {cards} where it was dealt and bought {size}", seat=seat,
                                        cards=held, size=size))


def _dump_table(table: Sequence[TableMeld]) -> list[dict[str, Any]]:
    return [{"id": m.id, "owner": m.owner, "kind": m.kind, "cards": card_codes(m.cards)} for m in table]


def _load_table(data: Sequence[Mapping[str, Any]], read: CardReader) -> list[TableMeld]:
    table: list[TableMeld] = []
    for m in data:
        meld_cards = tuple(read(m["cards"]))
        kind = meld_kind(meld_cards)
        if kind is None or kind != m["kind"]:
            raise ValueError(f"meld {m['id']} on the table is not a valid {m['kind']}")
        table.append(TableMeld(id=sd.whole_value("a meld's number", m["id"]),
                               owner=sd.whole_value("a meld's owner", m["owner"]), kind=kind, cards=meld_cards))
    return table


#: The saved fields of a contract rummy state, in save order.
ContractRummy.saved = saved_fields(
    sd.options(ContractOptions.from_data),
    setup=(sd.whole("decks"),),
    table=(
        sd.Field("table", _dump_table, _load_table),
        sd.flags("melded"),
        sd.wholes("buys"),
        sd.optional_whole("offered_by"),
        sd.wholes("buyers"),
        sd.Field(
            "answers",
            lambda v: [[seat, wants] for seat, wants in sorted(v.items())],
            lambda v, _: {sd.whole_value("a buyer", seat): sd.flag_value("an answer", wants) for seat, wants in v},
        ),
        sd.flag("left_up_card"),
    ),
)

#: Found by engine.registry, which registers it under its name; typed as the protocol, so the type
#: checker holds the game to the seam (its state and view go through Game and the computer players).
RULESET: type[Ruleset[ContractState, ContractView]] = ContractRummy
