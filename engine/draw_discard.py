"""The draw–discard kernel: the turn cycle every rummy game here shares, written once.

Five Crowns, contract rummy and upcard rummy are variants of :class:`DrawDiscard` the way a chess
variant subclasses one board: the kernel holds the state every such game has (players, seed, dealer,
stock, discard pile, hands, scores, reshuffles, winners), seat order and dealing, the keyed shuffles,
the common openings of every legality check (the game is over, not your turn, the card is not in your
hand), drawing, discarding, rebuilding an empty stock, the last turns after someone goes out, the end
of a hand, the saved fields and the invariants of a loaded state. A game overrides only what differs:
its deck, how many cards it deals, its own moves and events, and its scoring.

Each shuffle's random source is ``shuffle_source(name, seed, hand, reshuffles)`` with the game's
registry name, so a game's deals for a seed are the same as before the kernel existed.

The kernel imports no registry: a variant satisfies ``engine.ruleset.Ruleset`` by its shape (its module
types ``RULESET`` by the protocol, so mypy checks it), and is found by ``engine.registry`` through it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import partial
from typing import Any, ClassVar, Generic, TypeVar

from engine import state_data as sd
from engine.actions import Action, Discard, Draw
from engine.cards import Card
from engine.checks import (
    check_action_types,
    is_whole,
    require,
    require_deck,
    require_number,
    require_per_seat,
    require_seat,
)
from engine.errors import IllegalAction
from engine.events import CardsDealt, Discarded, Drew, Event, GameEnded, GameStarted, StockReshuffled, TurnStarted
from engine.piles import rebuild_stock, shuffle_source
from engine.reasons import Reason
from engine.state_data import dump_fields, load_fields

__all__ = ["DrawDiscard", "DrawDiscardState", "DrawDiscardView", "RuleOptions", "saved_fields"]

_O = TypeVar("_O", bound="RuleOptions")


class RuleOptions:
    """The rule options of a dealt game: a frozen dataclass with at least ``first_dealer``.

    Saved as its fields in the order the class declares them, and read back strictly
    (``state_data.read_options``) before the class's own range checks (``check``)."""

    __slots__ = ()
    #: The game's name in the messages about its options: 'Five Crowns', 'upcard rummy'.
    game_words: ClassVar[str] = "the game"
    first_dealer: int

    def to_data(self) -> dict[str, Any]:
        options: Any = self  # each options class is a dataclass (fields() excludes its ClassVars)
        return {f.name: getattr(self, f.name) for f in fields(options)}

    def check(self) -> None:
        """Raise ValueError for an option out of its range (the types are already checked)."""

    @classmethod
    def from_data(cls: type[_O], data: Mapping[str, Any] | None) -> _O:
        opts = sd.read_options(cls, data, cls.game_words)
        opts.check()
        return opts


_Opts = TypeVar("_Opts", bound=RuleOptions)


@dataclass(slots=True, kw_only=True)
class DrawDiscardState(Generic[_Opts]):
    """What every draw–discard game's state holds; a variant adds its own fields."""

    players: list[str]
    seed: int
    options: _Opts
    hand_number: int = 0
    dealer: int = 0
    #: 'draw' (start of a turn), 'discard' (drawn: play on, then discard), 'over'; a variant may add more.
    phase: str = "draw"
    to_move: int = 0
    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    went_out: int | None = None
    #: Seats still owed their last turn after someone went out (games that give last turns).
    last_turns: list[int] = field(default_factory=list)
    #: Per seat, the points of each hand played so far.
    scores: list[list[int]] = field(default_factory=list)
    reshuffles: int = 0
    winners: list[int] = field(default_factory=list)

    def totals(self) -> list[int]:
        return [sum(s) for s in self.scores]

    def last_turn(self) -> bool:
        return self.went_out is not None


@dataclass(frozen=True, slots=True)
class DrawDiscardView:
    """What one seat of a draw–discard game may know, the part every variant's view shares: its own
    hand and only the sizes of the others, the top discard, the stock's size, whose turn, the scores.
    A variant's view subclasses it with its own fields (``engine.state_data.shared_view_fields`` fills
    these from the state)."""

    seat: int
    players: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discard_top: Card | None
    stock_size: int
    hand_number: int
    dealer: int
    to_move: int
    phase: str
    went_out: int | None
    scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    log: tuple[Event, ...]

    @property
    def my_turn(self) -> bool:
        return self.phase != "over" and self.to_move == self.seat


S = TypeVar("S", bound=DrawDiscardState[Any])
V = TypeVar("V")


def saved_fields(
    options: sd.Field,
    *,
    setup: Sequence[sd.Field] = (),
    seats: Sequence[sd.Field] = (),
    table: Sequence[sd.Field] = (),
    after_went_out: Sequence[sd.Field] = (),
    after_scores: Sequence[sd.Field] = (),
) -> tuple[sd.Field, ...]:
    """The saved fields of a draw–discard state in save order, a variant's own fields in their places.

    The key order of a save is this order, so the places are those each game's saves have always had:
    ``setup`` after the options (card sets, decks), ``seats`` after the dealer, ``table`` after the
    hands, ``after_went_out`` and ``after_scores`` after those fields."""
    return (
        sd.names("players"),
        sd.whole("seed"),
        options,
        *setup,
        sd.whole("hand_number"),
        sd.whole("dealer"),
        *seats,
        sd.plain("phase"),
        sd.whole("to_move"),
        sd.cards("stock"),
        sd.cards("discard"),
        sd.card_lists("hands"),
        *table,
        sd.optional_whole("went_out"),
        *after_went_out,
        sd.score_lists("scores"),
        *after_scores,
        sd.whole("reshuffles"),
        sd.wholes("winners"),
    )


class DrawDiscard(Generic[S, V]):
    """A draw–discard game's rules; variants set the class attributes and override the hooks."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    moves: ClassVar[tuple[type[Action], ...]]
    events: ClassVar[tuple[type[Event], ...]]
    #: The events the kernel sends itself in every variant: the start, the deal, each turn, draws and
    #: discards, a stock rebuilt from the discards, the end. A variant's ``events`` begins with these.
    turn_cycle_events: ClassVar[tuple[type[Event], ...]] = (
        GameStarted, CardsDealt, TurnStarted, Drew, Discarded, StockReshuffled, GameEnded)
    view_type: type[V]
    #: The variant's state class (a class attribute of each variant; typed per variant through ``S``).
    state_type: type[S]
    options_type: ClassVar[type[RuleOptions]]
    #: The phases a saved state may be in.
    phases: ClassVar[tuple[str, ...]] = ("draw", "discard", "over")
    #: The saved fields, in save order (see :func:`saved_fields`).
    saved: ClassVar[tuple[sd.Field, ...]]
    #: How messages about the table name it: 'a Five Crowns table' (English: save and setup errors).
    table_words: ClassVar[str]
    #: How many hands a game has (None: open-ended, ended by a target or a limit of the variant's own).
    hands_total: ClassVar[int | None] = None
    #: The most times a hand's stock is rebuilt from the discard pile; when it runs out once more, the
    #: hand ends as it stands (players who never go out could otherwise draw and discard for ever).
    max_reshuffles: ClassVar[int] = 3
    #: Whether a hand's score may be below zero (cards in hand counted against the cards melded).
    negative_scores: ClassVar[bool] = False

    @staticmethod
    def parse_card(text: str) -> Card:
        raise NotImplementedError

    # ----------------------------------------------------------------- what a variant says
    def deck(self, state: S) -> list[Card]:
        """The game's whole deck, in its unshuffled order."""
        raise NotImplementedError

    def cards_dealt(self, state: S) -> int:
        """How many cards each player is dealt this hand (dealt one at a time round the table)."""
        raise NotImplementedError

    def table_cards(self, state: S) -> list[Card]:
        """The cards laid on the table (melds, lay-offs), for conservation checks."""
        return []

    def reshuffle_limit(self, state: S) -> int:
        return self.max_reshuffles

    def last_hand(self, state: S) -> int | None:
        """The highest hand number a state may have (None: no limit, as in a tie play-off)."""
        return self.hands_total

    def hand_opened(self, state: S, first: int) -> list[Event]:
        """The events that open a hand, before each seat's dealt cards."""
        raise NotImplementedError

    def end_hand(self, state: S) -> list[Event]:
        """Score the hand; deal the next or end the game."""
        raise NotImplementedError

    def reset_hand(self, state: S) -> None:
        """Clear the variant's own fields for a new hand (the kernel clears its own)."""

    def reset_turn(self, state: S) -> None:
        """Clear the variant's own fields for a new turn."""

    def not_a_move(self, kind: str) -> Reason:
        """The refusal of a kind of move the game does not have."""
        raise NotImplementedError

    # ----------------------------------------------------------------- setup
    def new_state(self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None) -> S:
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(f"{self.title_words()} is for {self.min_players} to {self.max_players} players")
        opts = self.options_type.from_data(options)
        self.check_setup(players, opts)
        if not 0 <= opts.first_dealer < len(players):
            raise ValueError("first_dealer must be a seat number")
        n = len(players)
        state = self.state_type(
            players=list(players),
            seed=seed,
            options=opts,
            dealer=(opts.first_dealer - 1) % n,  # deal() passes the deal left before each hand
            hands=[[] for _ in players],
            scores=[[] for _ in players],
            **self.setup_fields(players, opts),
        )
        return state

    def title_words(self) -> str:
        """The game's name at the start of a sentence about a table ('Five Crowns', 'upcard rummy')."""
        return self.options_type.game_words

    def check_setup(self, players: Sequence[str], options: Any) -> None:
        """Refuse a table the game cannot seat with these options (ValueError)."""

    def setup_fields(self, players: Sequence[str], options: Any) -> dict[str, Any]:
        """The variant's own fields of a new state."""
        return {}

    def start(self, state: S) -> list[Event]:
        return [GameStarted(game=self.name, players=tuple(state.players)), *self.deal(state, 1)]

    def card_count(self, state: S) -> int:
        return len(self.deck(state))

    def all_cards(self, state: S) -> list[Card]:
        cards = list(state.stock) + list(state.discard)
        for h in state.hands:
            cards += h
        return cards + self.table_cards(state)

    # ----------------------------------------------------------------- seats and shuffles
    def in_play(self, state: S) -> list[int]:
        """The seats dealt in, in turn order (a tie play-off leaves some out)."""
        return list(range(len(state.players)))

    def next_seat(self, state: S, seat: int) -> int:
        seats = self.in_play(state)
        return seats[(seats.index(seat) + 1) % len(seats)]

    def seats_after(self, state: S, seat: int) -> list[int]:
        """The other seats in play, in turn order from the one after ``seat``."""
        out: list[int] = []
        nxt = self.next_seat(state, seat)
        while nxt != seat:
            out.append(nxt)
            nxt = self.next_seat(state, nxt)
        return out

    def rng(self, state: S) -> random.Random:
        """The source of this hand's next shuffle, keyed by the seed (see engine.piles.shuffle_source)."""
        return shuffle_source(self.name, state.seed, state.hand_number, state.reshuffles)

    # ----------------------------------------------------------------- the deal
    def deal(self, state: S, hand_number: int) -> list[Event]:
        """Shuffle, pass the deal left, deal from the dealer's left, turn one card up, open the hand."""
        state.hand_number = hand_number
        state.reshuffles = 0
        state.went_out = None
        state.last_turns = []
        self.reset_hand(state)
        seats = self.in_play(state)
        # The deal passes left; among play-off seats it passes to the next seat still in play.
        state.dealer = self.next_seat(state, state.dealer) if state.dealer in seats else seats[-1]
        deck = self.deck(state)
        self.rng(state).shuffle(deck)
        state.hands = [[] for _ in state.players]
        first = self.next_seat(state, state.dealer)
        order = seats[seats.index(first) :] + seats[: seats.index(first)]  # the dealer last
        self.deal_hands(state, deck, order)
        state.discard = [deck.pop()]
        state.stock = deck
        state.to_move = first
        state.phase = "draw"
        events = self.hand_opened(state, first)
        events += [CardsDealt(seat=s, cards=tuple(state.hands[s])) for s in order]
        return events + self.first_turn(state, first)

    def deal_hands(self, state: S, deck: list[Card], order: Sequence[int]) -> None:
        """One card at a time round the table, from the top of the shuffled deck (its end)."""
        for _ in range(self.cards_dealt(state)):
            for seat in order:
                state.hands[seat].append(deck.pop())

    def first_turn(self, state: S, first: int) -> list[Event]:
        return self.begin_turn(state)

    # ----------------------------------------------------------------- queries
    def seats_to_act(self, state: S) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.to_move,)

    def is_over(self, state: S) -> bool:
        return state.phase == "over"

    def turn_problem(self, state: S, seat: int) -> Reason | None:
        """The openings of every check: the game is over, there is no such seat, it is not your turn."""
        if state.phase == "over":
            return Reason("the game is over")
        if not 0 <= seat < len(state.players):
            return Reason("there is no seat {seat}", seat=seat)
        if seat != state.to_move:
            return Reason("it is {name}'s turn, not yours", name=state.players[state.to_move])
        return None

    def why_not_now(self, state: S, seat: int, kind: str) -> str | None:
        raise NotImplementedError

    def verify(self, state: S, action: Action) -> None:
        """The types of the action's fields, then ``why_not_now``, then the variant's check of the cards."""
        check_action_types(action, len(state.players))
        reason = self.why_not_now(state, action.seat, action.kind)
        if reason is not None:
            raise IllegalAction(reason)
        self.verify_cards(state, action)

    def verify_cards(self, state: S, action: Action) -> None:
        """The variant's checks of the particular cards of a move that may be legal now."""
        raise NotImplementedError

    @staticmethod
    def require_held(state: DrawDiscardState[Any], seat: int, card: Card) -> None:
        if card not in state.hands[seat]:
            raise IllegalAction(Reason("you have no {card} in your hand", card=card))

    @staticmethod
    def require_pile(state: DrawDiscardState[Any], source: str) -> None:
        """A draw from an empty pile is refused."""
        if source == "stock" and not state.stock:
            raise IllegalAction(Reason("the stock is empty"))
        if source == "discard" and not state.discard:
            raise IllegalAction(Reason("the discard pile is empty"))

    @staticmethod
    def draws(state: DrawDiscardState[Any], seat: int) -> list[Action]:
        """A draw from each pile that has a card."""
        out: list[Action] = []
        if state.stock:
            out.append(Draw(seat, "stock"))
        if state.discard:
            out.append(Draw(seat, "discard"))
        return out

    # ----------------------------------------------------------------- the turn cycle
    def draw(self, state: S, action: Draw) -> list[Event]:
        seat = action.seat
        card = state.stock.pop() if action.source == "stock" else state.discard.pop()
        state.hands[seat].append(card)
        state.phase = "discard"
        return [Drew(seat=seat, source=action.source, card=card)]

    def discard(self, state: S, action: Discard) -> list[Event]:
        state.hands[action.seat].remove(action.card)
        state.discard.append(action.card)
        return [Discarded(seat=action.seat, card=action.card)]

    def refill(self, state: S) -> list[Event]:
        """An empty stock takes the discard pile but its top card, shuffled, up to the game's limit."""
        if state.stock or len(state.discard) <= 1 or state.reshuffles >= self.reshuffle_limit(state):
            return []
        return [rebuild_stock(state, partial(self.rng, state))]

    def advance(self, state: S) -> list[Event]:
        """The next turn: the next seat, or the next seat owed a last turn; the hand ends when none is."""
        if state.last_turn():
            if not state.last_turns:
                return self.end_hand(state)
            state.to_move = state.last_turns.pop(0)
        else:
            state.to_move = self.next_seat(state, state.to_move)
        return self.begin_turn(state)

    def begin_turn(self, state: S) -> list[Event]:
        """A turn starts with a draw; a stock that cannot be refilled ends the hand as it stands."""
        state.phase = "draw"
        self.reset_turn(state)
        events = self.refill(state)
        if not state.stock:
            return events + self.end_hand(state)  # nothing (more) to shuffle: the hand ends as it stands
        events.append(TurnStarted(seat=state.to_move, last_turn=state.last_turn()))
        return events

    def finish(self, state: S, winners: Sequence[int]) -> list[Event]:
        """The game is over: ``winners`` win."""
        state.phase = "over"
        state.winners = list(winners)
        return [GameEnded(winners=tuple(state.winners), totals=tuple(state.totals()))]

    # ----------------------------------------------------------------- saves
    def state_to_data(self, state: S) -> dict[str, Any]:
        return dump_fields(state, self.saved)

    def state_from_data(self, data: Mapping[str, Any]) -> S:
        state = self.state_type(**load_fields(data, self.saved, self.parse_card))
        if state.phase not in self.phases:
            raise ValueError(f"unknown phase {state.phase!r}")
        self.check_state(state)
        return state

    def per_seat(self, state: S) -> dict[str, Sequence[object]]:
        """The per-seat lists of a state, by what a message calls them (a variant adds its own)."""
        return {Reason("the hands"): state.hands, Reason("the score lists"): state.scores}

    def hands_played(self, state: S) -> int:
        return state.hand_number - (state.phase != "over")

    def check_state(self, state: S) -> None:
        """The invariants of a state between two actions (see engine.checks.require); a variant checks
        its own fields in ``check_play`` (a game in play) and ``check_table`` (always)."""
        n = len(state.players)
        require(self.min_players <= n <= self.max_players,
                Reason("the number of players, {count}, does not fit {game}", count=n, game=self.title))
        for name, values in self.per_seat(state).items():
            require_per_seat(values, n, name)
        require_number(state.hand_number, Reason("the hand number"), 1, self.last_hand(state))
        seats = self.in_play(state)
        require_seat(state.dealer, seats, Reason("the dealer"))
        require_number(state.reshuffles, Reason("the reshuffle count"), 0, self.reshuffle_limit(state))
        played = self.hands_played(state)
        low = None if self.negative_scores else 0
        for seat, scores in enumerate(state.scores):
            require(len(scores) == len(state.scores[0]) <= played,
                    Reason("seat {seat} has more hand scores than hands played, or not as many as the other seats "
                           "({count} for {played})", seat=seat, count=len(scores),
                           played=played))
            require(all(is_whole(x) and (low is None or x >= low) for x in scores),
                    Reason("seat {seat} has a score that is not a whole number", seat=seat))
        self.check_table(state)
        if state.phase == "over":
            require(bool(state.winners) and all(w in range(n) for w in state.winners),
                    Reason("a finished game has no winner"))
            return
        require(not state.winners, Reason("a game in play already has winners"))
        require_seat(state.to_move, seats, Reason("the player to move"))
        self.check_play(state)
        require_deck(self.all_cards(state), self.deck(state))

    def check_table(self, state: S) -> None:
        """The variant's invariants that hold whether or not the game is over."""

    def check_play(self, state: S) -> None:
        """The variant's invariants of a game in play."""

    def check_last_turns(self, state: S) -> None:
        """Nobody is owed a last turn before someone goes out; after, only seats still to play are."""
        if state.went_out is None:
            require(not state.last_turns, Reason("last turns are owed though nobody has gone out"))
            return
        seats = self.in_play(state)
        require_seat(state.went_out, seats, Reason("the player who went out"))
        owed = state.last_turns
        require(len(set(owed)) == len(owed) and set(owed) <= set(seats) - {state.went_out, state.to_move},
                Reason("the last turns owed ({owed}) are not seats still to play", owed=", ".join(map(str, owed))))
