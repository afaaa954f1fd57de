"""Print words as braille in the language the game speaks: the one door the sheets write words through.

English is uncontracted Unified English Braille (:mod:`braille.literary`, a fixed transcription of
the few words our sheets say); every other language is its uncontracted braille made by liblouis with
the table its description names (speech/languages/, :mod:`braille.louis_text`). Titles, notes, chart
meanings, label counts and page numbers all come through here, so a French sheet never mixes an English
number sign or capital sign into French braille. The card code is the same in every language and never
passes through here.
"""

from __future__ import annotations

from braille.cells import Cell, Cells
from braille.literary import WORD_CELLS, letter_alone, literary, wrap_words
from braille.louis_text import letter_cells_of, louis_cells
from speech.i18n import current

__all__ = ["letter_cells", "lone_symbol", "number_cells", "text_cells", "words_cells", "wrap_text"]


def text_cells(text: str) -> Cells:
    """``text`` in the current language's braille (uncontracted)."""
    table = current().braille_grade1
    return literary(text) if table is None else louis_cells(table, text)


def words_cells(text: str) -> list[Cells]:
    """Each word of ``text`` (split on spaces) in braille, for :func:`braille.literary.wrap_words`."""
    return [text_cells(w) for w in text.split()]


def letter_cells() -> frozenset[Cell]:
    """The cells of the current language's letters, between which a word too long for a line is cut."""
    lang = current()
    return WORD_CELLS if lang.braille_grade1 is None else letter_cells_of(lang.braille_grade1, lang.letters)


def wrap_text(words: list[Cells], width: int, *, indent: int = 0) -> list[Cells]:
    """:func:`braille.literary.wrap_words` with the current language's letters: a long French word
    (⠿⠞⠊⠟⠥⠑⠞⠞⠑⠎) is cut between its letters, accented ones included, like an English one."""
    return wrap_words(words, width, indent=indent, letters=letter_cells())


def number_cells(n: int) -> Cells:
    """A number as the current language writes it in text (page numbers): ⠼⠁⠃ in English, ⠠⠡⠣ in
    French."""
    return text_cells(str(n))


def lone_symbol(cell: Cell) -> Cells:
    """One cell of the card code standing alone in text. English braille puts the grade 1 indicator
    before a letter a contracted-braille reader would take for a word (⠰⠚, not "just"). French
    braille has no such indicator: the cell stands bare, and the French chart says in words that a
    symbol standing alone is a sign of the card code, not a word."""
    return letter_alone(cell) if current().letter_sign_alone else (cell,)
