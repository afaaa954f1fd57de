"""The print key to a deck's labels: which embossed label is which, for a sighted helper who cannot
read the braille.

Embossed labels carry no print, so whoever sticks them on needs to know that the fifth label on line
7 of braille page 2 is the 9 of hearts. The key lists the labels in their order, one row per card
and line (the copies of a card stand side by side): the label numbers, the card in words and in
code, its dots, where it is on the embossed (BRF) pages (page, line counted from the top with the
title as line 1, places from the left) and where it is on the print label sheet (page, row, places).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from braille.brf import BRAILLE_PAGE, PageFormat
from braille.geometry import Paper
from braille.labels import BrfPlace, LabelSet, labels_brf_layout
from braille.page_layout import BODY_TOP, MARGIN, SheetLayoutError, body_bottom, framed_sheet
from braille.sheet import Group, Item, Rule, Sheet, Text, text_width, wrap_print
from speech.i18n import N_, _, ngettext

__all__ = ["KeyRow", "key_rows", "key_sheet"]

TEXT_SIZE = 2.8
HEAD_SIZE = 2.8
ROW_PITCH = 4.4
COLUMN_GAP = 4.0
#: From one line of a heading to the next, where a heading is wrapped to fit the page.
HEAD_LEADING = 3.4
HEADERS = (N_("Labels"), N_("Card"), N_("Code"), N_("Dots"), N_("Embossed (BRF): page, line, places"),
           N_("Print sheet: page, row, places"))


@dataclass(frozen=True, slots=True)
class KeyRow:
    """Consecutive labels of one card on one BRF line (and one row of the print sheet)."""

    first: int
    last: int
    words: str
    code: str
    dots: str
    brf: str
    print_place: str

    def cells(self) -> tuple[str, ...]:
        numbers = str(self.first) if self.first == self.last else f"{self.first}-{self.last}"
        return (numbers, self.words, self.code, self.dots, self.brf, self.print_place)


def _places(first: int, last: int) -> str:
    if first == last:
        return _("place {n}").format(n=first)
    return _("places {first}-{last}").format(first=first, last=last)


def key_rows(
    labels: LabelSet,
    fmt: PageFormat = BRAILLE_PAGE,
    print_places: Sequence[tuple[int, int, int]] = (),
    *,
    grade: int = 1,
) -> list[KeyRow]:
    """The key's rows. ``print_places`` is (page, row, column) of each label on the print sheet, in
    label order; without it the print column is left empty. ``grade`` is the BRF's: its count line
    may take fewer lines in grade 2, and the rows of labels move up with it."""
    places = labels_brf_layout(labels, fmt, grade=grade)[1]
    rows: list[KeyRow] = []
    run: list[tuple[int, BrfPlace]] = []

    def same_run(a: tuple[int, BrfPlace], b: tuple[int, BrfPlace]) -> bool:
        pa = print_places[a[0]][:2] if print_places else None
        pb = print_places[b[0]][:2] if print_places else None
        return a[1].label.card == b[1].label.card and (a[1].page, a[1].line) == (b[1].page, b[1].line) and pa == pb

    def flush() -> None:
        (i0, p0), (i1, p1) = run[0], run[-1]
        label = p0.label
        brf = _("page {page}, line {line}, {places}").format(
            page=p0.page, line=p0.line, places=_places(p0.place, p1.place)
        )
        where = ""
        if print_places:
            (page, row, c0), (_page, _row, c1) = print_places[i0], print_places[i1]
            where = _("page {page}, row {row}, {places}").format(page=page, row=row, places=_places(c0, c1))
        dots = " / ".join(" ".join(str(d) for d in cell.dots) for cell in label.cells)
        rows.append(KeyRow(i0 + 1, i1 + 1, label.words, label.card.code, dots, brf, where))

    for index, place in enumerate(places):
        if run and not same_run(run[-1], (index, place)):
            flush()
            run = []
        run.append((index, place))
    if run:
        flush()
    return rows


def key_sheet(
    labels: LabelSet,
    *,
    paper: Paper,
    fmt: PageFormat = BRAILLE_PAGE,
    print_places: Sequence[tuple[int, int, int]] = (),
    brf_name: str = "",
    print_name: str = "",
    grade: int = 1,
) -> Sheet:
    """The key as a print sheet (plain text, no braille: it is for eyes). ``brf_name`` and
    ``print_name`` name the label files it describes."""
    rows = key_rows(labels, fmt, print_places, grade=grade)
    headers = tuple(_(h) for h in (HEADERS if print_places else HEADERS[:-1]))
    table = [r.cells()[: len(headers)] for r in rows]
    heads, widths = _columns(headers, table, paper.width - 2 * MARGIN)
    if heads is None:
        raise SheetLayoutError(_("a {paper} page is too narrow for the label key").format(paper=paper.name))
    xs = [MARGIN]
    for w in widths[:-1]:
        xs.append(xs[-1] + w + COLUMN_GAP)
    head_lines = max(len(h) for h in heads)
    names = [f for f in (brf_name, print_name) if f]
    files = _("{first} and {second}").format(first=names[0], second=names[1]) if len(names) == 2 else "".join(names)
    intro = [
        (_("Which label is which in {files}: the labels in their order, the labels of one card side by side.")
         .format(files=files) if files
         else _("Which label is which: the labels in their order, the labels of one card side by side.")),
        ngettext(
            "Braille lines are counted from the top of the page, the title being line 1; places from the left. "
            "Each physical card gets {n} label.",
            "Braille lines are counted from the top of the page, the title being line 1; places from the left. "
            "Each physical card gets {n} labels.",
            labels.per_card,
        ).format(n=labels.per_card),
    ]
    intro = wrap_print(intro, paper.width - 2 * MARGIN, TEXT_SIZE)  # longer in some languages than a line
    top = BODY_TOP + 2.0 + len(intro) * TEXT_SIZE * 1.5 + (head_lines - 1) * HEAD_LEADING
    per_page = int((body_bottom(paper) - top - ROW_PITCH) // ROW_PITCH)
    if per_page < 1:
        raise SheetLayoutError(f"a {paper.name} page cannot hold the label key")
    chunks = [table[i : i + per_page] for i in range(0, len(table), per_page)]
    title = _("{title} labels: key for a sighted helper").format(title=labels.title)
    info = _("{count} labels for {cards} cards.").format(count=labels.count, cards=len(labels.cards))
    bodies: list[list[Item]] = []
    for chunk in chunks:
        items: list[Item] = []
        y = BODY_TOP + 2.0
        for line in intro:
            items.append(Text(MARGIN, y, line, TEXT_SIZE, grey=0.1))
            y += TEXT_SIZE * 1.5
        items.extend(Text(x, y + 1.0 + n * HEAD_LEADING, line, HEAD_SIZE, bold=True)
                     for x, head in zip(xs, heads, strict=True) for n, line in enumerate(head))
        y += (head_lines - 1) * HEAD_LEADING
        items.append(Rule(MARGIN, y + 2.2, paper.width - MARGIN, y + 2.2, width=0.2, grey=0.5))
        for r, cells in enumerate(chunk):
            baseline = y + ROW_PITCH * (r + 2)
            texts = tuple(Text(x, baseline, t, TEXT_SIZE) for x, t in zip(xs, cells, strict=True))
            items.append(Group("key-row", (("labels", cells[0]), ("card", cells[2])), texts))
        bodies.append(items)
    return framed_sheet(paper, title, info, bodies)


def _columns(headers: Sequence[str], table: Sequence[Sequence[str]],
             room: float) -> tuple[list[list[str]] | None, list[float]]:
    """Each column's heading as lines, and each column's width, within ``room`` mm. A heading is one line
    where the page allows; otherwise the widest headings are wrapped at their spaces, no narrower than
    what the column holds (the headings are longer in some languages than the key's cells: Spanish's
    "En relieve (BRF): página, línea, posiciones"). None for the headings: no wrapping makes it fit."""
    cells = [max((text_width(row[i], TEXT_SIZE) for row in table), default=0.0) for i in range(len(headers))]
    heads = [[h] for h in headers]

    def width(i: int) -> float:
        return max(cells[i], *(text_width(line, HEAD_SIZE, bold=True) for line in heads[i]))

    def total() -> float:
        return sum(width(i) for i in range(len(headers))) + COLUMN_GAP * (len(headers) - 1)

    while total() > room:
        # The heading that stands out most beyond its column's cells, among those a line more can narrow.
        wraps = {i: _wrap(headers[i], len(heads[i]) + 1) for i in range(len(headers)) if width(i) > cells[i]}
        narrower = {i: lines for i, lines in wraps.items() if lines is not None}
        if not narrower:
            return None, []
        widest = max(narrower, key=lambda i: width(i) - cells[i])
        heads[widest] = narrower[widest]
    return heads, [width(i) for i in range(len(headers))]


def _wrap(heading: str, lines: int) -> list[str] | None:
    """``heading`` on ``lines`` lines at its spaces, the widest line as narrow as it can be; None when it
    has fewer words than lines."""
    words = heading.split(" ")
    if len(words) < lines:
        return None
    best: list[str] | None = None
    best_width = float("inf")

    def place(start: int, left: int, done: list[str]) -> None:
        nonlocal best, best_width
        if left == 1:
            candidate = [*done, " ".join(words[start:])]
            widest = max(text_width(line, HEAD_SIZE, bold=True) for line in candidate)
            if widest < best_width:
                best, best_width = candidate, widest
            return
        for end in range(start + 1, len(words) - left + 2):
            place(end, left - 1, [*done, " ".join(words[start:end])])

    place(0, lines, [])
    return best
