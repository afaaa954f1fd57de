"""Gin Rummy, two players, standard rules, as docs/gin-rummy.md says.

A variant of the draw–discard kernel (engine.draw_discard): 52 cards, no jokers, ten each, one card
turned up. The non-dealer may take that first up card, then the dealer; if both pass, the non-dealer
draws from the stock. A turn is a draw (stock or discard pile) and a discard, never the card just
taken from the discard pile. After drawing, a player whose deadwood (cards in no meld) would be 10 or
less knocks: their discard goes face down and the hand is shown. Gin is no deadwood (bonus 25), big
gin all eleven cards melded with no discard (bonus 31). After a knock without gin the defender lays
off on the knocker's melds; a defender with no more deadwood than the knocker undercuts (the
difference plus 25). A hand whose stock is down to two cards without a knock is a draw. The game goes
to 100; then the line bonuses (25 a hand won) and the game bonus (100, doubled for a shutout) are added.

The best melds of each hand at the showdown are found by the engine (engine.arrange_gin), exactly, and
the defender's lay-offs are made for them, all of those that help: nothing a player could choose there
would leave them fewer points, so asking would only cost keystrokes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine import state_data as sd
from engine.actions import Action, Discard, Draw
from engine.arrange_gin import arrange_gin, showdown
from engine.cards import STANDARD_RANKS, STANDARD_SUITS, Card, standard_deck
from engine.checks import is_whole, require
from engine.draw_discard import DrawDiscard, DrawDiscardState, DrawDiscardView, RuleOptions, saved_fields
from engine.errors import IllegalAction
from engine.events import Event, HandStarted, TurnStarted
from engine.notation import parse_card
from engine.reasons import Reason
from engine.state_data import shared_view_fields

if TYPE_CHECKING:
    from engine.ruleset import Ruleset

__all__ = [
    "GinGameScored",
    "GinHandEnded",
    "GinOptions",
    "GinRummy",
    "GinState",
    "GinView",
    "Knock",
    "Knocked",
    "PassUpcard",
    "UpcardPassed",
    "parse_gin_card",
]

CARDS_DEALT = 10
KNOCK_LIMIT = 10
GIN_BONUS = 25
BIG_GIN_BONUS = 31
UNDERCUT_BONUS = 25
LINE_BONUS = 25
GAME_BONUS = 100
#: The stock's last cards are never drawn: a hand still going when the stock is this small is a draw.
STOCK_LEFT = 2
DEFAULT_TARGET = 100
#: This project's limit: after this many hands the game ends whatever the totals (highest total wins).
DEFAULT_MAX_HANDS = 60


def parse_gin_card(text: str) -> Card:
    return parse_card(text, ranks=STANDARD_RANKS, suits=STANDARD_SUITS, jokers=False, game="Gin Rummy")


# --------------------------------------------------------------------------- moves
@dataclass(frozen=True, slots=True)
class PassUpcard(Action):
    """Refuse the first up card of a hand (only then: later the discard pile is simply not drawn from)."""

    kind: ClassVar[str] = "gin_pass"


@dataclass(frozen=True, slots=True)
class Knock(Action):
    """End the hand after drawing: ``card`` goes face down and the rest is shown, with 10 points of
    deadwood or less. No card (None): big gin, all eleven cards melded."""

    card: Card | None = None
    kind: ClassVar[str] = "gin_knock"

    @property
    def hand_card(self) -> Card | None:
        return self.card


# --------------------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class UpcardPassed(Event):
    seat: int
    kind: ClassVar[str] = "gin_passed"


@dataclass(frozen=True, slots=True)
class Knocked(Event):
    """``seat`` knocked with ``deadwood`` points; the face-down card is theirs alone to know."""

    seat: int
    card: Card | None
    deadwood: int
    kind: ClassVar[str] = "gin_knocked"
    secret_fields: ClassVar[tuple[str, ...]] = ("card",)
    goes_out: ClassVar[bool] = True

    @property
    def private_to(self) -> int | None:
        return self.seat


@dataclass(frozen=True, slots=True)
class GinHandEnded(Event):
    """The showdown. ``outcome``: knock, gin, big_gin, undercut, or draw (the stock ran down; no score).
    Per seat: its melds, its deadwood (the defender's after lay-offs) and their points; the defender's
    lay-offs are ``laid_off`` on the knocker's melds numbered ``laid_on``. ``points`` go to ``winner``,
    ``bonus`` (gin, big gin or undercut) included."""

    hand_number: int
    outcome: str
    knocker: int | None
    winner: int | None
    melds: tuple[tuple[tuple[Card, ...], ...], ...]
    deadwood: tuple[tuple[Card, ...], ...]
    counts: tuple[int, ...]
    laid_off: tuple[Card, ...]
    laid_on: tuple[int, ...]
    points: int
    bonus: int
    totals: tuple[int, ...]
    kind: ClassVar[str] = "gin_hand_ended"
    ends_hand: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class GinGameScored(Event):
    """The end of the game's bonuses: per seat the hands won and their line bonus; the game bonus to
    ``first`` (who reached the target; doubled for a shutout); the final totals."""

    hands_won: tuple[int, ...]
    line_bonus: tuple[int, ...]
    first: int | None
    game_bonus: int
    shutout: bool
    totals: tuple[int, ...]
    kind: ClassVar[str] = "gin_game_scored"


# --------------------------------------------------------------------------- state and view
@dataclass(frozen=True, slots=True, kw_only=True)
class GinOptions(RuleOptions):
    game_words: ClassVar[str] = "Gin Rummy"
    #: The game ends after the hand in which someone's total reaches this.
    target: int = DEFAULT_TARGET
    first_dealer: int = 0
    #: The last hand: the game ends after it whatever the totals.
    max_hands: int = DEFAULT_MAX_HANDS

    def check(self) -> None:
        if self.target < 1:
            raise ValueError("target is a whole number of points, at least 1")
        if self.max_hands < 1:
            raise ValueError("max_hands is a whole number of hands, at least 1")


@dataclass(slots=True, kw_only=True)
class GinState(DrawDiscardState[GinOptions]):
    #: Both passed the first up card: the non-dealer's first draw is from the stock.
    stock_only: bool = False
    #: The card taken from the discard pile this turn, which may not be thrown back at once.
    taken: Card | None = None
    #: Per seat, the line and game bonuses added when the game ended.
    bonuses: list[int] = field(default_factory=list)

    def totals(self) -> list[int]:
        return [sum(s) + b for s, b in zip(self.scores, self.bonuses or [0] * len(self.scores), strict=True)]


@dataclass(frozen=True, slots=True)
class GinView(DrawDiscardView):
    """One seat's view: its hand, the discard pile (all of it, as a player may remember it), the phase
    ('offer': take or pass the first up card; 'draw'; 'discard'; 'over'), the card it may not throw
    back, and the target."""

    discard: tuple[Card, ...]
    stock_only: bool
    taken: Card | None
    target: int
    knock_limit: int


class GinRummy(DrawDiscard[GinState, GinView]):
    name = "gin-rummy"
    title = "Gin Rummy"
    min_players = 2
    max_players = 2
    moves: ClassVar[tuple[type[Action], ...]] = (Draw, Discard, PassUpcard, Knock)
    events: ClassVar[tuple[type[Event], ...]] = (
        *DrawDiscard.turn_cycle_events, HandStarted,
        UpcardPassed, Knocked, GinHandEnded, GinGameScored)
    view_type = GinView
    state_type = GinState
    options_type = GinOptions
    parse_card = staticmethod(parse_gin_card)
    table_words = "a Gin Rummy table"
    phases: ClassVar[tuple[str, ...]] = ("offer", "draw", "discard", "over")
    max_reshuffles = 0

    # ----------------------------------------------------------------- setup
    def setup_fields(self, players: Sequence[str], options: GinOptions) -> dict[str, Any]:
        return {"bonuses": [0] * len(players)}

    def deck(self, state: GinState) -> list[Card]:
        return standard_deck(1, jokers=0)

    def cards_dealt(self, state: GinState) -> int:
        return CARDS_DEALT

    def last_hand(self, state: GinState) -> int | None:
        return state.options.max_hands

    def reset_hand(self, state: GinState) -> None:
        state.stock_only = False
        state.taken = None

    def reset_turn(self, state: GinState) -> None:
        state.taken = None

    def hand_opened(self, state: GinState, first: int) -> list[Event]:
        return [HandStarted(hand_number=state.hand_number, hands_total=0, dealer=state.dealer,
                            cards_dealt=CARDS_DEALT, wild_rank=None, up_card=state.discard[-1], first_player=first)]

    def first_turn(self, state: GinState, first: int) -> list[Event]:
        """The non-dealer is offered the up card first."""
        state.phase = "offer"
        return [TurnStarted(seat=first)]

    # ----------------------------------------------------------------- queries
    def legal_actions(self, state: GinState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.to_move:
            return []
        if state.phase == "offer":
            return [Draw(seat, "discard"), PassUpcard(seat)]
        if state.phase == "draw":
            return [a for a in self.draws(state, seat)
                    if not (state.stock_only and isinstance(a, Draw) and a.source == "discard")]
        hand = state.hands[seat]
        throws = [c for c in sorted(hand, key=Card.sort_key) if c != state.taken]
        out: list[Action] = [Discard(seat, c) for c in throws]
        for c in throws:
            rest = [x for x in hand if x != c]
            if arrange_gin(rest).points <= KNOCK_LIMIT:
                out.append(Knock(seat, c))
        if arrange_gin(hand).points == 0:
            out.append(Knock(seat, None))
        return out

    def why_not_now(self, state: GinState, seat: int, kind: str) -> str | None:
        problem = self.turn_problem(state, seat)
        if problem is not None:
            return problem
        if kind == PassUpcard.kind:
            return None if state.phase == "offer" else Reason("you may pass only when offered the first up card")
        if kind == Draw.kind:
            return Reason("you have already drawn this turn; discard or knock") if state.phase == "discard" else None
        if kind in (Discard.kind, Knock.kind):
            if state.phase == "offer":
                return Reason("take the up card or pass first")
            return Reason("draw first, then discard") if state.phase != "discard" else None
        return self.not_a_move(kind)

    def not_a_move(self, kind: str) -> Reason:
        return Reason("{kind} is not a move in Gin Rummy", kind=kind)

    def verify_cards(self, state: GinState, action: Action) -> None:
        if isinstance(action, Draw):
            if state.phase == "offer" and action.source != "discard":
                raise IllegalAction(Reason("take the up card or pass: the stock comes after"))
            if state.stock_only and action.source == "discard":
                raise IllegalAction(Reason("you both passed the up card: draw from the stock"))
            self.require_pile(state, action.source)
        elif isinstance(action, Discard):
            self._require_throwable(state, action.seat, action.card)
        elif isinstance(action, Knock):
            hand = state.hands[action.seat]
            if action.card is None:
                if arrange_gin(hand).points:
                    raise IllegalAction(Reason("to knock without a discard all eleven cards must be melded"))
                return
            self._require_throwable(state, action.seat, action.card)
            left = arrange_gin([c for c in hand if c != action.card]).points
            if left > KNOCK_LIMIT:
                raise IllegalAction(Reason("you may knock with 10 points of deadwood or less; you would have {n}",
                                           n=left))

    def _require_throwable(self, state: GinState, seat: int, card: Card) -> None:
        self.require_held(state, seat, card)
        if card == state.taken:
            raise IllegalAction(Reason("you took {the_card} from the discard pile: discard another card",
                                       the_card=card))

    # ----------------------------------------------------------------- apply
    def apply(self, state: GinState, action: Action) -> list[Event]:
        seat = action.seat
        if isinstance(action, PassUpcard):
            events: list[Event] = [UpcardPassed(seat=seat)]
            if seat != state.dealer:
                state.to_move = state.dealer
                return [*events, TurnStarted(seat=state.dealer)]
            state.phase = "draw"
            state.stock_only = True
            state.to_move = self.next_seat(state, seat)
            return [*events, TurnStarted(seat=state.to_move)]
        if isinstance(action, Draw):
            card = state.discard[-1] if action.source == "discard" else None
            state.stock_only = False
            state.taken = card
            return self.draw(state, action)
        if isinstance(action, Knock):
            hand = state.hands[seat]
            if action.card is not None:
                hand.remove(action.card)
                state.discard.append(action.card)
            state.went_out = seat
            knocked = Knocked(seat=seat, card=action.card, deadwood=arrange_gin(hand).points)
            return [knocked, *self.end_hand(state)]
        if isinstance(action, Discard):
            events = self.discard(state, action)
            if len(state.stock) <= STOCK_LEFT:
                return events + self.end_hand(state)
            return events + self.advance(state)
        raise IllegalAction(self.not_a_move(action.kind))

    # ----------------------------------------------------------------- scoring
    def end_hand(self, state: GinState) -> list[Event]:
        knocker = state.went_out
        if knocker is None:
            for scores in state.scores:
                scores.append(0)  # a hand played, scored nothing: hand by hand, the scores stay in step
            arrangements = [arrange_gin(h) for h in state.hands]
            ended = self._hand_ended(state, "draw", None, None, [(a.melds, a.deadwood, a.points) for a in arrangements])
            # A drawn hand is dealt again by the same dealer (deal() passes the deal on, so step back).
            state.dealer = self.next_seat(state, state.dealer)
            return [ended, *self._next_hand(state)]
        defender = self.next_seat(state, knocker)
        mine = arrange_gin(state.hands[knocker])
        theirs = showdown(state.hands[defender], mine.melds, may_lay_off=mine.points > 0)
        if mine.points == 0:
            big = len(state.hands[knocker]) == CARDS_DEALT + 1
            outcome, winner = ("big_gin" if big else "gin"), knocker
            bonus = BIG_GIN_BONUS if big else GIN_BONUS
            points = theirs.points + bonus
        elif theirs.points > mine.points:
            outcome, winner, bonus, points = "knock", knocker, 0, theirs.points - mine.points
        else:
            outcome, winner, bonus = "undercut", defender, UNDERCUT_BONUS
            points = mine.points - theirs.points + bonus
        shown = {knocker: (mine.melds, mine.deadwood, mine.points),
                 defender: (theirs.melds, theirs.deadwood, theirs.points)}
        for s in range(len(state.players)):
            state.scores[s].append(points if s == winner else 0)
        ended = self._hand_ended(state, outcome, knocker, winner, [shown[s] for s in range(len(state.players))],
                                 theirs.layoffs, points, bonus)
        # The loser of the hand deals the next (deal() passes the deal on from the seat set here).
        state.dealer = winner
        return [ended, *self._next_hand(state)]

    def _hand_ended(self, state: GinState, outcome: str, knocker: int | None, winner: int | None,
                    shown: Sequence[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], int]],
                    layoffs: Sequence[tuple[Card, int]] = (), points: int = 0, bonus: int = 0) -> GinHandEnded:
        """The showdown event; ``shown`` per seat: (melds, deadwood, its points)."""
        return GinHandEnded(hand_number=state.hand_number, outcome=outcome, knocker=knocker, winner=winner,
                            melds=tuple(m for m, _, _ in shown), deadwood=tuple(d for _, d, _ in shown),
                            counts=tuple(c for _, _, c in shown), laid_off=tuple(c for c, _ in layoffs),
                            laid_on=tuple(i for _, i in layoffs), points=points, bonus=bonus,
                            totals=tuple(state.totals()))

    def _next_hand(self, state: GinState) -> list[Event]:
        totals = state.totals()
        reached = [s for s, t in enumerate(totals) if t >= state.options.target]
        if not reached and state.hand_number < state.options.max_hands:
            return self.deal(state, state.hand_number + 1)
        won = [sum(1 for p in s if p > 0) for s in state.scores]
        first = reached[0] if len(reached) == 1 else None
        shutout = first is not None and all(won[s] == 0 for s in range(len(won)) if s != first)
        game_bonus = GAME_BONUS * (2 if shutout else 1) if first is not None else 0
        state.bonuses = [LINE_BONUS * won[s] + (game_bonus if s == first else 0) for s in range(len(won))]
        final = state.totals()
        scored = GinGameScored(hands_won=tuple(won), line_bonus=tuple(LINE_BONUS * w for w in won), first=first,
                               game_bonus=game_bonus, shutout=shutout, totals=tuple(final))
        best = max(final)
        return [scored, *self.finish(state, [s for s, t in enumerate(final) if t == best])]

    # ----------------------------------------------------------------- views and data
    def view(self, state: GinState, seat: int, log: Sequence[Event]) -> GinView:
        return GinView(
            **shared_view_fields(state, seat, log),
            discard=tuple(state.discard),
            stock_only=state.stock_only,
            taken=state.taken if state.to_move == seat else None,
            target=state.options.target,
            knock_limit=KNOCK_LIMIT,
        )

    def per_seat(self, state: GinState) -> dict[str, Sequence[object]]:
        return {"hands": state.hands, "score lists": state.scores, "bonuses": state.bonuses}

    def check_table(self, state: GinState) -> None:
        require(all(is_whole(b) and b >= 0 for b in state.bonuses), Reason("a bonus is not a whole number"))
        require(state.phase == "over" or not any(state.bonuses), Reason("bonuses were added before the game ended"))

    def check_play(self, state: GinState) -> None:
        sizes = sorted(len(h) for h in state.hands)
        drawn = state.phase == "discard"
        require(sizes == [CARDS_DEALT, CARDS_DEALT + drawn],
                Reason("the hands hold the wrong number of cards for the moment of the turn"))
        require(not drawn or len(state.hands[state.to_move]) == CARDS_DEALT + 1,
                Reason("the player to move has not drawn"))
        require(state.went_out is None, Reason("a knock left the hand unfinished"))
        require(state.taken is None or drawn, Reason("a card is marked taken from the discard pile before a draw"))
        require(not state.stock_only or state.phase == "draw", Reason("a stock-only draw outside the draw phase"))
        require(state.phase != "offer" or len(state.discard) == 1, Reason("the up card is offered after play began"))
        require(len(state.stock) > STOCK_LEFT or drawn, Reason("the stock ran down without ending the hand"))


#: The saved fields of a Gin Rummy state, in save order.
GinRummy.saved = saved_fields(
    sd.options(GinOptions.from_data),
    table=(
        sd.flag("stock_only"),
        sd.Field("taken", lambda c: None if c is None else c.code,
                 lambda v, read: None if v is None else read([v])[0]),
    ),
    after_scores=(sd.wholes("bonuses"),),
)

#: Found by engine.registry; typed as the protocol, so the type checker holds the game to the seam.
RULESET: type[Ruleset[GinState, GinView]] = GinRummy
