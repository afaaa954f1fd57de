"""A game's rule book in braille: the pages of :mod:`braille.rule_words`'s book, laid out as BANA's
Braille Formats lays out a short book, for BRF, PEF and swell paper.

- a title page (the title, what the book holds as the book itself says, who made it);
- each section's heading centred, with a blank line before it, and its paragraphs in paragraph format
  (first line from cell 3, runovers from cell 1), running on from page to page; a list's items (the
  steps of a turn, the lines of a score table: :class:`braille.rule_words.ListItem`) in list format
  (first line from cell 1, runovers from cell 3);
- the hand-by-hand table after the sections: as a table in columns (column headings, a separation
  line of ⠒ under each, a blank between columns) when its widest row fits the line; otherwise in
  linear form, one entry per row, the cells of a row separated by a blank and runovers from cell 3.
  A table row never breaks across pages.

Words are in the grade asked (grade 2 by default: a rule book is reading matter, and most adult
readers read contracted braille).
"""

from __future__ import annotations

from braille.brf import BRAILLE_PAGE, PageFormat, paginate_placed
from braille.cells import BLANK, Cell, Cells
from braille.rule_words import HandTable, ListItem, RuleBook
from braille.text import braille_grade, heading, paragraph, text_cells, title_page, words_cells, wrap_text

__all__ = ["SEPARATION", "rule_book_pages", "table_lines"]

SEPARATION = Cell.from_dots("25")
"""The cell of a table's separation line (BANA: a row of ⠒ under each column heading)."""
_COLUMN_GAP = 2


def table_lines(table: HandTable, width: int) -> list[list[Cells]]:
    """The table as blocks of lines: the heading and the column heads (with their separation line)
    first, then one block per row."""
    heads = [text_cells(c) for c in table.columns]
    rows = [[text_cells(c) for c in row] for row in table.rows]
    widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]
    blocks: list[list[Cells]] = [heading(table.heading, width)]
    if sum(widths) + _COLUMN_GAP * (len(widths) - 1) <= width:
        def line(cells: list[Cells]) -> Cells:
            out: Cells = ()
            for i, c in enumerate(cells):
                pad = widths[i] - len(c) if i < len(cells) - 1 else 0
                out += c + (BLANK,) * (pad + (_COLUMN_GAP if i < len(cells) - 1 else 0))
            return out

        separation = [(SEPARATION,) * w for w in widths]
        blocks[0] += [(), line(heads), line(separation)]
        blocks += [[line(r)] for r in rows]
        return blocks
    blocks[0] += [(), *wrap_text([w for c in table.columns for w in words_cells(c)], width, indent=2)]
    blocks += [wrap_text([w for c in row for w in words_cells(c)], width, indent=2) for row in table.rows]
    return blocks


def rule_book_pages(book: RuleBook, fmt: PageFormat = BRAILLE_PAGE, *, grade: int = 2) -> list[list[Cells]]:
    """The book's braille pages: title page, sections, then the table starting on a page of its own."""
    with braille_grade(grade):
        width = fmt.cells_per_line
        blocks: list[list[Cells]] = []
        gaps: list[int] = []
        for section in book.sections:
            # A blank line before each heading (BANA), none between paragraphs. A paragraph may run on
            # to the next page, but never leaves its first two lines apart, and a heading goes with the
            # first two lines of its first paragraph, so it never ends a page alone.
            for i, text in enumerate(section.paragraphs):
                lines = wrap_text(words_cells(text), width, indent=2) if isinstance(text, ListItem) else \
                    paragraph(text, width)
                first = [*heading(section.heading, width), *lines[:2]] if i == 0 else lines[:2]
                blocks += [first, *([line] for line in lines[2:])]
                gaps += [1 if i == 0 else 0] + [0] * len(lines[2:])
        table_start = len(blocks)
        table = table_lines(book.table, width)
        blocks += table
        gaps += [0] * len(table)
        cover = title_page(book.title, book.contents, width)
        pages, _placements = paginate_placed(
            text_cells(book.title), blocks, fmt, breaks=(table_start,), title_page=cover, gaps=gaps
        )
        return pages
