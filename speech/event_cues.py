"""Which sound cues a player hears for a run of game events.

Apart from :mod:`speech.cues` (the tones and their player) because it reads the engine's events: the
cues are started before a game's first line, the events are loaded with its rules, after it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Rank
from engine.events import Discarded, Drew, Event, HandStarted, TurnStarted

__all__ = ["cues_for"]


def cues_for(events: Sequence[Event], listener: int, wild_rank: Rank | None = None) -> list[str]:
    """The cues a listener hears for these events (already redacted for them), in order.

    Own turn, own draws and discards, a wild card arriving in one's own hand, anyone going out, the end
    of a hand. A HandStarted among the events sets the wild rank for the events after it.
    """
    out: list[str] = []
    for ev in events:
        if isinstance(ev, HandStarted):
            wild_rank = ev.wild_rank
        elif isinstance(ev, TurnStarted) and ev.seat == listener:
            out.append("your_turn")
        elif isinstance(ev, Drew) and ev.seat == listener:
            out.append("draw")
            card = ev.card
            if card is not None and (card.rank is None or card.rank == wild_rank):
                out.append("wild")
        elif isinstance(ev, Discarded) and ev.seat == listener:
            out.append("discard")
        elif ev.goes_out:
            out.append("go_out")
        elif ev.ends_hand:
            out.append("hand_end")
    return out
