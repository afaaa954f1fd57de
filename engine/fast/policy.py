"""The play-out policy, played through the engine: the baseline the fast play-outs match and beat.

A play-out policy must be cheap and deterministic, so it is the greedy one, written here once on the
engine's cards and arrangers (agents with ``choose(view, legal)``, as the computer players are) and
once on integers (:mod:`engine.fast.gin`, :mod:`engine.fast.five_crowns`). The two must make the same
move in every position; ties are broken by the card's place in the fast module's card order, which both
sides know.

Gin Rummy (:class:`GreedyGin`): take the up card (offered or on the pile) when the best throw after it
leaves less deadwood than the hand has now; throw the card leaving least deadwood (then the costlier,
then the later in card order); knock as soon as that leaves 10 or less; big gin when all eleven meld.

The play-outs through the engine (:func:`engine_gin_playout`, :func:`engine_five_crowns_playout`) drive
a real :class:`engine.game.Game` from where it stands to the end of the hand: every move checked,
logged and shown to the seat as a view, which is what a search through the engine pays for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action, Discard, Draw, GoOut
from engine.arrange_five_crowns import min_points
from engine.arrange_gin import arrange_gin, card_points
from engine.cards import Card, Rank
from engine.events import HandEnded
from engine.fast.five_crowns import FiveCrownsHandResult, kind_of
from engine.fast.gin import GinHandResult, card_index
from engine.five_crowns_melds import card_points as five_crowns_points
from engine.game import Game
from engine.rules.gin_rummy import GinHandEnded, Knock, PassUpcard

__all__ = ["GreedyFiveCrowns", "GreedyGin", "engine_five_crowns_playout", "engine_gin_playout"]

KNOCK_LIMIT = 10


def _gin_throw(hand: Sequence[Card], taken: Card | None) -> tuple[int, Card]:
    """(deadwood left, card) of the greedy throw, never ``taken``."""
    best: tuple[int, Card] | None = None
    for card in hand:
        if card == taken:
            continue
        rest = list(hand)
        rest.remove(card)
        left = arrange_gin(rest).points
        if best is None or left < best[0] or (left == best[0] and (card_points(card), card_index(card)) >
                                               (card_points(best[1]), card_index(best[1]))):
            best = (left, card)
    assert best is not None
    return best


class GreedyGin:
    """The Gin Rummy play-out policy on the engine's view (see the module's docstring)."""

    level = "greedy"

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        seat, hand, up = view.seat, list(view.hand), view.discard_top
        if view.phase in ("offer", "draw"):
            takes = (up is not None and Draw(seat, "discard") in legal
                     and _gin_throw([*hand, up], up)[0] < arrange_gin(hand).points)
            if takes:
                return Draw(seat, "discard")
            return PassUpcard(seat) if view.phase == "offer" else Draw(seat, "stock")
        if arrange_gin(hand).points == 0:
            return Knock(seat, None)
        left, card = _gin_throw(hand, view.taken)
        return Knock(seat, card) if left <= KNOCK_LIMIT else Discard(seat, card)


def engine_gin_playout(game: Game, policy: GreedyGin | None = None) -> GinHandResult:
    """Play ``game`` through the engine to the end of the hand under way, both seats by ``policy``."""
    agent = policy or GreedyGin()
    while True:
        seat = game.seats_to_act()[0]
        events = game.apply(agent.choose(game.view(seat), game.legal_actions(seat)))
        ended = next((e for e in events if isinstance(e, GinHandEnded)), None)
        if ended is not None:
            return GinHandResult(ended.outcome, ended.knocker, ended.winner, ended.points, ended.bonus,
                                 (ended.counts[0], ended.counts[1]))


def _five_crowns_throw(hand: Sequence[Card], wild: Rank) -> tuple[int, Card]:
    """(points left, card) of the greedy throw: fewest points left, then the costlier card, then the
    later card in the fast module's card order."""
    best: tuple[int, int, int] | None = None
    chosen = hand[0]
    for card in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(card)
        key = (min_points(rest, wild), -five_crowns_points(card, wild), -kind_of(card))
        if best is None or key < best:
            best, chosen = key, card
    assert best is not None
    return best[0], chosen


class GreedyFiveCrowns:
    """The Five Crowns play-out policy on the engine's view: take the up card when the best throw after
    it leaves fewer points than the hand now; throw the card leaving fewest points (then the costlier,
    then the later in card order), going out when that leaves none."""

    level = "greedy"

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        seat, hand, wild = view.seat, list(view.hand), view.wild_rank
        if view.phase == "draw":
            up = view.discard_top
            if (up is not None and Draw(seat, "discard") in legal
                    and _five_crowns_throw([*hand, up], wild)[0] < min_points(hand, wild)):
                return Draw(seat, "discard")
            return Draw(seat, "stock")
        left, card = _five_crowns_throw(hand, wild)
        if left == 0 and GoOut(seat, card) in legal:
            return GoOut(seat, card)
        return Discard(seat, card)


def engine_five_crowns_playout(game: Game, policy: GreedyFiveCrowns | None = None) -> FiveCrownsHandResult:
    """Play ``game`` through the engine to the end of the hand under way, every seat by ``policy``."""
    agent = policy or GreedyFiveCrowns()
    while True:
        seat = game.seats_to_act()[0]
        events = game.apply(agent.choose(game.view(seat), game.legal_actions(seat)))
        ended = next((e for e in events if isinstance(e, HandEnded)), None)
        if ended is not None:
            points = {r.seat: r.points for r in ended.results}
            return FiveCrownsHandResult(ended.went_out, tuple(points[s] for s in range(len(points))))
