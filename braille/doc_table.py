"""The notation table of docs/braille.md, made from the code so the two cannot drift apart.

``python -m braille.doc_table`` prints the table; a test checks that the table in the docs is
exactly this.
"""

from __future__ import annotations

from braille.cards import NOTATION
from braille.cells import cells_to_brf, cells_to_unicode

__all__ = ["HEADER", "notation_markdown"]

HEADER = ("| symbol | dots | Unicode | BRF | meaning |", "|---|---|---|---|---|")


def _unicode_column(text: str) -> str:
    points = " ".join(f"U+{ord(ch):04X}" for ch in text)
    return f"{points} {text}"


def notation_markdown() -> str:
    """The table, one row per symbol of :data:`braille.cards.NOTATION`, ending with a newline."""
    lines = list(HEADER)
    for symbol in NOTATION:
        dots = " ".join(c.dot_numbers for c in symbol.cells)
        text = cells_to_unicode(symbol.cells)
        brf = cells_to_brf(symbol.cells)
        brf_column = "(space)" if brf == " " else f"`{brf}`"
        lines.append(f"| {symbol.name} | {dots} | {_unicode_column(text)} | {brf_column} | {symbol.meaning} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(notation_markdown(), end="")
