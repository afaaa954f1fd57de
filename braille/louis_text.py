"""Words in a language's own braille, made by liblouis with the table the language's description names
(speech/languages/: French's Code braille français uniformisé, Spanish's ONCE table).

Why liblouis: each language has its own letters for accented vowels, its own capital sign and its own
numbers, none of which the English grade 1 transcription knows, and liblouis's tables are the ones
BRLTTY, NVDA and JAWS users read every day, kept by their authors.

The binding is the system's python3-louis (Debian), reached from a virtual environment as
python3-brlapi is (:mod:`braille.system_modules`), or a ``louis`` module installed in the
environment, loaded once for the whole program by :mod:`braille.contracted` (one loader, one lock:
liblouis's table cache is shared). Card codes are never written with this: they are the card code
(:mod:`braille.cards`).
"""

from __future__ import annotations

from braille.cells import Cell, Cells, cells_from_unicode
from braille.contracted import LOUIS_LOCK, BrailleTableUnavailable, load_louis

__all__ = ["BrailleTableUnavailable", "back_translate", "letter_cells_of", "load_louis", "louis_cells"]


_letters: dict[tuple[str, str], frozenset[Cell]] = {}
"""The letter cells of each table, worked out once."""


def louis_cells(table: str, text: str) -> Cells:
    """``text`` through liblouis's ``table``: one cell per braille character liblouis writes (a
    display table first, so liblouis hands back Unicode braille cells)."""
    louis = load_louis()
    if louis is None:
        raise BrailleTableUnavailable(
            "braille words need liblouis and its Python module (on Debian or Ubuntu: apt install python3-louis)"
        )
    try:
        with LOUIS_LOCK:  # liblouis keeps its tables in one global cache
            out = louis.translateString(["unicode.dis", table], text, mode=louis.dotsIO | louis.ucBrl)
    except RuntimeError as exc:  # the table could not be compiled: it is missing
        raise BrailleTableUnavailable(f"liblouis has no table {table}: {exc}") from exc
    return cells_from_unicode(out)


def letter_cells_of(table: str, letters: str) -> frozenset[Cell]:
    """The cells of ``letters``, the capital sign and the apostrophe in ``table``: a long word may be cut
    between them. The number sign is not among them, so a number is never cut."""
    with LOUIS_LOCK:
        key = (table, letters)
        if key not in _letters:
            # Each letter alone as well as the run of them: a table with contractions even in its grade 1
            # (German's "st") would otherwise leave out the letters it contracts (⠎ and ⠞).
            alone = (cell for letter in letters + "'" for cell in louis_cells(table, letter))
            _letters[key] = (frozenset(louis_cells(table, letters + "'")) | frozenset(alone)
                             | frozenset(louis_cells(table, "A")[:1]))
        return _letters[key]


def back_translate(table: str, cells: Cells) -> str:
    """What a reader of ``table``'s braille reads in ``cells`` standing alone: liblouis's back-translation
    (⠌ is "í" in Spanish braille, "/" in French; ⠚ "je" in French abrégé)."""
    louis = load_louis()
    if louis is None:
        raise BrailleTableUnavailable(
            "braille words need liblouis and its Python module (on Debian or Ubuntu: apt install python3-louis)"
        )
    try:
        with LOUIS_LOCK:
            return str(louis.backTranslateString(["unicode.dis", table], "".join(c.unicode for c in cells)))
    except RuntimeError as exc:
        raise BrailleTableUnavailable(f"liblouis has no table {table}: {exc}") from exc
