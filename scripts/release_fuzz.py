"""The long fuzz run before a release: whole games of every game in the catalog, many seeds, for hours,
with the engine's promises checked at every step and every move judged by the game's scoring oracle.

The checks are the test suite's own (tests/conformance/test_conformance.py and tests/robustness/
fuzzing.py), imported, not copied: the suite runs each on a few short games; this runs them on whole
games, one after another until the time is up. It lives under scripts/ rather than in the package
because those checks live with the tests, which are not installed with the game.

Each game: a game of the catalog in turn, its number of players, its seed and its rule options (each
option of the game drawn, or left to its default) drawn from ``--seed``, played to its end by moves
drawn at random: a legal move, or (60 % of the time) a computer player's, so hands are won, knocked
and gone out of as often as in real play. At every step: the cards are conserved; moves sent out of
turn are refused with ``why_not``'s reason and change nothing; ``why_not_now`` agrees with the moves
offered and with ``verify``. The game's oracle (tests/oracles: the rules read again from the game's
rules document, never the engine's own scoring or meld functions) checks the options (the defaults
of those left out) and the shuffle, counts the cards in every place against the deck, checks the
moves offered where the rules fix them, which kinds of move the rules allow now, and moves of its
own the engine may never offer (those the rules forbid for their cards must be refused, those it
finds legal allowed); after each move the turn, the card drawn, the turn told, what each seat is
shown, and at a hand's end each player's cards, melds, points and total, the winner, the next
dealer, and at the game's end its bonuses and winners. Some games begin at a position the oracle
chose (Five Crowns at its last hand with the totals made to tie, Gin Rummy with a hand one point
from gin), so rare rules are met in every minute of the run; those are saved and read back as a
state rather than replayed from their seed. Every
``--every`` steps: legal moves with one field made wrong are refused and change nothing; each seat's
view is the same whatever the cards it may not see. At steps 1, 2, 4, 8... and at the end (a replay
costs the whole game so far): a copy of the game saved, loaded, replayed from its seed and played on
is the same game. At the end: every event and move is of a kind its ruleset declares.

    .venv/bin/python scripts/release_fuzz.py --hours 2 --seed 1
    .venv/bin/python scripts/release_fuzz.py --minutes 10 --seed 7 --games contract-rummy

A line every minute, and a last line with the figures (``--out FILE`` writes them as JSON). A broken
promise stops the run with the game, its players, its seed, its options and the step, exit status 1:
the same command with the same ``--seed`` plays the same games again. How well it catches a rule
changed is measured by scripts/mutation_score.py (docs/releasing.md).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), *(str(ROOT / "tests" / d) for d in ("conformance", "robustness", "oracles"))]

from fuzzing import check_wrongly_made  # noqa: E402
from oracles import oracle_for  # noqa: E402
from test_conformance import (  # noqa: E402
    check_cards_conserved,
    check_declared_kinds,
    check_refusals,
    check_save_round_trip,
    check_views_hide,
    check_why_not_now,
)

from access_game.catalog import games  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.bots import agent_levels, make_agent  # noqa: E402
from engine.game import Game  # noqa: E402

#: No whole game of random play is near this long (the games' own limits end every hand); past it the
#: game is stopped and counted, so one game can never eat the whole run.
MOST_STEPS = 50_000
#: How often a move is a computer player's rather than any legal move at random: random moves alone
#: rarely go out, so without them the hands that score (a knock, gin, an undercut) would seldom come.
PLAYER_SHARE = 0.6


@dataclass
class Figures:
    games: int = 0
    steps: int = 0
    hands_judged: int = 0
    refused_out_of_turn: int = 0
    wrongly_made_refused: int = 0
    oracle_moves_tried: int = 0
    round_trips: int = 0
    views_checked: int = 0
    cut_at_most_steps: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        minutes = max(self.seconds, 1e-9) / 60
        return (f"{self.games} games, {self.steps} steps, {self.hands_judged} hands judged "
                f"({self.games / minutes:.1f} games and "
                f"{self.steps / minutes:.0f} steps a minute), {self.refused_out_of_turn} moves out of turn "
                f"and {self.wrongly_made_refused} wrongly made moves refused, {self.round_trips} save round "
                f"trips, {self.views_checked} views checked, in {self.seconds:.0f} s")


class Broken(Exception):
    """A promise the engine did not keep, with where."""


def play_one(name: str, seed: int, players: int, every: int, figures: Figures, most: int = MOST_STEPS) -> None:
    """One whole game of ``name``, its rule options drawn from the seed, every promise checked and every
    move judged by the game's oracle (tests/oracles); Broken says which and where."""
    rng = random.Random(f"{name}/{seed}/{players}")
    oracle = oracle_for(name)
    # Each option drawn, or left out (a third of the time) so the rules' own defaults are judged too.
    options = {k: v for k, v in oracle.fuzz_options(rng, players).items() if rng.random() < 2 / 3}
    step = 0
    try:
        oracle.check_seating()
        game = Game.new(name, [f"P{i}" for i in range(players)], seed=seed, options=options)
        oracle.start(game)
        oracle.check_options(game)
        # A position the oracle chose (a last hand set to tie) is not what the seed replays (see round_trip).
        chosen = oracle.choose(game, rng)
        oracle.check_shuffled(game)
        oracle.check_over(game)
        levels = agent_levels(name)
        agents = [make_agent(name, rng.choice(levels), rng.randrange(2**31)) for _ in range(players)] if levels else []
        first: list[Counter[Any]] = []
        seen: dict[str, Action] = {}
        while not game.over and step < most:
            check_cards_conserved(game, first)
            oracle.check_conserved(game)
            figures.refused_out_of_turn += len(check_refusals(game, rng))
            check_why_not_now(game, seen)
            seat = rng.choice(game.seats_to_act())
            legal = game.legal_actions(seat)
            oracle.check_offer(game, seat, legal)
            oracle.check_refused(game, seat, legal)
            figures.oracle_moves_tried += oracle.check_cards_refused(game, seat, legal, rng)
            if step % every == 0:
                deep_checks(game, legal, rng, figures)
            if step & (step - 1) == 0:
                round_trip(game, rng, figures, chosen)
            action = (agents[seat].choose(game.view(seat), legal) if agents and rng.random() < PLAYER_SHARE
                      else rng.choice(legal))
            oracle.steer(game, action, rng)
            before = oracle.snapshot(game)
            events = game.apply(action)
            oracle.check_move(before, action, events, game)
            oracle.check_turn(game, action, events)
            oracle.check_over(game)
            if any(e.kind.endswith("hand_started") for e in events):
                oracle.check_shuffled(game)
            oracle.check_seen(game)
            step += 1
            figures.steps += 1
        if game.over and oracle.kept_at_end:
            oracle.check_conserved(game)
        deep_checks(game, [], rng, figures)  # the game over (its cards put away), or stopped
        round_trip(game, rng, figures, chosen)
        check_declared_kinds(game)
        figures.hands_judged += oracle.judged
    except Exception as exc:
        raise Broken(f"{name}, {players} players, seed {seed}, options {options}, step {step}: "
                     f"{exc.__class__.__name__}: {exc}\n" + traceback.format_exc()) from exc
    figures.cut_at_most_steps += step >= most
    figures.games += 1


def deep_checks(game: Game, legal: list[Action], rng: random.Random, figures: Figures) -> None:
    if legal:
        refused, _typed = check_wrongly_made(game, legal, rng)
        figures.wrongly_made_refused += refused
    check_views_hide(game, rng)
    figures.views_checked += len(game.players)


def round_trip(game: Game, rng: random.Random, figures: Figures, chosen: bool = False) -> None:
    """A save loads back, replays from its seed and plays on as the game does; a position the oracle
    chose (not what its seed replays) is saved and read back as a state alone, which must pass the
    rules' own checks of a state and read back the same."""
    if chosen:
        data = json.loads(json.dumps(game.ruleset.state_to_data(game.state)))
        if game.ruleset.state_to_data(game.ruleset.state_from_data(data)) != data:
            raise AssertionError("the state read back from its save is not the same")
    else:
        check_save_round_trip(Game.from_data(game.to_data()), rng.randrange(2**31))  # played on: a copy
    figures.round_trips += 1


def run(seconds: float, seed: int, names: list[str], every: int, most: int = MOST_STEPS, report: float = 60.0
        ) -> Figures:
    """Games until ``seconds`` have passed (at least one of each game named); Broken at the first broken
    promise."""
    entries = [e for e in games() if e.name in names]
    draw = random.Random(seed)
    figures = Figures()
    start = last = time.monotonic()
    n = 0
    while n < len(entries) or time.monotonic() - start < seconds:
        entry = entries[n % len(entries)]
        low, high = entry.player_range
        play_one(entry.name, draw.randrange(2**31), draw.randint(low, min(high, 8)), every, figures, most)
        n += 1
        now = time.monotonic()
        figures.seconds = now - start
        if now - last >= report:
            print(f"release fuzz: {figures.line()}", flush=True)
            last = now
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--hours", type=float)
    length.add_argument("--minutes", type=float)
    length.add_argument("--seconds", type=float)
    parser.add_argument("--seed", type=int, default=1, help="the run's seed: the same seed plays the same games")
    parser.add_argument("--games", default=",".join(e.name for e in games()),
                        help="games of the catalog, by name, comma-separated (default: all)")
    parser.add_argument("--every", type=int, default=100, help="steps between the costly checks (default 100)")
    parser.add_argument("--most-steps", type=int, default=MOST_STEPS,
                        help=f"stop a game after this many steps (default {MOST_STEPS}: whole games)")
    parser.add_argument("--out", type=Path, help="write the figures here as JSON")
    args = parser.parse_args(argv)
    seconds = (args.hours or 0) * 3600 + (args.minutes or 0) * 60 + (args.seconds or 0) or 3600.0
    names = [n.strip() for n in args.games.split(",") if n.strip()]
    unknown = sorted(set(names) - {e.name for e in games()})
    if unknown or not names or args.every < 1 or args.most_steps < 1:
        parser.error(f"no such game: {', '.join(unknown)}" if unknown
                     else "--games, --every and --most-steps each need a value")
    try:
        figures = run(seconds, args.seed, names, args.every, args.most_steps)
    except Broken as broken:
        print(f"release fuzz: a promise broken: {broken}", file=sys.stderr)
        return 1
    print(f"release fuzz: every promise kept: {figures.line()}")
    if args.out:
        args.out.write_text(json.dumps(asdict(figures), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
