"""What every game's scoring oracle shares: the shape of an oracle, and counting cards by hand.

An oracle is a second, plain reading of one game's rules as its rules document (docs/) states them:
how a hand ends, what each player scores, who wins, which cards the game holds. It never calls the
engine's scoring, meld or arrangement functions (engine.arrange_*, engine.five_crowns_melds,
engine.solitaire_closing, the rules modules' own helpers): it reads only the game's state as data
(the cards in each place, the options) and the events and moves of the game, and works the answer
out itself. So an error in the engine's rules shows up as a disagreement instead of being checked
against itself. Written for plainness, not speed: exhaustive searches where the engine is clever.

The release fuzzer (scripts/release_fuzz.py) calls an oracle before and after every move.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import fields, replace
from typing import Any, ClassVar

from engine.actions import Action, Discard, Draw
from engine.cards import Card
from engine.events import Event
from engine.game import Game

__all__ = ["Disagreement", "Oracle", "agree", "check_draw", "counted", "events_of", "moves"]


class Disagreement(AssertionError):
    """The engine and the oracle disagree: what the rules say and what the engine did."""


def agree(engine: object, oracle: object, what: str) -> None:
    """Raise Disagreement unless the engine's value is the oracle's."""
    if engine != oracle:
        raise Disagreement(f"{what}: the engine says {engine!r}, the rules say {oracle!r}")


def counted(cards: Iterable[Card]) -> Counter[str]:
    """Cards by their codes (a joker is 'jo'), so two counts print readably."""
    return Counter(c.code for c in cards)


def events_of(events: Sequence[Event], kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


def moves(legal: Sequence[Action]) -> list[str]:
    """The moves offered, as sorted words ('discard 7h', 'draw discard'), so two lists compare plainly."""
    out = []
    for a in legal:
        out.append(" ".join([a.kind, *(str(getattr(a, f.name)) for f in fields(a) if f.name != "seat")]))
    return sorted(out)


def check_draw(action: Action, events: Sequence[Event], stock: Sequence[Card], discard: Sequence[Card],
               game: Game) -> None:
    """A draw takes the top card of the pile it names (the end of the list) into the drawer's hand."""
    if action.kind != "draw":
        return
    pile = stock if action.source == "stock" else discard  # type: ignore[attr-defined]
    drew = events_of(events, "drew")
    agree(drew[0].card if drew else None, pile[-1], f"the card drawn from the {action.source}")  # type: ignore[attr-defined]
    agree(game.state.phase, "discard", "the phase after a draw")
    agree(game.seats_to_act(), (action.seat,), "who acts after a draw")


class Oracle:
    """One game's rules, read again. A game's oracle overrides what its rules document says."""

    #: The game's registry name.
    game: str = ""
    #: The game's name as its sentences say it.
    title: str = ""
    #: Hands (in solitaire, games) whose end the oracle has judged.
    judged: int = 0
    #: Whether the cards stay where they lay when the game ends (else they are put away, and only a
    #: game in play is counted).
    kept_at_end: bool = False

    #: Each option's value when a table names none, as the rules document gives it.
    defaults: ClassVar[dict[str, Any]] = {}

    def fuzz_options(self, rng: random.Random, players: int) -> dict[str, Any]:
        """Rule options drawn at random over every option the game has (its catalog entry and ruleset)."""
        return {}

    def check_options(self, game: Game) -> None:
        """The options the game plays by: those the table named, the document's defaults for the rest."""
        for name, value in {**self.defaults, **game.options}.items():
            agree(getattr(game.state.options, name), value, f"the option {name}")

    def choose(self, game: Game, rng: random.Random) -> bool:
        """Set the new game at a position chosen to reach a rare rule soon (True), or leave it (False)."""
        return False

    def steer(self, game: Game, action: Action, rng: random.Random) -> None:
        """Choose the position further just before ``action`` is made (in a game :meth:`choose` set)."""

    def kinds_now(self, game: Game, seat: int) -> dict[str, bool]:
        """The kinds of move the rules allow or forbid ``seat`` (a seat to act) now, whatever the cards,
        where the rules fix it: kind -> allowed. ``why_not_now`` must agree with each."""
        return {}

    def wrong_moves(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        """Moves of ``seat`` the rules forbid now for their cards (a knock with too much deadwood, a dig to
        the wrong rank...): each must be refused. Moves the engine never offers, so the fuzzer would
        otherwise never learn whether they are refused."""
        return []

    def right_moves(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
        """Moves of ``seat`` the rules allow now, found by the oracle itself (offered or not): each must
        be allowed."""
        return []

    def turn_needs_stock(self, game: Game) -> bool:
        """Whether a turn that starts with nothing to draw is impossible (the hand ends instead)."""
        return False

    def totals(self) -> list[int] | None:
        """The totals the oracle has counted so far (None: it keeps none), which every seat is shown."""
        return None

    def deck(self, game: Game) -> Counter[str]:
        """The cards the game holds, as its rules document counts them."""
        raise NotImplementedError

    def places(self, game: Game) -> list[Card]:
        """Every card where it lies now, read from the state's fields one by one."""
        raise NotImplementedError

    def start(self, game: Game) -> None:
        """Check the first deal (the options' effects on it); keep what the oracle follows."""

    def snapshot(self, game: Game) -> Any:
        """What the oracle needs of the state before a move to judge the move's outcome."""
        return None

    def check_offer(self, game: Game, seat: int, legal: Sequence[Action]) -> None:
        """Check the moves the engine offers ``seat`` where the rules fix them exactly."""

    #: The players the game seats, as its rules document says.
    players: tuple[int, int] = (2, 2)

    def check_refused(self, game: Game, seat: int, legal: Sequence[Action]) -> None:
        """Moves the rules forbid now are refused: any move by a seat that is not to act (a legal move
        of ``seat`` sent by another), a draw once drawn, a discard before drawing."""
        if not legal:
            return
        if game.why_not_now(seat, "no_such_move") is None:
            raise Disagreement("a kind of move the game does not have may be made")
        for other in range(len(game.players)):
            if other not in game.seats_to_act():
                move = replace(legal[0], seat=other)
                if game.why_not(move) is None:
                    raise Disagreement(f"{move} is allowed, out of turn")
        phase = getattr(game.state, "phase", None)
        hand = getattr(game.state, "hands", [[]])[seat]
        wrong: list[Action] = []
        if phase == "discard":
            wrong.append(Draw(seat, "stock"))
        if phase == "draw" and hand:
            wrong.append(Discard(seat, hand[0]))
        for move in wrong:
            if game.why_not(move) is None:
                raise Disagreement(f"{move} is allowed in the {phase} phase")
        for kind, allowed in self.kinds_now(game, seat).items():
            reason = game.why_not_now(seat, kind)
            if (reason is None) != allowed:
                raise Disagreement(f"a {kind} by seat {seat} is {'refused' if reason else 'allowed'} now "
                                   f"({reason or 'no reason'}); the rules {'allow' if allowed else 'forbid'} it")

    def check_cards_refused(self, game: Game, seat: int, legal: Sequence[Action], rng: random.Random) -> int:
        """The oracle's own wrong moves are refused and its right ones allowed; how many were tried."""
        wrong = self.wrong_moves(game, seat, legal, rng)
        for move in wrong:
            if game.why_not(move) is None:
                raise Disagreement(f"{move} is allowed; the rules forbid it")
        right = self.right_moves(game, seat, legal, rng)
        for move in right:
            reason = game.why_not(move)
            if reason is not None:
                raise Disagreement(f"{move} is refused ({reason}); the rules allow it")
        return len(wrong) + len(right)

    def turn_of(self, game: Game) -> tuple[int, ...]:
        """The seats whose turn it is (told so): those to act, where nobody acts out of turn."""
        return game.seats_to_act()

    def check_shuffled(self, game: Game) -> None:
        """The cards are shuffled before a deal: in a stock of 20 cards or more, fewer than half of the
        cards lie next to a card of their suit one rank away (a shuffled deck has about one in twenty
        so; a deck in its box order nearly all)."""
        stock = getattr(game.state, "stock", [])
        if len(stock) < 20:
            return
        near = sum(1 for a, b in itertools.pairwise(stock)
                   if a.rank is not None and b.rank is not None and a.suit == b.suit
                   and abs(int(a.rank) - int(b.rank)) == 1)
        if 2 * near >= len(stock):
            raise Disagreement(f"the stock is not shuffled: {[c.code for c in stock[-12:]]}...")

    #: The event that ends a game of this kind, and only at its end.
    ended_by: str = "game_ended"

    def check_over(self, game: Game) -> None:
        """The game is over exactly when its end has been told (and a new game is not over)."""
        agree(game.over, any(e.kind == self.ended_by for e in game.log[-8:]), "the game over")

    #: Whether each turn is told as it starts (a game of turns between players).
    turns_told: bool = True

    def check_turn(self, game: Game, action: Action | None = None, events: Sequence[Event] = ()) -> None:
        """A turn never starts with nothing to draw where the rules end the hand instead; after a discard
        and after a deal, the turn of the next to play is told."""
        if self.turn_needs_stock(game) and not game.over and game.state.phase == "draw" and not game.state.stock:
            raise Disagreement("a turn starts with an empty stock; the hand should have ended")
        dealt = any(e.kind.endswith("hand_started") for e in events)
        if self.turns_told and not game.over and action is not None and (action.kind == "discard" or dealt):
            told = [e.seat for e in events_of(events, "turn_started")]
            agree(told[-1:], list(self.turn_of(game)), f"the turn told after {action.kind}")

    def check_seen(self, game: Game) -> None:
        """What each seat is shown agrees with the game: whose turn, its own hand, the others' sizes, the
        piles and the totals (the oracle's own count)."""
        to_act = self.turn_of(game)
        s = game.state
        for seat in range(len(game.players)):
            view = game.view(seat)
            if hasattr(view, "my_turn"):
                agree(view.my_turn, seat in to_act, f"seat {seat} told it is its turn")
            if not hasattr(s, "hands"):
                continue
            agree((list(view.hand), list(view.hand_sizes)), (list(s.hands[seat]), [len(h) for h in s.hands]),
                  f"the hands seat {seat} is shown")
            agree((view.stock_size, view.discard_top), (len(s.stock), s.discard[-1] if s.discard else None),
                  f"the piles seat {seat} is shown")
            totals = self.totals()
            if totals is not None and not game.over:
                agree(list(view.totals), totals, f"the totals seat {seat} is shown")

    def check_seating(self) -> None:
        """A table of fewer or more players than the rules seat is refused, saying which game seats how
        many; the most is seated."""
        low, high = self.players
        for count in (low - 1, high + 1):
            if count < 1:
                continue
            try:
                Game.new(self.game, [f"P{i}" for i in range(count)], seed=1)
            except ValueError as refused:
                said = str(refused).lower()
                if self.title.lower() not in said or (low < high and not {str(low), str(high)} <= set(said.split())):
                    raise Disagreement(f"{count} players refused with {str(refused)!r}: not the game and its "
                                       f"players ({self.title}, {low} to {high})") from refused
                continue
            raise Disagreement(f"{self.game} seated {count} players")
        Game.new(self.game, [f"P{i}" for i in range(high)], seed=1)

    def check_move(self, before: Any, action: Action, events: Sequence[Event], game: Game) -> None:
        """Check what ``action`` did: the hand's end, the scores, the winners."""

    def check_conserved(self, game: Game) -> None:
        """No card lost, none duplicated: the places together hold exactly the game's deck."""
        agree(counted(self.places(game)), self.deck(game), "the cards in play")
