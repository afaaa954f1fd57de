"""Upcard rummy, 2 to 6 players, as docs/upcard-rummy.md says.

Each player's first card is dealt face up and sets how many cards they get; the dealer's up card
makes its rank wild. Melds are of a kind only. A turn is: draw (from the stock, or — once melded —
dig into the fanned discard pile back to a card matching a natural pair held), meld or lay off, then
discard. The first meld of a hand is one meld of exactly three cards and nothing else that turn.
Every card a player put on the table scores for them and every card still in hand against them.

Melding and laying off are separate actions, one meld or one card at a time, so a player (or the
UI) builds a turn step by step and each step is checked on its own. Taking from the discard pile is
one action that carries its meld, because the taken card must be melded at once.
Shuffles come from the seed, the hand number and the reshuffle count, so a save needs no RNG state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from engine import state_data as sd
from engine.actions import Action, Discard, Draw
from engine.arrange_upcard import (
    cards_value,
    fits_meld,
    is_wild,
    meld_problem,
    meld_rank,
    naturals_by_rank,
)
from engine.cards import JOKER, NO_TWOS_RANKS, STANDARD_SUITS, Card, Rank, no_twos_deck
from engine.checks import is_whole, require, require_seat
from engine.draw_discard import DrawDiscard, DrawDiscardState, DrawDiscardView, RuleOptions, saved_fields
from engine.errors import IllegalAction
from engine.events import Event
from engine.notation import card_codes, parse_card
from engine.piles import remove_cards
from engine.reasons import Reason, shown
from engine.state_data import CardReader, shared_view_fields

if TYPE_CHECKING:
    from engine.ruleset import Ruleset

__all__ = [
    "HandOpened",
    "LaidOff",
    "LayOff",
    "Meld",
    "Melded",
    "PlayerWentOut",
    "TableMeld",
    "TakeDiscards",
    "TookDiscards",
    "UpcardHandEnded",
    "UpcardOptions",
    "UpcardRummy",
    "UpcardState",
    "UpcardView",
    "hand_size_for",
    "parse_upcard_card",
]

GAME = "upcard rummy"
DECK_SIZE = 96
DEFAULT_TARGET = 3000
DEFAULT_MAX_RESHUFFLES = 5
#: This project's limit: after this many hands the game ends even if nobody reached the target, and the
#: highest total wins (docs/upcard-rummy.md). Players who keep losing points would otherwise never end it.
DEFAULT_MAX_HANDS = 60
Phase = Literal["draw", "discard", "over"]

_HAND_SIZES = {Rank.ACE: 14, Rank.KING: 13, Rank.QUEEN: 12, Rank.JACK: 11}


def hand_size_for(up_card: Card) -> int:
    """How many cards a player gets, the up card included: A 14, K 13, Q 12, J 11, else face value."""
    if up_card.rank is None:
        raise ValueError("upcard rummy has no jokers")
    return _HAND_SIZES.get(up_card.rank, int(up_card.rank))


def parse_upcard_card(text: str) -> Card:
    return parse_card(text, ranks=NO_TWOS_RANKS, suits=STANDARD_SUITS, jokers=False, game=GAME)


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class Meld(Action):
    """Lay down one meld from the hand."""

    cards: tuple[Card, ...] = ()
    kind: ClassVar[str] = "upcard_meld"


@dataclass(frozen=True, slots=True)
class LayOff(Action):
    """Add one card to a meld on the table (``meld`` is its number in ``view.table``)."""

    card: Card = JOKER
    meld: int = 0
    kind: ClassVar[str] = "upcard_lay_off"


@dataclass(frozen=True, slots=True)
class TakeDiscards(Action):
    """Instead of drawing: take the top ``count`` cards of the discard pile and meld the deepest one.

    ``meld`` is the meld made at once: the deepest card taken, a natural pair of its rank the player
    held, and any more naturals of that rank or wilds (from the hand or from the cards taken).
    """

    count: int = 1
    meld: tuple[Card, ...] = ()
    kind: ClassVar[str] = "upcard_take_discards"




# --------------------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class HandOpened(Event):
    """A hand is dealt. Up cards, hand sizes and the first discard are public."""

    hand_number: int
    dealer: int
    up_cards: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    wild_rank: Rank
    turned_up: Card
    first_player: int
    target: int
    kind: ClassVar[str] = "upcard_hand_started"


@dataclass(frozen=True, slots=True)
class TookDiscards(Event):
    """Cards taken from the discard pile, deepest first (the card that had to match a pair)."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "upcard_took_discards"


@dataclass(frozen=True, slots=True)
class Melded(Event):
    """A meld laid down; ``index`` is its number on the table, ``first`` marks a player's first meld."""

    seat: int
    index: int
    cards: tuple[Card, ...]
    first: bool = False
    kind: ClassVar[str] = "upcard_melded"


@dataclass(frozen=True, slots=True)
class LaidOff(Event):
    """A card laid off on meld ``index`` (made by ``owner``); it scores for ``seat``."""

    seat: int
    card: Card
    index: int
    owner: int
    kind: ClassVar[str] = "upcard_laid_off"


@dataclass(frozen=True, slots=True)
class PlayerWentOut(Event):
    """``seat`` discarded their last card; ``last_turns`` are the seats (not yet melded) still to play."""

    seat: int
    last_turns: tuple[int, ...]
    kind: ClassVar[str] = "upcard_went_out"
    goes_out: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class UpcardHandEnded(Event):
    """Per seat: cards on the table (for), cards in hand (against), the hand's points and the totals."""

    hand_number: int
    went_out: int | None
    on_table: tuple[tuple[Card, ...], ...]
    in_hand: tuple[tuple[Card, ...], ...]
    plus: tuple[int, ...]
    minus: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    kind: ClassVar[str] = "upcard_hand_ended"
    ends_hand: ClassVar[bool] = True




# --------------------------------------------------------------------------- state and view
@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: its maker's cards, then each card laid off on it and by whom."""

    owner: int
    rank: Rank
    cards: tuple[Card, ...]
    layoffs: tuple[tuple[int, Card], ...] = ()

    @property
    def all_cards(self) -> tuple[Card, ...]:
        return self.cards + tuple(c for _, c in self.layoffs)

    def cards_of(self, seat: int) -> tuple[Card, ...]:
        """The cards of this meld that count for ``seat``."""
        own = self.cards if seat == self.owner else ()
        return own + tuple(c for s, c in self.layoffs if s == seat)


@dataclass(frozen=True, slots=True, kw_only=True)
class UpcardOptions(RuleOptions):
    game_words: ClassVar[str] = "upcard rummy"
    #: The game ends after the hand in which someone's total reaches this.
    target: int = DEFAULT_TARGET
    #: Seat of the first dealer.
    first_dealer: int = 0
    #: How many times a hand's stock may be rebuilt from the discard pile; when it runs out once more,
    #: the hand ends as it stands. Without a limit, players who cannot meld could draw and discard forever.
    max_reshuffles: int = DEFAULT_MAX_RESHUFFLES
    #: The last hand: the game ends after it whatever the totals (highest total wins).
    max_hands: int = DEFAULT_MAX_HANDS

    def check(self) -> None:
        if self.target < 1:
            raise ValueError("target is a whole number of points, at least 1")
        if self.max_reshuffles < 0:
            raise ValueError("max_reshuffles is a whole number, 0 or more")
        if self.max_hands < 1:
            raise ValueError("max_hands is a whole number of hands, at least 1")


@dataclass(slots=True, kw_only=True)
class UpcardState(DrawDiscardState[UpcardOptions]):
    up_cards: list[Card] = field(default_factory=list)
    wild_rank: Rank = Rank.ACE
    table: list[TableMeld] = field(default_factory=list)
    #: Per seat: has laid down a meld this hand.
    melded: list[bool] = field(default_factory=list)
    #: The player to move made their first meld this turn, so may only discard now.
    first_meld_now: bool = False


@dataclass(frozen=True, slots=True)
class UpcardView(DrawDiscardView):
    """What one seat may know: its own hand, everyone's up cards and hand sizes, the whole fanned
    discard pile, the table and the scores."""

    up_cards: tuple[Card, ...]
    discard: tuple[Card, ...]
    wild_rank: Rank
    #: 'draw' (start of a turn), 'discard' (drawn: meld, lay off, then discard) or 'over'.
    phase: Phase
    melded: tuple[bool, ...]
    first_meld_now: bool
    table: tuple[TableMeld, ...]
    last_turn: bool
    last_turns: tuple[int, ...]
    target: int

    @property
    def may_lay_off(self) -> bool:
        """Further melds and lay-offs are open to a player who melded on an earlier turn."""
        return self.melded[self.seat] and not self.first_meld_now


class UpcardRummy(DrawDiscard[UpcardState, UpcardView]):
    name = "upcard-rummy"
    title = "Upcard Rummy"
    min_players = 2
    max_players = 6
    #: Every kind of move of the game, so a table can ask the rules about each (why not now?).
    moves: ClassVar[tuple[type[Action], ...]] = (Draw, Discard, TakeDiscards, Meld, LayOff)
    #: Every kind of event the game sends, so its log can be read back (saves, a seat over the network).
    events: ClassVar[tuple[type[Event], ...]] = (
        *DrawDiscard.turn_cycle_events,
        HandOpened, TookDiscards, Melded, LaidOff, PlayerWentOut, UpcardHandEnded)
    view_type = UpcardView
    state_type = UpcardState
    options_type = UpcardOptions
    parse_card = staticmethod(parse_upcard_card)
    table_words = "an upcard rummy table"
    negative_scores = True

    # ----------------------------------------------------------------- setup
    def setup_fields(self, players: Sequence[str], options: UpcardOptions) -> dict[str, Any]:
        return {"melded": [False] * len(players)}

    def deck(self, state: UpcardState) -> list[Card]:
        return no_twos_deck(2)

    def table_cards(self, state: UpcardState) -> list[Card]:
        return [c for m in state.table for c in m.all_cards]

    def reshuffle_limit(self, state: UpcardState) -> int:
        return state.options.max_reshuffles

    def last_hand(self, state: UpcardState) -> int | None:
        return state.options.max_hands

    def reset_hand(self, state: UpcardState) -> None:
        state.table = []
        state.melded = [False] * len(state.players)
        state.first_meld_now = False

    def reset_turn(self, state: UpcardState) -> None:
        state.first_meld_now = False

    def deal_hands(self, state: UpcardState, deck: list[Card], order: Sequence[int]) -> None:
        """Each seat in turn: its up card face up, then as many more as the up card says."""
        state.up_cards = [JOKER] * len(state.players)  # filled in below, seat by seat
        for seat in order:
            up = deck.pop()
            state.up_cards[seat] = up
            state.hands[seat] = [up] + [deck.pop() for _ in range(hand_size_for(up) - 1)]
        up_rank = state.up_cards[state.dealer].rank
        assert up_rank is not None
        state.wild_rank = up_rank

    def hand_opened(self, state: UpcardState, first: int) -> list[Event]:
        return [
            HandOpened(
                hand_number=state.hand_number,
                dealer=state.dealer,
                up_cards=tuple(state.up_cards),
                hand_sizes=tuple(len(h) for h in state.hands),
                wild_rank=state.wild_rank,
                turned_up=state.discard[-1],
                first_player=first,
                target=state.options.target,
            )
        ]

    # ----------------------------------------------------------------- queries
    def legal_actions(self, state: UpcardState, seat: int) -> list[Action]:
        """Every draw, every discard, and the sensible melds and lay-offs (verify accepts more)."""
        if state.phase == "over" or seat != state.to_move:
            return []
        hand = state.hands[seat]
        wild = state.wild_rank
        if state.phase == "draw":
            out: list[Action] = [Draw(seat, "stock")] if state.stock else []
            if state.melded[seat]:
                out += self._take_candidates(state, seat)
            return out
        actions: list[Action] = []
        if not state.first_meld_now:
            for cards in self._meld_candidates(hand, wild, first=not state.melded[seat]):
                if len(cards) < len(hand):
                    actions.append(Meld(seat, cards))
            if state.melded[seat] and len(hand) > 1:
                for card in dict.fromkeys(sorted(hand, key=Card.rank_key)):
                    for i, m in enumerate(state.table):
                        if fits_meld(card, m.rank, wild):
                            actions.append(LayOff(seat, card, i))
        actions += [Discard(seat, c) for c in dict.fromkeys(sorted(hand, key=Card.rank_key))]
        return actions

    @staticmethod
    def _meld_candidates(hand: Sequence[Card], wild: Rank, *, first: bool) -> list[tuple[Card, ...]]:
        groups = naturals_by_rank(hand, wild)
        wilds = list(dict.fromkeys(sorted((c for c in hand if is_wild(c, wild)), key=Card.sort_key)))
        all_wilds = sorted((c for c in hand if is_wild(c, wild)), key=Card.sort_key)
        out: list[tuple[Card, ...]] = []
        for nats in groups.values():
            if len(nats) < 2:
                continue
            sizes = [3] if first else list(range(3, len(nats) + 1))
            out += [tuple(nats[:k]) for k in sizes if k <= len(nats)]
            out += [(*nats[:2], w) for w in wilds]
            if not first:
                if len(nats) > 2:
                    out += [(*nats, w) for w in wilds]
                if len(all_wilds) > 1:
                    out.append((*nats, *all_wilds))
        return list(dict.fromkeys(out))

    def _take_candidates(self, state: UpcardState, seat: int) -> list[Action]:
        hand = state.hands[seat]
        wild = state.wild_rank
        groups = naturals_by_rank(hand, wild)
        wilds = sorted((c for c in hand if is_wild(c, wild)), key=Card.sort_key)
        out: list[Action] = []
        pile = state.discard
        for count in range(1, len(pile) + 1):
            target = pile[-count]
            if is_wild(target, wild) or target.rank is None or len(groups.get(target.rank, [])) < 2:
                continue
            taken = pile[-count:]
            mine = groups[target.rank]
            extra = [c for c in taken[1:] if c.rank == target.rank]
            pool_wilds = wilds + [c for c in taken if is_wild(c, wild)]
            melds = [(target, *mine[:2]), (target, *mine, *extra)]
            if pool_wilds:
                melds += [(target, *mine[:2], pool_wilds[0]), (target, *mine, *extra, *pool_wilds)]
            room = len(hand) + count
            for meld in dict.fromkeys(melds):
                if len(meld) < room:
                    out.append(TakeDiscards(seat, count, meld))
        return out

    # ----------------------------------------------------------------- verify
    def why_not_now(self, state: UpcardState, seat: int, kind: str) -> str | None:
        """Why ``seat`` may make no move of ``kind`` now, whatever the cards (None: some such move may be legal)."""
        problem = self.turn_problem(state, seat)
        if problem is not None:
            return problem
        if kind in (Draw.kind, TakeDiscards.kind):
            if state.phase != "draw":
                return Reason("you have already drawn this turn; meld, lay off, then discard")
            if kind == TakeDiscards.kind:
                if not state.melded[seat]:
                    return Reason("you may take from the discard pile only after you have melded, on a later turn")
                if not state.discard:
                    return Reason("the discard pile is empty")
            return None
        if kind == Meld.kind:
            if state.phase != "discard":
                return Reason("draw first, then meld")
            if state.first_meld_now:
                return Reason("your first meld is your only meld this turn; lay down more from your next turn")
            return None
        if kind == LayOff.kind:
            if state.phase != "discard":
                return Reason("draw first, then lay off")
            if not state.melded[seat]:
                return Reason("you may lay off only after your first meld, from your next turn")
            if state.first_meld_now:
                return Reason("your first meld is your only play this turn; lay off from your next turn")
            return None
        if kind == Discard.kind:
            return Reason("draw first: take the top card of the stock") if state.phase != "discard" else None
        return self.not_a_move(kind)

    def not_a_move(self, kind: str) -> Reason:
        return Reason("{kind} is not a move in upcard rummy", kind=kind)

    def verify_cards(self, state: UpcardState, action: Action) -> None:
        if isinstance(action, Draw):
            self._verify_draw(state, action)
        elif isinstance(action, TakeDiscards):
            self._verify_take(state, action)
        elif isinstance(action, Meld):
            self._verify_meld(state, action)
        elif isinstance(action, LayOff):
            self._verify_lay_off(state, action)
        elif isinstance(action, Discard):
            self.require_held(state, action.seat, action.card)

    def _verify_draw(self, state: UpcardState, action: Draw) -> None:
        if action.source == "discard":
            raise IllegalAction(Reason(
                "to take from the discard pile, say how far back you go and meld the card you reach with your pair"))
        if action.source != "stock":
            raise IllegalAction(Reason("draw from the stock"))
        self.require_pile(state, "stock")

    def _verify_take(self, state: UpcardState, action: TakeDiscards) -> None:
        seat, wild = action.seat, state.wild_rank
        pile = state.discard
        if not isinstance(action.count, int) or not 1 <= action.count <= len(pile):
            raise IllegalAction(Reason("the discard pile has {cards}; take from 1 to {n}", cards=len(pile),
                                       n=len(pile)))
        target = pile[-action.count]
        if is_wild(target, wild) or target.rank is None:
            raise IllegalAction(Reason(
                "{the_card} is wild: only a natural card matching your pair can be taken back to", the_card=target))
        hand = state.hands[seat]
        held = sum(1 for c in hand if c.rank == target.rank)
        if held < 2:
            raise IllegalAction(Reason("to take back to {the_card} you need a natural pair of {ranks}", the_card=target,
                                        ranks=target.rank))
        taken = pile[-action.count :]
        if target not in action.meld:
            raise IllegalAction(Reason("the meld must include {the_card}, the card you take back to", the_card=target))
        problem = meld_problem(action.meld, wild)
        if problem:
            raise IllegalAction(problem)
        if meld_rank(action.meld, wild) != target.rank:
            raise IllegalAction(Reason("the meld must be of {ranks}", ranks=target.rank))
        others = Counter(action.meld)
        others[target] -= 1
        from_hand = others & Counter(c for c in hand if c.rank == target.rank)
        if sum(from_hand.values()) < 2:
            raise IllegalAction(Reason("meld {the_card} with the pair of {ranks} from your hand", the_card=target,
                                        ranks=target.rank))
        # The taken card itself comes from the pile; the rest from the hand or the other cards taken.
        pool = list(hand) + list(taken)
        rest = remove_cards(pool, action.meld)
        if rest is None:
            raise IllegalAction(Reason("you cannot make {the_cards} from your hand and the cards taken",
                                        the_cards=tuple(action.meld)))
        if not rest:
            raise IllegalAction(Reason("keep a card to discard: a turn ends with a discard"))

    def _verify_meld(self, state: UpcardState, action: Meld) -> None:
        seat = action.seat
        hand = state.hands[seat]
        rest = remove_cards(hand, action.cards)
        if rest is None:
            raise IllegalAction(Reason("you do not hold {the_cards}", the_cards=tuple(action.cards)))
        problem = meld_problem(action.cards, state.wild_rank)
        if problem:
            raise IllegalAction(problem)
        if not state.melded[seat] and len(action.cards) != 3:
            raise IllegalAction(Reason("your first meld of the hand is exactly three cards"))
        if not rest:
            raise IllegalAction(Reason("keep a card to discard: a turn ends with a discard"))

    def _verify_lay_off(self, state: UpcardState, action: LayOff) -> None:
        seat = action.seat
        hand = state.hands[seat]
        self.require_held(state, seat, action.card)
        if not isinstance(action.meld, int) or not 0 <= action.meld < len(state.table):
            raise IllegalAction(Reason("there is no meld {meld} on the table", meld=action.meld))
        target = state.table[action.meld]
        if not fits_meld(action.card, target.rank, state.wild_rank):
            raise IllegalAction(Reason(
                "{the_card} does not fit a meld of {ranks}: lay off a {rank} or a wild", the_card=action.card,
                ranks=target.rank, rank=target.rank))
        if len(hand) == 1:
            raise IllegalAction(Reason("keep a card to discard: a turn ends with a discard"))

    # ----------------------------------------------------------------- apply
    def apply(self, state: UpcardState, action: Action) -> list[Event]:
        seat = action.seat
        hand = state.hands[seat]
        if isinstance(action, Draw):
            return self.draw(state, action)
        if isinstance(action, TakeDiscards):
            taken = state.discard[-action.count :]
            del state.discard[-action.count :]
            pool = hand + taken
            rest = remove_cards(pool, action.meld)
            assert rest is not None
            state.hands[seat] = rest
            state.phase = "discard"
            return [TookDiscards(seat=seat, cards=tuple(taken)), self._lay_meld(state, seat, action.meld, first=False)]
        if isinstance(action, Meld):
            first = not state.melded[seat]
            for c in action.cards:
                hand.remove(c)
            state.first_meld_now = first
            return [self._lay_meld(state, seat, action.cards, first=first)]
        if isinstance(action, LayOff):
            hand.remove(action.card)
            m = state.table[action.meld]
            state.table[action.meld] = TableMeld(m.owner, m.rank, m.cards, (*m.layoffs, (seat, action.card)))
            return [LaidOff(seat=seat, card=action.card, index=action.meld, owner=m.owner)]
        if isinstance(action, Discard):
            events = self.discard(state, action)
            if not hand and not state.last_turn():
                state.went_out = seat
                state.last_turns = [s for s in self.seats_after(state, seat) if not state.melded[s]]
                events.append(PlayerWentOut(seat=seat, last_turns=tuple(state.last_turns)))
            return events + self.advance(state)
        raise IllegalAction(self.not_a_move(action.kind))

    def _lay_meld(self, state: UpcardState, seat: int, cards: Sequence[Card], *, first: bool) -> Event:
        rank = meld_rank(cards, state.wild_rank)
        assert rank is not None
        state.table.append(TableMeld(owner=seat, rank=rank, cards=tuple(cards)))
        state.melded[seat] = True
        return Melded(seat=seat, index=len(state.table) - 1, cards=tuple(cards), first=first)

    def end_hand(self, state: UpcardState) -> list[Event]:
        wild = state.wild_rank
        n = len(state.players)
        on_table = [tuple(c for m in state.table for c in m.cards_of(s)) for s in range(n)]
        plus = [cards_value(cards, wild) for cards in on_table]
        minus = [cards_value(h, wild) for h in state.hands]
        for s in range(n):
            state.scores[s].append(plus[s] - minus[s])
        totals = state.totals()
        events: list[Event] = [
            UpcardHandEnded(
                hand_number=state.hand_number,
                went_out=state.went_out,
                on_table=tuple(on_table),
                in_hand=tuple(tuple(h) for h in state.hands),
                plus=tuple(plus),
                minus=tuple(minus),
                points=tuple(p - m for p, m in zip(plus, minus, strict=True)),
                totals=tuple(totals),
            )
        ]
        state.last_turns = []
        if max(totals) >= state.options.target or state.hand_number >= state.options.max_hands:
            best = max(totals)
            return events + self.finish(state, [s for s, t in enumerate(totals) if t == best])
        return events + self.deal(state, state.hand_number + 1)

    # ----------------------------------------------------------------- views and data
    def view(self, state: UpcardState, seat: int, log: Sequence[Event]) -> UpcardView:
        return UpcardView(
            **shared_view_fields(state, seat, log),
            up_cards=tuple(state.up_cards),
            discard=tuple(state.discard),
            wild_rank=state.wild_rank,
            melded=tuple(state.melded),
            first_meld_now=state.first_meld_now and state.to_move == seat,
            table=tuple(state.table),
            last_turn=state.last_turn(),
            last_turns=tuple(state.last_turns),
            target=state.options.target,
        )

    def per_seat(self, state: UpcardState) -> dict[str, Sequence[object]]:
        return {Reason("the hands"): state.hands, Reason("the meld marks"): state.melded,
                Reason("the score lists"): state.scores, Reason("the up cards"): state.up_cards}

    def check_table(self, state: UpcardState) -> None:
        seats = range(len(state.players))
        require(state.wild_rank in NO_TWOS_RANKS,
                Reason("the wild rank {value} is not in the deck", value=shown(state.wild_rank)))
        for i, m in enumerate(state.table):
            require_seat(m.owner, seats, Reason("the owner of meld {meld}", meld=i + 1))
            require(all(is_whole(s) and s in seats for s, _ in m.layoffs),
                    Reason("a card laid off on meld {meld} has no owner", meld=i + 1))

    def check_play(self, state: UpcardState) -> None:
        require(not state.first_meld_now or state.phase == "discard", Reason("a first meld was made before the draw"))
        self.check_last_turns(state)
        require(all(state.melded[m.owner] for m in state.table),
                Reason("a meld belongs to a player who has not melded"))
        # Hands grow by digging into the discard pile, so their sizes are bounded by the deck alone.


def _dump_table(table: Sequence[TableMeld]) -> list[dict[str, Any]]:
    return [
        {
            "owner": m.owner,
            "rank": int(m.rank),
            "cards": card_codes(m.cards),
            "layoffs": [[s, c.code] for s, c in m.layoffs],
        }
        for m in table
    ]


def _load_table(data: Sequence[Mapping[str, Any]], read: CardReader) -> list[TableMeld]:
    return [
        TableMeld(
            owner=sd.whole_value("a meld's owner", m["owner"]),
            rank=Rank(sd.whole_value("a meld's rank", m["rank"])),
            cards=tuple(read(m["cards"])),
            layoffs=tuple((sd.whole_value("a lay-off's owner", s), parse_upcard_card(c)) for s, c in m["layoffs"]),
        )
        for m in data
    ]


#: The saved fields of an upcard rummy state, in save order.
UpcardRummy.saved = saved_fields(
    sd.options(UpcardOptions.from_data),
    table=(
        sd.cards("up_cards"),
        sd.Field("wild_rank", int, lambda v, _: Rank(sd.whole_value("wild_rank", v))),
        sd.Field("table", _dump_table, _load_table),
        sd.flags("melded"),
        sd.flag("first_meld_now"),
    ),
    after_went_out=(sd.wholes("last_turns"),),
)

#: Found by engine.registry, which registers it under its name; typed as the protocol, so the type
#: checker holds the game to the seam (its state and view go through Game and the computer players).
RULESET: type[Ruleset[UpcardState, UpcardView]] = UpcardRummy
