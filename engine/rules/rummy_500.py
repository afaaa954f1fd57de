"""Rummy 500 (500 Rum), 2 to 4 players, as docs/rummy-500.md says.

One 52-card deck; two players are dealt 13 cards, three or four players 7. A turn is: draw the stock's
top card, or take a card anywhere in the discard pile with every card above it, the deepest card taken
used at once in a meld or a lay-off; then lay down melds and lay off on anyone's melds; then discard.
Every card a player put on the table scores for them (a laid-off card for the one who laid it off),
every card still in hand against them. The hand ends when a player has no card left (going out needs
no last discard: a meld or a lay-off may use the last card) or when the stock is empty at the start of
a turn; the game when someone
reaches the target (500), the highest total winning.

Melding and laying off are one meld or one card at a time, so a turn is built step by step and each
step is checked on its own; taking from the pile is one move carrying what the deepest card does,
because that card must be used at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from engine import state_data as sd
from engine.actions import Action, Discard, Draw
from engine.arrange_rummy_500 import cards_value, fits, hand_melds, meld_problem
from engine.cards import JOKER, STANDARD_RANKS, STANDARD_SUITS, Card, standard_deck
from engine.checks import is_whole, require, require_seat
from engine.draw_discard import DrawDiscard, DrawDiscardState, DrawDiscardView, RuleOptions, saved_fields
from engine.errors import IllegalAction
from engine.events import Event, HandStarted
from engine.notation import card_codes, parse_card
from engine.piles import remove_cards
from engine.reasons import Reason
from engine.state_data import CardReader, shared_view_fields

if TYPE_CHECKING:
    from engine.ruleset import Ruleset

__all__ = [
    "LaidOff",
    "LayOff",
    "Meld",
    "Melded",
    "PileMeld",
    "R500HandEnded",
    "R500Options",
    "R500State",
    "R500View",
    "R500WentOut",
    "Rummy500",
    "TakePile",
    "TookPile",
    "cards_dealt_for",
    "meld_reason",
    "parse_r500_card",
]

GAME = "Rummy 500"
DEFAULT_TARGET = 500
#: This project's limit: after this many hands the game ends even if nobody reached the target, the
#: highest total winning (hands that end on an empty stock may leave every total falling).
DEFAULT_MAX_HANDS = 60
Phase = Literal["draw", "discard", "over"]


def cards_dealt_for(players: int) -> int:
    """Thirteen cards each for two players, seven for three or four."""
    return 13 if players == 2 else 7


def parse_r500_card(text: str) -> Card:
    return parse_card(text, ranks=STANDARD_RANKS, suits=STANDARD_SUITS, jokers=False, game=GAME)


_MELD_REASONS = {
    "too few": Reason("a meld needs at least 3 cards"),
    "duplicate": Reason("a set holds three or four cards of one rank, each once"),
    "mixed": Reason("a set is one rank and a run is one suit in sequence (the ace high or low, not both)"),
}


def meld_reason(cards: Sequence[Card]) -> Reason | None:
    """Why ``cards`` are no meld, as the player hears it; None when they are one."""
    problem = meld_problem(cards)
    return None if problem is None else _MELD_REASONS[problem]


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class Meld(Action):
    """Lay down one meld from the hand."""

    cards: tuple[Card, ...] = ()
    kind: ClassVar[str] = "five_hundred_meld"


@dataclass(frozen=True, slots=True)
class LayOff(Action):
    """Add one card to a meld on the table (``meld``: its number in ``view.table``, from 0)."""

    card: Card = JOKER
    meld: int = 0
    kind: ClassVar[str] = "five_hundred_lay_off"


@dataclass(frozen=True, slots=True)
class TakePile(Action):
    """Instead of drawing: take the top ``count`` cards of the discard pile and use the deepest at once,
    either in ``meld`` (cards from the hand and the cards taken, the deepest among them) or, with
    ``meld`` empty, laid off on the table's meld number ``onto``."""

    count: int = 1
    meld: tuple[Card, ...] = ()
    onto: int | None = None
    kind: ClassVar[str] = "five_hundred_take_pile"


# --------------------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class TookPile(Event):
    """Cards taken from the discard pile, deepest first (the card that had to be used)."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "five_hundred_took_pile"


@dataclass(frozen=True, slots=True)
class Melded(Event):
    """A meld laid down; ``index`` is its number on the table."""

    seat: int
    index: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "five_hundred_melded"


@dataclass(frozen=True, slots=True)
class LaidOff(Event):
    """A card laid off on meld ``index`` (made by ``owner``); it scores for ``seat``."""

    seat: int
    card: Card
    index: int
    owner: int
    kind: ClassVar[str] = "five_hundred_laid_off"


@dataclass(frozen=True, slots=True)
class R500WentOut(Event):
    """``seat`` has no card left: the hand ends."""

    seat: int
    kind: ClassVar[str] = "five_hundred_went_out"
    goes_out: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class R500HandEnded(Event):
    """Per seat: the cards put on the table (for), the cards held (against), the hand's points, totals."""

    hand_number: int
    went_out: int | None
    on_table: tuple[tuple[Card, ...], ...]
    in_hand: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    kind: ClassVar[str] = "five_hundred_hand_ended"
    ends_hand: ClassVar[bool] = True


# --------------------------------------------------------------------------- state and view
@dataclass(frozen=True, slots=True)
class PileMeld:
    """A meld on the table: its maker's cards, then each card laid off on it and by whom."""

    owner: int
    cards: tuple[Card, ...]
    layoffs: tuple[tuple[int, Card], ...] = ()

    @property
    def all_cards(self) -> tuple[Card, ...]:
        return self.cards + tuple(c for _, c in self.layoffs)

    def cards_of(self, seat: int) -> tuple[Card, ...]:
        """The cards of this meld that score for ``seat``."""
        own = self.cards if seat == self.owner else ()
        return own + tuple(c for s, c in self.layoffs if s == seat)


@dataclass(frozen=True, slots=True, kw_only=True)
class R500Options(RuleOptions):
    game_words: ClassVar[str] = "Rummy 500"
    #: The game ends after the hand in which someone's total reaches this.
    target: int = DEFAULT_TARGET
    #: Seat of the first dealer.
    first_dealer: int = 0
    #: The last hand: the game ends after it whatever the totals (highest total wins).
    max_hands: int = DEFAULT_MAX_HANDS

    def check(self) -> None:
        if self.target < 1:
            raise ValueError("target is a whole number of points, at least 1")
        if self.max_hands < 1:
            raise ValueError("max_hands is a whole number of hands, at least 1")


@dataclass(slots=True, kw_only=True)
class R500State(DrawDiscardState[R500Options]):
    table: list[PileMeld] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class R500View(DrawDiscardView):
    """What one seat may know: its own hand, the hand sizes, the whole spread discard pile (everyone
    sees it), the melds on the table and the scores."""

    discard: tuple[Card, ...]
    phase: Phase
    table: tuple[PileMeld, ...]
    target: int


class Rummy500(DrawDiscard[R500State, R500View]):
    name = "rummy-500"
    title = "Rummy 500"
    min_players = 2
    max_players = 4
    #: Every kind of move of the game, so a table can ask the rules about each (why not now?).
    moves: ClassVar[tuple[type[Action], ...]] = (Draw, Discard, TakePile, Meld, LayOff)
    #: Every kind of event the game sends, so its log can be read back (saves, a seat over the network).
    events: ClassVar[tuple[type[Event], ...]] = (
        *DrawDiscard.turn_cycle_events, HandStarted, TookPile, Melded, LaidOff, R500WentOut, R500HandEnded)
    view_type = R500View
    state_type = R500State
    options_type = R500Options
    parse_card = staticmethod(parse_r500_card)
    table_words = "a Rummy 500 table"
    negative_scores = True
    #: The stock is never rebuilt: the hand ends when it is empty at the start of a turn.
    max_reshuffles = 0

    # ----------------------------------------------------------------- setup
    def deck(self, state: R500State) -> list[Card]:
        return standard_deck(1, jokers=0)

    def cards_dealt(self, state: R500State) -> int:
        return cards_dealt_for(len(state.players))

    def table_cards(self, state: R500State) -> list[Card]:
        return [c for m in state.table for c in m.all_cards]

    def last_hand(self, state: R500State) -> int | None:
        return state.options.max_hands

    def reset_hand(self, state: R500State) -> None:
        state.table = []

    def hand_opened(self, state: R500State, first: int) -> list[Event]:
        return [HandStarted(hand_number=state.hand_number, hands_total=0, dealer=state.dealer,
                            cards_dealt=self.cards_dealt(state), wild_rank=None, up_card=state.discard[-1],
                            first_player=first)]

    # ----------------------------------------------------------------- queries
    def legal_actions(self, state: R500State, seat: int) -> list[Action]:
        """Every draw and discard; the melds the hand holds; each lay-off; each take from the pile whose
        deepest card makes a meld with the hand or fits a meld on the table (one way of each: verify
        accepts more)."""
        if state.phase == "over" or seat != state.to_move:
            return []
        hand = state.hands[seat]
        if state.phase == "draw":
            out: list[Action] = [Draw(seat, "stock")] if state.stock else []
            return out + self._takes(state, seat)
        actions: list[Action] = [Meld(seat, m) for m in hand_melds(hand)]
        actions += [LayOff(seat, c, i) for c in hand for i, m in enumerate(state.table) if fits(c, m.all_cards)]
        actions += [Discard(seat, c) for c in sorted(hand, key=Card.rank_key)]
        return actions

    def _takes(self, state: R500State, seat: int) -> list[Action]:
        hand = state.hands[seat]
        pile = state.discard
        out: list[Action] = []
        for count in range(1, len(pile) + 1):
            target = pile[-count]
            pool = [*hand, *pile[-count:]]
            melds = [m for m in hand_melds(pool) if target in m]
            if melds:
                out.append(TakePile(seat, count, max(melds, key=lambda m: (cards_value(m), len(m)))))
                continue
            home = next((i for i, m in enumerate(state.table) if fits(target, m.all_cards)), None)
            if home is not None:
                out.append(TakePile(seat, count, (), home))
        return out

    # ----------------------------------------------------------------- verify
    def why_not_now(self, state: R500State, seat: int, kind: str) -> str | None:
        """Why ``seat`` may make no move of ``kind`` now, whatever the cards (None: one may be legal)."""
        problem = self.turn_problem(state, seat)
        if problem is not None:
            return problem
        if kind in (Draw.kind, TakePile.kind):
            if state.phase != "draw":
                return Reason("you have already drawn this turn; meld, lay off, then discard")
            if kind == TakePile.kind and not state.discard:
                return Reason("the discard pile is empty")
            return None
        if kind == Meld.kind:
            return Reason("draw first, then meld") if state.phase != "discard" else None
        if kind == LayOff.kind:
            if state.phase != "discard":
                return Reason("draw first, then lay off")
            return Reason("there are no melds on the table to lay off on") if not state.table else None
        if kind == Discard.kind:
            return Reason("draw first, then discard") if state.phase != "discard" else None
        return self.not_a_move(kind)

    def not_a_move(self, kind: str) -> Reason:
        return Reason("{kind} is not a move in Rummy 500", kind=kind)

    def verify_cards(self, state: R500State, action: Action) -> None:
        if isinstance(action, Draw):
            if action.source != "stock":
                raise IllegalAction(Reason(
                    "to take from the discard pile, say how deep you take and how you use the deepest card"))
            self.require_pile(state, "stock")
        elif isinstance(action, TakePile):
            self._verify_take(state, action)
        elif isinstance(action, Meld):
            self._verify_meld(state, action.seat, action.cards, state.hands[action.seat])
        elif isinstance(action, LayOff):
            self._verify_lay_off(state, action.card, action.meld, state.hands[action.seat])
        elif isinstance(action, Discard):
            self.require_held(state, action.seat, action.card)

    def _verify_take(self, state: R500State, action: TakePile) -> None:
        pile = state.discard
        if not 1 <= action.count <= len(pile):
            raise IllegalAction(Reason("the discard pile has {cards}; take from 1 to {n}", cards=len(pile),
                                       n=len(pile)))
        target = pile[-action.count]
        pool = [*state.hands[action.seat], *pile[-action.count:]]
        if action.onto is None:
            if not action.meld:
                raise IllegalAction(Reason("use {the_card}, the deepest card you take, in a meld or a lay-off",
                                           the_card=target))
            if target not in action.meld:
                raise IllegalAction(Reason("the meld must include {the_card}, the deepest card you take",
                                           the_card=target))
            self._verify_meld(state, action.seat, action.meld, pool)
            return
        # A take that lays its card off carries no meld (an empty list is not the empty meld either).
        if action.meld != ():
            raise IllegalAction(Reason("meld {the_card} or lay it off, not both", the_card=target))
        self._verify_lay_off(state, target, action.onto, pool)

    def _verify_meld(self, state: R500State, seat: int, cards: Sequence[Card], held: Sequence[Card]) -> None:
        rest = remove_cards(held, cards)
        if rest is None:
            raise IllegalAction(Reason("you do not hold {the_cards}", the_cards=tuple(cards)))
        problem = meld_reason(cards)
        if problem is not None:
            raise IllegalAction(problem)

    def _verify_lay_off(self, state: R500State, card: Card, meld: int | None, held: Sequence[Card]) -> None:
        if card not in held:
            raise IllegalAction(Reason("you have no {card} in your hand", card=card))
        if meld is None or not 0 <= meld < len(state.table):
            raise IllegalAction(Reason("there is no meld {meld} on the table", meld=-1 if meld is None else meld + 1))
        if not fits(card, state.table[meld].all_cards):
            raise IllegalAction(Reason("{the_card} does not fit meld {meld}", the_card=card, meld=meld + 1))

    # ----------------------------------------------------------------- apply
    def apply(self, state: R500State, action: Action) -> list[Event]:
        seat = action.seat
        if isinstance(action, Draw):
            return self.draw(state, action)
        events: list[Event]
        if isinstance(action, TakePile):
            taken = state.discard[-action.count:]
            del state.discard[-action.count:]
            state.hands[seat] += taken
            state.phase = "discard"
            events = [TookPile(seat=seat, cards=tuple(taken))]
            events += (self._meld(state, seat, action.meld) if action.onto is None
                       else self._lay_off(state, seat, taken[0], action.onto))
        elif isinstance(action, Meld):
            events = self._meld(state, seat, action.cards)
        elif isinstance(action, LayOff):
            events = self._lay_off(state, seat, action.card, action.meld)
        elif isinstance(action, Discard):
            events = self.discard(state, action)
            if state.hands[seat]:
                return events + self.advance(state)
        else:
            raise IllegalAction(self.not_a_move(action.kind))
        if state.hands[seat]:
            return events
        state.went_out = seat
        return [*events, R500WentOut(seat=seat), *self.advance(state)]

    def _meld(self, state: R500State, seat: int, cards: Sequence[Card]) -> list[Event]:
        hand = state.hands[seat]
        for c in cards:
            hand.remove(c)
        state.table.append(PileMeld(owner=seat, cards=tuple(cards)))
        return [Melded(seat=seat, index=len(state.table) - 1, cards=tuple(cards))]

    def _lay_off(self, state: R500State, seat: int, card: Card, index: int) -> list[Event]:
        state.hands[seat].remove(card)
        m = state.table[index]
        state.table[index] = PileMeld(m.owner, m.cards, (*m.layoffs, (seat, card)))
        return [LaidOff(seat=seat, card=card, index=index, owner=m.owner)]

    def end_hand(self, state: R500State) -> list[Event]:
        n = len(state.players)
        on_table = [tuple(c for m in state.table for c in m.cards_of(s)) for s in range(n)]
        points = [cards_value(on_table[s]) - cards_value(state.hands[s]) for s in range(n)]
        for s in range(n):
            state.scores[s].append(points[s])
        totals = state.totals()
        events: list[Event] = [R500HandEnded(
            hand_number=state.hand_number, went_out=state.went_out, on_table=tuple(on_table),
            in_hand=tuple(tuple(h) for h in state.hands), points=tuple(points), totals=tuple(totals))]
        if max(totals) >= state.options.target or state.hand_number >= state.options.max_hands:
            best = max(totals)
            return events + self.finish(state, [s for s, t in enumerate(totals) if t == best])
        return events + self.deal(state, state.hand_number + 1)

    # ----------------------------------------------------------------- views and data
    def view(self, state: R500State, seat: int, log: Sequence[Event]) -> R500View:
        return R500View(
            **shared_view_fields(state, seat, log),
            discard=tuple(state.discard),
            table=tuple(state.table),
            target=state.options.target,
        )

    def check_table(self, state: R500State) -> None:
        seats = range(len(state.players))
        for i, m in enumerate(state.table):
            require_seat(m.owner, seats, Reason("the owner of meld {meld}", meld=i + 1))
            require(all(is_whole(s) and s in seats for s, _ in m.layoffs),
                    Reason("a card laid off on meld {meld} has no owner", meld=i + 1))

    def check_play(self, state: R500State) -> None:
        self.check_last_turns(state)


def _dump_table(table: Sequence[PileMeld]) -> list[dict[str, Any]]:
    return [{"owner": m.owner, "cards": card_codes(m.cards), "layoffs": [[s, c.code] for s, c in m.layoffs]}
            for m in table]


def _load_table(data: Sequence[Mapping[str, Any]], read: CardReader) -> list[PileMeld]:
    return [
        PileMeld(
            owner=sd.whole_value("a meld's owner", m["owner"]),
            cards=tuple(read(m["cards"])),
            layoffs=tuple((sd.whole_value("a lay-off's owner", s), parse_r500_card(c)) for s, c in m["layoffs"]),
        )
        for m in data
    ]


#: The saved fields of a Rummy 500 state, in save order.
Rummy500.saved = saved_fields(
    sd.options(R500Options.from_data),
    table=(sd.Field("table", _dump_table, _load_table),),
)

#: Found by engine.registry, which registers it under its name; typed as the protocol, so the type
#: checker holds the game to the seam.
RULESET: type[Ruleset[R500State, R500View]] = Rummy500
