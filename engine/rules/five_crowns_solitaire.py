"""Five Crowns solitaire: eleven face-up piles to close before the stock runs out (docs/solitaire.md).

Pile ``n`` (1..11) is dealt ``n + 2`` cards and that count is its wild rank, as in hand ``n`` of Five
Crowns; jokers are wild everywhere. A move is three actions, so every step is spoken and can be
refused on its own: :class:`~engine.actions.Draw` from the stock, :class:`Place` the card on an open
pile, then :class:`~engine.actions.Discard` one card of that same pile (the placed card included).
Discards are dead. A pile closes the moment its cards all meld, which is only ever checked while it
holds its dealt count (after the deal and after each discard): that is the pile the rules describe.

Pile numbers are the player's numbers, 1 to 11, in actions, events and views alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from engine import state_data as sd
from engine.actions import Action, Discard, Draw
from engine.arrange_five_crowns import arrange
from engine.arrangement import Arrangement
from engine.cards import FIVE_CROWNS_RANKS, Card, Rank, five_crowns_deck
from engine.checks import check_action_types, require, require_deck
from engine.errors import IllegalAction
from engine.events import Event, GameStarted
from engine.five_crowns_melds import card_points, meld_kind
from engine.notation import parse_card
from engine.piles import shuffle_source
from engine.reasons import Reason
from engine.solitaire_closing import closing_arrangement, unmatched_cards, unmatched_count
from engine.state_data import dump_fields, load_fields

if TYPE_CHECKING:
    from engine.ruleset import Ruleset

__all__ = [
    "LOW_STOCK_MARKS",
    "PILES",
    "CardPlaced",
    "CardTurned",
    "FiveCrownsSolitaire",
    "PileClosed",
    "PileDiscarded",
    "PileView",
    "Place",
    "Placement",
    "SolitaireDealt",
    "SolitaireEnded",
    "SolitaireOptions",
    "SolitaireState",
    "SolitaireView",
    "StockLow",
    "best_discard",
    "best_placement",
    "dealt_size",
    "pile_wild_rank",
]

PILES = 11
#: Stock counts that are announced as they are reached, so the end never comes as a surprise.
LOW_STOCK_MARKS = (10, 5)
Phase = Literal["draw", "place", "discard", "over"]


def dealt_size(pile: int) -> int:
    """Pile 1 is dealt 3 cards ... pile 11 is dealt 13; a pile keeps that size between moves."""
    return pile + 2


def pile_wild_rank(pile: int) -> Rank:
    """A pile's wild rank is its dealt size: 3s on pile 1 ... kings on pile 11."""
    return Rank(dealt_size(pile))


def parse_solitaire_card(text: str) -> Card:
    return parse_card(text, ranks=FIVE_CROWNS_RANKS, game="Five Crowns solitaire")


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the card just drawn on an open pile (1..11); a discard from that pile must follow."""

    pile: int = 0
    kind: ClassVar[str] = "place"




# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class SolitaireDealt(Event):
    """The eleven piles as dealt, pile 1 first; everything is face up, so nothing is secret."""

    piles: tuple[tuple[Card, ...], ...]
    stock_size: int
    kind: ClassVar[str] = "solitaire_dealt"


@dataclass(frozen=True, slots=True)
class CardTurned(Event):
    """The top stock card turned up; ``stock_left`` counts what remains under it."""

    card: Card
    stock_left: int
    kind: ClassVar[str] = "card_turned"


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    pile: int
    card: Card
    kind: ClassVar[str] = "card_placed"


@dataclass(frozen=True, slots=True)
class PileDiscarded(Event):
    """A card thrown out of a pile; ``was_placed`` when it is the card that was just put there."""

    pile: int
    card: Card
    was_placed: bool = False
    kind: ClassVar[str] = "pile_discarded"


@dataclass(frozen=True, slots=True)
class PileClosed(Event):
    """A pile whose cards all meld; ``melds`` is how they do, ``piles_closed`` the count so far."""

    pile: int
    melds: tuple[tuple[Card, ...], ...]
    books: int
    runs: int
    piles_closed: int
    kind: ClassVar[str] = "pile_closed"


@dataclass(frozen=True, slots=True)
class StockLow(Event):
    left: int
    kind: ClassVar[str] = "stock_low"


@dataclass(frozen=True, slots=True)
class SolitaireEnded(Event):
    won: bool
    piles_closed: int
    stock_left: int
    kind: ClassVar[str] = "solitaire_ended"




# --------------------------------------------------------------------------- distance and hints


@dataclass(frozen=True, slots=True)
class Placement:
    """A move the hint proposes: put the card on ``pile``, then discard ``discard`` from it.

    ``before`` and ``after`` are the pile's distance from closing before and after the move.
    """

    pile: int
    discard: Card
    before: int
    after: int
    points_after: int

    @property
    def closes(self) -> bool:
        return self.after == 0

    @property
    def gain(self) -> int:
        return self.before - self.after


def best_discard(
    pile: int, cards: Sequence[Card], placed: Card, *, all_wild_melds: bool = True, before: int | None = None
) -> Placement:
    """The discard from ``cards`` (which hold the placed card) that leaves the pile closest to closing.

    Ties keep the pile as it was (the placed card goes), then leave the fewest points: wilds are
    kept, and low cards are easier to fit than a lone king is.
    """
    wild = pile_wild_rank(pile)
    if before is None:
        without = list(cards)
        without.remove(placed)
        before = unmatched_count(without, wild, all_wild_melds=all_wild_melds)
    best: tuple[tuple[int, int, int], Placement] | None = None
    for card in dict.fromkeys(cards):
        rest = list(cards)
        rest.remove(card)
        dead = unmatched_cards(rest, wild, all_wild_melds=all_wild_melds)
        option = Placement(pile, card, before, len(dead), sum(card_points(c, wild) for c in dead))
        key = (option.after, 0 if card == placed else 1, option.points_after)
        if best is None or key < best[0]:
            best = (key, option)
    assert best is not None  # cards holds at least the placed card
    return best[1]


def best_placement(
    open_piles: Mapping[int, Sequence[Card]], card: Card, *, all_wild_melds: bool = True
) -> Placement | None:
    """The placement of ``card`` that brings a pile closest to closing (None when no pile is open).

    Closing a pile comes first, then the largest step towards closing, then the pile left nearest
    to closing; when the card helps nowhere it goes on the lowest open pile and straight out again.
    """
    best: tuple[tuple[int, int, int, int], Placement] | None = None
    for pile in sorted(open_piles):
        cards = list(open_piles[pile])
        option = best_discard(pile, [*cards, card], card, all_wild_melds=all_wild_melds)
        if option.gain <= 0:
            option = Placement(pile, card, option.before, option.before, option.points_after)
        key = (0 if option.closes else 1, -option.gain, option.after if option.gain > 0 else 0, pile)
        if best is None or key < best[0]:
            best = (key, option)
    return None if best is None else best[1]


# --------------------------------------------------------------------------- state and view


@dataclass(frozen=True, slots=True, kw_only=True)
class SolitaireOptions:
    #: A meld made only of wilds counts (as in Five Crowns, where it is the default).
    all_wild_melds: bool = True

    def to_data(self) -> dict[str, Any]:
        return {"all_wild_melds": self.all_wild_melds}

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None) -> SolitaireOptions:
        return sd.read_options(cls, data, "solitaire")


@dataclass(slots=True)
class SolitaireState:
    players: list[str]
    seed: int
    options: SolitaireOptions
    #: piles[0] is pile 1.
    piles: list[list[Card]] = field(default_factory=list)
    closed: list[bool] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    #: Discarded cards, in order; they never come back.
    dead: list[Card] = field(default_factory=list)
    #: The card turned up and not yet placed.
    drawn: Card | None = None
    #: The pile the last card went on, while its discard is owed.
    placed: int | None = None
    phase: Phase = "draw"
    won: bool | None = None

    def pile(self, number: int) -> list[Card]:
        return self.piles[number - 1]

    def is_open(self, number: int) -> bool:
        return not self.closed[number - 1]

    def open_piles(self) -> list[int]:
        return [n for n in range(1, PILES + 1) if not self.closed[n - 1]]

    @property
    def piles_closed(self) -> int:
        return sum(self.closed)


@dataclass(frozen=True, slots=True)
class PileView:
    number: int
    cards: tuple[Card, ...]
    closed: bool
    all_wild_melds: bool = True

    @property
    def wild_rank(self) -> Rank:
        return pile_wild_rank(self.number)

    @property
    def dealt(self) -> int:
        return dealt_size(self.number)

    def arrangement(self) -> Arrangement:
        """The pile's melds and the fewest cards left unmatched (none once it is closed)."""
        return closing_arrangement(self.cards, self.wild_rank, all_wild_melds=self.all_wild_melds)

    @property
    def distance(self) -> int:
        """Cards still unmatched: 0 for a closed pile."""
        return 0 if self.closed else len(self.arrangement().deadwood)


@dataclass(frozen=True, slots=True)
class SolitaireView:
    """Everything is face up in this game, so the view is the whole table."""

    seat: int
    players: tuple[str, ...]
    piles: tuple[PileView, ...]
    stock_size: int
    dead: tuple[Card, ...]
    drawn: Card | None
    placed: int | None
    phase: Phase
    won: bool | None
    all_wild_melds: bool
    log: tuple[Event, ...]

    def pile(self, number: int) -> PileView:
        return self.piles[number - 1]

    @property
    def open_piles(self) -> tuple[PileView, ...]:
        return tuple(p for p in self.piles if not p.closed)

    @property
    def piles_closed(self) -> int:
        return sum(p.closed for p in self.piles)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def hint(self) -> Placement | None:
        """The hint for the step at hand: where to place the drawn card, or what to discard now."""
        if self.phase == "place" and self.drawn is not None:
            piles = {p.number: p.cards for p in self.open_piles}
            return best_placement(piles, self.drawn, all_wild_melds=self.all_wild_melds)
        if self.phase == "discard" and self.placed is not None:
            pile = self.pile(self.placed)
            # The placed card is always the pile's last card until the discard.
            return best_discard(self.placed, pile.cards, pile.cards[-1], all_wild_melds=self.all_wild_melds)
        return None


# --------------------------------------------------------------------------- the ruleset


class FiveCrownsSolitaire:
    name = "solitaire"
    title = "Five Crowns solitaire"
    min_players = 1
    max_players = 1
    #: Every kind of move of the game, so a table can ask the rules about each (why not now?).
    moves: tuple[type[Action], ...] = (Draw, Place, Discard)
    #: Every kind of event the game sends, so its log can be read back (saves, a seat over the network).
    events: tuple[type[Event], ...] = (
        GameStarted, SolitaireDealt, CardTurned, CardPlaced, PileDiscarded, PileClosed, StockLow, SolitaireEnded)
    view_type = SolitaireView
    parse_card = staticmethod(parse_solitaire_card)

    def new_state(
        self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None
    ) -> SolitaireState:
        if len(players) != 1:
            raise ValueError("Five Crowns solitaire is for one player")
        return SolitaireState(players=list(players), seed=seed, options=SolitaireOptions.from_data(options))

    def start(self, state: SolitaireState) -> list[Event]:
        deck = five_crowns_deck()
        shuffle_source("solitaire", state.seed).shuffle(deck)
        state.piles = []
        for pile in range(1, PILES + 1):
            state.piles.append([deck.pop() for _ in range(dealt_size(pile))])
        state.closed = [False] * PILES
        state.stock = deck
        state.phase = "draw"
        events: list[Event] = [
            GameStarted(game=self.name, players=tuple(state.players)),
            SolitaireDealt(piles=tuple(tuple(p) for p in state.piles), stock_size=len(state.stock)),
        ]
        for pile in range(1, PILES + 1):
            events += self._check_closed(state, pile)
        return events + self._check_end(state)

    def card_count(self, state: SolitaireState) -> int:
        return 116

    def all_cards(self, state: SolitaireState) -> list[Card]:
        cards = list(state.stock) + list(state.dead)
        for pile in state.piles:
            cards += pile
        if state.drawn is not None:
            cards.append(state.drawn)
        return cards

    # ----------------------------------------------------------------- queries
    def seats_to_act(self, state: SolitaireState) -> tuple[int, ...]:
        return () if state.phase == "over" else (0,)

    def is_over(self, state: SolitaireState) -> bool:
        return state.phase == "over"

    def legal_actions(self, state: SolitaireState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != 0:
            return []
        if state.phase == "draw":
            return [Draw(0, "stock")]
        if state.phase == "place":
            return [Place(0, n) for n in state.open_piles()]
        assert state.placed is not None
        return [Discard(0, c) for c in dict.fromkeys(state.pile(state.placed))]

    def why_not_now(self, state: SolitaireState, seat: int, kind: str) -> str | None:
        """Why ``seat`` may make no move of ``kind`` now, whatever the cards (None: some such move may be legal)."""
        if state.phase == "over":
            return Reason("the game is over")
        if seat != 0:
            return Reason("there is no seat {seat}: solitaire has one player, seat 0", seat=seat)
        if kind == Draw.kind:
            if state.phase == "place":
                return Reason("place the {code} on an open pile first", code=_code(state.drawn))
            if state.phase == "discard":
                return Reason("discard a card from pile {pile} first", pile=state.placed)
            return None
        if kind == Place.kind:
            if state.phase == "draw":
                return Reason("draw a card from the stock first")
            if state.phase == "discard":
                return Reason("the card is on pile {pile}; now discard a card from that pile", pile=state.placed)
            return None
        if kind == Discard.kind:
            if state.phase == "draw":
                return Reason("draw a card from the stock first")
            if state.phase == "place":
                return Reason("place the {code} on an open pile first; then discard from it", code=_code(state.drawn))
            return None
        return Reason("{kind} is not a move in Five Crowns solitaire", kind=kind)

    def verify(self, state: SolitaireState, action: Action) -> None:
        check_action_types(action, 2)  # seat 1 gets the sentence of why_not_now
        if isinstance(action, Draw) and action.source != "stock" and state.phase != "over" and action.seat == 0:
            raise IllegalAction(Reason("in solitaire every card comes from the stock; discards are dead"))
        reason = self.why_not_now(state, action.seat, action.kind)
        if reason is not None:
            raise IllegalAction(reason)
        if isinstance(action, Place):
            if not 1 <= action.pile <= PILES:
                raise IllegalAction(Reason("there is no pile {pile}: the piles are 1 to {piles}", pile=action.pile,
                                           piles=PILES))
            if not state.is_open(action.pile):
                raise IllegalAction(Reason("pile {pile} is closed: it takes no more cards", pile=action.pile))
        elif isinstance(action, Discard) and action.card not in state.pile(state.placed or 0):
            raise IllegalAction(Reason(
                "pile {pile} has no {card}: the discard comes from the pile you placed on", pile=state.placed,
                card=action.card))

    # ----------------------------------------------------------------- apply
    def apply(self, state: SolitaireState, action: Action) -> list[Event]:
        if isinstance(action, Draw):
            card = state.stock.pop()
            state.drawn = card
            state.phase = "place"
            events: list[Event] = [CardTurned(card=card, stock_left=len(state.stock))]
            if len(state.stock) in LOW_STOCK_MARKS:
                events.append(StockLow(left=len(state.stock)))
            return events
        if isinstance(action, Place):
            assert state.drawn is not None
            card = state.drawn
            state.pile(action.pile).append(card)
            state.drawn = None
            state.placed = action.pile
            state.phase = "discard"
            return [CardPlaced(pile=action.pile, card=card)]
        if isinstance(action, Discard):
            assert state.placed is not None
            pile = state.placed
            cards = state.pile(pile)
            was_placed = cards[-1] == action.card
            # The placed card is the last one; removing from the end keeps the rest in dealt order.
            idx = len(cards) - 1 - cards[::-1].index(action.card)
            del cards[idx]
            state.dead.append(action.card)
            state.placed = None
            state.phase = "draw"
            events = [PileDiscarded(pile=pile, card=action.card, was_placed=was_placed)]
            events += self._check_closed(state, pile)
            return events + self._check_end(state)
        raise IllegalAction(Reason("{kind} is not a move in Five Crowns solitaire", kind=action.kind))

    def _check_closed(self, state: SolitaireState, pile: int) -> list[Event]:
        if not state.is_open(pile):
            return []
        wild = pile_wild_rank(pile)
        arr = arrange(state.pile(pile), wild, all_wild_melds=state.options.all_wild_melds)
        if arr.points:
            return []
        state.closed[pile - 1] = True
        kinds = [meld_kind(m, wild, all_wild_melds=state.options.all_wild_melds) for m in arr.melds]
        return [
            PileClosed(
                pile=pile,
                melds=arr.melds,
                books=kinds.count("book"),
                runs=kinds.count("run"),
                piles_closed=state.piles_closed,
            )
        ]

    def _check_end(self, state: SolitaireState) -> list[Event]:
        if all(state.closed):
            state.won = True
        elif not state.stock:
            state.won = False
        else:
            return []
        state.phase = "over"
        return [SolitaireEnded(won=state.won, piles_closed=state.piles_closed, stock_left=len(state.stock))]

    # ----------------------------------------------------------------- views and data
    def view(self, state: SolitaireState, seat: int, log: Sequence[Event]) -> SolitaireView:
        awm = state.options.all_wild_melds
        return SolitaireView(
            seat=seat,
            players=tuple(state.players),
            piles=tuple(PileView(n, tuple(state.pile(n)), not state.is_open(n), awm) for n in range(1, PILES + 1)),
            stock_size=len(state.stock),
            dead=tuple(state.dead),
            drawn=state.drawn,
            placed=state.placed,
            phase=state.phase,
            won=state.won,
            all_wild_melds=awm,
            log=tuple(log),
        )

    def state_to_data(self, state: SolitaireState) -> dict[str, Any]:
        return dump_fields(state, _FIELDS)

    def state_from_data(self, data: Mapping[str, Any]) -> SolitaireState:
        state = SolitaireState(**load_fields(data, _FIELDS, parse_solitaire_card))
        if state.phase not in ("draw", "place", "discard", "over"):
            raise ValueError(f"unknown phase {state.phase!r}")
        if len(state.piles) != PILES or len(state.closed) != PILES:
            raise ValueError(f"a solitaire table has {PILES} piles")
        if (state.phase == "place") != (state.drawn is not None):
            raise ValueError("a drawn card is held exactly while it waits to be placed")
        if (state.phase == "discard") != (state.placed is not None):
            raise ValueError("a placed pile is remembered exactly while its discard is owed")
        if state.placed is not None and not 1 <= state.placed <= PILES:
            raise ValueError(f"there is no pile {state.placed}")
        _check_state(state)
        return state


#: The saved fields of a solitaire state, in save order.
_FIELDS = (
    sd.names("players"),
    sd.whole("seed"),
    sd.options(SolitaireOptions.from_data),
    sd.card_lists("piles"),
    sd.flags("closed"),
    sd.cards("stock"),
    sd.cards("dead"),
    sd.Field(
        "drawn",
        lambda v: None if v is None else v.code,
        lambda v, _: None if v is None else parse_solitaire_card(v),
    ),
    sd.optional_whole("placed"),
    sd.plain("phase"),
    sd.optional_flag("won"),
)


def _check_state(state: SolitaireState) -> None:
    """The invariants of a solitaire state between two actions (see engine.checks.require)."""
    require(len(state.players) == 1,
            Reason("the number of players, {count}, does not fit a game for one", count=len(state.players)))
    for number in range(1, PILES + 1):
        held, size = len(state.pile(number)), dealt_size(number) + (state.placed == number)
        require(held == size,
                Reason("pile {pile} holds {cards} where it has {size}", pile=number, cards=held, size=size))
    require((state.phase == "over") == (state.won is not None), Reason("the game's result does not match its phase"))
    require_deck(FiveCrownsSolitaire().all_cards(state), five_crowns_deck())


def _code(card: Card | None) -> str:
    return "card" if card is None else card.code


#: Found by engine.registry, which registers it under its name; typed as the protocol, so the type
#: checker holds the game to the seam (its state and view go through Game and the computer players).
RULESET: type[Ruleset[SolitaireState, SolitaireView]] = FiveCrownsSolitaire
