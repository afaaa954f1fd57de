"""How strong does the hard Five Crowns player's way of playing get when it is told what it cannot see?

This is a measurement, not a level: the players here READ HIDDEN CARDS ON PURPOSE (the stock, the
opponent's hand, the rest of the hand played out with every card face up) to find the ceiling of
hard's evaluation. If even a cheating hard cannot beat hard by the margin an expert level is asked
for, no honest player built on that evaluation can; if it can, what each piece of information is
worth points the next honest attempt at what to infer. Nothing in ``engine/`` or ``access_game/`` may use
this module.

Each cheater is :class:`engine.bots.five_crowns_hard.HardFiveCrowns` with some of its estimates
replaced by the truth, which the game loop hands it (the live :class:`engine.game.Game`) before each
decision:

- ``none``: no extra information; must play exactly as hard (a check of the machinery).
- ``next-card``: knows the card its next stock draw gives. The opponent is hard and deterministic, so
  the cheater forks the game, makes its throw, lets a copy of hard decide the opponent's draw, and
  reads the stock top it would then draw (after the reshuffle, if the stock ran dry). That one card
  replaces hard's average over the unseen cards; the draw compares the up card with the true stock
  card, both scored the same way.
- ``next-card-draw`` and ``next-card-discard``: the same knowledge used only at the draw (the up card
  against the true stock card, each side weighed as hard weighs it), or only when weighing a throw
  (the draw made by hard's own rule): which decision the next card is worth most to.
- ``open-hand``: knows the opponent's hand (and so, hard being deterministic, whether it would take
  each throw). The race hazard becomes the true chance the opponent goes out on its next turn (1 or
  0 if it takes our throw, else the share of the cards it cannot see that let it go out from the
  stock); the caught points are its true points less its expected shed on a last turn; the feeding
  charge is charged only when the card lowers the opponent's best lay-down.
- ``both``: both of those, so the opponent's going out next turn is known exactly.
- ``lookahead``: perfect-information play-outs. At each of its turns before anyone has gone out, for
  each of hard's three best-ranked throws (and hard's own throw if it is not among them; at the draw,
  each source followed by hard's throw), the
  game is forked and the rest of the hand is played with both seats as hard, every card as it truly
  lies; the choice whose hand ends with the best points difference (the opponent's less ours) is
  played, hard's own choice winning ties.

The open-hand cheaters' own next-draw estimate is made over the cards that can really come off the
stock: the unseen cards less the opponent's hand (before, it still counted the opponent's cards as
drawable, so part of what the cheater was told never reached its own estimate).

The search players are the expert's determinized play-out search (engine.bots.five_crowns_search,
method ``playout``: hard's best three throws, each played to the hand's end by the fast greedy
play-outs on 16 deals of the hidden cards, hard's throw kept unless another beats it by a point), with
the deals it plays on told the truth:

- ``search``: no extra information, deals guessed as the level guesses them (the honest search).
- ``search-hands``: every opponent's hand as it lies; the stock dealt from the cards left.
- ``search-deal``: the hands and the stock's true order (and the engine's reshuffles): one deal, the
  hand as it will be played if every seat plays as the play-outs do.

Games are dealt exactly as ``access-game simulate --players X,hard[,hard...]`` deals them (same deal
seeds, seat rotation and player seeds). The search players take ``--players`` 2 to 7 (the others face
hard at every other seat); the other cheaters are measured with two players only.

    .venv/bin/python scripts/five_crowns_ceiling.py MODE [--games N] [--start I] [--seed S] [--players P]
        [--out FILE]
    .venv/bin/python scripts/five_crowns_ceiling.py next-card --games 100 --seed 1
    .venv/bin/python scripts/five_crowns_ceiling.py open-hand --summarise FILE   # a run made in pieces

It prints the cheater's win share against hard (Wilson 95% interval), the mean points of each, the
mean points difference per game (hard's less the cheater's) with its 95% margin, and the same margin
computed over deals (each deal played from both seats), which takes the luck of the cards out: hard
against hard on the same deals splits exactly, so every point of difference is the information's.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from access_game.bench.figures import percentile  # noqa: E402
from access_game.simulate import agent_seed, deal_plan, final_standing, wilson_interval  # noqa: E402
from engine.actions import Action, Discard, Draw, GoOut  # noqa: E402
from engine.bots import make_agent  # noqa: E402
from engine.bots.base import Choice, NaturalsFirst  # noqa: E402
from engine.bots.five_crowns_hard import (  # noqa: E402
    FEED_COST,
    HardFiveCrowns,
    _Table,
)
from engine.bots.five_crowns_search import ExpertFiveCrowns  # noqa: E402
from engine.bots.judge import Key  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.events import HandEnded  # noqa: E402
from engine.fast.five_crowns import hand_int, kind_of  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.piles import shuffle_source  # noqa: E402
from engine.rules.five_crowns import FiveCrownsState, FiveCrownsView  # noqa: E402

GAME = "five-crowns"
SEARCH_MODES = ("search", "search-hands", "search-deal")
MODES = ("none", "next-card", "next-card-draw", "next-card-discard", "open-hand", "both", "lookahead", *SEARCH_MODES)
Z95 = 1.959963984540054
#: A game longer than this many actions is a fault in the loop.
MAX_ACTIONS = 200_000
#: The search players' deals per decision and the margin by which a throw must beat hard's (the level
#: plays 32 deals and a margin of 6; the study was measured with these).
SEARCH_DEALS = 16
SEARCH_MARGIN = 1.0
#: Throws the look-ahead plays out.
LOOKAHEAD_THROWS = 3


def fork(game: Game) -> Game:
    """A copy of ``game`` that can be played on without touching it: the state's containers are
    copied (cards are immutable and shared), the per-seat logs too, so views of the copy are exact."""
    st = cast(FiveCrownsState, game.state)
    twin_state = replace(
        st,
        seats=list(st.seats),
        stock=list(st.stock),
        discard=list(st.discard),
        hands=[list(h) for h in st.hands],
        last_turns=list(st.last_turns),
        laid_down=dict(st.laid_down),
        scores=[list(s) for s in st.scores],
        playoff_scores=[list(s) for s in st.playoff_scores],
        winners=list(st.winners),
    )
    twin = Game(game.ruleset, twin_state, players=game.players, seed=game.seed, options=game.options)
    twin._seat_logs = [list(game.seat_log(s)) for s in range(len(game.players))]
    return twin


@dataclass(frozen=True, slots=True)
class Reply:
    """What happens after one of our throws, read from a fork of the game."""

    #: The opponent takes our throw from the pile.
    takes: bool
    #: The opponent can go out on that turn (hard always does).
    out: bool
    #: The card our next stock draw would give (None: the hand ends before it).
    next_card: Card | None


class Cheater(HardFiveCrowns):
    """Hard, with the estimates named by ``mode`` replaced by the truth read from the live game."""

    level = "hard"

    def __init__(self, mode: str, seed: int = 0) -> None:
        super().__init__(seed)
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}: one of {', '.join(MODES)}")
        self.mode = mode
        #: Knows the next stock card at the draw (up card against the true stock card) and when
        #: weighing what a kept hand may become (the card after its throw).
        self.know_stock_draw = mode in ("next-card", "next-card-draw", "both")
        self.know_stock_keep = mode in ("next-card", "next-card-discard", "both")
        self._in_draw = False
        self.know_hand = mode in ("open-hand", "both")
        #: The opponent as a copy of hard, to predict its draw (hard is deterministic).
        self.predictor = HardFiveCrowns(seed)
        self.game: Game | None = None
        self._replies: dict[tuple[int, str | None, Card], Reply] = {}
        #: Set by the draw while it scores the hand after one source: the source, for the forks.
        self._pending: str | None = None
        #: Set per decision in open-hand modes: what the opponent truly holds.
        self._opp_key: Key | None = None
        self._opp_points = 0
        self._seat = 0

    def tell(self, game: Game) -> None:
        """The truth, before each decision: the live game (read, never changed)."""
        if self.game is not game:
            self._replies.clear()
        self.game = game

    # ----------------------------------------------------------------- the truth
    def _state(self) -> FiveCrownsState:
        assert self.game is not None, "the loop must tell the cheater the game before it chooses"
        return cast(FiveCrownsState, self.game.state)

    def _opponent(self, view: FiveCrownsView) -> int:
        if len(view.players) != 2:
            raise ValueError("the ceiling is measured with two players")
        return 1 - view.seat

    def _turn_key(self) -> int:
        """Actions made before this turn's draw: a fork made now or after the draw meets the same state."""
        assert self.game is not None
        acts = self.game.actions
        n = len(acts)
        return n if self._state().phase == "draw" else n - 1

    def _reply(self, seat: int, card: Card) -> Reply:
        """Fork, draw from ``self._pending`` (if the draw is still to make), throw ``card``, and let
        hard play the opponent's draw."""
        assert self.game is not None
        st = self._state()
        source = self._pending if st.phase == "draw" else cast(Draw, self.game.actions[-1]).source
        key = (self._turn_key(), source, card)
        got = self._replies.get(key)
        if got is not None:
            return got
        if len(self._replies) > 4096:
            self._replies.clear()
        twin = fork(self.game)
        if st.phase == "draw":
            twin.apply(Draw(seat, cast(Any, source)))
        twin.apply(Discard(seat, card))
        tst = cast(FiveCrownsState, twin.state)
        opp = 1 - seat
        takes = out = False
        if not twin.over and tst.hand_number == st.hand_number and tst.to_move == opp:
            legal = twin.legal_actions(opp)
            draw = self.predictor.choose(twin.view(opp), legal)
            takes = isinstance(draw, Draw) and draw.source == "discard"
            twin.apply(draw)
            out = any(isinstance(a, GoOut) for a in twin.legal_actions(opp))
            if not tst.stock:
                # Our next draw comes after the reshuffle at the start of our turn: play their throw.
                twin.apply(self.predictor.choose(twin.view(opp), twin.legal_actions(opp)))
        tst = cast(FiveCrownsState, twin.state)
        nxt = tst.stock[-1] if tst.stock and tst.hand_number == st.hand_number and not twin.over else None
        got = self._replies[key] = Reply(takes=takes, out=out, next_card=nxt)
        return got

    # ----------------------------------------------------------------- the table, with the truth
    def _table(self, view: FiveCrownsView) -> _Table:
        table = super()._table(view)
        self._opp_key = None
        if not self.know_hand or self.game is None:
            return table
        opp = self._opponent(view)
        if opp in view.laid_down or view.went_out is not None:
            return table
        held = self._state().hands[opp]
        key = self.judge.key(held)
        # The cards the opponent was seen taking are out of the unseen count already.
        unknown = table.unseen.copy()
        unknown.subtract(Counter(held) - table.know.holding[opp])
        unknown = +unknown
        their = replace(
            table,
            unseen=unknown,
            unseen_total=max(1, sum(unknown.values())),
            wilds_unseen=sum(n for c, n in unknown.items() if self.judge.is_wild(c)),
        )
        pts, gain, out = HardFiveCrowns._prospects(self, key, their)
        self._opp_key = key
        self._opp_points = pts
        # Their going out from the stock; caught: their points less what a last turn is expected to shed.
        # Our own next draw comes from the same cards: the stock, never the opponent's hand.
        return replace(their, hazard=out, bonus=max(0.0, pts - gain))

    def _risk(self, card: Card, table: _Table) -> float:
        if self._opp_key is None:
            return super()._risk(card, table)
        # The true feed: does the card lower the opponent's best lay-down?
        with_card = self.judge.plus(self._opp_key, card)
        return 1.0 if min(self.judge.discard_points(with_card).values()) < self._opp_points else 0.0

    # ----------------------------------------------------------------- discarding, with the truth
    def _known_prospects(self, kept: Key, card: Card | None) -> tuple[int, float, float]:
        """Hard's prospects when the next stock card is known: that card alone, weight one."""
        lay = self.judge.lay(kept)
        pts = lay.points
        if pts == 0:
            return 0, 0.0, 1.0
        if card is None:
            return pts, 0.0, 0.0
        after, goes_out = self.judge.best_after_draw(kept, card)
        return pts, float(max(0, pts - after)), 1.0 if goes_out else 0.0

    def _ranked_throws(self, hand: Key, table: _Table) -> list[tuple[float, Card]]:
        # During hard's own draw rule (next-card-discard) the kept hands are weighed as hard does.
        keep_known = self.know_stock_keep and (self.know_stock_draw or not self._in_draw)
        if not keep_known and self._opp_key is None:
            return super()._ranked_throws(hand, table)
        judge = self.judge
        view_seat = self._seat
        shortlist = self._shortlist(hand)
        scored = []
        for card in shortlist:
            kept = judge.minus(hand, card)
            reply: Reply | None = None
            if keep_known:
                if judge.points(kept) > 0:
                    reply = self._reply(view_seat, card)
                pts, gain, out = self._known_prospects(kept, reply.next_card if reply else None)
            else:
                pts, gain, out = self._prospects(kept, table)
            hazard = table.hazard if pts else 0.0  # going out now: nobody can go out first
            if self._opp_key is not None and out > 0 and pts:
                reply = reply or self._reply(view_seat, card)
                if self.know_stock_keep or reply.takes:
                    hazard = 1.0 if reply.out else 0.0
            score = pts - gain - (1.0 - hazard) * table.bonus * out + FEED_COST * self._risk(card, table)
            scored.append((score, card))
        scored.sort(key=lambda sc: (sc[0], sc[1].sort_key()))
        return scored

    # ----------------------------------------------------------------- deciding
    def explain(self, view: FiveCrownsView, legal: Sequence[Action]) -> Choice:
        self._seat = view.seat
        self._pending = None
        if self.mode == "lookahead":
            return self._lookahead(view, legal)
        return super().explain(view, legal)

    def _draw(self, view: FiveCrownsView, draws: list[Draw], table: _Table) -> Choice:
        if not self.know_stock_draw:
            self._pending, self._in_draw = "discard", True
            try:
                return super()._draw(view, draws, table)
            finally:
                self._in_draw = False
        sources = {a.source for a in draws}
        top = view.discard_top
        if "discard" not in sources or top is None or "stock" not in sources:
            return super()._draw(view, draws, table)
        take, stock = Draw(view.seat, "discard"), Draw(view.seat, "stock")
        judge = self.judge
        hand = judge.key(view.hand)
        with_top = judge.plus(hand, top)
        top_left = min(judge.discard_points(with_top).values())
        with_stock = judge.plus(hand, self._state().stock[-1])
        if view.last_turn:
            if top_left < min(judge.discard_points(with_stock).values()):
                return Choice(take, "take_fewer_points", points=top_left)
            return Choice(stock, "stock_better", points=top_left)
        if self._idle(hand, top):
            return Choice(stock, "top_idle", points=top_left)
        if top_left == 0:
            return Choice(take, "take_goes_out", points=0)
        self._pending = "discard"
        top_score = self._ranked_throws(with_top, table)[0][0]
        self._pending = "stock"
        stock_score = self._ranked_throws(with_stock, table)[0][0]
        self._pending = None
        if top_score < stock_score:
            return Choice(take, "take_fewer_points", points=top_left)
        return Choice(stock, "stock_better", points=top_left)

    # ----------------------------------------------------------------- perfect-information play-outs
    def _lookahead(self, view: FiveCrownsView, legal: Sequence[Action]) -> Choice:
        base = super().explain(view, legal)
        if view.last_turn or isinstance(base.action, GoOut) or self.game is None:
            return base
        options: list[Action]
        if view.phase == "draw":
            options = [a for a in legal if isinstance(a, Draw)]
        else:
            table = self._table(view)
            allowed = {a.card for a in legal if isinstance(a, Discard)}
            throws = [c for _s, c in super()._ranked_throws(self.judge.key(view.hand), table) if c in allowed]
            options = [Discard(view.seat, c) for c in throws[:LOOKAHEAD_THROWS]]
        if base.action not in options:
            options.insert(0, base.action)
        else:
            options.remove(base.action)
            options.insert(0, base.action)
        if len(options) < 2:
            return base
        best, best_value = base.action, -math.inf
        for option in options:
            value = self._play_out(option, view.seat)
            if value > best_value:
                best, best_value = option, value
        if best == base.action:
            return base
        return Choice(best, "best_prospects")

    def _play_out(self, first: Action, seat: int) -> float:
        """The hand's points difference (the opponent's less ours) after ``first`` and hard from then
        on at both seats, every card as it lies."""
        assert self.game is not None
        twin = fork(self.game)
        hand = cast(FiveCrownsState, twin.state).hand_number
        twin.apply(first)
        steps = 0
        tst = cast(FiveCrownsState, twin.state)
        while tst.hand_number == hand and not twin.over:
            s = twin.seats_to_act()[0]
            twin.apply(self.predictor.choose(twin.view(s), twin.legal_actions(s)))
            steps += 1
            if steps > 10_000:
                raise RuntimeError("a play-out did not end its hand")
        ended = next(ev for ev in reversed(twin.log) if isinstance(ev, HandEnded) and ev.hand_number == hand)
        points = {r.seat: r.points for r in ended.results}
        return float(points[1 - seat] - points[seat])


class SearchCheater(ExpertFiveCrowns):
    """The expert's play-out search (engine.bots.five_crowns_search, method ``playout``), with its guesses
    at the hidden cards replaced by the truth: ``search`` guesses as the expert does (the check that the
    machinery is the level's); ``search-hands`` knows every opponent's hand, and deals the stock from
    the cards left, as a player who read every hand perfectly would; ``search-deal`` knows the hands and
    the stock's order too (and the engine's reshuffles), so its one deal is the hand as it will lie."""

    def __init__(self, mode: str, seed: int = 0) -> None:
        super().__init__(seed, "playout", deals=1 if mode == "search-deal" else SEARCH_DEALS, margin=SEARCH_MARGIN)
        self.mode = mode
        self.game: Game | None = None

    def tell(self, game: Game) -> None:
        self.game = game

    def _deal(self, view: FiveCrownsView, table: _Table, rng: random.Random,
              read: bool = False) -> tuple[list[int], list[int], list[int]]:
        if self.mode == "search" or self.game is None:
            return super()._deal(view, table, rng, read)
        st = cast(FiveCrownsState, self.game.state)
        hands = [0 if s == view.seat else hand_int(h) for s, h in enumerate(st.hands)]
        pile = [kind_of(c) for c in st.discard]
        if self.mode == "search-deal":
            return hands, [kind_of(c) for c in st.stock], pile
        rest = table.unseen.copy()
        for s, held in enumerate(st.hands):
            if s != view.seat:
                rest.subtract(Counter(held) - table.know.holding[s])
        pool = [kind_of(c) for c in sorted((+rest).elements(), key=lambda c: c.sort_key())]
        rng.shuffle(pool)
        return hands, pool[:view.stock_size], pile

    def _reshuffler(self, view: FiveCrownsView) -> Callable[[int], random.Random]:
        if self.mode != "search-deal" or self.game is None:
            return super()._reshuffler(view)
        st = cast(FiveCrownsState, self.game.state)
        seed, number = st.seed, st.hand_number
        return lambda k: shuffle_source(GAME, seed, number, k)


@dataclass(frozen=True, slots=True)
class Outcome:
    index: int
    #: Per entry: 0 the cheater, 1 hard (with more than two players, the hard players' mean).
    points: tuple[float, float]
    shares: tuple[float, float]
    cheater_cpu: tuple[float, ...]


def play(mode: str, seed: int, index: int, players: int = 2) -> Outcome:
    """Game ``index`` of a ``simulate --players MODE,hard[,hard...] --seed SEED`` run, the cheater told
    the truth."""
    deal_seed, rotation = deal_plan(index, players, seed)
    entry_of_seat = [(seat + rotation) % players for seat in range(players)]
    g = Game.new(GAME, [f"hard {e + 1}" for e in entry_of_seat], seed=deal_seed)
    cheater: Cheater | SearchCheater
    if mode in SEARCH_MODES:
        cheater = SearchCheater(mode, agent_seed(seed, index, 0))
        player: Any = NaturalsFirst(cheater)
    else:
        cheater = player = Cheater(mode, agent_seed(seed, index, 0))
    hards = {e: make_agent(GAME, "hard", agent_seed(seed, index, e)) for e in range(1, players)}
    agents: list[Any] = [player if e == 0 else hards[e] for e in entry_of_seat]
    cpu: list[float] = []
    actions = 0
    while not g.over:
        seat = g.seats_to_act()[0]
        legal = g.legal_actions(seat)
        agent = agents[seat]
        if agent is player:
            cheater.tell(g)
            start = time.thread_time()
            action = player.choose(g.view(seat), legal)
            cpu.append(time.thread_time() - start)
            if action not in legal:
                raise RuntimeError(f"game {index}: the cheater chose {action}, which is not legal")
        else:
            action = agent.choose(g.view(seat), legal)
        g.apply(action)
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"game {index} did not end")
    totals, wins = final_standing(g.log, entry_of_seat)
    hard_points = statistics.fmean(totals[1:])
    return Outcome(index, (float(totals[0]), hard_points), (wins[0], 1.0 - wins[0]), tuple(cpu))


def read_outcomes(path: Path) -> list[Outcome]:
    """The games an ``--out`` file holds (a run in pieces sums up as one), by game number."""
    games: dict[int, Outcome] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        index, mine, hards, share = line.split()
        games[int(index)] = Outcome(int(index), (float(mine), float(hards)), (float(share), 1.0 - float(share)), ())
    return [games[i] for i in sorted(games)]


def margin(values: Sequence[float]) -> float:
    """The 95% margin of the mean of ``values`` (normal approximation)."""
    if len(values) < 2:
        return math.inf
    return Z95 * statistics.stdev(values) / math.sqrt(len(values))


def summary(mode: str, seed: int, outcomes: Sequence[Outcome], players: int = 2) -> str:
    n = len(outcomes)
    wins = sum(o.shares[0] for o in outcomes)
    lo, hi = wilson_interval(wins / n, n)
    diffs = [float(o.points[1] - o.points[0]) for o in outcomes]
    by_deal: dict[int, float] = {}
    for o, d in zip(outcomes, diffs, strict=True):
        by_deal[o.index // players] = by_deal.get(o.index // players, 0.0) + d
    whole = [v / players for k, v in by_deal.items()
             if sum(1 for o in outcomes if o.index // players == k) == players]
    cpu = sorted(t for o in outcomes for t in o.cheater_cpu)
    p99 = percentile(cpu, 0.99) if cpu else 0.0
    first, last = min(o.index for o in outcomes), max(o.index for o in outcomes)
    lines = [
        f"{mode} against hard: {n} games (games {first}-{last} of seed {seed}), {players} players seat-rotated.",
        f"win share {wins / n:.1%} ({wins:g} wins; 95% interval {lo:.1%} to {hi:.1%})",
        f"mean points per game: {mode} {statistics.fmean(o.points[0] for o in outcomes):.1f}, "
        f"hard {statistics.fmean(o.points[1] for o in outcomes):.1f}",
        f"hard's points less {mode}'s, per game: {statistics.fmean(diffs):+.2f} ± {margin(diffs):.2f} (95%)",
        f"the same over {len(whole)} whole deals (every seat): "
        f"{statistics.fmean(whole) if whole else math.nan:+.2f} ± {margin(whole):.2f} (95%)",
    ]
    if cpu:
        lines.append(f"{mode} CPU per decision: {1000 * statistics.fmean(cpu):.1f} ms mean, {1000 * p99:.1f} ms p99")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("mode", choices=MODES)
    parser.add_argument("--summarise", type=Path, metavar="FILE",
                        help="play nothing: sum up the per-game lines an earlier --out wrote")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="first game number (keep it even: whole deals)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2, help="seats; the open-hand and next-card modes need 2")
    parser.add_argument("--out", type=Path, help="append one line per game: index, points, hard's points, share")
    args = parser.parse_args(argv)
    if args.games < 1 or args.start < 0:
        parser.error("--games is at least 1 and --start at least 0")
    if args.summarise is not None:
        print(summary(args.mode, args.seed, read_outcomes(args.summarise), args.players))
        return 0
    outcomes: list[Outcome] = []
    began = time.perf_counter()
    for index in range(args.start, args.start + args.games):
        o = play(args.mode, args.seed, index, args.players)
        outcomes.append(o)
        if args.out is not None:
            with args.out.open("a", encoding="utf-8") as f:
                f.write(f"{o.index} {o.points[0]:g} {o.points[1]:g} {o.shares[0]:g}\n")
        done = len(outcomes)
        if done % 10 == 0 or done == args.games:
            wins = sum(x.shares[0] for x in outcomes)
            gap = statistics.fmean(x.points[1] - x.points[0] for x in outcomes)
            print(f"{done} of {args.games} games, {time.perf_counter() - began:.0f} s: "
                  f"win share {wins / done:.1%}, hard's points less ours {gap:+.1f}", file=sys.stderr, flush=True)
    print(summary(args.mode, args.seed, outcomes, args.players))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
