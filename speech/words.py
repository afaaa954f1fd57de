"""Cards, hands and events in words, per listener and verbosity: the one import for callers.

Messages are written per listener: the seat hearing "You drew the 9 of clubs" is the one that drew;
everyone else hears "Anna drew from the stock". Secrets never reach words because events are already
redacted per seat (engine.events.seen_by) before they get here. The pieces live in small modules
(phrases, utterance, results, narrator); this module gathers them under the names callers use.
"""

from __future__ import annotations

from speech.narrator import Narrator
from speech.phrases import (
    CARD_SEPARATOR,
    card_words,
    cards_parts,
    cards_words,
    hand_words,
    join_words,
    meld_order,
    melds_parts,
    melds_words,
)
from speech.results import Names, leaders_words, result_utterances, results_words, scores_words
from speech.utterance import Kind, Utterance, Verbosity, utter

__all__ = [
    "CARD_SEPARATOR",
    "Kind",
    "Names",
    "Narrator",
    "Utterance",
    "Verbosity",
    "card_words",
    "cards_parts",
    "cards_words",
    "hand_words",
    "join_words",
    "leaders_words",
    "meld_order",
    "melds_parts",
    "melds_words",
    "result_utterances",
    "results_words",
    "scores_words",
    "utter",
]
