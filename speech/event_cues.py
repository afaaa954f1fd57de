"""Which sound cues a player hears for a run of game events, and whose seat each comes from.

Apart from :mod:`speech.cues` (the tones and their player) because it reads the engine's events: the
cues are started before a game's first line, the events are loaded with its rules, after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from engine.cards import Rank
from engine.events import Discarded, Drew, Event, HandStarted, TurnStarted
from speech.cues import Cue

__all__ = ["SEAT_EVENT_CUES", "cues_for"]

#: Each game's own events that tell what one seat did, by their kind (their classes live with each
#: game's rules, which this module does not load): taking the discard pile, putting cards down.
SEAT_EVENT_CUES: Mapping[str, str] = MappingProxyType({
    "upcard_took_discards": "take",
    "contract_bought": "take",
    "laid_down": "meld",
    "contract_laid_down": "meld",
    "contract_laid_off": "meld",
    "upcard_melded": "meld",
    "upcard_laid_off": "meld",
})


def cues_for(events: Sequence[Event], listener: int, wild_rank: Rank | None = None) -> list[Cue]:
    """The cues a listener hears for these events (already redacted for them), in order, each with the
    seat whose move it tells.

    Every seat's draws (from the stock), takes (from the discard pile), discards, melds and going out,
    each from that seat; the listener's own turn and a wild card arriving in their own hand, and the
    end of a hand, from the centre. A HandStarted among the events sets the wild rank for the events
    after it.
    """
    out: list[Cue] = []
    for ev in events:
        seat = getattr(ev, "seat", None)
        if isinstance(ev, HandStarted):
            wild_rank = ev.wild_rank
        elif isinstance(ev, TurnStarted):
            if ev.seat == listener:
                out.append(Cue("your_turn"))
        elif isinstance(ev, Drew):
            out.append(Cue("draw" if ev.source == "stock" else "take", ev.seat))
            card = ev.card
            if ev.seat == listener and card is not None and (card.rank is None or card.rank == wild_rank):
                out.append(Cue("wild"))
        elif isinstance(ev, Discarded):
            out.append(Cue("discard", ev.seat))
        elif ev.goes_out:
            out.append(Cue("go_out", seat if isinstance(seat, int) else None))
        elif ev.ends_hand:
            out.append(Cue("hand_end"))
        elif ev.kind in SEAT_EVENT_CUES and isinstance(seat, int) and getattr(ev, "melds", True):
            out.append(Cue(SEAT_EVENT_CUES[ev.kind], seat))  # a lay-down of nothing puts nothing down: no sound
    return out
