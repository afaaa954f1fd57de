"""Words in literary braille of any language and grade, made by liblouis, with the maps between print
characters and braille cells.

Why liblouis: contracted braille (UEB grade 2, French abrégé, Spanish grade 2 ...) is thousands of
rules per language, kept by liblouis's authors and read every day through BRLTTY, NVDA and JAWS.
Writing them ourselves would be wrong in ways a reader notices at once. liblouis is reached through
the system's python3-louis (:mod:`braille.system_modules`), as BrlAPI is.

Why the position maps: in contracted braille one cell can stand for several letters (⠮ "the") and one
letter can take several cells (a capital sign and the letter). A display's cursor routing key names a
cell; the game needs the character under it, and panning must not cut a word in half. liblouis
reports, for every cell, the character it came from and, for every character, the cell it went to;
:class:`Contracted` keeps both so any code can map one way or the other.

The card code never passes through here: a card is the card code in every language and grade
(:mod:`braille.cards`).

Why names apart: a game's English name kept in French or Spanish text ("Règles de Five Crowns") is no
word of that language, so its contracted braille must not contract it (French abrégé writes "Crowns"
with the cell of "cr", Spanish grade 2 marks it as a contraction). Each name of :data:`PROPER_NAMES`
is written letter for letter, in the language's uncontracted braille, as a transcriber writes a
foreign name; the text around it is contracted as usual.
"""

from __future__ import annotations

import enum
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from braille.cells import Cell, Cells, cells_from_unicode
from braille.system_modules import import_system_module

__all__ = [
    "LOUIS_LOCK",
    "PROPER_NAMES",
    "TABLES",
    "TABLE_FOLDER",
    "BrailleTableUnavailable",
    "Contracted",
    "Grade",
    "load_louis",
    "tables_for",
    "translate",
]


class Grade(enum.IntEnum):
    """How words are written: computer braille (one 8-dot cell per character, as BRLTTY's text
    table), uncontracted (grade 1: letter for letter, with the language's capital and number signs),
    or contracted (grade 2: the language's contractions, what most adult readers read)."""

    COMPUTER = 0
    UNCONTRACTED = 1
    CONTRACTED = 2


TABLE_FOLDER = Path("/usr/share/liblouis/tables")
"""Where Debian's liblouis-data puts the tables (liblouis finds them there by itself)."""

TABLES: dict[str, dict[Grade, str]] = {
    "en": {Grade.COMPUTER: "en-us-comp8-ext.utb", Grade.UNCONTRACTED: "en-ueb-g1.ctb",
           Grade.CONTRACTED: "en-ueb-g2.ctb"},
    "fr": {Grade.COMPUTER: "fr-bfu-comp8.utb", Grade.UNCONTRACTED: "fr-bfu-comp6.utb",
           Grade.CONTRACTED: "fr-bfu-g2.ctb"},
    "es": {Grade.COMPUTER: "en-us-comp8-ext.utb", Grade.UNCONTRACTED: "es-g1.ctb", Grade.CONTRACTED: "es-g2.ctb"},
    "de": {Grade.COMPUTER: "de-de-comp8.ctb", Grade.UNCONTRACTED: "de-g1.ctb", Grade.CONTRACTED: "de-g2.ctb"},
    "it": {Grade.COMPUTER: "it-it-comp8.utb", Grade.UNCONTRACTED: "it-it-comp6.utb",
           Grade.CONTRACTED: "it-it-comp6.utb"},
}  # fmt: skip
"""liblouis's table for each language and grade. Spanish has no computer braille table of its own, so
it takes the North American one with its accented letters; Italian has no contracted table in liblouis, so its
contracted braille is its uncontracted one, as Italian readers read it."""

PROPER_NAMES = ("Five Crowns", "access-game")
"""English names that French and Spanish text keeps as they are: never contracted as words."""
_NAMES = re.compile("|".join(re.escape(name) for name in PROPER_NAMES))

_DISPLAY = "unicode.dis"
"""A display table first, so liblouis hands back Unicode braille cells (with dotsIO | ucBrl)."""


class BrailleTableUnavailable(ValueError):
    """liblouis, its Python module or the table for a language and grade is missing, so the words
    cannot be written in that braille."""


@dataclass(frozen=True, slots=True)
class Contracted:
    """Print text and its braille, with where each came from.

    ``cell_chars[i]`` is the index in ``text`` of the character cell ``i`` was made from (the first
    one, when a contraction stands for several); ``char_cells[j]`` is the index of the first cell
    character ``j`` went into (the contraction's cell, when it went into one with its neighbours)."""

    text: str
    cells: Cells
    cell_chars: tuple[int, ...]
    char_cells: tuple[int, ...]

    @property
    def unicode(self) -> str:
        """The cells as Unicode braille."""
        return "".join(cell.unicode for cell in self.cells)

    def char_at(self, cell: int) -> int:
        """The print character under braille cell ``cell`` (a routing key's cell); past the end, the
        end of the text."""
        if not 0 <= cell < len(self.cells):
            return len(self.text)
        return self.cell_chars[cell]

    def cell_at(self, char: int) -> int:
        """The braille cell where print character ``char`` is written; past the end, the end of the
        braille."""
        if not 0 <= char < len(self.text):
            return len(self.cells)
        return self.char_cells[char]


_lock = threading.RLock()
"""liblouis keeps its compiled tables in one global cache that is not safe for two threads at once."""
LOUIS_LOCK = _lock
"""The same lock, for every other module that calls liblouis (braille.louis_text)."""
_loaded: list[ModuleType | None] = []


def load_louis() -> ModuleType | None:
    """liblouis's Python module, or None when neither this Python nor the system has it."""
    with _lock:
        if not _loaded:
            _loaded.append(import_system_module("louis", "louis"))
        return _loaded[0]


def tables_for(language: str, grade: Grade | int) -> list[str]:
    """liblouis's table list for ``language`` ('en', 'fr', 'fr_CA' ...) at ``grade``: the Unicode
    display table, then the language's table. Raises :class:`BrailleTableUnavailable` for a language
    we have no table for, or when the table file is not installed."""
    base = language.replace("-", "_").split("_")[0].lower()
    if base not in TABLES:
        known = ", ".join(sorted(TABLES))
        raise BrailleTableUnavailable(f"no braille table for the language {language!r} (there are tables for {known})")
    table = TABLES[base][Grade(grade)]
    if TABLE_FOLDER.is_dir() and not (TABLE_FOLDER / table).exists():
        raise BrailleTableUnavailable(
            f"liblouis's table {table} is not installed (on Debian or Ubuntu: apt install liblouis-data)"
        )
    return [_DISPLAY, table]


def translate(text: str, language: str, grade: Grade | int) -> Contracted:
    """``text`` in ``language``'s braille at ``grade``, with the maps between characters and cells.
    In contracted braille of a language other than English, the :data:`PROPER_NAMES` in it are written
    uncontracted.

    Raises :class:`BrailleTableUnavailable` when liblouis, its Python module or the table is missing."""
    tables = tables_for(language, grade)
    if not text:
        return Contracted(text, (), (), ())
    names = tables_for(language, Grade.UNCONTRACTED) if Grade(grade) == Grade.CONTRACTED else tables
    if names == tables or language.lower().startswith("en") or not _NAMES.search(text):
        return _translate(text, tables)
    pieces: list[Contracted] = []
    at = 0
    for match in _NAMES.finditer(text):
        if match.start() > at:
            pieces.append(_translate(text[at : match.start()], tables))
        pieces.append(_translate(match.group(), names))
        at = match.end()
    if at < len(text):
        pieces.append(_translate(text[at:], tables))
    return _joined(text, pieces)


def _joined(text: str, pieces: list[Contracted]) -> Contracted:
    """The pieces of ``text``, translated one by one, as one translation: their maps shifted by the
    characters and cells before them."""
    cells: list[Cell] = []
    cell_chars: list[int] = []
    char_cells: list[int] = []
    chars = 0
    for piece in pieces:
        cell_chars += [chars + i for i in piece.cell_chars]
        char_cells += [len(cells) + i for i in piece.char_cells]
        cells += piece.cells
        chars += len(piece.text)
    return Contracted(text, tuple(cells), tuple(cell_chars), tuple(char_cells))


def _translate(text: str, tables: list[str]) -> Contracted:
    """``text`` through liblouis's ``tables``, with its maps."""
    if not text:
        return Contracted(text, (), (), ())
    louis = load_louis()
    if louis is None:
        raise BrailleTableUnavailable(
            "braille words need liblouis and its Python module (on Debian or Ubuntu: apt install python3-louis)"
        )
    try:
        with _lock:
            out, cell_chars, char_cells, _cursor = louis.translate(tables, text, mode=louis.dotsIO | louis.ucBrl)
    except RuntimeError as exc:  # the table could not be compiled
        raise BrailleTableUnavailable(f"liblouis could not load the table {tables[-1]}: {exc}") from exc
    cells = cells_from_unicode(out)
    return Contracted(
        text,
        cells,
        tuple(int(i) for i in cell_chars[: len(cells)]),
        tuple(int(i) for i in char_cells[: len(text)]),
    )
