"""Crazy Eights, 2 to 7 players, standard rules, as docs/crazy-eights.md says.

The first game here that is not a rummy: nothing is melded, a hand is shed one card at a time. It is
still a draw–discard game, so it runs on the kernel (engine.draw_discard): one 52-card deck for 2 to 5
players, two shuffled together for 6 or 7; seven cards each for two players, five for more; the stock's
top card turned up to start the pile (an eight is buried at the bottom of the stock and the next card
turned instead).

A turn is one card played onto the pile (the kernel's ``Discard``) that matches the top card's suit or
rank, or any eight, played with the suit it names in one move (``PlayEight``: the player chooses both
before the move is made, so a turn is never left half made), which the next card must follow unless it
is another eight. A player who cannot or will not
play draws from the stock: by default one card at a time until a playable card comes (then they may
play it or pass), or with the ``draw_limit`` option up to that many cards, then they may pass. An empty
stock is rebuilt from the pile but its top card; with nothing to rebuild a player who cannot play
passes. Playing the last card goes out and ends the hand; a hand where every player in turn passed
without drawing is blocked. Every other player scores penalty points for the cards left in hand (an
eight 50, a king, queen, jack or ten 10, an ace 1, any other card its number); in a blocked hand the
player or players with the fewest penalty points score nothing and the others score theirs. The game
ends after the hand in which someone reaches the target (100); the lowest total wins, a tie sharing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine import state_data as sd
from engine.actions import Action, Discard, Draw
from engine.cards import STANDARD_RANKS, STANDARD_SUITS, Card, Rank, standard_deck
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
    "SUIT_CODES",
    "CrazyEights",
    "CrazyEightsOptions",
    "CrazyEightsState",
    "CrazyEightsView",
    "CrazyHandEnded",
    "CrazyPassed",
    "CrazyWentOut",
    "PassTurn",
    "PlayEight",
    "SuitNamed",
    "card_points",
    "cards_dealt_for",
    "decks_for",
    "is_playable",
    "parse_crazy_card",
]

GAME = "Crazy Eights"
DEFAULT_TARGET = 100
#: This project's limit: after this many hands the game ends whatever the totals (lowest total wins).
DEFAULT_MAX_HANDS = 60
#: The suits a player may name after an eight, by their codes: clubs, diamonds, hearts, spades.
SUIT_CODES: tuple[str, ...] = tuple(s.value for s in STANDARD_SUITS)
EIGHT_POINTS = 50
FACE_POINTS = 10


def parse_crazy_card(text: str) -> Card:
    return parse_card(text, ranks=STANDARD_RANKS, suits=STANDARD_SUITS, jokers=False, game=GAME)


def decks_for(players: int) -> int:
    """One deck for up to five players, two shuffled together for six or seven."""
    return 1 if players <= 5 else 2


def cards_dealt_for(players: int) -> int:
    """Seven cards each for two players, five each for three or more."""
    return 7 if players == 2 else 5


def card_points(card: Card) -> int:
    """A card's penalty left in hand: an eight 50, a king, queen, jack or ten 10, an ace 1, others their number."""
    rank = card.rank
    if rank is None:
        return 0
    if rank == Rank.EIGHT:
        return EIGHT_POINTS
    return FACE_POINTS if rank >= Rank.TEN else int(rank)


def is_playable(card: Card, top: Card | None, suit: str | None) -> bool:
    """Whether ``card`` may go on ``top``: any eight; else the suit named after an eight (``suit``), or
    without one the top card's suit or rank."""
    if card.rank == Rank.EIGHT or top is None:
        return True
    if suit is not None:
        return card.suit is not None and card.suit.value == suit
    return card.suit == top.suit or card.rank == top.rank


# --------------------------------------------------------------------------- moves
@dataclass(frozen=True, slots=True)
class PlayEight(Action):
    """Play an eight onto the pile and name the suit the next card must follow (a code: 'c', 'd', 'h'
    or 's'); any other card is played as a ``Discard``."""

    card: Card
    suit: str
    kind: ClassVar[str] = "crazy_eight"

    @property
    def hand_card(self) -> Card | None:
        return self.card


@dataclass(frozen=True, slots=True)
class PassTurn(Action):
    """End the turn without playing, once no more drawing is allowed (or none is possible)."""

    kind: ClassVar[str] = "crazy_pass"


# --------------------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class SuitNamed(Event):
    seat: int
    suit: str
    kind: ClassVar[str] = "crazy_suit_named"


@dataclass(frozen=True, slots=True)
class CrazyPassed(Event):
    """``seat`` ended the turn without playing, having drawn ``drawn`` cards this turn."""

    seat: int
    drawn: int
    kind: ClassVar[str] = "crazy_passed"


@dataclass(frozen=True, slots=True)
class CrazyWentOut(Event):
    """``seat`` played their last card."""

    seat: int
    kind: ClassVar[str] = "crazy_went_out"
    goes_out: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class CrazyHandEnded(Event):
    """The hand's end: who went out (None: the hand was blocked), each seat's cards left and the penalty
    points scored for them, and the totals."""

    hand_number: int
    went_out: int | None
    hands: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    kind: ClassVar[str] = "crazy_hand_ended"
    ends_hand: ClassVar[bool] = True


# --------------------------------------------------------------------------- state and view
@dataclass(frozen=True, slots=True, kw_only=True)
class CrazyEightsOptions(RuleOptions):
    game_words: ClassVar[str] = GAME
    #: The game ends after the hand in which someone's total reaches this.
    target: int = DEFAULT_TARGET
    #: 0: draw one card at a time until a playable card comes; N: draw up to N cards, then pass.
    draw_limit: int = 0
    first_dealer: int = 0
    #: The last hand: the game ends after it whatever the totals.
    max_hands: int = DEFAULT_MAX_HANDS

    def check(self) -> None:
        if self.target < 1:
            raise ValueError("target is a whole number of points, at least 1")
        if self.draw_limit < 0:
            raise ValueError("draw_limit is a whole number of cards, 0 (until playable) or more")
        if self.max_hands < 1:
            raise ValueError("max_hands is a whole number of hands, at least 1")


@dataclass(slots=True, kw_only=True)
class CrazyEightsState(DrawDiscardState[CrazyEightsOptions]):
    #: The suit named after the eight on top of the pile (a code), which the next card must follow.
    suit: str | None = None
    #: Cards drawn this turn.
    drawn: int = 0
    #: Turns in a row ended by a pass with nothing drawn (every seat: the hand is blocked).
    passes: int = 0


@dataclass(frozen=True, slots=True)
class CrazyEightsView(DrawDiscardView):
    """One seat's view: its hand, the others' sizes, the top card and the suit named on it, the stock's
    size, the phase ('play' or 'over'), the cards drawn
    this turn, whether a draw and a pass are allowed now, the draw rule and the target."""

    suit: str | None
    drawn: int
    may_draw: bool
    may_pass: bool
    draw_limit: int
    target: int

    def playable(self, card: Card) -> bool:
        return is_playable(card, self.discard_top, self.suit)


class CrazyEights(DrawDiscard[CrazyEightsState, CrazyEightsView]):
    name = "crazy-eights"
    title = GAME
    min_players = 2
    max_players = 7
    moves: ClassVar[tuple[type[Action], ...]] = (Draw, Discard, PlayEight, PassTurn)
    events: ClassVar[tuple[type[Event], ...]] = (
        *DrawDiscard.turn_cycle_events, HandStarted, SuitNamed, CrazyPassed, CrazyWentOut, CrazyHandEnded)
    view_type = CrazyEightsView
    state_type = CrazyEightsState
    options_type = CrazyEightsOptions
    parse_card = staticmethod(parse_crazy_card)
    table_words = "a Crazy Eights table"
    phases: ClassVar[tuple[str, ...]] = ("play", "over")
    #: The most times a hand's stock is rebuilt from the pile: players who keep drawing rather than play
    #: could otherwise go round for ever; after that an empty stock stays empty (docs/crazy-eights.md).
    max_reshuffles = 10

    # ----------------------------------------------------------------- setup
    def deck(self, state: CrazyEightsState) -> list[Card]:
        return standard_deck(decks_for(len(state.players)), jokers=0)

    def cards_dealt(self, state: CrazyEightsState) -> int:
        return cards_dealt_for(len(state.players))

    def last_hand(self, state: CrazyEightsState) -> int | None:
        return state.options.max_hands

    def deal_hands(self, state: CrazyEightsState, deck: list[Card], order: Sequence[int]) -> None:
        """The kernel's deal, then any eight about to be turned up is buried at the bottom of the stock."""
        super().deal_hands(state, deck, order)
        while deck[-1].rank == Rank.EIGHT:
            deck.insert(0, deck.pop())

    def reset_hand(self, state: CrazyEightsState) -> None:
        state.suit = None
        state.passes = 0

    def reset_turn(self, state: CrazyEightsState) -> None:
        state.drawn = 0

    def hand_opened(self, state: CrazyEightsState, first: int) -> list[Event]:
        return [HandStarted(hand_number=state.hand_number, hands_total=0, dealer=state.dealer,
                            cards_dealt=self.cards_dealt(state), wild_rank=None, up_card=state.discard[-1],
                            first_player=first)]

    def begin_turn(self, state: CrazyEightsState) -> list[Event]:
        """A turn starts with a card to play or a draw: an empty stock is rebuilt when a card is drawn."""
        state.phase = "play"
        self.reset_turn(state)
        return [TurnStarted(seat=state.to_move)]

    # ----------------------------------------------------------------- what may be done
    def can_draw(self, state: CrazyEightsState) -> bool:
        """A card can come from the stock, or from the pile rebuilt as the stock."""
        return bool(state.stock) or (len(state.discard) > 1 and state.reshuffles < self.reshuffle_limit(state))

    def draw_problem(self, state: CrazyEightsState) -> Reason | None:
        """Why the player to move may not draw now (None: they may)."""
        limit = state.options.draw_limit
        if limit and state.drawn >= limit:
            return Reason("you have drawn {cards} this turn: play or pass", cards=state.drawn)
        hand = state.hands[state.to_move]
        if not limit and state.drawn and self.playable(state, hand[-1]):
            return Reason("you drew a card you can play: play it or pass")
        if not self.can_draw(state):
            return Reason("the stock is empty: play a card or pass")
        return None

    @staticmethod
    def playable(state: CrazyEightsState, card: Card) -> bool:
        return is_playable(card, state.discard[-1] if state.discard else None, state.suit)

    def legal_actions(self, state: CrazyEightsState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.to_move:
            return []
        hand = sorted(set(state.hands[seat]), key=Card.sort_key)
        out: list[Action] = [Discard(seat, c) for c in hand if c.rank != Rank.EIGHT and self.playable(state, c)]
        out += [PlayEight(seat, c, s) for c in hand if c.rank == Rank.EIGHT for s in SUIT_CODES]
        out.append(Draw(seat, "stock") if self.draw_problem(state) is None else PassTurn(seat))
        return out

    def why_not_now(self, state: CrazyEightsState, seat: int, kind: str) -> str | None:
        problem = self.turn_problem(state, seat)
        if problem is not None:
            return problem
        if kind not in (Draw.kind, Discard.kind, PlayEight.kind, PassTurn.kind):
            return self.not_a_move(kind)
        if kind == Draw.kind:
            return self.draw_problem(state)
        if kind == PassTurn.kind and self.draw_problem(state) is None:
            return Reason("draw first: you may pass only when you may draw no more")
        return None

    def not_a_move(self, kind: str) -> Reason:
        return Reason("{kind} is not a move in Crazy Eights", kind=kind)

    def verify_cards(self, state: CrazyEightsState, action: Action) -> None:
        if isinstance(action, Draw):
            if action.source != "stock":
                raise IllegalAction(Reason("draw from the stock: the discard pile is played on, not taken"))
        elif isinstance(action, PlayEight):
            self.require_held(state, action.seat, action.card)
            if action.card.rank != Rank.EIGHT:
                raise IllegalAction(Reason("only an eight names a suit: play {the_card} as it is",
                                           the_card=action.card))
            if action.suit not in SUIT_CODES:
                raise IllegalAction(Reason("name clubs, diamonds, hearts or spades"))
        elif isinstance(action, Discard):
            self.require_held(state, action.seat, action.card)
            if action.card.rank == Rank.EIGHT:
                raise IllegalAction(Reason("an eight names a suit: choose the suit as you play it"))
            if not self.playable(state, action.card):
                if state.suit is not None:
                    raise IllegalAction(Reason("{the_card} does not follow the suit named for the eight: play "
                                               "that suit or an eight", the_card=action.card))
                raise IllegalAction(Reason("{the_card} matches neither the suit nor the rank of the card on top: "
                                           "play one that does, or an eight", the_card=action.card))

    # ----------------------------------------------------------------- apply
    def apply(self, state: CrazyEightsState, action: Action) -> list[Event]:
        seat = action.seat
        if isinstance(action, Draw):
            events = self.refill(state)
            state.drawn += 1
            state.passes = 0
            events += self.draw(state, action)
            state.phase = "play"  # the kernel's draw moves on to a discard phase this game has not
            return events
        if isinstance(action, Discard | PlayEight):
            events = self.discard(state, Discard(seat, action.card))
            state.passes = 0
            state.suit = action.suit if isinstance(action, PlayEight) else None
            if isinstance(action, PlayEight):
                events.append(SuitNamed(seat=seat, suit=action.suit))
            if not state.hands[seat]:
                state.went_out = seat
                return [*events, CrazyWentOut(seat=seat), *self.end_hand(state)]
            return events + self.advance(state)
        if isinstance(action, PassTurn):
            state.passes = 0 if state.drawn else state.passes + 1
            passed: list[Event] = [CrazyPassed(seat=seat, drawn=state.drawn)]
            if state.passes >= len(state.players):
                return passed + self.end_hand(state)
            return passed + self.advance(state)
        raise IllegalAction(self.not_a_move(action.kind))

    # ----------------------------------------------------------------- scoring
    def end_hand(self, state: CrazyEightsState) -> list[Event]:
        """Penalty points for the cards left; in a blocked hand the fewest points score nothing."""
        state.passes = 0
        left = [sum(card_points(c) for c in h) for h in state.hands]
        if state.went_out is None:
            least = min(left)
            points = [0 if p == least else p for p in left]
        else:
            points = [0 if s == state.went_out else p for s, p in enumerate(left)]
        for s, p in enumerate(points):
            state.scores[s].append(p)
        totals = state.totals()
        ended = CrazyHandEnded(hand_number=state.hand_number, went_out=state.went_out,
                               hands=tuple(tuple(h) for h in state.hands), points=tuple(points),
                               totals=tuple(totals))
        if max(totals) >= state.options.target or state.hand_number >= state.options.max_hands:
            best = min(totals)
            return [ended, *self.finish(state, [s for s, t in enumerate(totals) if t == best])]
        return [ended, *self.deal(state, state.hand_number + 1)]

    # ----------------------------------------------------------------- views and data
    def view(self, state: CrazyEightsState, seat: int, log: Sequence[Event]) -> CrazyEightsView:
        mine = state.phase != "over" and state.to_move == seat
        may_draw = mine and self.draw_problem(state) is None
        return CrazyEightsView(
            **shared_view_fields(state, seat, log),
            suit=state.suit,
            drawn=state.drawn if state.to_move == seat else 0,
            may_draw=may_draw,
            may_pass=mine and not may_draw,
            draw_limit=state.options.draw_limit,
            target=state.options.target,
        )

    def check_table(self, state: CrazyEightsState) -> None:
        require(state.suit is None or state.suit in SUIT_CODES, Reason("the suit named is not a suit"))
        require(is_whole(state.drawn) and state.drawn >= 0, Reason("the count of cards drawn is not a whole number"))
        require(is_whole(state.passes) and 0 <= state.passes < len(state.players),
                Reason("the count of passes is not a number of seats"))

    def check_play(self, state: CrazyEightsState) -> None:
        require(bool(state.discard), Reason("the discard pile is empty"))
        top = state.discard[-1]
        require(state.suit is None or top.rank == Rank.EIGHT, Reason("a suit is named without an eight on top"))
        require(state.went_out is None, Reason("a player went out and the hand goes on"))
        require(all(state.hands), Reason("a hand is empty and the hand goes on"))


#: The saved fields of a Crazy Eights state, in save order.
CrazyEights.saved = saved_fields(
    sd.options(CrazyEightsOptions.from_data),
    table=(sd.plain("suit"), sd.whole("drawn"), sd.whole("passes")),
)

#: Found by engine.registry; typed as the protocol, so the type checker holds the game to the seam.
RULESET: type[Ruleset[CrazyEightsState, CrazyEightsView]] = CrazyEights
