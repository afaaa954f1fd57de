"""How well the Five Crowns computer players play a last turn, checked against an exact oracle:
``python -m access_game.bench.last_turns [--games N] [--seed S] [--players P] [--levels L,...]``.

After someone goes out, every other hand has one more turn and is then scored, so a last turn has a
right answer (engine.bots.last_turn). For each level, ``--games`` seeded games (default 30) are played
with every seat at that level (``--players``, default 4), and every last turn is checked:

- the throw, against the arranger over every discard (``engine.arrange_five_crowns.discard_options``):
  how many throws leave more than the fewest points, and by how much (mean over all last turns, and
  the largest);
- the draw, where both the up card and the stock could be drawn: the up card is worth the fewest points
  left after taking it, the stock the mean of the same over every card the seat has not seen
  (``engine.bots.knowledge``), each worked out by the arranger, not by the players' own code; a draw is
  worse when the other would leave fewer points by more than a rounding.

For the hard and expert players (whose hints give reasons), the points a reason names are checked
against the oracle too. The exit status is 1 when any level but easy leaves more than the fewest points
on any last turn.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.actions import Discard, Draw
from engine.arrange_five_crowns import discard_options
from engine.bots import LEVELS, Agent, explain, make_agent
from engine.bots.base import NaturalsFirst
from engine.bots.five_crowns_search import ExpertFiveCrowns
from engine.bots.knowledge import read_knowledge
from engine.cards import Card, Rank
from engine.game import Game
from engine.rules.five_crowns import FiveCrownsView

__all__ = ["LevelFigures", "fewest_after", "main", "measure", "stock_mean"]

GAME = "five-crowns"
#: A draw is worse only by more than this (the stock's mean is a float).
EPSILON = 1e-9


def fewest_after(cards: Sequence[Card], wild: Rank, all_wild_melds: bool) -> dict[Card, int]:
    """Each distinct card of ``cards``, with the points left by the best lay-down of the rest."""
    return {c: a.points for c, a in discard_options(cards, wild, all_wild_melds=all_wild_melds).items()}


def stock_mean(hand: Sequence[Card], unseen: Counter[Card], wild: Rank, all_wild_melds: bool) -> float:
    """The mean over the ``unseen`` cards (by copies) of the fewest points left after drawing the card:
    every card one by one, no card standing for another."""
    total = sum(unseen.values())
    if total <= 0:
        return float(min(fewest_after([*hand], wild, all_wild_melds).values(), default=0))
    return sum(n * min(fewest_after([*hand, c], wild, all_wild_melds).values())
               for c, n in unseen.items() if n > 0) / total


@dataclass
class LevelFigures:
    level: str
    games: int = 0
    last_turns: int = 0
    excess: list[int] = field(default_factory=list)
    draws: int = 0
    draw_excess: list[float] = field(default_factory=list)
    #: Hard's reasons whose points differ from the oracle's.
    wrong_reason_points: int = 0

    @property
    def worse_throws(self) -> int:
        return sum(1 for e in self.excess if e > 0)

    @property
    def worse_draws(self) -> int:
        return sum(1 for e in self.draw_excess if e > EPSILON)

    def line(self) -> str:
        n = max(1, self.last_turns)
        worse = self.worse_throws
        d = max(1, self.draws)
        return (f"{self.level}: {self.games} games, {self.last_turns} last turns, {worse} leave more than the fewest "
                f"points ({100 * worse / n:.1f}%), excess mean {sum(self.excess) / max(1, worse):.2f} over those "
                f"({sum(self.excess) / n:.2f} over all), max {max(self.excess, default=0)}; {self.draws} draws "
                f"with both piles, {self.worse_draws} worse than the better draw ({100 * self.worse_draws / d:.1f}%), "
                f"excess mean {sum(self.draw_excess) / max(1, self.worse_draws):.2f} over those, "
                f"max {max(self.draw_excess, default=0.0):.2f}"
                + (f"; {self.wrong_reason_points} hint reasons with wrong points"
                   if self.level in ("hard", "expert") else ""))


def _check_draw(view: FiveCrownsView, action: Draw, figures: LevelFigures, all_wild: bool) -> None:
    top = view.discard_top
    if top is None:
        return
    take = min(fewest_after([*view.hand, top], view.wild_rank, all_wild).values())
    stock = stock_mean(view.hand, read_knowledge(view).unseen, view.wild_rank, all_wild)
    chosen = take if action.source == "discard" else stock
    figures.draws += 1
    figures.draw_excess.append(max(0.0, chosen - min(take, stock)))


def _player(level: str, seed: int) -> Agent:
    """A player of ``level``; the expert (measured, not offered in play: engine.bots.five_crowns) by name."""
    return NaturalsFirst(ExpertFiveCrowns(seed)) if level == "expert" else make_agent(GAME, level, seed=seed)


def measure(level: str, games: int, seed: int, players: int = 4) -> LevelFigures:
    """Play ``games`` games of ``players`` seats at ``level`` (deal seeds ``seed`` onwards) and check every
    last turn."""
    figures = LevelFigures(level, games)
    for index in range(games):
        g = Game.new(GAME, [f"{level} {s + 1}" for s in range(players)], seed=seed + index)
        agents = [_player(level, seed * 1000 + index * 10 + s) for s in range(players)]
        while not g.over:
            seat = g.seats_to_act()[0]
            legal = g.legal_actions(seat)
            view = g.view(seat)
            assert isinstance(view, FiveCrownsView)
            all_wild = view.all_wild_melds
            if not view.last_turn:
                g.apply(agents[seat].choose(view, legal))
                continue
            choice = explain(agents[seat], view, legal)
            action = choice.action
            sources = {a.source for a in legal if isinstance(a, Draw)}
            if isinstance(action, Draw) and sources == {"stock", "discard"}:
                _check_draw(view, action, figures, all_wild)
            elif isinstance(action, Discard):
                left = fewest_after(view.hand, view.wild_rank, all_wild)
                figures.last_turns += 1
                figures.excess.append(left[action.card] - min(left.values()))
                if level in ("hard", "expert") and choice.points != left[action.card]:
                    figures.wrong_reason_points += 1
            g.apply(action)
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m access_game.bench.last_turns", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30, help="games per level (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed (default 1)")
    parser.add_argument("--players", type=int, default=4, help="seats at each table, all of one level (default 4)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels to play, comma separated (default all)")
    args = parser.parse_args(argv)
    failed = False
    for level in args.levels.split(","):
        figures = measure(level, args.games, args.seed, args.players)
        print(figures.line(), flush=True)
        failed |= level != "easy" and (figures.worse_throws > 0 or figures.worse_draws > 0)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
