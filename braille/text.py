"""Print words as braille in the language the game speaks: the one door the sheets write words through.

Grade 1 (uncontracted, the default): English is Unified English Braille (:mod:`braille.literary`, a
fixed transcription of the few words our sheets say); every other language is its uncontracted
braille made by liblouis with the table its description names (speech/languages/,
:mod:`braille.louis_text`). Grade 2 (contracted, what most adult readers read): liblouis's contracted
table of the language (UEB grade 2, French abrégé) through :mod:`braille.contracted`. A sheet chooses
its grade for everything it writes with :func:`braille_grade`, so every word of one sheet, its title,
notes and page numbers, is in the same grade. Titles, notes, chart meanings, label counts and page
numbers all come through here, so a French sheet never mixes an English number sign or capital sign
into French braille. The card code is the same in every language and never passes through here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from braille.cells import BLANK, Cell, Cells, cells_from_dots
from braille.contracted import Grade, translate
from braille.literary import WORD_CELLS, letter_alone, literary, wrap_words
from braille.louis_text import letter_cells_of, louis_cells
from speech.i18n import _, current, language

__all__ = [
    "GRADES",
    "TN_CLOSE",
    "TN_OPEN",
    "braille_grade",
    "centred",
    "heading",
    "letter_cells",
    "lone_symbol",
    "number_cells",
    "paragraph",
    "sheet_grade",
    "text_cells",
    "title_page",
    "transcriber_note",
    "words_cells",
    "wrap_text",
]

TN_OPEN: Cells = cells_from_dots("4 46 126")
"""UEB's opening transcriber's note indicator ⠈⠨⠣: what follows is the transcriber speaking, not the
text (here: the sheet explaining its own braille)."""
TN_CLOSE: Cells = cells_from_dots("4 46 345")
"""UEB's closing transcriber's note indicator ⠈⠨⠜."""


GRADES = (1, 2)
"""The grades a sheet's words can be written in: 1 uncontracted, 2 contracted."""

_GRADE: ContextVar[int] = ContextVar("braille_sheet_grade", default=1)


@contextmanager
def braille_grade(grade: int) -> Iterator[None]:
    """Write every word in ``grade`` (1 or 2) until the block ends; ValueError for another grade."""
    if grade not in GRADES:
        raise ValueError(f"the braille grade is 1 (uncontracted) or 2 (contracted), not {grade}")
    token = _GRADE.set(grade)
    try:
        yield
    finally:
        _GRADE.reset(token)


def sheet_grade() -> int:
    """The grade words are written in now (1 unless inside :func:`braille_grade`)."""
    return _GRADE.get()


def text_cells(text: str) -> Cells:
    """``text`` in the current language's braille, in the sheet's grade."""
    if _GRADE.get() == 2:
        return translate(text, language(), Grade.CONTRACTED).cells
    table = current().braille_grade1
    return literary(text) if table is None else louis_cells(table, text)


def words_cells(text: str) -> list[Cells]:
    """Each word of ``text`` in braille, for :func:`braille.literary.wrap_words`. The whole text is
    written at once and then cut at its blank cells, so that what contracted braille does across
    words (UEB writes "of the" as two cells with no blank, ⠷⠮) is kept."""
    words: list[Cells] = [()]
    for cell in text_cells(" ".join(text.split())):
        if cell == BLANK:
            words.append(())
        else:
            words[-1] += (cell,)
    return [w for w in words if w]


_NUMBER_SIGNS = {"fr": cells_from_dots("6")[0]}
"""The number sign of each language, where it is not UEB's ⠼: a number is never cut."""


def letter_cells() -> frozenset[Cell]:
    """The cells of the current language's letters, between which a word too long for a line is cut.
    In contracted braille a word is made of contractions as well as letters, so any cell but the
    number sign may be cut after."""
    if _GRADE.get() == 2:
        number_sign = _NUMBER_SIGNS.get(language(), cells_from_dots("3456")[0])
        return frozenset(Cell(bits) for bits in range(1, 64)) - {number_sign}
    lang = current()
    return WORD_CELLS if lang.braille_grade1 is None else letter_cells_of(lang.braille_grade1, lang.letters)


def wrap_text(words: list[Cells], width: int, *, indent: int = 0, first: int = 0) -> list[Cells]:
    """:func:`braille.literary.wrap_words` with the current language's letters: a long French word
    (⠿⠞⠊⠟⠥⠑⠞⠞⠑⠎) is cut between its letters, accented ones included, like an English one."""
    return wrap_words(words, width, indent=indent, first=first, letters=letter_cells())


def paragraph(text: str, width: int) -> list[Cells]:
    """``text`` in BANA paragraph format: the first line indented two cells (it starts in cell 3), its
    runover lines at the margin (cell 1)."""
    return wrap_text(words_cells(text), width, first=2)


def transcriber_note(text: str, width: int) -> list[Cells]:
    """A transcriber's note: the sheet speaking about its own braille. In English it is enclosed in
    UEB's transcriber's note indicators (⠈⠨⠣ ... ⠈⠨⠜, unspaced from the first and last words) and set
    in BANA's 7-5 format (first line from cell 7, runovers from cell 5); French braille has no such
    indicators, so there it is a plain paragraph."""
    words = words_cells(text)
    if language() != "en" or not words:  # UEB's indicators; other brailles have none
        return wrap_text(words, width, first=2)
    words[0] = TN_OPEN + words[0]
    words[-1] = words[-1] + TN_CLOSE
    first, indent = (6, 4) if width >= 20 else (2, 0)  # a page too narrow for 7-5 keeps the note readable
    letters = letter_cells() | frozenset(TN_OPEN + TN_CLOSE)  # a long first word may still be cut
    return wrap_words(words, width, first=first, indent=indent, letters=letters)


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


def title_page(heading: str, about: str, width: int) -> list[Cells]:
    """The lines of a document's title page (BANA: the title first, then what the document is and who
    made it), each to be centred: the heading, a blank line, what the document is, a blank line, and
    the line that says which program made it."""
    lines = wrap_text(words_cells(heading), width)
    lines += [(), *wrap_text(words_cells(about), width)]
    lines += [(), *wrap_text(words_cells(_("Made with access-game")), width)]
    return lines


def centred(line: Cells, width: int) -> Cells:
    """A heading centred on a line of ``width`` cells (blanks before it; an odd blank goes after), as
    BANA centres headings and running heads. A line as wide as the page stays as it is, an empty
    line empty."""
    if not line:
        return ()
    return (BLANK,) * max(0, (width - len(line)) // 2) + line


def heading(text: str, width: int) -> list[Cells]:
    """A centred heading (BANA): ``text`` wrapped to the line, each line centred."""
    return [centred(line, width) for line in wrap_text(words_cells(text), width)]
