"""The agent interface and the factory that picks a computer player for a game and a level.

A game's players register themselves with :func:`register_agent`; :func:`make_agent` imports a game's
player module on first use, so importing this module stays cheap and a new ruleset only has to put its
players in ``engine/bots/<game>.py`` and register them to be playable against the computer and to work
with ``access-game simulate``.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.actions import Action, Discard
from engine.bots.wild_throws import naturals_first, taken_up_card
from engine.cards import Card

__all__ = ["LEVELS", "Agent", "Choice", "NaturalsFirst", "agent_levels", "explain", "make_agent", "register_agent"]

LEVELS = ("easy", "normal", "hard", "expert")


class Agent(Protocol):
    level: str

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` knowing only ``view`` (the agent's own seat's view)."""
        ...


@dataclass(frozen=True, slots=True)
class Choice:
    """A computer player's move and why it chose it: what a hint tells a person, in the words of
    speech.hint_words (the engine holds no sentences, only the reason's name and its facts).

    Reasons: ``go_out``; ``take_goes_out`` (the up card lets the hand go out this turn);
    ``take_fewer_points`` (the up card leaves fewer points than the stock is expected to);
    ``top_idle`` (the up card would only be thrown again); ``stock_better``; ``fewest_points`` (the
    throw leaving fewest points, on a last turn); ``best_prospects`` (the throw that keeps the best
    chances); ``spare_next`` (``instead`` would leave as few points, but ``seat``, who plays next, is
    seen collecting it); ``only`` (nothing to weigh); ``chosen`` (a player that gives no reasons).
    Contract rummy adds ``take_helps`` and ``buy_helps`` (the card brings the contract nearer, or once
    down plays on the table), ``up_card_no_help``, ``no_buy``, ``lay_down``, ``play_off``,
    ``stay_short`` (``short``: cards the hand is still short of its contract) and ``shed_highest``;
    upcard rummy ``meld_worth`` (``points``: the value the move puts on the table); solitaire
    ``closes_pile`` and ``nearer_closing`` (``short``: cards of the pile no meld takes after the move).
    """

    action: Action
    reason: str
    #: Points left in hand after the move (and the discard it leads to), where the player knows them;
    #: for a draw from the stock (``stock_better``, ``top_idle``), what taking the up card would leave.
    points: int | None = None
    #: The card the player chose not to throw, for ``spare_next``.
    instead: Card | None = None
    #: The seat the reason is about, for ``spare_next``.
    seat: int | None = None
    #: Cards short after the move: of the contract (``stay_short``), of closing a pile (``nearer_closing``).
    short: int | None = None


def explain(agent: Agent, view: Any, legal: Sequence[Action]) -> Choice:
    """The agent's choice with its reason; a player with no ``explain`` of its own gives ``chosen``."""
    own = getattr(agent, "explain", None)
    if own is not None:
        choice: Choice = own(view, legal)
        return choice
    return Choice(agent.choose(view, legal), "chosen")


class NaturalsFirst:
    """A level's own player (``inner``), choosing only among the moves
    :func:`engine.bots.wild_throws.naturals_first` leaves: never a wild thrown while a natural card
    could go, unless the hand is scored right after the move (a last turn). Every player
    :func:`make_agent` makes is one, so no game or level can forget it."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.level = inner.level

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return self.inner.choose(view, self._moves(view, legal))

    def explain(self, view: Any, legal: Sequence[Action]) -> Choice:
        return explain(self.inner, view, self._moves(view, legal))

    def _moves(self, view: Any, legal: Sequence[Action]) -> list[Action]:
        """The moves left to choose among: no wild thrown while a natural card could go, and never the card
        just taken from the discard pile thrown straight back, when a wild was kept back, while another could
        go. Without the second
        rule a level that takes the up card to throw a wild, and is then kept from throwing the wild, throws
        the up card back: every seat of a table of such players did so, and the hand never ended."""
        moves = naturals_first(view, legal)
        taken = taken_up_card(view)
        if taken is None or len(moves) == len(legal):  # no wild kept back: the level's own choice stands
            return moves
        others = [m for m in moves if not (isinstance(m, Discard) and m.card == taken)]
        return others if any(isinstance(m, Discard) for m in others) else moves


_FACTORIES: dict[tuple[str, str], Callable[[int], Agent]] = {}
_loaded: set[str] = set()


def register_agent(game: str, level: str, factory: Callable[[int], Agent]) -> None:
    """Make ``factory(seed)`` the player for ``game`` at ``level``; a second one for the same game and
    level is refused rather than silently replacing the first."""
    if (game, level) in _FACTORIES:
        raise ValueError(f"a {level} computer player for {game} is already registered")
    _FACTORIES[(game, level)] = factory


def _load_players(game: str) -> None:
    """Import the module that registers ``game``'s players: by convention ``engine.bots.<game>`` with
    dashes as underscores (five-crowns: engine/bots/five_crowns.py)."""
    if game in _loaded:
        return
    _loaded.add(game)
    module = game.replace("-", "_")
    if module.isidentifier() and importlib.util.find_spec(f"engine.bots.{module}") is not None:
        importlib.import_module(f"engine.bots.{module}")


def agent_levels(game: str) -> tuple[str, ...]:
    """The levels ``game`` has computer players for, easiest first."""
    _load_players(game)
    return tuple(level for level in LEVELS if (game, level) in _FACTORIES)


def make_agent(game: str, level: str, seed: int = 0) -> Agent:
    """A computer player for ``game`` at ``level`` ('easy', 'normal', 'hard'), seeded, that never throws
    a wild while a natural card could go, except on a last turn (:class:`NaturalsFirst`)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}': levels are {', '.join(LEVELS)}")
    _load_players(game)
    factory = _FACTORIES.get((game, level))
    if factory is None:
        raise ValueError(f"no {level} computer player for {game} yet")
    return NaturalsFirst(factory(seed))

