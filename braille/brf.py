"""Embosser-ready BRF documents: pages of cells, with a running title and a braille page number.

An embosser (or Duxbury and friends, which re-emboss such files verbatim) takes BRF as plain ASCII:
one character per cell, CR LF after every line, a form feed between pages. Nothing else is in the
file, so the page size is ours to respect: no line longer than the cells per line, no page longer
than the lines per page. Both are settable because embossers and paper differ; 40 x 25 is the usual
11 x 11.5 inch braille page.

Every page starts with a head line: the title on the left and the page number (literary braille,
number sign then upper-cell digits) at the right margin, then a blank line, then the body. A
page's trailing blank lines are not written: the form feed ends the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from braille.cells import BLANK, Cells, cells_to_brf
from braille.literary import number

__all__ = ["BRAILLE_PAGE", "CRLF", "FORM_FEED", "BrfLayoutError", "PageFormat", "head_line", "paginate", "render_pages"]

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
            raise BrfLayoutError(f"cells per line must be at least 1, not {self.cells_per_line}")
        if self.lines_per_page < 1:
            raise BrfLayoutError(f"lines per page must be at least 1, not {self.lines_per_page}")


BRAILLE_PAGE = PageFormat()
"""The usual braille page: 40 cells x 25 lines."""


def head_line(title: Cells, page: int, width: int) -> Cells:
    """Title left, page number right, at least two blank cells between. Words of the title that do not
    fit are dropped from its end (a shortened title still names the sheet); the page number always
    stays, and a page too narrow for it is an error."""
    page_cells = number(page)
    if len(page_cells) > width:
        raise BrfLayoutError(f"a line of {width} cells cannot hold the page number {page}")
    words = [w for w in _split(title) if w]
    while words:
        text = _join(words)
        if len(text) + 2 + len(page_cells) <= width:
            gap = width - len(text) - len(page_cells)
            return text + (BLANK,) * gap + page_cells
        words.pop()
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


def paginate(
    title: Cells,
    blocks: Sequence[Sequence[Cells]],
    fmt: PageFormat,
    *,
    gap: int = 0,
    preamble: Sequence[Cells] = (),
) -> list[list[Cells]]:
    """Lay out blocks of lines on pages.

    Each page gets a head line and a blank line. The ``preamble`` lines (what the sheet is) come first,
    then a blank line, then the blocks. A block (a row of labels, a chart entry) never splits across
    pages; ``gap`` blank lines separate blocks on a page, and a page never starts with a blank line.
    Raises :class:`BrfLayoutError` when a line is too long or a block cannot fit on an empty page, so
    a bad page size is refused rather than overflowed.
    """
    width, height = fmt.cells_per_line, fmt.lines_per_page
    for block in (*blocks, preamble):
        for line in block:
            if len(line) > width:
                raise BrfLayoutError(f"a line of {len(line)} cells does not fit a page {width} cells wide")
    head = 2
    # (lines, blank lines before them when they share a page with what came before)
    stream: list[tuple[Sequence[Cells], int]] = [([line], 0) for line in preamble]
    stream += [(block, (1 if preamble and i == 0 else gap)) for i, block in enumerate(blocks)]
    bodies: list[list[Cells]] = [[]]
    used = head
    for block, before in stream:
        need = len(block) + (before if bodies[-1] else 0)
        if used + need > height:
            if head + len(block) > height:
                raise BrfLayoutError(
                    f"a page of {height} lines cannot hold {len(block)} line(s) of braille under its "
                    f"{head}-line head; it needs at least {head + len(block)} lines"
                )
            bodies.append([])
            used = head
            need = len(block)
        if bodies[-1]:
            bodies[-1].extend([()] * before)
        bodies[-1].extend(block)
        used += need
    return [[head_line(title, n, width), (), *body] for n, body in enumerate(bodies, start=1)]


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
