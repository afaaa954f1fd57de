"""Five Crowns, 2 to 14 players, exactly as docs/rules/five-crowns.md says.

Flow of a hand: deal h+2 cards (wild rank = cards dealt), turn up one card, then turns of draw and
discard clockwise from the dealer's left. A player who can meld all but one card may go out; every
other player then has one last turn (draw, discard, and the engine lays down the best arrangement of
what they kept). Shuffles come from a seed and the hand number, so a saved game needs no RNG state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from engine import state_data as sd
from engine.actions import Action, Discard, Draw, GoOut
from engine.arrange_five_crowns import arrange, go_out_discards
from engine.arrangement import Arrangement
from engine.cards import Card, Rank, five_crowns_deck
from engine.checks import require
from engine.draw_discard import DrawDiscard, DrawDiscardState, DrawDiscardView, RuleOptions, saved_fields
from engine.errors import IllegalAction
from engine.events import (
    COMMON_EVENTS,
    Event,
    HandEnded,
    HandStarted,
    LaidDown,
    PlayerResult,
    WentOut,
)
from engine.five_crowns_melds import parse_five_crowns
from engine.notation import card_codes
from engine.reasons import Reason
from engine.state_data import CardReader, shared_view_fields

if TYPE_CHECKING:
    from engine.ruleset import Ruleset

__all__ = ["FiveCrowns", "FiveCrownsHandStarted", "FiveCrownsOptions", "FiveCrownsState", "FiveCrownsView",
           "wild_rank_for_hand"]

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


@dataclass(frozen=True, slots=True)
class FiveCrownsHandStarted(HandStarted):
    """A Five Crowns hand is dealt: the shared opening, and whether it is a tie play-off hand (6 cards,
    6s wild, only the tied seats). Its kind is the shared one, so saves written before it load alike."""

    playoff: bool = False

    def extra_hand(self) -> bool:
        return self.playoff or HandStarted.extra_hand(self)


@dataclass(frozen=True, slots=True, kw_only=True)
class FiveCrownsOptions(RuleOptions):
    game_words: ClassVar[str] = "Five Crowns"
    #: 'share': all tied players win; 'playoff': they play 6-card hands (6s wild) until one is lowest.
    tie_break: Literal["share", "playoff"] = "share"
    #: A meld made only of wilds counts as a book.
    all_wild_melds: bool = True
    #: Card sets: None chooses 1 set for 2-7 players, 2 sets for 8-14.
    sets: int | None = None
    #: Seat of the first dealer.
    first_dealer: int = 0

    def check(self) -> None:
        if self.sets is not None and self.sets not in (1, 2):
            raise ValueError("sets is 1 or 2")


@dataclass(slots=True, kw_only=True)
class FiveCrownsState(DrawDiscardState[FiveCrownsOptions]):
    sets: int
    #: The seats dealt in: every seat, or only the tied seats in a play-off.
    seats: list[int] = field(default_factory=list)
    #: Seats that have laid down this hand (after a last turn): seat -> arrangement.
    laid_down: dict[int, Arrangement] = field(default_factory=dict)
    #: Tie play-off hands: per seat, points of each play-off hand (only tied seats play).
    playoff_scores: list[list[int | None]] = field(default_factory=list)

    @property
    def playoff(self) -> bool:
        return self.hand_number > HANDS

    @property
    def cards_dealt(self) -> int:
        return PLAYOFF_CARDS if self.playoff else self.hand_number + 2

    @property
    def wild_rank(self) -> Rank:
        return Rank.SIX if self.playoff else wild_rank_for_hand(self.hand_number)


@dataclass(frozen=True, slots=True)
class FiveCrownsView(DrawDiscardView):
    """What one seat may know. Opponents' hands appear only as their sizes."""

    discard_size: int
    hands_total: int
    cards_dealt: int
    wild_rank: Rank
    seats: tuple[int, ...]
    phase: Phase
    last_turn: bool
    laid_down: Mapping[int, Arrangement]
    all_wild_melds: bool


class FiveCrowns(DrawDiscard[FiveCrownsState, FiveCrownsView]):
    name = "five-crowns"
    title = "Five Crowns"
    min_players = 2
    max_players = 14
    #: Every kind of move of the game, so a table can ask the rules about each (why not now?).
    moves: ClassVar[tuple[type[Action], ...]] = (Draw, Discard, GoOut)
    #: Every kind of event the game sends, so its log can be read back (saves, a seat over the network).
    events: ClassVar[tuple[type[Event], ...]] = (
        *(e for e in COMMON_EVENTS if e is not HandStarted), FiveCrownsHandStarted)
    view_type = FiveCrownsView
    state_type = FiveCrownsState
    options_type = FiveCrownsOptions
    parse_card = staticmethod(parse_five_crowns)
    table_words = "a Five Crowns table"
    hands_total = HANDS
    max_reshuffles = MAX_RESHUFFLES

    # ----------------------------------------------------------------- setup
    def check_setup(self, players: Sequence[str], options: FiveCrownsOptions) -> None:
        if len(players) * 13 + 1 > 116 * (options.sets or (1 if len(players) <= 7 else 2)):
            raise ValueError(f"{len(players)} players need two sets of cards")

    def setup_fields(self, players: Sequence[str], options: FiveCrownsOptions) -> dict[str, Any]:
        return {"sets": options.sets or (1 if len(players) <= 7 else 2), "playoff_scores": [[] for _ in players]}

    def start(self, state: FiveCrownsState) -> list[Event]:
        state.seats = list(range(len(state.players)))
        return super().start(state)

    def deck(self, state: FiveCrownsState) -> list[Card]:
        return five_crowns_deck(state.sets)

    def cards_dealt(self, state: FiveCrownsState) -> int:
        return state.cards_dealt

    def in_play(self, state: FiveCrownsState) -> list[int]:
        return state.seats

    def last_hand(self, state: FiveCrownsState) -> int | None:
        return None if state.options.tie_break == "playoff" else HANDS

    def table_cards(self, state: FiveCrownsState) -> list[Card]:
        cards: list[Card] = []
        for arr in state.laid_down.values():
            for m in arr.melds:
                cards += m
            cards += arr.deadwood
        return cards

    def reset_hand(self, state: FiveCrownsState) -> None:
        state.laid_down = {}

    def hand_opened(self, state: FiveCrownsState, first: int) -> list[Event]:
        return [
            FiveCrownsHandStarted(
                hand_number=state.hand_number,
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

    # ----------------------------------------------------------------- queries
    def legal_actions(self, state: FiveCrownsState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.to_move:
            return []
        if state.phase == "draw":
            return self.draws(state, seat)
        hand = state.hands[seat]
        distinct = list(dict.fromkeys(hand))
        actions: list[Action] = [Discard(seat, c) for c in distinct]
        if not state.last_turn():
            actions += [GoOut(seat, c) for c in self.go_out_cards(state, seat)]
        return actions

    def go_out_cards(self, state: FiveCrownsState, seat: int) -> list[Card]:
        return go_out_discards(state.hands[seat], state.wild_rank, all_wild_melds=state.options.all_wild_melds)

    def _best(self, state: FiveCrownsState, cards: Sequence[Card]) -> Arrangement:
        return arrange(cards, state.wild_rank, all_wild_melds=state.options.all_wild_melds)

    def why_not_now(self, state: FiveCrownsState, seat: int, kind: str) -> str | None:
        """Why ``seat`` may make no move of ``kind`` now, whatever the cards (None: some such move may be legal)."""
        problem = self.turn_problem(state, seat)
        if problem is not None:
            return problem
        if kind == Draw.kind:
            return Reason("you have already drawn this turn; now discard a card") if state.phase != "draw" else None
        if kind in (Discard.kind, GoOut.kind):
            if state.phase != "discard":
                return Reason("draw a card first: from the stock or the discard pile")
            if kind == GoOut.kind and state.last_turn():
                return Reason("someone has already gone out; discard, and your melds are laid down for you")
            return None
        return self.not_a_move(kind)

    def not_a_move(self, kind: str) -> Reason:
        return Reason("{kind} is not a move in Five Crowns", kind=kind)

    def verify_cards(self, state: FiveCrownsState, action: Action) -> None:
        if isinstance(action, Draw):
            self.require_pile(state, action.source)
            return
        card = action.card if isinstance(action, Discard) else action.discard if isinstance(action, GoOut) else None
        if card is None:
            raise IllegalAction(Reason("you have no such card in your hand"))
        self.require_held(state, action.seat, card)
        if isinstance(action, GoOut):
            rest = list(state.hands[action.seat])
            rest.remove(action.discard)
            best = self._best(state, rest)
            if best.points:
                raise IllegalAction(Reason("you cannot go out discarding {the_card}: {cards} would not meld",
                                           the_card=action.discard, cards=len(best.deadwood)))

    # ----------------------------------------------------------------- apply
    def apply(self, state: FiveCrownsState, action: Action) -> list[Event]:
        seat = action.seat
        if isinstance(action, Draw):
            return self.draw(state, action)
        if isinstance(action, GoOut):
            hand = state.hands[seat]
            hand.remove(action.discard)
            state.discard.append(action.discard)
            best = self._best(state, hand)
            state.laid_down[seat] = best
            state.hands[seat] = []
            state.went_out = seat
            # Everyone else, in turn order from the next seat, gets one last turn.
            state.last_turns = self.seats_after(state, seat)
            return [WentOut(seat=seat, melds=best.melds, discard=action.discard), *self.advance(state)]
        if isinstance(action, Discard):
            events = self.discard(state, action)
            if state.last_turn():
                best = self._best(state, state.hands[seat])
                state.laid_down[seat] = best
                state.hands[seat] = []
                events.append(LaidDown(seat=seat, melds=best.melds, deadwood=best.deadwood, points=best.points))
            return events + self.advance(state)
        raise IllegalAction(self.not_a_move(action.kind))

    def end_hand(self, state: FiveCrownsState) -> list[Event]:
        # Players who never laid down (the stock ran dry) lay down their best now.
        for seat in state.seats:
            if seat not in state.laid_down:
                state.laid_down[seat] = self._best(state, state.hands[seat])
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
            return events + self.deal(state, state.hand_number + 1)
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
            return events + self.deal(state, state.hand_number + 1)
        state.laid_down = {}
        return events + self.finish(state, tied)

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

    def per_seat(self, state: FiveCrownsState) -> dict[str, Sequence[object]]:
        return {**super().per_seat(state), Reason("the play-off score lists"): state.playoff_scores}

    def hands_played(self, state: FiveCrownsState) -> int:
        return min(super().hands_played(state), HANDS)

    def check_table(self, state: FiveCrownsState) -> None:
        n = len(state.players)
        require(state.sets in (1, 2) and n * 13 + 1 <= 116 * state.sets,
                Reason("the number of decks, {count}, does not fit {players} players", count=state.sets, players=n))
        require(len(state.seats) >= 2 and state.seats == sorted(set(state.seats))
                and set(state.seats) <= set(range(n)), Reason("the seats in play ({seats}) are not seats of the table",
                       seats=", ".join(map(str, state.seats))))
        require(state.playoff or state.seats == list(range(n)),
                Reason("a hand before the play-off leaves out a player"))

    def check_play(self, state: FiveCrownsState) -> None:
        self.check_last_turns(state)
        if state.went_out is None:
            require(not state.laid_down, Reason("last turns are owed though nobody has gone out"))
        else:
            require(state.went_out in state.laid_down, Reason("the player who went out has not laid down"))
        require(set(state.laid_down) <= set(state.seats), Reason("a player out of the hand has laid down"))
        for seat in range(len(state.players)):
            held = len(state.hands[seat])
            if seat not in state.seats or seat in state.laid_down:
                require(held == 0, Reason("seat {seat} holds {cards} after laying down or out of the hand", seat=seat,
                                           cards=held))
                continue
            size = state.cards_dealt + (seat == state.to_move and state.phase == "discard")
            require(held == size, Reason("seat {seat} holds {cards} where this hand has {size}", seat=seat, cards=held,
                                        size=size))


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
FiveCrowns.saved = saved_fields(
    sd.options(FiveCrownsOptions.from_data),
    setup=(sd.whole("sets"),),
    seats=(sd.wholes("seats"),),
    after_went_out=(sd.wholes("last_turns"), sd.Field("laid_down", _dump_laid_down, _load_laid_down)),
    after_scores=(sd.optional_score_lists("playoff_scores"),),
)

#: Found by engine.registry, which registers it under its name; typed as the protocol, so the type
#: checker holds the game to the seam (its state and view go through Game and the computer players).
RULESET: type[Ruleset[FiveCrownsState, FiveCrownsView]] = FiveCrowns
