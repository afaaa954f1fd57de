"""The solitaire player: every step the way the hint key advises (the benchmark strategy and autoplay).

The advice itself is the rules' (:meth:`engine.rules.five_crowns_solitaire.SolitaireView.hint`: the
placement and discard that bring the piles nearest to closing); this player only follows it. Solitaire
has no opponents to be weaker against, so every level is this player.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Discard
from engine.bots.base import LEVELS, register_agent
from engine.rules.five_crowns_solitaire import Place, SolitaireView

__all__ = ["HintPlayer"]


class HintPlayer:
    """Follows the view's hint; the first legal action when there is no choice to make (the draw)."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SolitaireView, legal: Sequence[Action]) -> Action:
        hint = view.hint()
        if view.phase == "place" and hint is not None:
            return Place(view.seat, hint.pile)
        if view.phase == "discard" and hint is not None:
            return Discard(view.seat, hint.discard)
        return legal[0]


for _level in LEVELS:
    register_agent("solitaire", _level, HintPlayer)
