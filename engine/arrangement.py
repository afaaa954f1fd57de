"""A hand laid down: its melds, the cards left over (deadwood) and what they cost.

The value every arranger returns and every table shows, whatever the game's meld rules: the Five
Crowns arranger (engine.arrange_five_crowns) makes them, the rules keep them in a state, speech says
them. It holds no rule of any game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card

__all__ = ["Arrangement"]


@dataclass(frozen=True, slots=True)
class Arrangement:
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    points: int

    @property
    def goes_out(self) -> bool:
        return not self.deadwood
