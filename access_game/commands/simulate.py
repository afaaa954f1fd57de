"""The ``simulate`` subcommand: computer players against each other, for strength and speed figures.

The work is in :mod:`access_game.simulate`; this module reads and checks the arguments. Five Crowns
solitaire has one player and its own measures, so ``--game solitaire`` hands over to that game's own
simulation when it is installed.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from access_game.commands._common import UsageError, add_command
from access_game.commands.summaries import summary
from speech.i18n import _, ngettext, with_numbers
from speech.option_values import read_value, value_word

SOLITAIRE = "solitaire"
#: Upper bounds: a typing slip (--games 1000000000000) is refused instead of ending in a MemoryError.
MAX_GAMES = 100_000
MAX_WORKERS = 64


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_command(
        sub,
        "simulate",
        run,
        summary("simulate"),
    )
    from access_game.catalog import games
    from engine.bots import LEVELS

    names = [e.name for e in games()]
    parser.add_argument("--game", default=names[0], type=str.casefold, metavar="GAME",
                        help=_("game to play: {games} (default {default}; {solitaire} plays its own measures: "
                               "deals won, piles closed)").format(games=", ".join(names), default=names[0],
                                                                  solitaire=SOLITAIRE))
    # The levels in the player's language (speech.option_values); English is read too.
    parser.add_argument(
        "--players",
        default="hard,normal",
        help=_("comma-separated levels, one per seat: {levels} (default {default})").format(
            levels=", ".join(value_word(v) for v in LEVELS),
            default=",".join(value_word(v) for v in ("hard", "normal"))),
    )
    parser.add_argument("--games", type=int, default=100, help=_("number of games (default 100)"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the first deal (default 1)"))
    parser.add_argument("--workers", type=int, default=1, help=_("processes to spread the games over (default 1)"))
    parser.add_argument("--json", action="store_true", help=_("print the results as JSON"))


def _levels(game: str, text: str) -> list[str]:
    from access_game.catalog import game as catalog_game
    from engine.bots import LEVELS, agent_levels

    typed = [part.strip() for part in text.split(",")]
    if not all(typed):
        raise UsageError(_("--players is a comma-separated list of levels, e.g. {example}").format(
            example=",".join(value_word(v) for v in ("hard", "normal"))))
    available = agent_levels(game)
    levels: list[str] = []
    for word in typed:
        level = read_value(word, LEVELS)
        if level is None:
            raise UsageError(_("unknown level '{level}' in --players: levels are {names}").format(level=word,
                names=', '.join(value_word(v) for v in LEVELS)))
        if level not in available:
            raise UsageError(_("{game} has no {level} computer player yet").format(game=game, level=value_word(level)))
        levels.append(level)
    entry = catalog_game(game)
    low, high = entry.player_range
    if not low <= len(levels) <= high:
        if low == high:  # "2 to 2 players" is no range: the one number is said
            raise UsageError(ngettext("{title} is for {n} player, not {count}",
                                      "{title} is for {n} players, not {count}", high).format(
                title=entry.spoken_title, n=high, count=len(levels)))
        raise UsageError(_("{title} is for {low} to {high} players, not {count}").format(
            title=entry.spoken_title, low=low, high=high, count=len(levels)))
    return levels


def solitaire_text(data: dict[str, Any]) -> str:
    """The solitaire measures in the player's language, one whole sentence each."""
    games, wins = int(data["games"]), int(data["wins"])
    return "\n".join([
        _("{game}: {games}, seed {seed}.").format(
            game=data["game"], games=ngettext("{n} game", "{n} games", games).format(n=games), seed=data["seed"]),
        with_numbers(_("{wins}, win rate {rate:.1%}."),
                     wins=ngettext("{n} deal won", "{n} deals won", wins).format(n=wins), rate=float(data["win_rate"])),
        with_numbers(_("Piles closed: {piles:.3g} per game on average; cards left in the stock: {stock:.3g} on "
                       "average."), piles=float(data["mean_piles_closed"]), stock=float(data["mean_stock_left"])),
    ])


def _print(data: dict[str, Any], as_json: bool, text: str | None = None) -> None:
    """The report: JSON for a script, else each line as a game prints it (speech.utterance.printed)."""
    from speech.utterance import printed

    if as_json:
        print(json.dumps(data, indent=2))
    elif text is not None:
        print("\n".join(printed(line) for line in text.splitlines()))
    else:
        for key, value in data.items():
            print(f"{key}: {value}")


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UsageError(_("--games must be at least 1"))
    if args.games > MAX_GAMES:
        raise UsageError(_("--games must be at most {MAX_GAMES}, not {games}").format(MAX_GAMES=MAX_GAMES,
            games=args.games))
    if args.workers < 1:
        raise UsageError(_("--workers must be at least 1"))
    if args.workers > MAX_WORKERS:
        raise UsageError(_("--workers must be at most {MAX_WORKERS}, not {workers}").format(MAX_WORKERS=MAX_WORKERS,
            workers=args.workers))
    from access_game.catalog import UnknownGame, game

    try:
        game(args.game)
    except UnknownGame as exc:
        raise UsageError(str(exc)) from None
    if args.game == SOLITAIRE:
        try:
            from engine.solitaire_sim import simulate_games
        except ImportError:
            raise UsageError(_("solitaire is not available")) from None
        data = simulate_games(games=args.games, seed=args.seed)
        _print(data, args.json, solitaire_text(data))
        return 0

    levels = _levels(args.game, args.players)

    from access_game.simulate import run_simulation

    report = run_simulation(
        args.game, levels, games=args.games, seed=args.seed, workers=args.workers, progress=sys.stderr
    )
    _print(report.to_data(), args.json, report.to_text())
    return 0
