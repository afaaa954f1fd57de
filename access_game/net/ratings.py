"""Ratings per game, by OpenSkill (the Plackett-Luce model of the ``openskill`` package).

A finished game is a ranking of its seats (places from the winners and the totals). Every seat takes
part in the update, so that beating a hard computer player counts for more than beating an easy one,
but only account holders' ratings are kept: a computer player stands in with a fixed rating for its
level, a guest with a newcomer's, and neither is stored. The rating shown is OpenSkill's ordinal (mu
less three sigma), which starts at 0 and rises as a player proves they win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

__all__ = ["COMPUTER_MU", "Finisher", "Rating", "placings", "rate"]

_MODEL = PlackettLuce()
#: A computer player's strength by level (a newcomer is 25), known closely (sigma 2).
COMPUTER_MU: Mapping[str, float] = {"easy": 20.0, "normal": 25.0, "hard": 30.0, "expert": 35.0}
COMPUTER_SIGMA = 2.0


@dataclass(frozen=True, slots=True)
class Rating:
    """An account's rating at one game, and how many games it played and won there."""

    mu: float = _MODEL.mu
    sigma: float = _MODEL.sigma
    games: int = 0
    wins: int = 0

    @property
    def shown(self) -> float:
        """The rating said to players and sorted by: mu less three sigma (0 for a newcomer)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class Finisher:
    """One seat of a finished game: who (an account's id, a computer player's level, or neither: a
    guest), where they came (1 the best), their total and whether they won."""

    seat: int
    name: str
    place: int
    total: int
    won: bool
    account: int | None = None
    computer: str | None = None


def placings(winners: Sequence[int], totals: Sequence[int]) -> list[int]:
    """Each seat's place (1 the best, equal totals the same place): the winners first, then the others
    by their totals, in the direction the winners' totals show (lowest wins in Five Crowns, highest in
    upcard rummy)."""
    if not totals:
        return []
    won = set(winners)
    others = [t for s, t in enumerate(totals) if s not in won]
    low_wins = not won or not others or min(totals[s] for s in won) <= min(others)
    key = [(0 if s in won else 1, t if low_wins else -t) for s, t in enumerate(totals)]
    return [1 + sum(1 for other in key if other < mine) for mine in key]


def rate(finishers: Sequence[Finisher], ratings: Mapping[int, Rating]) -> dict[int, Rating]:
    """The new rating of each account holder of a finished game, from ``ratings`` (theirs before; a
    missing one is a newcomer's). A game with fewer than two seats changes nothing."""
    if len(finishers) < 2:
        return {}
    teams = []
    for f in finishers:
        if f.account is not None:
            before = ratings.get(f.account, Rating())
            teams.append([_MODEL.rating(mu=before.mu, sigma=before.sigma)])
        elif f.computer is not None:
            teams.append([_MODEL.rating(mu=COMPUTER_MU.get(f.computer, _MODEL.mu), sigma=COMPUTER_SIGMA)])
        else:
            teams.append([_MODEL.rating()])
    after = _MODEL.rate(teams, ranks=[float(f.place) for f in finishers])
    out = {}
    for f, team in zip(finishers, after, strict=True):
        if f.account is not None:
            before = ratings.get(f.account, Rating())
            out[f.account] = Rating(team[0].mu, team[0].sigma, before.games + 1, before.wins + int(f.won))
    return out
