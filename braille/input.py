"""Cards typed on a braille keyboard, turned into the card codes the rest of the program reads.

A braille display's keyboard sends either Unicode braille cells (U+2800 block, when the screen
reader's input table is "Unicode braille") or, under a computer braille input table (North American
Braille Computer Code, US comp6), the ASCII character of each cell: dropped digits come as digits and
the st sign as ``/``, so 7 of stars arrives as ``7/`` and 10 of hearts written with x as ``xh``.
Computer braille and BRF give the 64 six-dot cells the same characters, so one reader serves both.

Typed card codes (``10h``, ``7st``) pass through untouched: a word is read as braille only when it
holds braille cells or reads as a card in computer braille, and where a word reads both ways the
two readings are the same card (a test checks every short word).
"""

from __future__ import annotations

from collections.abc import Iterable

from braille.cards import BrailleCardError, parse_braille_card, parse_brf_card
from braille.cells import BLANK, is_unicode_braille
from engine.cards import Card

__all__ = ["codes_from_braille", "read_card", "word_from_braille"]


def read_card(text: str) -> Card:
    """One card typed in braille: Unicode cells (⠶⠌) or computer braille (``7/``, ``XH``, any case).
    Raises :class:`~braille.cards.BrailleCardError` naming the cell that is not part of the code."""
    return parse_braille_card(text.strip())


def word_from_braille(word: str) -> str:
    """The card code for one typed word if it is braille ('⠶⠌' and '7/' give '7st', 'xh' gives '10h');
    any other word as it is, for the card notation to read or refuse. A word with braille cells that
    is not a card raises :class:`~braille.cards.BrailleCardError`."""
    if any(is_unicode_braille(ch) for ch in word):
        return read_card(word).code
    try:
        return parse_brf_card(word).code
    except BrailleCardError:
        return word


def codes_from_braille(arguments: Iterable[str]) -> list[str]:
    """Command-line card arguments with every word typed in braille replaced by its card code.

    Words are separated by spaces or blank cells (U+2800); each argument stays one argument, and an
    empty argument stays empty, so the caller's own checks still see what was typed."""
    out: list[str] = []
    for argument in arguments:
        words = argument.replace(BLANK.unicode, " ").split()
        out.append(" ".join(word_from_braille(w) for w in words) if words else argument)
    return out
