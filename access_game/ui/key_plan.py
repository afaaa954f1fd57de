"""The one key plan: which key runs which command, in every game.

A blind player works by muscle memory, so a key means the same thing in every game where that thing
exists, and a key that only reads or selects in one game never commits a move in another. Tables and
the core commands therefore never choose keys: they name a command of this plan and describe what it
does in their game; the plan gives its keys, its group and whether it commits a move. docs/keys.md
and ``access-game keys`` are written from it (with the tables that use each command).

The moves that change the game have one key each: D draw, T take, X discard, O go out, Enter put the
selection (or the turned-up card) down, Shift+O lay off, Shift+W swap, Shift+L lay down the best, Y and
N answer a question (buy, take), Shift+N do what the hint says. Space only selects. The names are a
rummy's, the keys are what a move does in any game: X puts the current card on the discard pile (in
Crazy Eights, a card played), N says no to what is offered or passes (Crazy Eights' pass).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["PLAN", "PlannedCommand", "UnplannedCommand", "planned"]


class UnplannedCommand(KeyError):
    """A table named a command the plan does not hold: add it to the plan, with its keys, first."""


@dataclass(frozen=True, slots=True)
class PlannedCommand:
    name: str
    keys: tuple[str, ...]
    #: True when the command makes a move in the game (taken back only by undo, at a table with no other person).
    commits: bool
    #: The help group: play, selection, hand, pile, melds, table, speech, game.
    group: str


def _p(name: str, keys: tuple[str, ...], group: str, *, commits: bool = False) -> PlannedCommand:
    return PlannedCommand(name, keys, commits, group)


_DIGITS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0")
_ALT_DIGITS = tuple(f"alt-{n}" for n in range(1, 10))

#: Every command of every game, in help order within its group.
PLAN: tuple[PlannedCommand, ...] = (
    # ----- moves: each has one key, the same in every game
    _p("draw", ("d",), "play", commits=True),
    _p("take", ("t",), "play", commits=True),
    _p("discard", ("x",), "play", commits=True),
    _p("go-out", ("o",), "play", commits=True),
    _p("put-down", ("enter",), "play", commits=True),
    _p("lay-off", ("O",), "play", commits=True),
    _p("swap", ("W",), "play", commits=True),
    _p("lay-down-best", ("L",), "play", commits=True),
    _p("yes", ("y",), "play", commits=True),
    _p("no", ("n",), "play", commits=True),
    _p("play-hint", ("N",), "play", commits=True),
    _p("hint", ("H",), "play"),
    _p("up-card", ("u",), "table"),
    # Space and Enter also let waiting computer players go on (only while they wait).
    _p("next", ("space", "enter"), "play"),
    # ----- selecting cards for a meld or a lay-off
    _p("select", ("space",), "selection"),
    _p("read-selection", ("z",), "selection"),
    _p("clear-selection", ("Z",), "selection"),
    _p("contract", ("C",), "selection"),
    _p("fits", ("F",), "selection"),
    # ----- the hand (in solitaire: the cards of the current pile)
    _p("previous-card", ("left",), "hand"),
    _p("next-card", ("right",), "hand"),
    _p("first-card", ("home",), "hand"),
    _p("last-card", ("end",), "hand"),
    _p("jump", _DIGITS, "hand"),
    _p("jump-high", _ALT_DIGITS, "hand"),
    _p("go-to", ("j",), "hand"),
    _p("read-hand", ("h",), "hand"),
    _p("read-by-suit", ("g",), "hand"),
    _p("read-by-rank", ("G",), "hand"),
    _p("best-melds", ("alt-m",), "hand"),
    _p("braille-hand", ("b",), "hand"),
    _p("sort-rank", ("r",), "hand"),
    _p("sort-suit", ("e",), "hand"),
    # ----- a pile cursor: the discard pile's cards, or solitaire's piles
    _p("pile-up", ("up",), "pile"),
    _p("pile-down", ("down",), "pile"),
    _p("next-take-back", ("s-down",), "pile"),
    _p("previous-take-back", ("s-up",), "pile"),
    _p("pile-go-to", ("J",), "pile"),
    _p("read-discards", ("k",), "pile"),
    _p("take-back-options", ("K",), "pile"),
    # ----- the meld cursor and the melds on the table
    _p("next-meld", ("m",), "melds"),
    _p("previous-meld", ("M",), "melds"),
    _p("go-to-meld", ("alt-j",), "melds"),
    _p("read-table", ("a",), "melds"),
    _p("players-melds", ("A",), "melds"),
    # ----- the rest of the table
    _p("next-player", ("tab",), "table"),
    _p("previous-player", ("s-tab",), "table"),
    _p("players", ("p",), "table"),
    _p("open-piles", ("P",), "table"),
    _p("wild", ("w",), "table"),
    _p("scores", ("s",), "table"),
    _p("scores-long", ("S",), "table"),
    _p("info", ("i",), "table"),
    _p("record", ("R",), "table"),
    # ----- a table on a server (network play only)
    _p("chat", ("/",), "table"),
    _p("seats", ("U",), "table"),
    _p("hand-over", ("V",), "table"),
    _p("remove", ("X",), "table"),
    # ----- messages and speech (every game)
    _p("repeat", ("l",), "speech"),
    _p("history-older", ("pageup",), "speech"),
    _p("history-newer", ("pagedown",), "speech"),
    _p("history-oldest", ("c-home",), "speech"),
    _p("history-newest", ("c-end",), "speech"),
    _p("history-filter", ("f",), "speech"),
    _p("verbosity", ("v",), "speech"),
    _p("cues", ("c",), "speech"),
    # ----- game, settings and help (every game)
    _p("help", ("f1", "?"), "game"),
    _p("menu", ("escape",), "game"),
    _p("settings", ("f2",), "game"),
    _p("new-table", ("c-n",), "game"),
    _p("play-online", ("c-o",), "game"),
    _p("buy-questions", ("B",), "game"),
    _p("save", ("c-s",), "game"),
    # Takes back a move rather than making one; only at a table with no other person.
    _p("undo", ("c-z",), "game"),
    _p("quit", ("q",), "game"),
)

_BY_NAME = {c.name: c for c in PLAN}


def planned(name: str) -> PlannedCommand:
    """The plan's entry for a command name; a name not in the plan is refused."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise UnplannedCommand(f"the key plan has no command {name!r}: add it to access_game.ui.key_plan") from None


def plan_order() -> Callable[[str], int]:
    """Sort key: a command name's place in the plan."""
    index = {c.name: i for i, c in enumerate(PLAN)}
    return lambda name: index.get(name, len(index))
