"""French words in uncontracted French braille (intégral, Code braille français uniformisé): a special
case of :mod:`braille.louis_text` (liblouis through :mod:`braille.contracted`'s one loader), kept
under its own names for the sheets that write French.

Why liblouis: French braille has its own letters for accented vowels (é ⠿, è ⠮, à ⠷, œ ⠪, ç ⠯ ...),
its own capital sign (⠨, dots 4-6) and its own numbers (the number sign ⠠, dot 6, then the digits
of the Antoine notation, 1 ⠡ ... 0 ⠼), none of which the English grade 1 transcription knows.
liblouis's French table is the one BRLTTY, NVDA and JAWS users read every day, kept by its authors.
Uncontracted, as for English: a learner and an expert read it alike.

The binding is the system's python3-louis (Debian), reached from a virtual environment as
python3-brlapi is (:mod:`braille.system_modules`), or a ``louis`` module installed in the
environment. Card codes are never written with this: they are the card code (:mod:`braille.cards`).
"""

from __future__ import annotations

from braille.cells import Cell, Cells
from braille.contracted import TABLES, Grade
from braille.louis_text import BrailleTableUnavailable, letter_cells_of, load_louis, louis_cells

__all__ = ["FRENCH_LETTERS", "FRENCH_TABLE", "FrenchBrailleUnavailable", "french_cells", "french_letter_cells",
           "load_louis"]

FRENCH_TABLE = TABLES["fr"][Grade.UNCONTRACTED]
"""liblouis's French uncontracted 6-dot table (Code braille français uniformisé, intégral)."""

#: liblouis or its French table is not installed, so French braille cannot be written.
FrenchBrailleUnavailable = BrailleTableUnavailable


def french_cells(text: str) -> Cells:
    """``text`` in uncontracted French braille: one cell per braille character liblouis writes."""
    return louis_cells(FRENCH_TABLE, text)


FRENCH_LETTERS = "abcdefghijklmnopqrstuvwxyzàâçéèêëîïôœùûüÿ"
"""The letters of French words (accented ones included), whose cells a long word may be cut between."""


def french_letter_cells() -> frozenset[Cell]:
    """The cells of French letters, the capital sign and the apostrophe: a word may be cut between them. The
    number sign (⠠) is not among them, so a number (⠠⠡⠼) is never cut, though its Antoine digits
    are the cells of â, ê, î ... ."""
    return letter_cells_of(FRENCH_TABLE, FRENCH_LETTERS)
