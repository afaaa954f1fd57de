"""One message for the player: its parts, what kind of news it is, and the sound cue that goes with it.

Cards stay Card values inside a message so each output can show them its own way: words for speech
and screen readers, braille cells for a self-voicing player reading a display. The wild mark and all
punctuation are plain text parts, decided once by whoever wrote the message.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from engine.cards import Card, Rank
from speech.i18n import Said, _, current, elide
from speech.lines import split_message
from speech.phrases import card_words

__all__ = ["Kind", "Utterance", "Verbosity", "printed", "utter"]


class Verbosity(IntEnum):
    """How much is said. BRIEF still names every card a player needs (draws, discards, up cards)."""

    BRIEF = 0
    NORMAL = 1
    DETAILED = 2


class Kind(StrEnum):
    """What a message is about, so history can be filtered to one kind."""

    MY_TURN = "my turn"
    OTHERS = "others"
    RESULTS = "results"
    SYSTEM = "system"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Utterance:
    """``urgent`` lets a line go ahead of those waiting; no game news is urgent (a player must hear the
    moves in the order they were made), only answers to a key may be. ``cue`` names the sound cue
    (speech.cues) heard just before this line, in its place in the queue: "your turn" is marked where
    the turn comes, after the moves that lead to it."""

    parts: tuple[str | Card, ...]
    kind: Kind = Kind.SYSTEM
    urgent: bool = False
    cue: str = ""

    def text(self, wild_rank: Rank | None = None) -> str:
        """The message in words; ``wild_rank`` marks wild cards for messages that did not mark them."""
        return "".join(p if isinstance(p, str) else card_words(p, wild_rank) for p in self.parts)

    def render(self, card_fn: Callable[[Card], str]) -> str:
        return "".join(p if isinstance(p, str) else card_fn(p) for p in self.parts)

    @property
    def in_english(self) -> bool:
        """Whether the message is a sentence the catalog lacks, said whole in English (speech.i18n's
        fallback): printed with English typography and brailled with English braille."""
        words = [p for p in self.parts if isinstance(p, str)]
        return bool(words) and all(isinstance(p, Said) and p.fallback for p in words)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p for p in self.parts if isinstance(p, Card))

    def __str__(self) -> str:
        return self.text()


def utter(*parts: str | Card, kind: Kind = Kind.SYSTEM, urgent: bool = False, cue: str = "") -> Utterance:
    """Build a message; empty text parts are dropped so equal messages compare equal.

    Each text part goes through ``_``, so a sentence kept in a constant (marked ``N_``) is said in the
    language chosen when it is said; a part already translated, or with no catalog entry, is unchanged.
    Then the language's contractions before names are made ("de Anna" is said "d'Anna"), except in a
    sentence the catalog lacks, which is English through and through (speech.i18n's fallback).
    """
    kept = (p for p in parts if not (isinstance(p, str) and not p))
    return Utterance(tuple(_said(p) if isinstance(p, str) else p for p in kept), kind, urgent, cue)


def _said(part: str) -> str:
    """A text part as said: a sentence the catalog lacks, filled before (``_(...)`` by the caller), is
    kept English; any other is translated (a constant marked ``N_``) and contracted."""
    if isinstance(part, Said) and part.fallback:
        return part
    return elide(_(part))


def printed(*parts: str | Card) -> str:
    """A line a command prints outside a game (``hand``, ``simulate``) exactly as a game prints its
    lines: built by :func:`utter` (the language's contractions, its numbers: "série d'as", "moins 210",
    "1,44"), then set in the language's typography as the announcer sets a printed line."""
    line = utter(*parts)
    return "\n".join(split_message(line.text(), None, typeset=None if line.in_english else current().typeset))
