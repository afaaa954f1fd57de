"""A table as the player set it up by keys: the game, who sits at it, how strong each computer player is.

The plan is what the setup questions (access_game.ui.table_setup) produce and what settings remember
for next time: ``last_game`` and, per game, ``tables[game] = {"names": [...], "levels": [...]}`` (the
names yours first, one level per computer seat). The rule options are remembered where F2 keeps them,
``rules[game]``, so the two ways of choosing them agree. A run's command-line flags build their own
table and are never written here: they win for that run only.

Nothing here imports the interface: the plan is checked by the same rules as the command line (the
catalog's player range, the one name rule of engine.names, the computer players' levels).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["COMPUTER_NAMES", "TablePlan", "default_plan", "most_players", "offered_level", "table_problem"]

#: Names for computer players, in seat order: short, distinct at the first sound.
COMPUTER_NAMES = ("Anna", "Ben", "Carla", "David", "Emma", "Felix", "Grace", "Hugo", "Iris", "Jonas",
                  "Kate", "Liam", "Maya")
YOU = "You"
#: Players at a new table of a game for several, where the range allows.
USUAL_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class TablePlan:
    game: str
    #: Everyone's name, yours first.
    names: tuple[str, ...]
    #: One level per computer seat, in seat order (none in a game for one).
    levels: tuple[str, ...]
    #: Rule options chosen, by the catalog's option names (the rest keep the rules' defaults).
    options: Mapping[str, object] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.names)

    def seat_levels(self) -> tuple[str, ...]:
        """A level per seat, '' for yours: what a session plays each computer seat at."""
        return ("", *self.levels)


def most_players(game: str) -> int:
    """The most players a table of ``game`` can seat here (its rules' limit, or the names there are)."""
    from access_game.catalog import game as catalog_game

    return min(catalog_game(game).player_range[1], len(COMPUTER_NAMES) + 1)


def offered_level(game: str, level: str) -> str:
    """``level`` where ``game`` has a computer player at it, else the game's strongest: the settings'
    level is one for every game, and expert, say, is written for some games only. A game this program
    does not know keeps ``level`` (a server says what it has)."""
    from access_game.catalog import UnknownGame
    from access_game.catalog import game as catalog_game

    try:
        levels = catalog_game(game).levels
    except UnknownGame:
        return level
    return level if level in levels or not levels else levels[-1]


def default_plan(game: str, level: str = "normal", options: Mapping[str, object] | None = None) -> TablePlan:
    """A new table of ``game``: four players where the game allows (alone where it is for one), the
    computer players at ``level`` (or the game's strongest, where it has no player at ``level``)."""
    from access_game.catalog import game as catalog_game

    low, _high = catalog_game(game).player_range
    n = max(low, min(USUAL_PLAYERS, most_players(game)))
    names = (YOU, *COMPUTER_NAMES[: n - 1])
    return TablePlan(game, names, (offered_level(game, level),) * (n - 1), dict(options or {}))


def table_problem(last_game: object, tables: object, levels: tuple[str, ...]) -> str | None:
    """What is wrong with remembered tables, in a few words; None when they can be used (``levels``: the
    computer players' levels a setting may name, which the settings hold)."""
    if last_game == "" and isinstance(tables, Mapping) and not tables:
        return None  # nothing remembered yet: nothing to load
    from access_game.catalog import UnknownGame
    from access_game.catalog import game as catalog_game
    from engine.names import read_name

    if not isinstance(last_game, str):
        return "last_game is a game's name"
    if last_game:
        try:
            catalog_game(last_game)
        except UnknownGame:
            return f"last_game {last_game!r}: no such game"
    if not isinstance(tables, Mapping):
        return "tables: not a set of games"
    for name, kept in tables.items():
        try:
            entry = catalog_game(str(name))
        except UnknownGame:
            return f"tables {name!r}: no such game"
        if not isinstance(kept, Mapping) or set(kept) != {"names", "levels"}:
            return f"tables {name!r}: names and levels"
        names, kept_levels = kept["names"], kept["levels"]
        if not isinstance(names, list) or not isinstance(kept_levels, list):
            return f"tables {name!r}: names and levels are lists"
        low = entry.player_range[0]
        if not low <= len(names) <= most_players(entry.name) or len(kept_levels) != len(names) - 1:
            return f"tables {name!r}: {len(names)} players"
        if any(not isinstance(n, str) or read_name(n) != n for n in names):
            return f"tables {name!r}: a name is 1 to 40 printable characters"
        if len({n.casefold() for n in names}) != len(names):
            return f"tables {name!r}: every player needs a different name"
        if any(level not in levels for level in kept_levels):
            return f"tables {name!r}: levels are {', '.join(levels)}"
    return None
