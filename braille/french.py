"""French words in French braille, made by liblouis: the uncontracted (intégral) French table of the
Code braille français uniformisé.

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

import threading
from types import ModuleType

from braille.cells import Cell, Cells, cells_from_unicode
from braille.system_modules import import_system_module

__all__ = ["FRENCH_LETTERS", "FRENCH_TABLE", "FrenchBrailleUnavailable", "french_cells", "french_letter_cells",
           "load_louis"]

FRENCH_TABLE = "fr-bfu-comp6.utb"
"""liblouis's French uncontracted 6-dot table (Code braille français uniformisé, intégral)."""
_TABLES = ["unicode.dis", FRENCH_TABLE]
"""A display table first, so liblouis hands back Unicode braille cells (with dotsIO | ucBrl)."""


class FrenchBrailleUnavailable(ValueError):
    """liblouis or its French table is not installed, so French braille cannot be written."""


_lock = threading.RLock()
_loaded: list[ModuleType | None] = []
_letters: list[frozenset[Cell]] = []


def load_louis() -> ModuleType | None:
    """liblouis's Python module, or None when neither this Python nor the system has it."""
    with _lock:
        if not _loaded:
            _loaded.append(import_system_module("louis", "louis"))
        return _loaded[0]


def french_cells(text: str) -> Cells:
    """``text`` in uncontracted French braille: one cell per braille character liblouis writes."""
    louis = load_louis()
    if louis is None:
        raise FrenchBrailleUnavailable(
            "French braille needs liblouis and its Python module (on Debian or Ubuntu: apt install python3-louis)"
        )
    try:
        with _lock:  # liblouis keeps its tables in one global cache
            out = louis.translateString(_TABLES, text, mode=louis.dotsIO | louis.ucBrl)
    except RuntimeError as exc:  # the table could not be compiled: it is missing
        raise FrenchBrailleUnavailable(f"liblouis has no French table {FRENCH_TABLE}: {exc}") from exc
    return cells_from_unicode(out)


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
