"""Computer players against each other: many seeded games, seats rotated, with the figures that say who
is stronger and how fast they think.

Every level in the line-up plays every seat of the same deals: with ``k`` seats, game ``i`` is dealt
from seed ``S + i // k`` with the line-up rotated ``i % k`` places, so luck of the cards and of the seat
cancels out over each block of ``k`` games. Ties share the win (a two-way tie is half a win each), so
the win shares of one run add up to one. Each game depends only on its number, which is why spreading
games over worker processes gives exactly the results of one process (only the timings differ).

This works for any multi-player ruleset that ends with a :class:`engine.events.GameEnded` event and has
agents registered with :func:`engine.bots.register_agent`.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from access_game.bench.figures import percentile
from engine.bots import make_agent
from engine.bots.wild_throws import is_wild_in, scored_after_move, thrown_card
from engine.events import Event, GameEnded, TurnStarted
from engine.game import Game
from speech.i18n import _, ngettext, pgettext, with_numbers
from speech.utterance import printed

__all__ = ["GameResult", "SimulationReport", "deal_plan", "final_standing", "play_game", "run_simulation",
           "wilson_interval"]

#: A game that runs this many actions without ending is a bug in a ruleset or a player.
MAX_ACTIONS = 200_000
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game, per entry of the line-up (not per seat: the line-up rotates over seats)."""

    index: int
    points: tuple[int, ...]
    #: Win share: 1 for a sole winner, 1/n for each of n tied winners, else 0.
    shares: tuple[float, ...]
    #: Seconds each entry took per decision.
    decision_seconds: tuple[tuple[float, ...], ...]
    #: CPU seconds of the same decisions (the thread's own time): what the machine's load does not inflate.
    decision_cpu_seconds: tuple[tuple[float, ...], ...] = ()
    #: Turns each hand of the game lasted, in order (a turn: from one TurnStarted to the next, whatever the
    #: game makes of it: a draw and a discard in a rummy, a card played, or drawn and passed, in Crazy Eights).
    turns_per_hand: tuple[int, ...] = ()
    #: Cards each entry threw on the discard pile (going out included), the wilds and jokers among
    #: them, and those of the wilds thrown while a natural card could have gone instead (on a turn after
    #: which the hand is not scored at once: on a last turn the fewest points left is the rule).
    throws: tuple[int, ...] = ()
    wild_throws: tuple[int, ...] = ()
    needless_wild_throws: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatReport:
    level: str
    wins: float
    win_share: float
    ci95: tuple[float, float]
    mean_points: float
    decision_ms_mean: float
    decision_ms_p99: float
    decisions: int
    decision_cpu_ms_mean: float = 0.0
    decision_cpu_ms_p99: float = 0.0
    throws: int = 0
    wild_throws: int = 0
    needless_wild_throws: int = 0

    @property
    def wild_throws_per_1000(self) -> float:
        """Wilds and jokers thrown per 1,000 cards thrown: the gifts a person at the table would see."""
        return 1000 * self.wild_throws / self.throws if self.throws else 0.0


def _plural_count(n: float) -> int:
    """The whole number that picks a count's plural form: a share of a win (ties) is plural."""
    return int(n) if n == int(n) else 2


@dataclass(frozen=True, slots=True)
class SimulationReport:
    game: str
    games: int
    seed: int
    seats: tuple[SeatReport, ...]
    seconds: float
    #: Turns per hand over every hand of every game: mean and longest.
    turns_mean: float = 0.0
    turns_max: int = 0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def to_data(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seats": [
                {
                    "level": s.level,
                    "wins": round(s.wins, 6),
                    "win_share": round(s.win_share, 6),
                    "ci95": [round(s.ci95[0], 6), round(s.ci95[1], 6)],
                    "mean_points": round(s.mean_points, 3),
                    "decision_ms_mean": round(s.decision_ms_mean, 3),
                    "decision_ms_p99": round(s.decision_ms_p99, 3),
                    "decision_cpu_ms_mean": round(s.decision_cpu_ms_mean, 3),
                    "decision_cpu_ms_p99": round(s.decision_cpu_ms_p99, 3),
                    "throws": s.throws,
                    "wild_throws": s.wild_throws,
                    "needless_wild_throws": s.needless_wild_throws,
                    "wild_throws_per_1000": round(s.wild_throws_per_1000, 3),
                }
                for s in self.seats
            ],
            "turns_per_hand": {"mean": round(self.turns_mean, 3), "max": self.turns_max},
            "games_per_second": round(self.games_per_second, 3),
        }

    def to_text(self) -> str:
        """The report in the player's language: each line a whole sentence of the catalog, each count
        through its plural forms."""
        k = len(self.seats)
        deals = math.ceil(self.games / k)
        lines = [_("{game}: {games}, {seats} seats rotated over {deals}, seed {seed}.").format(
            game=self.game, games=ngettext("{n} game", "{n} games", self.games).format(n=self.games), seats=k,
            deals=ngettext("{n} deal", "{n} deals", deals).format(n=deals), seed=self.seed)]
        for n, s in enumerate(self.seats, 1):
            lo, hi = s.ci95
            lines.append(with_numbers(_(
                "Player {n}, {level}: {wins}, win share {share:.1%} ({confidence:.0%} interval {low:.1%} to "
                "{high:.1%}), mean points per game {points:.1f}, decision time {ms:.1f} ms mean, {ms99:.1f} ms p99 "
                "(CPU {cpu:.1f} ms mean, {cpu99:.1f} ms p99)."),
                n=n, level=pgettext("level setting", s.level),
                wins=with_numbers(ngettext("{n:g} win", "{n:g} wins", _plural_count(s.wins)), n=s.wins),
                share=s.win_share, confidence=0.95, low=lo, high=hi, points=s.mean_points, ms=s.decision_ms_mean,
                ms99=s.decision_ms_p99, cpu=s.decision_cpu_ms_mean, cpu99=s.decision_cpu_ms_p99))
        if any(s.throws for s in self.seats):
            between = pgettext("between the players of a report", "; ")  # French " ; "
            lines.append(_("Wilds and jokers thrown per 1,000 discards: {seats}.").format(seats=between.join(
                with_numbers(_("player {n}, {level}: {rate:.1f} ({wild} of {thrown}, {needless} while a natural "
                               "card could go)"), n=n, level=pgettext("level setting", s.level),
                             rate=s.wild_throws_per_1000, wild=s.wild_throws, thrown=s.throws,
                             needless=s.needless_wild_throws)
                for n, s in enumerate(self.seats, 1))))
        lines.append(_("Ties share the win: each of n tied winners is counted 1/n of a win."))
        lines.append(with_numbers(_("Turns per hand: {mean:.1f} mean, {longest} longest."), mean=self.turns_mean,
                                  longest=self.turns_max))
        lines.append(with_numbers(_("{rate:.2f} games per second."), rate=self.games_per_second))
        return "\n".join(lines)


def deal_plan(index: int, seats: int, seed: int) -> tuple[int, int]:
    """Game ``index``'s deal seed and rotation: all rotations of one deal come together."""
    return seed + index // seats, index % seats


def agent_seed(seed: int, index: int, entry: int) -> int:
    """A player's own seed, fixed by the run's seed, the game and the entry."""
    return random.Random(f"simulate/{seed}/{index}/{entry}").getrandbits(32)


def play_game(
    game: str, levels: Sequence[str], seed: int, index: int, options: dict[str, Any] | None = None
) -> GameResult:
    """Play game ``index`` of a run to the end."""
    k = len(levels)
    deal_seed, rotation = deal_plan(index, k, seed)
    entry_of_seat = [(seat + rotation) % k for seat in range(k)]
    g = Game.new(game, [f"{levels[e]} {e + 1}" for e in entry_of_seat], seed=deal_seed, options=options)
    agents = [make_agent(game, levels[e], agent_seed(seed, index, e)) for e in entry_of_seat]
    times: list[list[float]] = [[] for _ in range(k)]
    clock = time.perf_counter
    cpu = time.thread_time
    cpu_times: list[list[float]] = [[] for _ in range(k)]
    throws = [0] * k
    wild_throws = [0] * k
    needless = [0] * k
    actions = 0
    while not g.over:
        to_act = g.seats_to_act()
        if not to_act:
            raise RuntimeError(f"{game} game {index}: nobody may act but the game is not over")
        for seat in to_act:
            legal = g.legal_actions(seat)
            if not legal:
                continue
            view = g.view(seat)
            start, start_cpu = clock(), cpu()
            action = agents[seat].choose(view, legal)
            times[entry_of_seat[seat]].append(clock() - start)
            cpu_times[entry_of_seat[seat]].append(cpu() - start_cpu)
            thrown = thrown_card(action)
            if thrown is not None:
                entry = entry_of_seat[seat]
                throws[entry] += 1
                if is_wild_in(view, thrown):
                    wild_throws[entry] += 1
                    needless[entry] += not scored_after_move(view) and _natural_could_go(view, legal, type(action))
            g.apply(action)
            actions += 1
            break
        else:
            raise RuntimeError(f"{game} game {index}: seats {to_act} may act but have no legal action")
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"{game} game {index} did not end after {MAX_ACTIONS} actions")
    points, shares = final_standing(g.log, entry_of_seat)
    return GameResult(
        index=index,
        points=points,
        shares=shares,
        decision_seconds=tuple(tuple(t) for t in times),
        decision_cpu_seconds=tuple(tuple(t) for t in cpu_times),
        turns_per_hand=hand_turns(g.log),
        throws=tuple(throws),
        wild_throws=tuple(wild_throws),
        needless_wild_throws=tuple(needless),
    )


def _natural_could_go(view: Any, legal: Sequence[Any], kind: type) -> bool:
    """Whether a natural card could have been thrown by a move of the same kind (a plain discard, or a
    discard that goes out)."""
    for action in legal:
        card = thrown_card(action)
        if card is not None and isinstance(action, kind) and not is_wild_in(view, card):
            return True
    return False


def final_standing(log: Sequence[Event], entry_of_seat: Sequence[int]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Each entry's final total and share of the win (ties share it), read from the game's
    ``GameEnded``; ``entry_of_seat[seat]`` is the line-up entry that played ``seat``."""
    ended = next(ev for ev in reversed(log) if isinstance(ev, GameEnded))
    k = len(entry_of_seat)
    points = [0] * k
    shares = [0.0] * k
    for seat in range(k):
        points[entry_of_seat[seat]] = ended.totals[seat]
    for seat in ended.winners:
        shares[entry_of_seat[seat]] = 1.0 / len(ended.winners)
    return tuple(points), tuple(shares)


def hand_turns(log: Sequence[Event]) -> tuple[int, ...]:
    """How many turns each hand in ``log`` lasted: the turn starts between one hand's end and the
    next. Why a hand ran long (nobody could go out) shows here first."""
    out: list[int] = []
    turns = 0
    for event in log:
        if isinstance(event, TurnStarted):
            turns += 1
        elif event.ends_hand:
            out.append(turns)
            turns = 0
    return tuple(out)


def wilson_interval(share: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: sound near 0 and 1, where the plain one is not."""
    if n <= 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, share * (1 - share) / n + z * z / (4 * n * n))) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _p99(values: list[float]) -> float:
    """The 99th percentile as every benchmark takes it (access_game.bench.figures); 0 with no sample."""
    return percentile(values, 0.99) if values else 0.0


def summarise(
    game: str, levels: Sequence[str], seed: int, results: Sequence[GameResult], seconds: float
) -> SimulationReport:
    n = len(results)
    seats = []
    for e, level in enumerate(levels):
        wins = sum(r.shares[e] for r in results)
        share = wins / n if n else 0.0
        times = [t for r in results for t in r.decision_seconds[e]]
        cpu_times = [t for r in results if r.decision_cpu_seconds for t in r.decision_cpu_seconds[e]]
        seats.append(
            SeatReport(
                level=level,
                wins=wins,
                win_share=share,
                ci95=wilson_interval(share, n),
                mean_points=sum(r.points[e] for r in results) / n if n else 0.0,
                decision_ms_mean=1000 * sum(times) / len(times) if times else 0.0,
                decision_ms_p99=1000 * _p99(times),
                decisions=len(times),
                decision_cpu_ms_mean=1000 * sum(cpu_times) / len(cpu_times) if cpu_times else 0.0,
                decision_cpu_ms_p99=1000 * _p99(cpu_times),
                throws=sum(r.throws[e] for r in results if r.throws),
                wild_throws=sum(r.wild_throws[e] for r in results if r.wild_throws),
                needless_wild_throws=sum(r.needless_wild_throws[e] for r in results if r.needless_wild_throws),
            )
        )
    turns = [t for r in results for t in r.turns_per_hand]
    return SimulationReport(
        game=game,
        games=n,
        seed=seed,
        seats=tuple(seats),
        seconds=seconds,
        turns_mean=sum(turns) / len(turns) if turns else 0.0,
        turns_max=max(turns, default=0),
    )


def _play_task(task: tuple[str, tuple[str, ...], int, int]) -> GameResult:
    game, levels, seed, index = task
    return play_game(game, levels, seed, index)


def _results(game: str, levels: tuple[str, ...], games: int, seed: int, workers: int) -> Iterator[GameResult]:
    tasks = [(game, levels, seed, i) for i in range(games)]
    if workers <= 1 or games <= 1:
        for task in tasks:
            yield _play_task(task)
        return
    with multiprocessing.get_context("spawn").Pool(min(workers, games)) as pool:
        yield from pool.imap(_play_task, tasks, chunksize=1)


def run_simulation(
    game: str,
    levels: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int = 1,
    progress: TextIO | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> SimulationReport:
    """Play ``games`` games of ``game`` among ``levels`` and sum them up; progress lines to ``progress``."""
    levels = tuple(levels)
    start = clock()
    results: list[GameResult] = []
    step = max(1, math.ceil(games / 20))
    for result in _results(game, levels, games, seed, workers):
        results.append(result)
        done = len(results)
        if progress is not None and (done % step == 0 or done == games):
            elapsed = clock() - start
            print(printed(with_numbers(ngettext("simulate: {done} of {games} games, {seconds:.1f} s",
                                                "simulate: {done} of {games} games, {seconds:.1f} s", done),
                                       done=done, games=games, seconds=elapsed)),
                  file=progress, flush=True)
    return summarise(game, levels, seed, results, clock() - start)
