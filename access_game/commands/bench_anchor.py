"""The ``bench-anchor`` subcommand: one of our levels against a player from outside the project.

The work is in :mod:`access_game.bench.anchor`; this module reads and bounds the arguments and says the
figures. The outside player is OpenSpiel's simple gin rummy bot, an optional extra
(``pip install 'access-game[anchors]'``): without it the command says how to install it and stops.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from access_game.commands._common import UsageError, add_command, choice
from access_game.commands.summaries import summary
from speech.i18n import _, ngettext, pgettext, with_numbers
from speech.option_values import value_word

if TYPE_CHECKING:
    from access_game.bench.anchor import AnchorReport

#: The games an outside player is wired for.
ANCHOR_GAMES = ("gin-rummy",)
#: A typing slip (--games 1000000000) is refused instead of running for days.
MAX_GAMES = 100_000


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from engine.bots import LEVELS

    parser = add_command(sub, "bench-anchor", run, summary("bench-anchor"))
    parser.add_argument("--game", default=ANCHOR_GAMES[0], type=str.casefold, choices=ANCHOR_GAMES,
                        help=_("game to play: {games} (default {default})").format(
                            games=", ".join(ANCHOR_GAMES), default=ANCHOR_GAMES[0]))
    parser.add_argument("--level", default="hard", **choice(LEVELS),
                        help=_("the level of our player (default hard)"))
    parser.add_argument("--games", type=int, default=100, help=_("number of games (default 100)"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the first deal (default 1)"))
    parser.add_argument("--json", action="store_true", help=_("print the figures as one JSON object"))


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(_("--games must be 1 to {high}, not {games}").format(high=MAX_GAMES, games=args.games))
    if args.seed < 0:
        raise UsageError(_("--seed must be 0 or more, not {seed}").format(seed=args.seed))
    try:
        import pyspiel  # noqa: F401  (only asked whether it is installed; the bench imports it itself)
    except ImportError:
        raise UsageError(_("the outside player is OpenSpiel's, an optional extra: pip install "
                           "'access-game[anchors]'")) from None
    from access_game.bench.anchor import run_anchor
    from access_game.catalog import game as catalog_game

    offered = catalog_game(args.game).levels
    if args.level not in offered:
        raise UsageError(_("--level: {title} has no {level} computer player; levels: {levels}").format(
            title=catalog_game(args.game).spoken_title, level=value_word(args.level),
            levels=", ".join(value_word(v) for v in offered)))

    report = run_anchor(args.level, args.games, args.seed)
    if args.json:
        print(json.dumps(report.to_data(), indent=2))
    else:
        from speech.utterance import printed

        sys.stdout.write("".join(printed(line) + "\n" for line in report_text(report).splitlines()))
    return 0


def report_text(report: AnchorReport) -> str:
    """The figures in the player's language, one whole sentence a line."""
    from access_game.catalog import game

    n = report.games
    low, high = report.game_ci95
    hand_low, hand_high = report.hand_ci95
    level = pgettext("level setting", report.level)
    outcomes = report.outcomes
    wins = report.wins
    lines = [
        _("{title}, our {level} player against OpenSpiel's simple bot: {games}, seats rotated, seed {seed}; our "
          "rules referee.").format(title=game(report.game).spoken_title, level=level,
                                   games=ngettext("{n} game", "{n} games", n).format(n=n), seed=report.seed),
        with_numbers(_("Games: {wins}, game share {share:.1%} ({confidence:.0%} interval {low:.1%} to {high:.1%}); "
                       "mean points per game {points:.1f}, the bot's {bot:.1f}."),
                     wins=with_numbers(ngettext("{n:g} win", "{n:g} wins", int(wins) if wins == int(wins) else 2),
                                       n=wins),
                     share=report.game_share, confidence=0.95, low=low, high=high, points=report.mean_points,
                     bot=report.bot_mean_points),
        with_numbers(_("Hands: {won} won, {lost} lost, {drawn} drawn; hand share {share:.1%} of those decided "
                       "({confidence:.0%} interval {low:.1%} to {high:.1%})."),
                     won=report.hands_won, lost=report.hands_lost, drawn=report.hands_drawn, share=report.hand_share,
                     confidence=0.95, low=hand_low, high=hand_high),
        with_numbers(_("Hands won: {knock} by a knock, {gin} by gin, {undercut} by an undercut; lost: {lknock} to a "
                       "knock, {lgin} to gin, {lundercut} to an undercut."),
                     knock=outcomes.get("won knock", 0),
                     gin=outcomes.get("won gin", 0) + outcomes.get("won big_gin", 0),
                     undercut=outcomes.get("won undercut", 0), lknock=outcomes.get("lost knock", 0),
                     lgin=outcomes.get("lost gin", 0) + outcomes.get("lost big_gin", 0),
                     lundercut=outcomes.get("lost undercut", 0)),
        with_numbers(_("The bot's throws our rules forbid (the up card it had just taken), replaced by the throw "
                       "leaving it least deadwood: {n}."), n=report.replaced),
        with_numbers(_("Our player's decisions: {ms:.2f} ms mean; {rate:.2f} games per second."),
                     ms=report.decision_ms_mean, rate=n / report.seconds if report.seconds > 0 else 0.0),
    ]
    return "\n".join(lines)
