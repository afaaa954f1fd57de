"""French words in uncontracted French braille (intégral, Code braille français uniformisé): a special
case of :mod:`braille.contracted`, kept under its own names for the sheets that write French.

French braille has its own letters for accented vowels (é ⠿, è ⠮, à ⠷, œ ⠪, ç ⠯ ...), its own
capital sign (⠨, dots 4-6) and its own numbers (the number sign ⠠, dot 6, then the digits of the
Antoine notation, 1 ⠡ ... 0 ⠼), none of which the English grade 1 transcription knows. Card codes are
never written with this: they are the card code (:mod:`braille.cards`).
"""

from __future__ import annotations

import threading

from braille.cells import Cell, Cells
from braille.contracted import TABLES, BrailleTableUnavailable, Grade, load_louis, translate

__all__ = ["FRENCH_LETTERS", "FRENCH_TABLE", "FrenchBrailleUnavailable", "french_cells", "french_letter_cells",
           "load_louis"]

FRENCH_TABLE = TABLES["fr"][Grade.UNCONTRACTED]
"""liblouis's French uncontracted 6-dot table (Code braille français uniformisé, intégral)."""

FrenchBrailleUnavailable = BrailleTableUnavailable
"""liblouis or its French table is not installed, so French braille cannot be written."""

_lock = threading.Lock()
_letters: list[frozenset[Cell]] = []


def french_cells(text: str) -> Cells:
    """``text`` in uncontracted French braille: one cell per braille character liblouis writes."""
    return translate(text, "fr", Grade.UNCONTRACTED).cells


FRENCH_LETTERS = "abcdefghijklmnopqrstuvwxyzàâçéèêëîïôœùûüÿ"
"""The letters of French words (accented ones included), whose cells a long word may be cut between."""


def french_letter_cells() -> frozenset[Cell]:
    """The cells of French letters, the capital sign and the apostrophe: a word may be cut between them. The
    number sign (⠠) is not among them, so a number (⠠⠡⠼) is never cut, though its Antoine digits
    are the cells of â, ê, î ... ."""
    with _lock:
        if not _letters:
            # the capital sign, and the apostrophe inside a word (d'étoiles)
            _letters.append(frozenset(french_cells(FRENCH_LETTERS + "'")) | frozenset(french_cells("A")[:1]))
        return _letters[0]
