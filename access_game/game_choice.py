"""The new game a player asks for: the game, its seats and levels, the seed and the rule options, from
the command line's flags, a table set up by keys, or 'another game' at the end of one. `play` and
`solitaire` both start games this way, so this is not a command of its own (a command imports no other).
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field, replace

from access_game.catalog import GameEntry, GameOption
from access_game.commands._common import UsageError, check_name
from access_game.settings import Settings
from access_game.table_plan import COMPUTER_NAMES, TablePlan, offered_level
from speech.i18n import _, ngettext
from speech.option_values import value_word

__all__ = ["DEFAULT_GAME", "GameChoice", "choice_from_plan", "choose_game", "given_options", "new_choice",
           "option_dest", "option_metavar", "remembered_choice", "table_options"]

#: What `access-game` starts when no game is named and none is saved.
DEFAULT_GAME = "five-crowns"


def option_metavar(opt: GameOption) -> str:
    """How ``--help`` shows a rule option's value: its choices, yes|no, or N, in the player's language."""
    from speech.option_values import metavar

    return metavar(opt.choices) if opt.kind == "choice" else metavar(("yes", "no")) if opt.kind == "bool" else "N"


def option_dest(flag: str) -> str:
    return "option_" + flag.lstrip("-").replace("-", "_")


@dataclass(frozen=True, slots=True)
class GameChoice:
    game: str
    players: list[str]
    level: str
    seed: int
    #: Rule options chosen (the catalog's option names); the ruleset's defaults hold for the rest.
    options: dict[str, object] = field(default_factory=dict)
    #: A level per seat ('' for yours) where the table was set up seat by seat; else ``level`` for all.
    levels: tuple[str, ...] = ()


def choose_game(args: argparse.Namespace, settings: Settings) -> GameChoice:
    """The new game the arguments ask for; UsageError says what is wrong with them."""
    from access_game.catalog import UnknownGame, games
    from access_game.catalog import game as catalog_game

    # No game named: the game of the table set up last (an empty --game '' is refused, not the default).
    name = (settings.last_game or DEFAULT_GAME) if args.game is None else args.game
    try:
        entry = catalog_game(name)
    except UnknownGame:
        entry = None
    if entry is None or entry.table is None:
        playable = ", ".join(e.name for e in games() if e.table is not None)
        raise UsageError(_("--game: there is no table for {name!r}; games: {playable}").format(name=name,
            playable=playable))
    game = entry.name
    if args.level and entry.levels and args.level not in entry.levels:
        raise UsageError(_("--level: {title} has no {level} computer player; levels: {levels}").format(
            title=entry.spoken_title, level=value_word(args.level),
            levels=", ".join(value_word(v) for v in entry.levels)))
    ruleset = entry.rules()
    given = given_options(entry, args)
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    if args.players is None and args.names is None and (entry.player_range[1] > 1 or entry.name in settings.tables):
        # No seats on the command line: the table set up by keys last time (or the usual one), with
        # this run's flags over it (--level, rule options) for this run only.
        from access_game.remembered_tables import remembered_plan

        plan = remembered_plan(settings, game)
        if args.level:
            plan = replace(plan, levels=(args.level,) * len(plan.levels))
        return choice_from_plan(plan, settings, seed, given)
    n = args.players
    names: list[str] = list(args.names or [])
    if n is None:
        n = 1 if ruleset.max_players == 1 else len(names) + 1 if names else 4
    top = min(ruleset.max_players, len(COMPUTER_NAMES) + 1)
    if not ruleset.min_players <= n <= top:
        title = _(ruleset.title)
        if ruleset.min_players == top:
            raise UsageError(ngettext("--players: {title} here is for {n} player",
                                      "--players: {title} here is for {n} players", top).format(title=title, n=top))
        raise UsageError(_("--players: {title} here is for {low} to {high} players").format(
            title=title, low=ruleset.min_players, high=top))
    if names:
        if len(names) == n - 1:
            names = ["You", *names]
        elif len(names) != n:
            others = "" if n == 1 else f"{n - 1} names (the computer players') or "
            raise UsageError(_("--names: give {others}{n} (yours first)").format(others=others, n=n))
        names = [check_name(x, "--names") for x in names]  # the network's rule: one rule for every name
        if len({x.casefold() for x in names}) != len(names):
            raise UsageError(_("--names: every player needs a different name"))
    else:
        names = ["You", *COMPUTER_NAMES[: n - 1]]
    options = table_options(entry, names, seed, settings, given)
    return GameChoice(game, names, args.level or offered_level(game, settings.level), seed, options)


def choice_from_plan(plan: TablePlan, settings: Settings, seed: int | None = None,
                     given: dict[str, object] | None = None) -> GameChoice:
    """The new game a table plan asks for: its seats and levels, its rule options (``given`` on the
    command line over them)."""
    from access_game.catalog import game as catalog_game
    from access_game.remembered_tables import remember

    entry = catalog_game(plan.game)
    seed = random.randrange(2**31) if seed is None else seed
    names = list(plan.names)
    options = table_options(entry, names, seed, remember(settings, plan), given)
    levels = plan.seat_levels() if len(set(plan.levels)) > 1 else ()
    level = plan.levels[0] if plan.levels else offered_level(entry.name, settings.level)
    return GameChoice(entry.name, names, level, seed, options, levels)


def table_options(entry: GameEntry, names: list[str], seed: int, settings: Settings,
                  given: dict[str, object] | None = None) -> dict[str, object]:
    """The ruleset's options for a new game: each option given on the command line, else the one
    chosen in settings for this game, else the rules' default. Settings that do not fit this table (two
    decks for six players) give way to the rules' defaults; options given were checked already."""
    given = given or {}
    chosen = {**settings.rule_options(entry.name), **given}
    for options in (chosen, given):
        rules = entry.rule_options(options, len(names), seed)
        try:
            entry.rules().new_state(names, seed=seed, options=rules)
        except ValueError:
            continue
        return rules
    raise UsageError(_("the rule options do not fit this table"))  # not reached: the options given were checked


def given_options(entry: GameEntry, args: argparse.Namespace) -> dict[str, object]:
    """The rule options given for ``entry``'s game; an option meant for another game is refused."""
    given: dict[str, str | None] = {}
    mine = {opt.flag for opt in entry.options}
    for name, value in vars(args).items():
        if not name.startswith("option_") or value is None:
            continue
        flag = "--" + name.removeprefix("option_").replace("_", "-")
        if flag not in mine:
            raise UsageError(_("{flag} is not an option of {title}").format(flag=flag, title=entry.spoken_title))
        given[next(o.name for o in entry.options if o.flag == flag)] = value
    try:
        options = entry.options_from_text(given)
        players = ["You", "Anna"][: entry.player_range[1]]
        entry.rules().new_state(players, seed=0, options=entry.rule_options(options, len(players), 0))
    except ValueError as exc:
        from speech.refusal_words import error_text  # with the rules: after a game's first line

        raise UsageError(error_text(exc)) from None
    return options


def new_choice(game: str, player: str, level: str, settings: Settings | None = None) -> GameChoice:
    """A new game of ``game`` for ``player`` (chosen from 'another game'): four at the table where the
    game has computer players, the player alone where it is a game for one; the rule options chosen in
    settings for that game."""
    from access_game.catalog import game as catalog_game

    entry = catalog_game(game)
    low, high = entry.player_range
    n = max(low, min(4, high))
    others = [c for c in COMPUTER_NAMES if c.casefold() != player.casefold()][: n - 1]
    names = [player, *others]
    seed = random.randrange(2**31)
    return GameChoice(entry.name, names, level, seed, table_options(entry, names, seed, settings or Settings()))


def remembered_choice(settings: Settings) -> GameChoice | None:
    """The game of the table remembered, its seats left to fill (``players`` empty) once its first line is
    out (see terminal_game): its rules are loaded then. None when that game has no table here."""
    from access_game.catalog import UnknownGame
    from access_game.catalog import game as catalog_game

    name = settings.last_game or DEFAULT_GAME
    try:
        if catalog_game(name).table is None:
            return None
    except UnknownGame:
        return None
    return GameChoice(name, [], settings.level, random.randrange(2**31))
