"""Braille labels for a physical deck: one label per card per copy, as BRF to emboss or as a true-size
sheet (PDF, SVG) for swell paper or for copying with a slate and stylus.

A teacher labels a whole deck from one sheet and counts on it: there is exactly one label for every
(physical card, copy), 2 copies by default so each card gets two opposite corners. Labels come sorted
by suit then rank, the copies of a card side by side, and each suit starts a new row, so a row is
easy to check against the cards in hand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from braille.brf import BRAILLE_PAGE, BrfLayoutError, PageFormat, paginate_placed, render_pages
from braille.cards import card_cells
from braille.cells import BLANK, Cells, cells_to_unicode
from braille.geometry import NLS, DotGeometry
from braille.page_layout import BODY_TOP, MARGIN, SheetLayoutError, body_bottom, framed_sheet
from braille.sheet import Group, Item, Page, Rule, Sheet, SheetOptions, Text, braille_dots, text_width
from braille.stock import LabelStock
from braille.text import braille_grade, text_cells, words_cells, wrap_text
from braille.words import card_words
from engine.cards import Card
from speech.i18n import _, ngettext

__all__ = [
    "BRF_LABEL_GAP",
    "BrfPlace",
    "Label",
    "LabelSet",
    "labels_brf",
    "labels_brf_layout",
    "labels_brf_pages",
    "labels_sheet",
    "make_labels",
    "stock_sheet",
]

BRF_LABEL_GAP = 2
"""Blank cells between labels on a BRF line: room to cut, and no two labels read as one."""

PAD = 2.0
"""mm from the outermost dot edge to the cut guide."""
TEXT_SIZE = 2.5
TEXT_DROP = 3.4
"""mm from the cut guide to the baseline of the print text under a label."""
GUTTER_X = 3.0
GUTTER_Y = 2.0


@dataclass(frozen=True, slots=True)
class Label:
    """One label to make: which card, which copy of it (1..per_card), its cells and print words."""

    card: Card
    copy: int
    cells: Cells
    words: str


@dataclass(frozen=True, slots=True)
class LabelSet:
    """All labels of a deck, in groups (one group per suit, jokers last); each group starts a row."""

    title: str
    cards: tuple[Card, ...]
    per_card: int
    groups: tuple[tuple[Label, ...], ...]

    @property
    def heading(self) -> str:
        """'Five Crowns card labels' ('Étiquettes des cartes de Five Crowns')."""
        return _("{title} card labels").format(title=self.title) if self.title.strip() else _("card labels")

    @property
    def labels(self) -> tuple[Label, ...]:
        return tuple(label for group in self.groups for label in group)

    @property
    def count(self) -> int:
        return sum(len(g) for g in self.groups)

    @property
    def widest(self) -> int:
        """Cells in the widest label (3 when there is a 10 and ten-as-x is off, else 2)."""
        return max((len(label.cells) for label in self.labels), default=0)

    @property
    def counts(self) -> str:
        """'108 labels, 2 per card, for 54 cards': how many, said once for every sheet."""
        return ngettext("{count} labels, {per_card} per card, for {cards} card",
                        "{count} labels, {per_card} per card, for {cards} cards",
                        len(self.cards)).format(count=self.count, per_card=self.per_card, cards=len(self.cards))

    @property
    def summary(self) -> str:
        return _("{counts}. Cut along the grey lines.").format(counts=self.counts)

    @property
    def mirrored_summary(self) -> str:
        """The info line of a slate sheet: nothing on it is cut, its labels are copied."""
        return _("{counts}, mirrored as a slate writes them from the back: copy each box into the slate as you "
                 "see it.").format(counts=self.counts)


def make_labels(cards: Sequence[Card], *, per_card: int = 2, ten_as_x: bool = False, title: str = "") -> LabelSet:
    """The labels for these physical cards (duplicates are separate cards and get their own labels)."""
    if per_card < 1:
        raise ValueError(_("each card needs at least one label, not {n}").format(n=per_card))
    if not cards:
        raise ValueError(_("there are no cards to label"))
    groups: list[list[Label]] = []
    last_suit: object = object()
    for card in sorted(cards, key=Card.sort_key):
        if card.suit != last_suit or not groups:
            groups.append([])
            last_suit = card.suit
        cells = card_cells(card, ten_as_x=ten_as_x)
        groups[-1].extend(Label(card, copy, cells, card_words(card)) for copy in range(1, per_card + 1))
    return LabelSet(title, tuple(cards), per_card, tuple(tuple(g) for g in groups))


# --- BRF ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BrfPlace:
    """Where one label is in the BRF: page, line (the title is line 1) and place in the line from the
    left (1 is the first label of the line)."""

    label: Label
    page: int
    line: int
    place: int


def labels_brf_layout(
    labels: LabelSet, fmt: PageFormat = BRAILLE_PAGE, *, grade: int = 1
) -> tuple[list[list[Cells]], list[BrfPlace]]:
    """The BRF pages as lines of cells, and where each label went (in label order), so a key sheet
    can tell a sighted helper which embossed label is which. The title and the count are in ``grade``;
    the labels are the card code in every grade."""
    with braille_grade(grade):
        return _labels_layout(labels, fmt)


def _labels_layout(labels: LabelSet, fmt: PageFormat) -> tuple[list[list[Cells]], list[BrfPlace]]:
    width = fmt.cells_per_line
    slot = labels.widest
    if slot > width:
        raise BrfLayoutError(f"a line of {width} cells cannot hold one label of {slot} cells")
    per_row = (width + BRF_LABEL_GAP) // (slot + BRF_LABEL_GAP)
    rows: list[list[Cells]] = []
    row_labels: list[tuple[Label, ...]] = []
    for group in labels.groups:
        for start in range(0, len(group), per_row):
            cells_line: Cells = ()
            for i, label in enumerate(group[start : start + per_row]):
                if i:
                    cells_line += (BLANK,) * BRF_LABEL_GAP
                cells_line += label.cells + (BLANK,) * (slot - len(label.cells))
            rows.append([cells_line])
            row_labels.append(group[start : start + per_row])
    title = text_cells(labels.heading)
    info_text = _("{count} labels for {cards} cards {per_card} each").format(
        count=labels.count, cards=len(labels.cards), per_card=labels.per_card
    )
    info = wrap_text(words_cells(info_text), width)
    pages, placements = paginate_placed(title, rows, fmt, gap=1, preamble=info)
    places = [
        BrfPlace(label, where.page, where.line, i)
        for where, row in zip(placements, row_labels, strict=True)
        for i, label in enumerate(row, start=1)
    ]
    return pages, places


def labels_brf_pages(labels: LabelSet, fmt: PageFormat = BRAILLE_PAGE, *, grade: int = 1) -> list[list[Cells]]:
    """The BRF pages as lines of cells (for checking; :func:`labels_brf` gives the bytes)."""
    return labels_brf_layout(labels, fmt, grade=grade)[0]


def labels_brf(labels: LabelSet, fmt: PageFormat = BRAILLE_PAGE, *, grade: int = 1) -> bytes:
    """Embosser-ready BRF: a braille title and page number on each page, labels in a grid with blank
    cells between them and a blank line between rows."""
    return render_pages(labels_brf_pages(labels, fmt, grade=grade), fmt)


# --- print (PDF, SVG) -----------------------------------------------------------------------------


def labels_sheet(labels: LabelSet, options: SheetOptions, *, mirror: bool = False) -> Sheet:
    """True-size labels: each label's dots inside a light grey cut guide, its print words under it.

    With ``mirror`` every label's dots are reflected left to right (seen from the back), for writing
    them with a slate and stylus; the print stays readable. ``options.empty_dots`` draws the empty dot
    places faintly; ``options.only_dots_rise`` (swell paper) draws every line and word light enough to
    stay flat.
    """
    geometry, paper = options.geometry, options.paper
    box_w = geometry.width(labels.widest) + 2 * PAD
    box_h = geometry.cell_height + 2 * PAD
    words_w = max(text_width(label.words, TEXT_SIZE) for label in labels.labels)
    slot_w = max(box_w, words_w) + GUTTER_X
    slot_h = max(box_h + TEXT_DROP + 1.0, geometry.line_spacing) + GUTTER_Y
    avail_w = paper.width - 2 * MARGIN
    avail_h = body_bottom(paper) - BODY_TOP
    cols = math.floor((avail_w + GUTTER_X) / slot_w)
    rows_per_page = math.floor((avail_h + GUTTER_Y) / slot_h)
    if cols < 1 or rows_per_page < 1:
        raise SheetLayoutError(
            f"a {paper.name} page cannot hold one label at these sizes "
            f"(a label needs {slot_w - GUTTER_X:.1f} x {slot_h - GUTTER_Y:.1f} mm)"
        )
    rows: list[tuple[Label, ...]] = []
    for group in labels.groups:
        rows.extend(group[i : i + cols] for i in range(0, len(group), cols))
    page_rows = [rows[i : i + rows_per_page] for i in range(0, len(rows), rows_per_page)]
    title = (_("{heading} (mirrored, for slate and stylus)").format(heading=labels.heading) if mirror
             else labels.heading)
    info = labels.mirrored_summary if mirror else labels.summary
    bodies: list[list[Item]] = []
    number = 0
    for p, chunk in enumerate(page_rows, start=1):
        items: list[Item] = []
        for r, row in enumerate(chunk):
            for c, label in enumerate(row):
                number += 1
                slot_x = MARGIN + c * slot_w
                # Each label's cut guide fits its own cells (a 2-cell label is cut smaller than a 10's).
                own_w = geometry.width(len(label.cells)) + 2 * PAD
                box_x = slot_x + (slot_w - GUTTER_X - own_w) / 2
                box_y = BODY_TOP + r * slot_h
                place = (box_x, box_y, own_w, box_h)
                drawn = _label_group(label, number, place, geometry, mirror=mirror, empty=options.empty_dots)
                where = (("page", str(p)), ("row", str(r + 1)), ("column", str(c + 1)))
                items.append(Group(drawn.kind, drawn.data + where, drawn.items))
        bodies.append(items)
    return framed_sheet(paper, title, info, bodies, only_dots_rise=options.only_dots_rise)


def _cut_guide(x: float, y: float, w: float, h: float) -> tuple[Rule, ...]:
    """A thin light grey box to cut along: light enough that swell paper hardly raises it, and the
    print words stay outside it, on the sheet."""
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
    return tuple(Rule(x1, y1, x2, y2, width=0.15, grey=0.65) for (x1, y1), (x2, y2) in pairwise(corners))


def _label_group(
    label: Label,
    number: int,
    place: tuple[float, float, float, float],
    geometry: DotGeometry,
    *,
    mirror: bool,
    empty: bool,
) -> Group:
    x, y, w, h = place
    r = geometry.radius
    dots = braille_dots(geometry, label.cells, x + PAD + r, y + PAD + r, mirror=mirror, empty=empty)
    items: list[Item] = [
        *_cut_guide(x, y, w, h),
        *dots,
        Text(x + w / 2, y + h + TEXT_DROP, label.words, TEXT_SIZE, "middle", grey=0.25),
    ]
    data = (
        ("card", label.card.code),
        ("copy", str(label.copy)),
        ("number", str(number)),
        ("cells", cells_to_unicode(label.cells)),
        ("x", f"{x:.4f}"),
        ("y", f"{y:.4f}"),
    )
    return Group("label", data, tuple(items))


# --- die-cut label stock ---------------------------------------------------------------------------

STOCK_INSET = 1.5
"""mm kept clear inside each die-cut label's edge: a printer's feed wanders by about a millimetre."""
STOCK_GAP = 1.5
"""mm between two card labels on one die-cut label: room for the scissors."""


def stock_sheet(
    labels: LabelSet,
    stock: LabelStock,
    *,
    geometry: DotGeometry = NLS,
    mirror: bool = False,
    empty_dots: bool = False,
    only_dots_rise: bool = False,
) -> Sheet:
    """The labels printed true size onto sheets of die-cut clear labels (:mod:`braille.stock`): each
    die-cut label holds a grid of card labels, each in its own light cut guide, none nearer than
    :data:`STOCK_INSET` to the die-cut edge; sheets follow one another until every label is placed.

    Nothing else is printed (no title, no words, no scale bar): everything on the sheet lands on a
    label that goes on a card. The die-cut label each card label is on is in its group's data."""
    box_w = geometry.width(labels.widest) + 2 * PAD
    box_h = geometry.cell_height + 2 * PAD
    across = int((stock.label_width - 2 * STOCK_INSET + STOCK_GAP) // (box_w + STOCK_GAP))
    down = int((stock.label_height - 2 * STOCK_INSET + STOCK_GAP) // (box_h + STOCK_GAP))
    if across < 1 or down < 1:
        raise SheetLayoutError(
            f"a {stock.name} label ({stock.label_width:.1f} x {stock.label_height:.1f} mm) cannot hold one card "
            f"label at these sizes ({box_w:.1f} x {box_h:.1f} mm)"
        )
    per_label = across * down
    per_sheet = per_label * stock.per_sheet
    pages: list[Page] = []
    every = labels.labels
    for start in range(0, len(every), per_sheet):
        items: list[Item] = []
        for k, label in enumerate(every[start : start + per_sheet]):
            die, slot = divmod(k, per_label)
            row, column = divmod(slot, across)
            die_x, die_y = stock.place(die)
            # the card labels of one die-cut label are centred on it
            used_w = across * box_w + (across - 1) * STOCK_GAP
            used_h = down * box_h + (down - 1) * STOCK_GAP
            x = die_x + (stock.label_width - used_w) / 2 + column * (box_w + STOCK_GAP)
            y = die_y + (stock.label_height - used_h) / 2 + row * (box_h + STOCK_GAP)
            own_w = geometry.width(len(label.cells)) + 2 * PAD
            r = geometry.radius
            dots = braille_dots(geometry, label.cells, x + PAD + r, y + PAD + r, mirror=mirror, empty=empty_dots)
            data = (
                ("card", label.card.code),
                ("copy", str(label.copy)),
                ("number", str(start + k + 1)),
                ("cells", cells_to_unicode(label.cells)),
                ("die-cut", str(die + 1)),
                ("x", f"{x:.4f}"),
                ("y", f"{y:.4f}"),
            )
            items.append(Group("label", data, (*_cut_guide(x, y, own_w, box_h), *dots)))
        pages.append(Page(tuple(items)))
    title = _("{heading} on {stock} labels").format(heading=labels.heading, stock=stock.name)
    return Sheet(stock.paper, title, tuple(pages), only_dots_rise=only_dots_rise)
