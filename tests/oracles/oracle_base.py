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

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import fields, replace
from typing import Any

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
    #: Hands (in solitaire, games) whose end the oracle has judged.
    judged: int = 0
    #: Whether the cards stay where they lay when the game ends (else they are put away, and only a
    #: game in play is counted).
    kept_at_end: bool = False

    def fuzz_options(self, rng: random.Random, players: int) -> dict[str, Any]:
        """Rule options drawn at random over every option the game has (its catalog entry and ruleset)."""
        return {}

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

    def check_seating(self) -> None:
        """A table of fewer or more players than the rules seat is refused; the most is seated."""
        low, high = self.players
        for count in (low - 1, high + 1):
            if count < 1:
                continue
            try:
                Game.new(self.game, [f"P{i}" for i in range(count)], seed=1)
            except ValueError:
                continue
            raise Disagreement(f"{self.game} seated {count} players")
        Game.new(self.game, [f"P{i}" for i in range(high)], seed=1)

    def check_move(self, before: Any, action: Action, events: Sequence[Event], game: Game) -> None:
        """Check what ``action`` did: the hand's end, the scores, the winners."""

    def check_conserved(self, game: Game) -> None:
        """No card lost, none duplicated: the places together hold exactly the game's deck."""
        agree(counted(self.places(game)), self.deck(game), "the cards in play")
