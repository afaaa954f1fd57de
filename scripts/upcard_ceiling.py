"""How much room upcard rummy leaves: cheating players against normal, to measure a ceiling.

THIS SCRIPT READS HIDDEN CARDS ON PURPOSE. Its players are handed the whole game (the opponents'
hands and the stock in its true order), which no player at the table may ever see. It is a
measurement, not a level: nothing in ``engine/`` or ``access_game/`` may use it. What it answers is
how far a player who knew everything could beat normal; if even that is short of a goal, no honest
player can reach the goal, and the rest of a game's result is the luck of the deal and the stock.

Games are dealt exactly as ``access-game simulate`` deals them (``deal_plan`` and ``agent_seed`` of
:mod:`access_game.simulate`: two seats rotated over each deal), but played by this script's own loop,
so that a cheater can be handed the :class:`engine.game.Game` before each choice.

    .venv/bin/python scripts/upcard_ceiling.py CHEATER GAMES [SEED] [PER-GAME FILE]

Cheaters (each against ``UpcardAgent("normal", seed)``):

- ``normal``, ``hard``: the honest players, for the loop's check and the yardstick.
- ``clairvoyant``: hard told the truth where it estimates: the dig is weighed against the true next
  stock card (not an average over the unseen cards), what is left to draw is the true stock, and what
  a discard feeds is read from the opponents' true hands.
- ``pi-search:VARIANT``: the play-out search of :mod:`engine.bots.upcard_rummy_search` with its
  play-outs run on the true hidden state (one deal per option: the deal is the truth). VARIANT:
  ``draw`` (digs), ``all`` (digs and discards), ``all-game`` (the same, for the game's win);
  ``hands-draw`` and ``hands-all`` know the opponents' true hands but not the stock's order (each of
  the search's deals shuffles the true stock afresh): what reading the opponents perfectly is worth.
- ``lookahead`` / ``lookahead-game``: for each dig and each discard, a copy of the true game is played
  to the end of the hand with the real rules and the real normal player in every seat (the
  opponents' own player, so the copy plays out exactly what they would do); the option with the best
  true result is played (the hand's points, or the game's win). ``lookahead-hands:K`` knows the
  opponents' true hands but not the stock's order: each option is played out on K copies with the
  stock shuffled afresh, over hard's best four discards.

The line printed gives the cheater's win share (Wilson 95% interval), both players' mean points, the
mean points difference a game with its 95% margin, the spread (standard deviation) of that difference,
and the mean edge in points a game that would give a 58% win share if the difference were about
normal (win share ~ Phi(mean / sd)).
"""

from __future__ import annotations

import contextlib
import copy
import math
import random
import signal
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from access_game.simulate import MAX_ACTIONS, agent_seed, deal_plan, final_standing, wilson_interval  # noqa: E402
from engine.actions import Action, Discard, Draw  # noqa: E402
from engine.arrange_upcard import card_value, is_wild  # noqa: E402
from engine.bots.upcard_playout import Deal, copy_deal  # noqa: E402
from engine.bots.upcard_rummy import UpcardAgent, _Context, _throwable  # noqa: E402
from engine.bots.upcard_rummy_search import HAND_POINTS, HAND_SPREAD, SearchAgent, SearchConfig  # noqa: E402
from engine.cards import Card, Rank  # noqa: E402
from engine.events import Event, GameEnded, seen_by  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.rules.upcard_rummy import HandOpened, TakeDiscards, UpcardHandEnded, UpcardState, UpcardView  # noqa: E402

GAME = "upcard-rummy"
#: The normal quantile of 58%: a difference about normal with mean/sd = this wins 58% of games.
Z58 = statistics.NormalDist().inv_cdf(0.58)


class Agent(Protocol):
    def choose(self, view: Any, legal: Sequence[Action]) -> Action: ...


class Cheater:
    """A player handed the whole game before each choice (``game``, and ``seat`` it plays)."""

    game: Game | None = None


def _state(agent: Cheater) -> UpcardState:
    assert agent.game is not None
    state = agent.game.state
    assert isinstance(state, UpcardState)
    return state


# --------------------------------------------------------------------------- 1. clairvoyant hard
class ClairvoyantHard(Cheater, UpcardAgent):
    """Hard with the truth in place of its estimates: the true next stock card for the dig, the true
    stock for what is left to draw, the opponents' true hands for what a discard feeds."""

    def __init__(self, seed: int) -> None:
        UpcardAgent.__init__(self, "hard", seed)
        self._seat = 0

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        self._seat = view.seat
        return UpcardAgent.choose(self, view, legal)

    def _context(self, view: UpcardView) -> _Context:
        ctx = UpcardAgent._context(self, view)
        ctx.unseen = Counter(c.rank for c in _state(self).stock if c.rank is not None)
        return ctx

    def _expected_stock(self, view: UpcardView, ctx: _Context) -> float:
        stock = _state(self).stock
        if not stock:
            return UpcardAgent._expected_stock(self, view, ctx)
        return self._position([*view.hand, stock[-1]], ctx)

    def _feed_cost(self, card: Card, ctx: _Context) -> float:
        """Hard's feed cost, with whether an opponent holds a natural pair read from their hands."""
        state = _state(self)
        wild = ctx.wild

        def someone_pairs(rank: Rank) -> float:
            if rank in ctx.table_ranks:
                return 0.0
            miss = 1.0
            for seat, hand in enumerate(state.hands):
                if seat == self._seat:
                    continue
                pair = sum(1 for c in hand if c.rank == rank and not is_wild(c, wild)) >= 2
                miss *= 1.0 - (1.0 if pair else 0.0) * (1.0 if state.melded[seat] else 0.3)
            return 1.0 - miss

        v = card_value(card, wild)
        dug = 1.0
        for rank in ctx.pile_ranks:
            dug *= 1.0 - someone_pairs(rank)
        cost = v * (1.0 - dug) * 0.5
        if not is_wild(card, wild) and card.rank is not None:
            cost += someone_pairs(card.rank) * (3 * v + 10) * 0.5
        return cost


# --------------------------------------------------------------------------- 2. perfect-information search
def true_deal(state: UpcardState) -> Deal:
    """The hidden state as it is, in the play-outs' form (counts by rank; the stock in its order, drawn
    from the end as the rules draw it)."""

    def counts(cards: Sequence[Card]) -> list[int]:
        out = [0] * 14
        for c in cards:
            assert c.rank is not None
            out[int(c.rank)] += 1
        return out

    table = [False] * 14
    for m in state.table:
        table[int(m.rank)] = True
    return Deal(
        hands=[counts(h) for h in state.hands],
        stock=[int(c.rank) for c in state.stock if c.rank is not None],
        pile=[int(c.rank) for c in state.discard if c.rank is not None],
        table=table,
        melded=list(state.melded),
        reshuffles_left=max(0, state.options.max_reshuffles - state.reshuffles),
    )


#: Per variant: the search's settings, and whether the stock's order is known (else only the opponents'
#: hands are: the stock's cards are dealt in a fresh order for each of the search's deals).
PI_CONFIGS = {
    "draw": (SearchConfig(deals=1), True),
    "all": (SearchConfig(deals=1, discards=True, discard_options=4), True),
    "all-game": (SearchConfig(deals=1, discards=True, discard_options=4, for_game=True), True),
    "hands-draw": (SearchConfig(deals=48), False),
    "hands-all": (SearchConfig(deals=16, discards=True, discard_options=4), False),
}


class TrueSearch(Cheater, SearchAgent):
    """The search player whose play-outs run on the true hidden state, one deal per option; or, when
    the stock's order is not known, on the opponents' true hands with the stock shuffled afresh."""

    def __init__(self, seed: int, config: SearchConfig, stock_known: bool = True) -> None:
        SearchAgent.__init__(self, seed, config)
        self.stock_known = stock_known

    def _deals(self, view: UpcardView, tag: str) -> tuple[random.Random, list[Deal]]:
        rng = random.Random(f"upcard-ceiling/{self.seed}/{view.hand_number}/{len(view.log)}/{tag}")
        deal = true_deal(_state(self))
        if self.stock_known:
            return rng, [deal]
        deals = []
        for _ in range(self.config.deals):
            d = copy_deal(deal)
            rng.shuffle(d.stock)
            deals.append(d)
        return rng, deals


# --------------------------------------------------------------------------- 3. perfect-information look-ahead
def _hand_log(log: Sequence[Event]) -> list[Event]:
    """The current hand's part of a seat's log: all a player here reads from it."""
    start = max((i for i, ev in enumerate(log) if isinstance(ev, HandOpened)), default=0)
    return list(log[start:])


class LookAhead(Cheater, UpcardAgent):
    """Hard, but each dig and each discard is chosen by playing a copy of the true game to the end of
    the hand with the real rules and the real normal player in every seat.

    With ``deals``, the stock's order is not known: each option is played out on that many copies,
    each with the true stock shuffled afresh (the same shuffles for every option), and only hard's
    best ``discard_options`` discards are weighed."""

    def __init__(self, seed: int, *, for_game: bool = False, deals: int = 0, discard_options: int = 0) -> None:
        UpcardAgent.__init__(self, "hard", seed)
        self.for_game = for_game
        self.deals = deals
        self.discard_options = discard_options
        self.seed = seed
        self.rollouts = 0
        # Normal plays on for this seat too: as strong as hard against normal within the noise, and
        # three times cheaper (the look-ahead plays about 300 rest-of-hands a game).
        self._me = UpcardAgent("normal", seed)
        self._opponent = UpcardAgent("normal", seed)

    def _outcome(self, action: Action) -> float:
        """The true worth to this seat of playing ``action`` now, then the real players on (the mean
        over the stock's shuffles when its order is not known)."""
        if not self.deals:
            return self._play_out(action, None)
        assert self.game is not None
        key = f"upcard-ceiling/{self.seed}/{self.game.state.hand_number}/{len(self.game.log)}"
        return statistics.mean(self._play_out(action, random.Random(f"{key}/{k}")) for k in range(self.deals))

    def _play_out(self, action: Action, shuffle: random.Random | None) -> float:
        assert self.game is not None
        self.rollouts += 1
        ruleset = self.game.ruleset
        state = copy.deepcopy(self.game.state)
        if shuffle is not None:
            shuffle.shuffle(state.stock)
        seat = action.seat
        logs = [_hand_log(self.game.seat_log(s)) for s in range(len(state.players))]
        events = ruleset.apply(state, action)
        for _ in range(MAX_ACTIONS):
            for s, log in enumerate(logs):
                log.extend(seen_by(events, s))
            end = next((ev for ev in events if isinstance(ev, UpcardHandEnded)), None)
            if end is not None:
                return self._worth(state, seat, end, any(isinstance(ev, GameEnded) for ev in events))
            mover = state.to_move
            legal = ruleset.legal_actions(state, mover)
            player = self._me if mover == seat else self._opponent
            events = ruleset.apply(state, player.choose(ruleset.view(state, mover, logs[mover]), legal))
        raise RuntimeError("a look-ahead hand did not end")

    def _worth(self, state: UpcardState, seat: int, end: UpcardHandEnded, over: bool) -> float:
        pts = end.points
        others = [p for s, p in enumerate(pts) if s != seat]
        diff = pts[seat] - sum(others) / len(others)
        if not self.for_game:
            return diff
        totals = end.totals
        lead = totals[seat] - max(t for s, t in enumerate(totals) if s != seat)
        if over:
            win = 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        else:
            hands_left = max(1.0, (state.options.target - max(totals)) / HAND_POINTS)
            win = 1.0 / (1.0 + math.exp(-1.7 * lead / (HAND_SPREAD * math.sqrt(hands_left))))
        return win + diff * 1e-6  # points only break ties between equal chances

    def _best(self, options: Sequence[Action]) -> Action:
        if len(options) == 1:
            return options[0]
        scores = [self._outcome(a) for a in options]
        return options[max(range(len(options)), key=lambda i: (scores[i], -i))]

    def _draw(self, view: UpcardView, legal: Sequence[Action]) -> Action:
        options = [a for a in legal if isinstance(a, Draw | TakeDiscards)]
        return self._best(options) if options else UpcardAgent._draw(self, view, legal)

    def _discard(self, view: UpcardView, ctx: _Context) -> Action:
        options = _throwable(view.hand, ctx.wild)
        if self.discard_options:
            keep = self._keep_values(view.hand, ctx)
            options.sort(key=lambda c: (keep[c] + self._feed_cost(c, ctx), -card_value(c, ctx.wild), c.rank_key()))
        by_rank: dict[Any, Card] = {}
        for c in options:
            by_rank.setdefault(c.rank, c)  # suits never matter: one card of each rank
        cands = list(by_rank.values())[: self.discard_options or None]
        return self._best([Discard(view.seat, c) for c in cands])


# --------------------------------------------------------------------------- the loop
def make_cheater(name: str) -> Callable[[int], Agent]:
    """The player ``name`` names, as a factory of its seed."""
    if name in ("normal", "hard"):
        return lambda seed: UpcardAgent(name, seed)
    if name == "clairvoyant":
        return ClairvoyantHard
    what, _, variant = name.partition(":")
    if what == "pi-search" and variant in PI_CONFIGS:
        config, stock_known = PI_CONFIGS[variant]
        return lambda seed: TrueSearch(seed, config, stock_known)
    if name in ("lookahead", "lookahead-game"):
        return lambda seed: LookAhead(seed, for_game=name == "lookahead-game")
    if what == "lookahead-hands" and variant.isdigit():
        return lambda seed: LookAhead(seed, deals=int(variant), discard_options=4)
    raise SystemExit(f"unknown player {name!r}: normal, hard, clairvoyant, "
                     f"pi-search:{'|'.join(PI_CONFIGS)}, lookahead, lookahead-game or lookahead-hands:K")


@dataclass(frozen=True, slots=True)
class Result:
    """One game, per entry (0: the cheater, 1: normal), not per seat."""

    index: int
    points: tuple[int, int]
    shares: tuple[float, float]


def play(cheater: Callable[[int], Agent], seed: int, index: int, names: tuple[str, str] = ("cheater", "normal"),
         options: dict[str, Any] | None = None) -> Result:
    """Game ``index`` of a run, dealt as ``access-game simulate`` deals it, the cheater as entry 0 and
    normal as entry 1. A move the rules refuse stops the run."""
    deal_seed, rotation = deal_plan(index, 2, seed)
    entry_of_seat = [(seat + rotation) % 2 for seat in range(2)]
    g = Game.new(GAME, [f"{names[e]} {e + 1}" for e in entry_of_seat], seed=deal_seed, options=options)
    makers: tuple[Callable[[int], Agent], Callable[[int], Agent]] = (cheater, lambda s: UpcardAgent("normal", s))
    agents = [makers[e](agent_seed(seed, index, e)) for e in entry_of_seat]
    for agent in agents:
        if isinstance(agent, Cheater):
            agent.game = g
    actions = 0
    while not g.over:
        seat = g.seats_to_act()[0]
        legal = g.legal_actions(seat)
        action = agents[seat].choose(g.view(seat), legal)
        refused = g.why_not(action)  # the rules' exact check (the legal list offers only sensible melds)
        if refused is not None:
            raise RuntimeError(f"game {index}: {action} is refused: {refused}")
        g.apply(action)
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"game {index} did not end")
    totals, wins = final_standing(g.log, entry_of_seat)
    points, shares = list(totals), list(wins)
    return Result(index, (points[0], points[1]), (shares[0], shares[1]))


def summary(name: str, results: Sequence[Result], seconds: float) -> str:
    n = len(results)
    share = sum(r.shares[0] for r in results) / n
    low, high = wilson_interval(share, n)
    diff = [r.points[0] - r.points[1] for r in results]
    mean = statistics.mean(diff)
    sd = statistics.stdev(diff) if n > 1 else math.inf
    margin = 1.96 * sd / math.sqrt(n)
    line = (
        f"{name}: {n} games, 2 players: win share {share:.1%} ({low:.1%}-{high:.1%}); "
        f"mean points {statistics.mean(r.points[0] for r in results):.0f} against normal's "
        f"{statistics.mean(r.points[1] for r in results):.0f}; difference {mean:+.0f} (+/- {margin:.0f}) a game, "
        f"sd {sd:.0f}; Phi(mean/sd) = {statistics.NormalDist().cdf(mean / sd):.1%}; "
        f"58% would need a mean edge of {Z58 * sd:.0f}; {seconds / n:.2f} s a game"
    )
    split = deal_split(results)
    if split is None:
        return line
    edge, edge_margin, skill_sd, luck_sd = split
    return (
        f"{line}\n  paired by deal: edge {edge:+.0f} (+/- {edge_margin:.0f}) a game; "
        f"sd of a deal's mean {skill_sd:.0f}, of its seat half-difference {luck_sd:.0f}: the seat's cards carry "
        f"{luck_sd ** 2 / (luck_sd ** 2 + skill_sd ** 2):.0%} of the variance"
    )


def deal_split(results: Sequence[Result]) -> tuple[float, float, float, float] | None:
    """The difference split by deal: games 2k and 2k+1 are one deal played from both seats.

    A deal's mean (the two games' differences averaged) is the cheater's edge with the luck of the
    seat's cards cancelled; half the two games' difference is what the seat's cards were worth. Returns
    the edge, its 95% margin (paired, so much tighter), and the standard deviations of both parts."""
    by_index = {r.index: r.points[0] - r.points[1] for r in results}
    pairs = [(by_index[k], by_index[k + 1]) for k in by_index if k % 2 == 0 and k + 1 in by_index]
    if len(pairs) < 2:
        return None
    means = [(a + b) / 2 for a, b in pairs]
    halves = [(a - b) / 2 for a, b in pairs]
    skill_sd = statistics.stdev(means)
    return (statistics.mean(means), 1.96 * skill_sd / math.sqrt(len(pairs)), skill_sd,
            math.sqrt(statistics.mean(h * h for h in halves)))


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str]) -> int:
    """Play the run; a run stopped early (Ctrl+C or SIGTERM) still sums up the games it finished."""
    if len(argv) < 2:
        raise SystemExit(__doc__)
    name, games = argv[0], int(argv[1])
    seed = int(argv[2]) if len(argv) > 2 else 0
    cheater = make_cheater(name)
    signal.signal(signal.SIGTERM, _stop)
    start = time.perf_counter()
    results: list[Result] = []
    step = max(1, games // 10)
    with contextlib.ExitStack() as files:
        # One line a game (the cheater's win share, its points less normal's), written as each ends.
        out = files.enter_context(Path(argv[3]).open("w", encoding="utf-8")) if len(argv) > 3 else None
        try:
            for i in range(games):
                r = play(cheater, seed, i)
                results.append(r)
                if out is not None:
                    out.write(f"{r.shares[0]} {r.points[0] - r.points[1]}\n")
                    out.flush()
                if (i + 1) % step == 0 or i + 1 == games:
                    print(f"{name}: {i + 1} of {games} games, {time.perf_counter() - start:.0f} s",
                          file=sys.stderr, flush=True)
        except KeyboardInterrupt:
            print(f"{name}: stopped after {len(results)} of {games} games", file=sys.stderr, flush=True)
    if results:
        print(summary(name, results, time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
