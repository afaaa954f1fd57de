"""Embosser-ready BRF documents: pages of cells, with a running title and a braille page number.

An embosser (or Duxbury and friends, which re-emboss such files verbatim) takes BRF as plain ASCII:
one character per cell, CR LF after every line, a form feed between pages. Nothing else is in the
file, so the page size is ours to respect: no line longer than the cells per line, no page longer
than the lines per page. Both are settable because embossers and paper differ; 40 x 25 is the usual
11 x 11.5 inch braille page.

The layout follows BANA's Braille Formats, as a teacher or a transcriber expects: every page starts
with the running head (the title, centred on line 1) and a blank line; its last line carries the
braille page number (as the language's braille writes a number in text: ⠼⠁⠃ in English, ⠠⠡⠣ in
French) at the right margin after at least three blank cells. Blank lines fill the page down to it,
so the number is on the last line whatever the embosser. A document may open with a title page (its
lines centred, no running head and no page number), so that the body's page 1 is the first page
numbered 1 and a key sheet's "braille page 2" is the page that says ⠼⠃.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from braille.cells import BLANK, Cells, cells_to_brf
from braille.text import centred, number_cells, wrap_text
from speech.i18n import _

__all__ = [
    "BRAILLE_PAGE",
    "CRLF",
    "FORM_FEED",
    "PAGE_NUMBER_GAP",
    "BrfLayoutError",
    "PageFormat",
    "Placement",
    "centred",
    "foot_line",
    "head_line",
    "head_lines",
    "paginate_placed",
    "render_pages",
]

CRLF = b"\r\n"
FORM_FEED = b"\f"


class BrfLayoutError(ValueError):
    """The page cannot hold what must go on it (a label, a head line)."""


@dataclass(frozen=True, slots=True)
class PageFormat:
    """A braille page: cells per line and lines per page (40 x 25 by default)."""

    cells_per_line: int = 40
    lines_per_page: int = 25

    def __post_init__(self) -> None:
        if self.cells_per_line < 1:
            raise BrfLayoutError(_("--cells-per-line must be at least 1, not {n}").format(n=self.cells_per_line))
        if self.lines_per_page < 1:
            raise BrfLayoutError(_("--lines-per-page must be at least 1, not {n}").format(n=self.lines_per_page))


BRAILLE_PAGE = PageFormat()
"""The usual braille page: 40 cells x 25 lines."""


PAGE_NUMBER_GAP = 3
"""Blank cells before the braille page number on the last line (North American practice)."""


def head_line(title: Cells, width: int) -> Cells:
    """The title at the top of a page. Words of the title that do not fit are dropped from its end (a
    shortened title still names the sheet); a first word wider than the line is cut with a hyphen."""
    words = [w for w in _split(title) if w]
    while len(words) > 1 and len(_join(words)) > width:
        words.pop()
    if not words:
        return ()
    if len(words[0]) > width:
        return wrap_text(words[:1], width)[0]
    return _join(words)


HEAD_MOST = 2
"""The lines a running head may take: a title longer than a line (the Spanish chart's "Código braille
de las cartas de Five Crowns") runs over to a second line rather than losing its last words; only a
title longer than that is shortened."""


def head_lines(title: Cells, width: int) -> list[Cells]:
    """The running head of each page, each line centred: the whole title, wrapped to at most
    :data:`HEAD_MOST` lines; a title longer than that is shortened as :func:`head_line` does."""
    words = [w for w in _split(title) if w]
    if not words:
        return [()]
    try:
        lines = wrap_text(words, width)
    except ValueError:
        lines = []
    if not lines or len(lines) > HEAD_MOST:
        lines = [head_line(title, width)]
    return [centred(line, width) for line in lines]


def foot_line(page: int, width: int) -> Cells:
    """The last line of a page: the braille page number at the right margin after three blank cells.
    A line too narrow for both is an error, never a split number."""
    page_cells = number_cells(page)
    if len(page_cells) + PAGE_NUMBER_GAP > width:
        raise BrfLayoutError(_("a line of {width} cells cannot hold the page number {page} with the {gap} blank "
                                 "cells before it; it needs {needed}").format(
            width=width, page=page, gap=PAGE_NUMBER_GAP, needed=len(page_cells) + PAGE_NUMBER_GAP))
    return (BLANK,) * (width - len(page_cells)) + page_cells


def _split(cells: Cells) -> list[Cells]:
    words: list[Cells] = []
    start = 0
    for i, c in enumerate(cells):
        if c.is_blank:
            words.append(cells[start:i])
            start = i + 1
    words.append(cells[start:])
    return words


def _join(words: list[Cells]) -> Cells:
    joined: Cells = ()
    for i, w in enumerate(words):
        joined = joined + ((BLANK,) if i else ()) + w
    return joined


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a block landed: its page (from 1) and the line (from 1, the title is line 1) of its first
    line on that page."""

    page: int
    line: int


HEAD_LINES = 2
"""The title and a blank line."""
FOOT_LINES = 1
"""The page number line."""


def paginate_placed(
    title: Cells,
    blocks: Sequence[Sequence[Cells]],
    fmt: PageFormat,
    *,
    gap: int = 0,
    preamble: Sequence[Cells] = (),
    breaks: Iterable[int] = (),
    first_page: int = 1,
    title_page: Sequence[Cells] = (),
    gaps: Sequence[int] | None = None,
) -> tuple[list[list[Cells]], list[Placement]]:
    """Lay out blocks of lines on pages, and say where each block went.

    Each page gets a running head (the whole title, on one line or two) and a blank line, and its last
    line carries the page number at the right (pages are numbered from ``first_page``). The ``preamble``
    lines (what the sheet is) come first, then a blank line, then the blocks. A block (a row of labels,
    a chart entry) never splits across pages; ``gap`` blank lines separate blocks on a page, a page
    never starts with a blank line, and a block whose index is in ``breaks`` starts a new page (the
    answers of a drill). Raises :class:`BrfLayoutError` when a line is too long or a block cannot fit on
    an empty page, so a bad page size is refused rather than overflowed.

    ``gaps``, when given, says for each block how many blank lines go before it (instead of ``gap``):
    a section heading takes one, the paragraphs under it none.

    ``title_page`` lines, when given, make an unnumbered first page: each line centred, from line 3
    down (on a page too short for them all, the groups after the title, which blank lines separate,
    are dropped). Placements count the numbered pages only, as their braille page numbers do.
    """
    width, height = fmt.cells_per_line, fmt.lines_per_page
    foot_line(first_page, width)  # refuse a line too narrow for a page number before anything else
    for block in (*blocks, preamble):
        for line in block:
            if len(line) > width:
                raise BrfLayoutError(f"a line of {len(line)} cells does not fit a page {width} cells wide")
    head = head_lines(title, width)
    head_count = len(head) + HEAD_LINES - 1  # the head's lines and the blank line under them
    room = height - head_count - FOOT_LINES
    break_set = frozenset(breaks)
    # (lines, blank lines before them when they share a page with what came before, new page first)
    stream: list[tuple[Sequence[Cells], int, bool]] = [([line], 0, False) for line in preamble]
    blanks = list(gaps) if gaps is not None else [gap] * len(blocks)
    if len(blanks) != len(blocks):
        raise ValueError(f"{len(blanks)} gaps for {len(blocks)} blocks")
    stream += [(block, (1 if preamble and i == 0 else blanks[i]), i in break_set) for i, block in enumerate(blocks)]
    bodies: list[list[Cells]] = [[]]
    placements: list[Placement] = []
    for index, (block, before, new_page) in enumerate(stream):
        if len(block) > room:
            raise BrfLayoutError(
                f"a page of {height} lines cannot hold {len(block)} line(s) of braille between its "
                f"{head_count}-line head and its page number; it needs at least "
                f"{head_count + len(block) + FOOT_LINES} lines"
            )
        need = len(block) + (before if bodies[-1] else 0)
        if (new_page and bodies[-1]) or len(bodies[-1]) + need > room:
            bodies.append([])
            need = len(block)
        if bodies[-1]:
            bodies[-1].extend([()] * before)
        if index >= len(preamble):
            placements.append(Placement(first_page + len(bodies) - 1, head_count + len(bodies[-1]) + 1))
        bodies[-1].extend(block)
    pages = [
        [*head, (), *body, *([()] * (room - len(body))), foot_line(n, width)]
        for n, body in enumerate(bodies, start=first_page)
    ]
    cover = list(title_page)
    while len(cover) + HEAD_LINES > height and () in cover:
        cover = cover[: len(cover) - 1 - cover[::-1].index(())]  # a small page keeps the title, drops the rest
    if len(cover) + HEAD_LINES > height:
        cover = []  # a page too short for even the title: the running head names the document
    if cover:
        for line in cover:
            if len(line) > width:
                raise BrfLayoutError(f"a line of {len(line)} cells does not fit a page {width} cells wide")
        lines = [(), (), *(centred(line, width) for line in cover)]
        pages.insert(0, lines + [()] * (height - len(lines)))
    return pages, placements


def render_pages(pages: Sequence[Sequence[Cells]], fmt: PageFormat) -> bytes:
    """The BRF bytes: every line ends CR LF, pages are separated by a form feed. Trailing blanks are
    dropped from each line (embossers need not see them). Checks the page size once more."""
    out = bytearray()
    for n, page in enumerate(pages):
        if len(page) > fmt.lines_per_page:
            raise BrfLayoutError(f"page {n + 1} has {len(page)} lines; the page holds {fmt.lines_per_page}")
        if n:
            out += FORM_FEED
        for line in page:
            if len(line) > fmt.cells_per_line:
                raise BrfLayoutError(f"a line of {len(line)} cells is wider than {fmt.cells_per_line}")
            out += cells_to_brf(line).rstrip(" ").encode("ascii") + CRLF
    return bytes(out)
