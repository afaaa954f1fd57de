"""The solitaire player: every step the way the hint key advises (the benchmark strategy and autoplay).

The advice itself is the rules' (:meth:`engine.rules.five_crowns_solitaire.SolitaireView.hint`: the
placement and discard that bring the piles nearest to closing); this player only follows it. Solitaire
has no opponents to be weaker against, so every level is this player.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Discard
from engine.bots.base import Choice, register_agent
from engine.rules.five_crowns_solitaire import Place, SolitaireView

__all__ = ["HintPlayer"]


class HintPlayer:
    """Follows the view's hint; the first legal action when there is no choice to make (the draw)."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SolitaireView, legal: Sequence[Action]) -> Action:
        return self.explain(view, legal).action

    def explain(self, view: SolitaireView, legal: Sequence[Action]) -> Choice:
        """The hinted step and why: it closes the pile (``closes_pile``), or brings it ``short`` cards
        from closing (``nearer_closing``)."""
        hint = view.hint()
        if hint is None or view.phase not in ("place", "discard"):
            return Choice(legal[0], "only")
        action: Action = Place(view.seat, hint.pile) if view.phase == "place" else Discard(view.seat, hint.discard)
        if hint.closes:
            return Choice(action, "closes_pile")
        return Choice(action, "nearer_closing", short=hint.after)


for _level in ("easy", "normal", "hard"):  # no expert: one hint player is all solitaire needs
    register_agent("solitaire", _level, HintPlayer)
