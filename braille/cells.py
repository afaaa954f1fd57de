"""Braille cells as values, and the three ways they are written down: dot numbers, Unicode, BRF.

A cell is a set of raised dots out of eight (dots 1-6 are ordinary six-dot braille; 7 and 8 are the
extra row of computer braille). It is stored as the same bit pattern Unicode uses (dot 1 = bit 0 ...
dot 8 = bit 7), so the Unicode character is simply U+2800 plus the bits, and a terminal, NVDA or BRLTTY
shows exactly these dots.

BRF (North American Braille ASCII) gives each of the 64 six-dot cells one printable ASCII character;
embossers and braille editors read it verbatim. Letters are case-insensitive when read (``h`` and
``H`` are both dots 1-2-5); we always write upper case. Dots 7 and 8 have no BRF character.

A string of cells is a plain ``tuple[Cell, ...]`` (:data:`Cells`): immutable, hashable, sliceable.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "BLANK",
    "BRF_CHARS",
    "UNICODE_BASE",
    "Cell",
    "Cells",
    "cells_from_brf",
    "cells_from_dots",
    "cells_from_unicode",
    "cells_to_brf",
    "cells_to_dots",
    "cells_to_unicode",
    "is_unicode_braille",
]

UNICODE_BASE = 0x2800
"""U+2800 BRAILLE PATTERN BLANK; a cell's character is this plus its dot bits."""

# North American Braille ASCII, indexed by the six-dot bit pattern (dot 1 = 1, dot 2 = 2, dot 3 = 4,
# dot 4 = 8, dot 5 = 16, dot 6 = 32). Position 0 is the blank cell (space), 1 is dot 1 (A), 2 is
# dot 2 (the digit 1: "dropped a"), 12 is dots 3-4 (/), 63 is all six dots (=).
BRF_CHARS = " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)="

_BRF_TO_BITS: dict[str, int] = {ch: bits for bits, ch in enumerate(BRF_CHARS)}
# Reading is case-insensitive: the lower-case half of ASCII (0x60-0x7E) is read as the upper half
# (0x40-0x5E), as braille editors do, so 'h', '{' and '~' mean the same cells as 'H', '[' and '^'.
_BRF_TO_BITS.update({chr(ord(ch) + 0x20): bits for ch, bits in list(_BRF_TO_BITS.items()) if 0x40 <= ord(ch) <= 0x5E})

_DOT_BITS = {dot: 1 << (dot - 1) for dot in range(1, 9)}


@dataclass(frozen=True, slots=True, order=True)
class Cell:
    """One braille cell: which of dots 1-8 are raised, as the Unicode bit pattern (0-255)."""

    bits: int

    def __post_init__(self) -> None:
        if not 0 <= self.bits <= 0xFF:
            raise ValueError(f"a braille cell has dots 1 to 8 only (bit pattern 0-255), not {self.bits}")

    @classmethod
    def from_dots(cls, dots: Iterable[int] | str) -> Cell:
        """A cell from dot numbers: ``Cell.from_dots('356')`` or ``Cell.from_dots([3, 5, 6])``.

        A string may separate the numbers with hyphens or spaces ('3-5-6'); '' or '0' is the blank.
        """
        if isinstance(dots, str):
            text = dots.replace("-", "").replace(" ", "")
            if text in ("", "0"):
                return cls(0)
            if not text.isdigit():
                raise ValueError(f"'{dots}' is not a list of dot numbers 1 to 8")
            numbers: Iterable[int] = (int(ch) for ch in text)
        else:
            numbers = dots
        bits = 0
        for dot in numbers:
            if dot not in _DOT_BITS:
                raise ValueError(f"a braille cell has dots 1 to 8; there is no dot {dot}")
            bits |= _DOT_BITS[dot]
        return cls(bits)

    @classmethod
    def from_unicode(cls, char: str) -> Cell:
        """The cell of one character of the Unicode braille block U+2800-U+28FF."""
        if len(char) != 1 or not is_unicode_braille(char):
            raise ValueError(f"{char!r} is not a Unicode braille cell (U+2800 to U+28FF)")
        return cls(ord(char) - UNICODE_BASE)

    @classmethod
    def from_brf(cls, char: str) -> Cell:
        """The cell of one BRF (North American Braille ASCII) character; letters in either case."""
        bits = _BRF_TO_BITS.get(char) if len(char) == 1 else None
        if bits is None:
            raise ValueError(f"{char!r} is not a braille ASCII (BRF) character")
        return cls(bits)

    @property
    def dots(self) -> tuple[int, ...]:
        """The raised dots in ascending order; () for the blank cell."""
        return tuple(dot for dot, bit in _DOT_BITS.items() if self.bits & bit)

    @property
    def dot_numbers(self) -> str:
        """The dots run together as braille teachers write them ('356'); '0' for the blank cell."""
        return "".join(str(d) for d in self.dots) or "0"

    @property
    def unicode(self) -> str:
        """The Unicode braille character (U+2800 + bits)."""
        return chr(UNICODE_BASE + self.bits)

    @property
    def is_six_dot(self) -> bool:
        """True when neither dot 7 nor dot 8 is raised, so the cell has a BRF character."""
        return self.bits < 64

    @property
    def brf(self) -> str:
        """The BRF character (upper case). Cells with dot 7 or 8 have none: ValueError."""
        if not self.is_six_dot:
            raise ValueError(f"cell {self.unicode} (dots {self.dot_numbers}) uses dot 7 or 8 and has no BRF character")
        return BRF_CHARS[self.bits]

    @property
    def is_blank(self) -> bool:
        return self.bits == 0

    def has_dot(self, dot: int) -> bool:
        return bool(self.bits & _DOT_BITS[dot])

    def mirrored(self) -> Cell:
        """The cell seen from the back of the paper: left and right columns swapped (1<->4, 2<->5,
        3<->6, 7<->8). A slate-and-stylus writer punches this pattern."""
        swap = {1: 4, 2: 5, 3: 6, 4: 1, 5: 2, 6: 3, 7: 8, 8: 7}
        return Cell.from_dots(swap[d] for d in self.dots)

    def describe(self) -> str:
        """How an error message names the cell: '⠵ (dots 1356, BRF Z)'."""
        from speech.i18n import _

        if self.is_blank:
            return _("{cell} (blank cell)").format(cell=self.unicode)
        if self.is_six_dot:
            return _("{cell} (dots {dots}, BRF {brf})").format(cell=self.unicode, dots=self.dot_numbers, brf=self.brf)
        return _("{cell} (dots {dots})").format(cell=self.unicode, dots=self.dot_numbers)

    def __str__(self) -> str:
        return self.unicode

    def __repr__(self) -> str:
        return f"Cell.from_dots({self.dot_numbers!r})"


BLANK = Cell(0)
"""The blank cell: the space between words, and between cards on a hand's line."""

Cells = tuple[Cell, ...]
"""A string of braille cells."""


def is_unicode_braille(char: str) -> bool:
    """True for a character of the Unicode braille block."""
    return len(char) == 1 and UNICODE_BASE <= ord(char) <= UNICODE_BASE + 0xFF


def cells_to_unicode(cells: Iterable[Cell]) -> str:
    return "".join(c.unicode for c in cells)


def cells_to_brf(cells: Iterable[Cell]) -> str:
    return "".join(c.brf for c in cells)


def cells_to_dots(cells: Iterable[Cell]) -> list[str]:
    """Dot numbers per cell: ['2', '356', '125'] for 10 of hearts."""
    return [c.dot_numbers for c in cells]


def cells_from_unicode(text: str) -> Cells:
    """Cells from Unicode braille; an ASCII space also counts as a blank cell."""
    return tuple(BLANK if ch == " " else Cell.from_unicode(ch) for ch in text)


def cells_from_brf(text: str) -> Cells:
    """Cells from BRF text (one line; no line breaks)."""
    return tuple(Cell.from_brf(ch) for ch in text)


def cells_from_dots(text: str) -> Cells:
    """Cells from dot numbers separated by spaces: '2 356 125' (use 0 for a blank cell)."""
    return tuple(Cell.from_dots(word) for word in text.split())
