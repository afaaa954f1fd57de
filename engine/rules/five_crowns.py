"""Five Crowns, 2 to 14 players, exactly as docs/rules/five-crowns.md says.

Flow of a hand: deal h+2 cards (wild rank = cards dealt), turn up one card, then turns of draw and
discard clockwise from the dealer's left. A player who can meld all but one card may go out; every
other player then has one last turn (draw, discard, and the engine lays down the best arrangement of
what they kept). Shuffles come from a seed and the hand number, so a saved game needs no RNG state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal

from engine import state_data as sd
from engine.actions import Action, Discard, Draw, GoOut
from engine.arrange import Arrangement, arrange
from engine.cards import FIVE_CROWNS_RANKS, Card, Rank, five_crowns_deck
from engine.errors import IllegalAction
from engine.events import (
    COMMON_EVENTS,
    CardsDealt,
    Discarded,
    Drew,
    Event,
    GameEnded,
    GameStarted,
    HandEnded,
    HandStarted,
    LaidDown,
    PlayerResult,
    TurnStarted,
    WentOut,
)
from engine.notation import card_codes, parse_card
from engine.piles import rebuild_stock, shuffle_source
from engine.reasons import Reason
from engine.ruleset import (
    check_action_types,
    is_whole,
    require,
    require_deck,
    require_number,
    require_per_seat,
    require_seat,
)
from engine.state_data import CardReader, dump_fields, load_fields, shared_view_fields

__all__ = ["FiveCrowns", "FiveCrownsOptions", "FiveCrownsState", "FiveCrownsView", "wild_rank_for_hand"]

HANDS = 11
PLAYOFF_CARDS = 6
#: This project's limit: a hand's stock is rebuilt from the discard pile at most this many times; when it
#: runs out once more, the hand ends as it stands and is scored. Without it, players who never go out
#: could draw and discard for ever (docs/five-crowns.md).
MAX_RESHUFFLES = 3
Phase = Literal["draw", "discard", "over"]


def wild_rank_for_hand(hand_number: int) -> Rank:
    """Hand 1 deals 3 cards and 3s are wild ... hand 11 deals 13 and kings are wild."""
    return Rank(hand_number + 2)


def parse_five_crowns(text: str) -> Card:
    return parse_card(text, ranks=FIVE_CROWNS_RANKS, game="Five Crowns")


@dataclass(frozen=True, slots=True, kw_only=True)
class FiveCrownsOptions:
    #: 'share': all tied players win; 'playoff': they play 6-card hands (6s wild) until one is lowest.
    tie_break: Literal["share", "playoff"] = "share"
    #: A meld made only of wilds counts as a book.
    all_wild_melds: bool = True
    #: Card sets: None chooses 1 set for 2-7 players, 2 sets for 8-14.
    sets: int | None = None
    #: Seat of the first dealer.
    first_dealer: int = 0

    def to_data(self) -> dict[str, Any]:
        return {
            "tie_break": self.tie_break,
            "all_wild_melds": self.all_wild_melds,
            "sets": self.sets,
            "first_dealer": self.first_dealer,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None) -> FiveCrownsOptions:
        opts = sd.read_options(cls, data, "Five Crowns")
        if opts.sets is not None and opts.sets not in (1, 2):
            raise ValueError("sets is 1 or 2")
        return opts


@dataclass(slots=True)
class FiveCrownsState:
    players: list[str]
    seed: int
    options: FiveCrownsOptions
    sets: int
    hand_number: int = 0
    dealer: int = 0
    seats: list[int] = field(default_factory=list)
    phase: Phase = "draw"
    to_move: int = 0
    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    went_out: int | None = None
    last_turns: list[int] = field(default_factory=list)
    #: Seats that have laid down this hand (after a last turn): seat -> arrangement.
    laid_down: dict[int, Arrangement] = field(default_factory=dict)
    #: Per seat, the points of each of the 11 hands played so far.
    scores: list[list[int]] = field(default_factory=list)
    #: Tie play-off hands: per seat, points of each play-off hand (only tied seats play).
    playoff_scores: list[list[int | None]] = field(default_factory=list)
    reshuffles: int = 0
    winners: list[int] = field(default_factory=list)

    @property
    def playoff(self) -> bool:
        return self.hand_number > HANDS

    @property
    def cards_dealt(self) -> int:
        return PLAYOFF_CARDS if self.playoff else self.hand_number + 2

    @property
    def wild_rank(self) -> Rank:
        return Rank.SIX if self.playoff else wild_rank_for_hand(self.hand_number)

    def totals(self) -> list[int]:
        return [sum(s) for s in self.scores]

    def last_turn(self) -> bool:
        return self.went_out is not None


@dataclass(frozen=True, slots=True)
class FiveCrownsView:
    """What one seat may know. Opponents' hands appear only as their sizes."""

    seat: int
    players: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discard_top: Card | None
    discard_size: int
    stock_size: int
    hand_number: int
    hands_total: int
    cards_dealt: int
    wild_rank: Rank
    dealer: int
    seats: tuple[int, ...]
    to_move: int
    phase: Phase
    went_out: int | None
    last_turn: bool
    laid_down: Mapping[int, Arrangement]
    scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    all_wild_melds: bool
    log: tuple[Event, ...]

    @property
    def my_turn(self) -> bool:
        return self.phase != "over" and self.to_move == self.seat


class FiveCrowns:
    name = "five-crowns"
    title = "Five Crowns"
    min_players = 2
    max_players = 14
    #: Every kind of move of the game, so a table can ask the rules about each (why not now?).
    moves: tuple[type[Action], ...] = (Draw, Discard, GoOut)
    #: Every kind of event the game sends, so its log can be read back (saves, a seat over the network).
    events: tuple[type[Event], ...] = COMMON_EVENTS
    view_type = FiveCrownsView
    parse_card = staticmethod(parse_five_crowns)

    # ----------------------------------------------------------------- setup
    def new_state(
        self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None
    ) -> FiveCrownsState:
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(f"Five Crowns is for {self.min_players} to {self.max_players} players")
        opts = FiveCrownsOptions.from_data(options)
        sets = opts.sets or (1 if len(players) <= 7 else 2)
        if len(players) * 13 + 1 > 116 * sets:
            raise ValueError(f"{len(players)} players need two sets of cards")
        if not 0 <= opts.first_dealer < len(players):
            raise ValueError("first_dealer must be a seat number")
        n = len(players)
        return FiveCrownsState(
            players=list(players),
            seed=seed,
            options=opts,
            sets=sets,
            dealer=(opts.first_dealer - 1) % n,  # _deal moves the deal left before each hand
            hands=[[] for _ in players],
            scores=[[] for _ in players],
            playoff_scores=[[] for _ in players],
        )

    def start(self, state: FiveCrownsState) -> list[Event]:
        events: list[Event] = [GameStarted(game=self.name, players=tuple(state.players))]
        state.seats = list(range(len(state.players)))
        events += self._deal(state, 1)
        return events

    def card_count(self, state: FiveCrownsState) -> int:
        return 116 * state.sets

    def all_cards(self, state: FiveCrownsState) -> list[Card]:
        cards = list(state.stock) + list(state.discard)
        for h in state.hands:
            cards += h
        for arr in state.laid_down.values():
            for m in arr.melds:
                cards += m
            cards += arr.deadwood
        return cards

    def _next_seat(self, state: FiveCrownsState, seat: int) -> int:
        seats = state.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    def _rng(self, state: FiveCrownsState) -> random.Random:
        return shuffle_source("five-crowns", state.seed, state.hand_number, state.reshuffles)

    def _deal(self, state: FiveCrownsState, hand_number: int) -> list[Event]:
        state.hand_number = hand_number
        state.reshuffles = 0
        state.went_out = None
        state.last_turns = []
        state.laid_down = {}
        # The deal passes left; among play-off seats it passes to the next tied seat.
        state.dealer = self._next_seat(state, state.dealer) if state.dealer in state.seats else state.seats[-1]
        deck = five_crowns_deck(state.sets)
        self._rng(state).shuffle(deck)
        state.hands = [[] for _ in state.players]
        first = self._next_seat(state, state.dealer)
        order = state.seats[state.seats.index(first) :] + state.seats[: state.seats.index(first)]
        for _ in range(state.cards_dealt):
            for seat in order:
                state.hands[seat].append(deck.pop())
        state.discard = [deck.pop()]
        state.stock = deck
        state.to_move = first
        state.phase = "draw"
        events: list[Event] = [
            HandStarted(
                hand_number=hand_number,
                hands_total=HANDS,
                dealer=state.dealer,
                cards_dealt=state.cards_dealt,
                wild_rank=state.wild_rank,
                up_card=state.discard[-1],
                first_player=first,
                seats=tuple(state.seats),
                playoff=state.playoff,
            )
        ]
        events += [CardsDealt(seat=s, cards=tuple(state.hands[s])) for s in order]
        events += self._begin_turn(state)
        return events

    # ----------------------------------------------------------------- queries
    def seats_to_act(self, state: FiveCrownsState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.to_move,)

    def is_over(self, state: FiveCrownsState) -> bool:
        return state.phase == "over"

    def legal_actions(self, state: FiveCrownsState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.to_move:
            return []
        if state.phase == "draw":
            out: list[Action] = []
            if state.stock:
                out.append(Draw(seat, "stock"))
            if state.discard:
                out.append(Draw(seat, "discard"))
            return out
        hand = state.hands[seat]
        distinct = list(dict.fromkeys(hand))
        actions: list[Action] = [Discard(seat, c) for c in distinct]
        if not state.last_turn():
            actions += [GoOut(seat, c) for c in self.go_out_cards(state, seat)]
        return actions

    def go_out_cards(self, state: FiveCrownsState, seat: int) -> list[Card]:
        from engine.arrange import go_out_discards

        return go_out_discards(state.hands[seat], state.wild_rank, all_wild_melds=state.options.all_wild_melds)

    def why_not_now(self, state: FiveCrownsState, seat: int, kind: str) -> str | None:
        """Why ``seat`` may make no move of ``kind`` now, whatever the cards (None: some such move may be legal)."""
        if state.phase == "over":
            return Reason("the game is over")
        if not 0 <= seat < len(state.players):
            return Reason("there is no seat {seat}", seat=seat)
        if seat != state.to_move:
            return Reason("it is {name}'s turn, not yours", name=state.players[state.to_move])
        if kind == Draw.kind:
            return Reason("you have already drawn this turn; now discard a card") if state.phase != "draw" else None
        if kind in (Discard.kind, GoOut.kind):
            if state.phase != "discard":
                return Reason("draw a card first: from the stock or the discard pile")
            if kind == GoOut.kind and state.last_turn():
                return Reason("someone has already gone out; discard, and your melds are laid down for you")
            return None
        return Reason("{kind} is not a move in Five Crowns", kind=kind)

    def verify(self, state: FiveCrownsState, action: Action) -> None:
        check_action_types(action, len(state.players))
        reason = self.why_not_now(state, action.seat, action.kind)
        if reason is not None:
            raise IllegalAction(reason)
        if isinstance(action, Draw):
            if action.source == "stock" and not state.stock:
                raise IllegalAction(Reason("the stock is empty"))
            if action.source == "discard" and not state.discard:
                raise IllegalAction(Reason("the discard pile is empty"))
            if action.source not in ("stock", "discard"):
                raise IllegalAction(Reason("draw from the stock or the discard pile"))
            return
        card = action.card if isinstance(action, Discard) else action.discard if isinstance(action, GoOut) else None
        if card not in state.hands[action.seat]:
            raise IllegalAction(Reason("you have no {card} in your hand", card=card) if card
                                else Reason("you have no such card in your hand"))
        if isinstance(action, GoOut):
            rest = list(state.hands[action.seat])
            rest.remove(action.discard)
            best = arrange(rest, state.wild_rank, all_wild_melds=state.options.all_wild_melds)
            if best.points:
                raise IllegalAction(Reason("you cannot go out discarding {the_card}: {cards} would not meld",
                                           the_card=action.discard, cards=len(best.deadwood)))

    # ----------------------------------------------------------------- apply
    def apply(self, state: FiveCrownsState, action: Action) -> list[Event]:
        seat = action.seat
        if isinstance(action, Draw):
            card = state.stock.pop() if action.source == "stock" else state.discard.pop()
            state.hands[seat].append(card)
            state.phase = "discard"
            return [Drew(seat=seat, source=action.source, card=card)]
        if isinstance(action, GoOut):
            hand = state.hands[seat]
            hand.remove(action.discard)
            state.discard.append(action.discard)
            best = arrange(hand, state.wild_rank, all_wild_melds=state.options.all_wild_melds)
            state.laid_down[seat] = best
            state.hands[seat] = []
            state.went_out = seat
            events: list[Event] = [WentOut(seat=seat, melds=best.melds, discard=action.discard)]
            # Everyone else, in turn order from the next seat, gets one last turn.
            nxt = self._next_seat(state, seat)
            while nxt != seat:
                state.last_turns.append(nxt)
                nxt = self._next_seat(state, nxt)
            return events + self._advance(state)
        if isinstance(action, Discard):
            state.hands[seat].remove(action.card)
            state.discard.append(action.card)
            events = [Discarded(seat=seat, card=action.card)]
            if state.last_turn():
                best = arrange(state.hands[seat], state.wild_rank, all_wild_melds=state.options.all_wild_melds)
                state.laid_down[seat] = best
                state.hands[seat] = []
                events.append(LaidDown(seat=seat, melds=best.melds, deadwood=best.deadwood, points=best.points))
            return events + self._advance(state)
        raise IllegalAction(Reason("{kind} is not a move in Five Crowns", kind=action.kind))

    def _advance(self, state: FiveCrownsState) -> list[Event]:
        if state.last_turn():
            if not state.last_turns:
                return self._end_hand(state)
            state.to_move = state.last_turns.pop(0)
        else:
            state.to_move = self._next_seat(state, state.to_move)
        state.phase = "draw"
        return self._begin_turn(state)

    def _begin_turn(self, state: FiveCrownsState) -> list[Event]:
        events: list[Event] = []
        if not state.stock:
            if len(state.discard) <= 1 or state.reshuffles >= MAX_RESHUFFLES:
                return self._end_hand(state)  # nothing (more) to shuffle: the hand ends as it stands
            events.append(rebuild_stock(state, partial(self._rng, state)))
        events.append(TurnStarted(seat=state.to_move, last_turn=state.last_turn()))
        return events

    def _end_hand(self, state: FiveCrownsState) -> list[Event]:
        # Players who never laid down (the stock ran dry) lay down their best now.
        for seat in state.seats:
            if seat not in state.laid_down:
                best = arrange(state.hands[seat], state.wild_rank, all_wild_melds=state.options.all_wild_melds)
                state.laid_down[seat] = best
                state.hands[seat] = []
        points_of = {s: (0 if s == state.went_out else state.laid_down[s].points) for s in state.seats}
        for s in range(len(state.players)):
            if state.playoff:
                state.playoff_scores[s].append(points_of.get(s))
            elif s in points_of:
                state.scores[s].append(points_of[s])
        results = []
        for seat in state.seats:
            arr = state.laid_down[seat]
            total = points_of[seat] if state.playoff else sum(state.scores[seat])
            results.append(
                PlayerResult(seat=seat, melds=arr.melds, deadwood=arr.deadwood, points=points_of[seat], total=total)
            )
        ended = HandEnded(hand_number=state.hand_number, went_out=state.went_out, results=tuple(results))
        events: list[Event] = [ended]
        # Clear the table; the laid-down cards go back to the box until the next shuffle.
        state.stock, state.discard = [], []
        state.last_turns = []
        if state.hand_number < HANDS:
            return events + self._deal(state, state.hand_number + 1)
        if state.playoff:
            points_now = {r.seat: r.points for r in results}
            low = min(points_now.values())
            tied = [s for s in state.seats if points_now[s] == low]
        else:
            totals = state.totals()
            low = min(totals)
            tied = [s for s, t in enumerate(totals) if t == low]
        if len(tied) > 1 and state.options.tie_break == "playoff":
            state.seats = tied
            return events + self._deal(state, state.hand_number + 1)
        state.phase = "over"
        state.winners = tied
        state.laid_down = {}
        return [*events, GameEnded(winners=tuple(tied), totals=tuple(state.totals()))]

    # ----------------------------------------------------------------- views and data
    def view(self, state: FiveCrownsState, seat: int, log: Sequence[Event]) -> FiveCrownsView:
        return FiveCrownsView(
            **shared_view_fields(state, seat, log),
            discard_size=len(state.discard),
            hands_total=HANDS,
            cards_dealt=state.cards_dealt,
            wild_rank=state.wild_rank,
            seats=tuple(state.seats),
            last_turn=state.last_turn(),
            laid_down=dict(state.laid_down),
            all_wild_melds=state.options.all_wild_melds,
        )

    def state_to_data(self, state: FiveCrownsState) -> dict[str, Any]:
        return dump_fields(state, _FIELDS)

    def state_from_data(self, data: Mapping[str, Any]) -> FiveCrownsState:
        state = FiveCrownsState(**load_fields(data, _FIELDS, parse_five_crowns))
        if state.phase not in ("draw", "discard", "over"):
            raise ValueError(f"unknown phase {state.phase!r}")
        _check_state(state)
        return state


def _dump_laid_down(laid_down: Mapping[int, Arrangement]) -> dict[str, Any]:
    return {
        str(seat): {"melds": [card_codes(m) for m in a.melds], "deadwood": card_codes(a.deadwood), "points": a.points}
        for seat, a in laid_down.items()
    }


def _load_laid_down(data: Mapping[str, Any], read: CardReader) -> dict[int, Arrangement]:
    return {
        int(seat): Arrangement(
            melds=tuple(tuple(read(m)) for m in a["melds"]),
            deadwood=tuple(read(a["deadwood"])),
            points=sd.whole_value("a lay-down's points", a["points"]),
        )
        for seat, a in data.items()
    }


#: The saved fields of a Five Crowns state, in save order.
_FIELDS = (
    sd.names("players"),
    sd.whole("seed"),
    sd.options(FiveCrownsOptions.from_data),
    sd.whole("sets"),
    sd.whole("hand_number"),
    sd.whole("dealer"),
    sd.wholes("seats"),
    sd.plain("phase"),
    sd.whole("to_move"),
    sd.cards("stock"),
    sd.cards("discard"),
    sd.card_lists("hands"),
    sd.plain("went_out"),
    sd.wholes("last_turns"),
    sd.Field("laid_down", _dump_laid_down, _load_laid_down),
    sd.score_lists("scores"),
    sd.optional_score_lists("playoff_scores"),
    sd.whole("reshuffles"),
    sd.wholes("winners"),
)


#: Found by engine.ruleset, which registers it under its name.
RULESET = FiveCrowns


def _check_state(state: FiveCrownsState) -> None:
    """The invariants of a Five Crowns state between two actions (see engine.ruleset.require)."""
    n = len(state.players)
    require(FiveCrowns.min_players <= n <= FiveCrowns.max_players, f"{n} players is not a Five Crowns table")
    require(state.sets in (1, 2) and n * 13 + 1 <= 116 * state.sets, f"{state.sets} set(s) of cards for {n} players")
    for name, per_seat in (("hands", state.hands), ("score lists", state.scores),
                           ("play-off score lists", state.playoff_scores)):
        require_per_seat(per_seat, n, name)
    top = None if state.options.tie_break == "playoff" else HANDS
    require_number(state.hand_number, "the hand number", 1, top)
    require(len(state.seats) >= 2 and state.seats == sorted(set(state.seats)) and set(state.seats) <= set(range(n)),
            f"the seats in play {state.seats} are not seats of the table")
    require(state.playoff or state.seats == list(range(n)), "a hand before the play-off leaves out a player")
    require_seat(state.dealer, state.seats, "the dealer")
    require_number(state.reshuffles, "the reshuffle count", 0, MAX_RESHUFFLES)
    played = min(state.hand_number - (state.phase != "over"), HANDS)
    for seat, scores in enumerate(state.scores):
        require(len(scores) == len(state.scores[0]) <= played,
                f"seat {seat} has {len(scores)} hand scores after {played} hands")
        require(all(is_whole(x) and x >= 0 for x in scores), f"seat {seat} has a score that is not a whole number")
    if state.phase == "over":
        require(bool(state.winners) and all(w in range(n) for w in state.winners), "a finished game has no winner")
        return
    require(not state.winners, "a game in play already has winners")
    require_seat(state.to_move, state.seats, "the player to move")
    if state.went_out is None:
        require(not state.last_turns and not state.laid_down, "last turns are owed though nobody has gone out")
    else:
        require_seat(state.went_out, state.seats, "the player who went out")
        owed = state.last_turns
        require(len(set(owed)) == len(owed) and set(owed) <= set(state.seats) - {state.went_out, state.to_move},
                f"the last turns owed {owed} are not seats still to play")
        require(state.went_out in state.laid_down, "the player who went out has not laid down")
    require(set(state.laid_down) <= set(state.seats), "a player out of the hand has laid down")
    for seat in range(n):
        held = len(state.hands[seat])
        if seat not in state.seats or seat in state.laid_down:
            require(held == 0, f"seat {seat} holds {held} cards after laying down or out of the hand")
            continue
        size = state.cards_dealt + (seat == state.to_move and state.phase == "discard")
        require(held == size, f"seat {seat} holds {held} cards where this hand has {size}")
    require_deck(FiveCrowns().all_cards(state), five_crowns_deck(state.sets))

