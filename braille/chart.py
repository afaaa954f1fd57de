"""The chart a learner keeps beside the deck: every symbol the deck uses, its dots, its meaning and an
example card, in braille (BRF) and in print with true-size dots (PDF, SVG).

Only the symbols of the chosen deck are listed (no stars for a standard deck, no 2 for Five Crowns,
no jokers for the no-twos game), in the order a reader meets them on a card: ranks, suits, joker.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from braille.brf import BRAILLE_PAGE, PageFormat, paginate_placed
from braille.cards import JOKER_CELLS, SUIT_CELLS, card_cells, current_notation, rank_cells
from braille.cells import BLANK, Cells, cells_to_brf, cells_to_unicode
from braille.contracted import Grade, tables_for
from braille.deck_sheet import DeckSheet
from braille.louis_text import back_translate
from braille.page_layout import BODY_TOP, MARGIN, SheetLayoutError, body_bottom, framed_sheet
from braille.sheet import Group, Item, Rule, Sheet, SheetOptions, Text, braille_dots, text_width, wrap_print
from braille.text import (
    braille_grade,
    lone_symbol,
    paragraph,
    sheet_grade,
    text_cells,
    title_page,
    transcriber_note,
    wrap_text,
)
from braille.words import JOKER_WORD, card_words, card_words_spelled, rank_name, rank_word, suit_name
from engine.cards import JOKER, Card, Rank, Suit
from speech.i18n import N_, _, language

__all__ = ["CHART", "ChartEntry", "chart_brf_pages", "chart_entries", "chart_heading", "chart_notes",
           "other_meanings"]

_SUIT_EXAMPLE_RANKS = (Rank.SEVEN, Rank.QUEEN, Rank.THREE, Rank.KING, Rank.TEN)


@dataclass(frozen=True, slots=True)
class ChartEntry:
    """One row of the chart: the symbol's cells, what it means (print, and spelled for braille), and an
    example card that uses it."""

    kind: str  # "rank", "suit" or "joker"
    cells: Cells
    meaning: str
    spelled: str
    example: Card

    @property
    def dots(self) -> str:
        """'2 356': dot numbers per cell, a space between cells."""
        return " ".join(c.dot_numbers for c in self.cells)

    @property
    def brf(self) -> str:
        return cells_to_brf(self.cells)


def chart_entries(cards: Sequence[Card], *, ten_as_x: bool = False) -> list[ChartEntry]:
    """The chart rows for a deck: each rank it has, each suit it has, the joker if it has one."""
    ranks = sorted({c.rank for c in cards if c.rank is not None})
    suits = [s for s in Suit if any(c.suit == s for c in cards)]
    entries: list[ChartEntry] = []
    for i, rank in enumerate(ranks):
        cells = rank_cells(rank, ten_as_x=ten_as_x)
        meaning = rank_word(rank)
        if rank == Rank.TEN:
            x = ten_as_x or current_notation() == "hand"
            meaning = _("10, written x") if x else _("10: dropped 1, dropped 0")
        example = Card(rank, suits[i % len(suits)])
        entries.append(ChartEntry("rank", cells, meaning, rank_name(rank), example))
    for i, suit in enumerate(suits):
        meaning = _("stars (the st sign)") if suit == Suit.STARS else suit_name(suit)
        example_rank = next(
            (r for r in _SUIT_EXAMPLE_RANKS[i % len(_SUIT_EXAMPLE_RANKS) :] + _SUIT_EXAMPLE_RANKS if r in ranks),
            ranks[0],
        )
        entries.append(ChartEntry("suit", (SUIT_CELLS[suit],), meaning, suit_name(suit), Card(example_rank, suit)))
    if any(c.is_joker for c in cards):
        entries.append(ChartEntry("joker", JOKER_CELLS, _("joker (j o)"), _(JOKER_WORD), JOKER))
    return entries


def chart_notes(cards: Sequence[Card], *, ten_as_x: bool = False, braille: bool = False) -> list[str]:
    """The notes of the chart: how to read a card, and the caution for running text. The print chart
    has them under its table, the BRF chart before its entries (``braille`` adds the sentence that
    explains the grade 1 indicator before a lone letter)."""
    notes = [_("A card is its rank cells then one suit cell. There is no number sign: the code is used only on "
               "cards.")]
    if current_notation() == "hand":
        notes.append(_("This is the hand notation teachers use: each rank is one upper-cell letter, a for the ace, "
                       "b to i for 2 to 9, x for 10, and j, q, k for the faces, so every card is two cells."))
    elif any(c.rank == Rank.TEN for c in cards):
        notes.append(
            _("10 is x, one cell (the ten-as-x option), so every label is two cells.")
            if ten_as_x
            else _("10 is two cells, dropped 1 then dropped 0, so a 10 label is three cells wide.")
        )
    if any(c.is_joker for c in cards):
        notes.append(_("A joker is j o. The o is no suit, so a joker is never read as a jack."))
    if any(c.suit == Suit.STARS for c in cards):
        notes.append(
            _("In running text leave a blank cell before and after card cells: dot 2 alone is a comma "
              "and dots 3-4 alone mean 'still' in literary braille.")
        )
    else:  # no stars, no ⠌: warning about "still" would name a cell the deck never shows
        notes.append(_("In running text leave a blank cell before and after card cells: dot 2 alone is a comma "
                       "in literary braille."))
    others = other_meanings(chart_entries(cards, ten_as_x=ten_as_x))
    if others:
        meanings = "; ".join(_("dots {dots} ({name}) reads {other}").format(
            dots="-".join(entry.cells[0].dot_numbers), name=entry.spelled, other=other) for entry, other in others)
        notes.append(_("Standing alone, some symbols of the card code mean something else in this braille: "
                       "{meanings}. On a card they are the card code.").format(meanings=meanings))
    if braille:
        letter = JOKER_CELLS[0]  # j: a letter that is a word when it stands alone in contracted English
        notes.append(_(_LONE_LETTER_NOTE if lone_symbol(letter) != (letter,) else _LONE_SYMBOL_NOTE))
    return notes


def other_meanings(entries: Sequence[ChartEntry]) -> list[tuple[ChartEntry, str]]:
    """The one-cell symbols of the chart that a reader of the language's braille, at the sheet's grade,
    reads as something else when they stand alone, with what they read (liblouis's back-translation):
    in Spanish braille ⠌ (stars) is "í" and ⠶ (dropped 7) "7"; in French abrégé ⠚ (the j of the joker)
    is "je". A letter read as itself is no other meaning. English is left out: its chart writes such
    a symbol with the grade 1 indicator, which says it is no word."""
    if language() == "en":
        return []
    table = tables_for(language(), Grade.CONTRACTED if sheet_grade() == 2 else Grade.UNCONTRACTED)[-1]
    out: list[tuple[ChartEntry, str]] = []
    for entry in entries:
        if len(entry.cells) != 1:
            continue
        read = back_translate(table, entry.cells).strip()
        if read and not (len(read) == 1 and read.isascii() and read.isalpha()):
            out.append((entry, read))
    return out


_LONE_LETTER_NOTE = N_(
    "Below, a symbol of one cell that could be read as a word (a letter, or a lower cell such as "
    "dots 2-3) has dots 5-6 before it; on the cards it stands without them."
)
_LONE_SYMBOL_NOTE = N_(
    "Below, a symbol that stands alone at the start of a line is a sign of the card code, not a word "
    "or an abbreviation; on the cards it stands just as it is here."
)


def chart_heading(title: str) -> str:
    """The braille chart's title ("Five Crowns braille card code"): its running head, its title page
    and its PEF metadata."""
    return _titled(N_("{title} braille card code"), N_("braille card code"), title)


def _titled(template: str, untitled: str, title: str) -> str:
    """A heading naming the deck ("Five Crowns braille card code"), or the one without a name."""
    return _(template).format(title=title) if title.strip() else _(untitled)


# --- BRF ------------------------------------------------------------------------------------------


def chart_brf_pages(
    cards: Sequence[Card], title: str, fmt: PageFormat = BRAILLE_PAGE, *, ten_as_x: bool = False, grade: int = 1
) -> list[list[Cells]]:
    """The chart's braille pages, its words in ``grade`` (1 uncontracted, 2 contracted): see
    :func:`_chart_pages`."""
    with braille_grade(grade):
        return _chart_pages(cards, title, fmt, ten_as_x=ten_as_x)


def _chart_pages(cards: Sequence[Card], title: str, fmt: PageFormat, *, ten_as_x: bool) -> list[list[Cells]]:
    """BRF pages: a head line, the print chart's notes (how a card is made, spaces in other text),
    then one entry per symbol: the symbol, its meaning, and an example card with its words. An entry
    longer than a line wraps, its further lines indented two cells.

    A symbol that is one letter (⠚ j) stands alone on its line, where a reader of contracted braille
    would take it for a word ("just"), so it gets the grade 1 indicator before it (⠰⠚); the example
    cards beside it show the bare cells as they are on the cards."""
    width = fmt.cells_per_line
    blocks: list[list[Cells]] = []
    for entry in chart_entries(cards, ten_as_x=ten_as_x):
        example = card_cells(entry.example, ten_as_x=ten_as_x)
        symbol = lone_symbol(entry.cells[0]) if len(entry.cells) == 1 else entry.cells
        fields = [symbol, text_cells(entry.spelled), example, text_cells(card_words_spelled(entry.example))]
        one_line: Cells = ()
        for i, field in enumerate(fields):
            one_line += ((BLANK, BLANK) if i else ()) + field
        if len(one_line) <= width:
            blocks.append([one_line])
        else:
            words: list[Cells] = [symbol, *_words(text_cells(entry.spelled)), example]
            words += _words(text_cells(card_words_spelled(entry.example)))
            blocks.append(wrap_text(words, width, indent=2))
    preamble: list[Cells] = []
    notes = chart_notes(cards, ten_as_x=ten_as_x, braille=True)
    for note in notes[:-1]:
        preamble += paragraph(note, width)
    preamble += transcriber_note(notes[-1], width)  # the sheet explaining its own braille below
    heading = chart_heading(title)
    about = _("Each symbol of the deck's braille, its meaning, and a card that uses it.")
    cover = title_page(heading, about, width)
    return paginate_placed(text_cells(heading), blocks, fmt, preamble=preamble, title_page=cover)[0]


def _words(cells: Cells) -> list[Cells]:
    out: list[Cells] = [()]
    for c in cells:
        if c.is_blank:
            out.append(())
        else:
            out[-1] += (c,)
    return [w for w in out if w]


# --- print ----------------------------------------------------------------------------------------

TEXT_SIZE = 3.2
HEAD_SIZE = 2.8
COLUMN_GAP = 5.0


def _print_title(title: str) -> str:
    """The print (and swell) chart's title: "Five Crowns: the braille card code"."""
    return _titled(N_("{title}: the braille card code"), N_("The braille card code"), title)


def _print_chart(cards: Sequence[Card], title: str, options: SheetOptions) -> Sheet:
    """The print chart: a table of braille (true-size dots), dots, BRF, meaning and an example card,
    then the notes. Rows are one braille line apart (the line spacing) or more. ``empty_dots`` is as
    for the labels."""
    geometry, paper, ten_as_x, empty_dots = options.geometry, options.paper, options.ten_as_x, options.empty_dots
    entries = chart_entries(cards, ten_as_x=ten_as_x)
    examples = [card_cells(e.example, ten_as_x=ten_as_x) for e in entries]
    headers = (_("Braille"), _("Dots"), _("BRF"), _("Meaning"), _("Example"))
    widest_symbol = max(len(e.cells) for e in entries)
    widest_example = max(len(x) for x in examples)
    widths = [
        max(geometry.width(widest_symbol), text_width(headers[0], HEAD_SIZE, bold=True)),
        max(text_width(t, TEXT_SIZE) for t in [headers[1], *(e.dots for e in entries)]),
        max(text_width(t, TEXT_SIZE) for t in [headers[2], *(e.brf for e in entries)]),
        max(text_width(t, TEXT_SIZE) for t in [headers[3], *(e.meaning for e in entries)]),
        geometry.width(widest_example),
    ]
    xs = [MARGIN]
    for w in widths[:-1]:
        xs.append(xs[-1] + w + COLUMN_GAP)
    example_text_x = xs[4] + widths[4] + 3.0
    right = example_text_x + max(text_width(f"{e.example.code}  {card_words(e.example)}", TEXT_SIZE) for e in entries)
    if right > paper.width - MARGIN:
        raise SheetLayoutError(
            f"a {paper.name} page is too narrow for the chart at these sizes ({right + MARGIN:.0f} mm needed)"
        )
    pitch = max(geometry.line_spacing, geometry.cell_height + 3.0)
    notes = wrap_print(chart_notes(cards, ten_as_x=ten_as_x), paper.width - 2 * MARGIN, TEXT_SIZE)
    notes_h = len(notes) * TEXT_SIZE * 1.5 + 4.0
    top = BODY_TOP + 6.0
    bottom = body_bottom(paper)
    per_page = int((bottom - top) // pitch)
    if per_page < 1:
        raise SheetLayoutError(f"a {paper.name} page cannot hold one chart row at these sizes")
    chunks = [entries[i : i + per_page] for i in range(0, len(entries), per_page)]
    if top + len(chunks[-1]) * pitch + notes_h > bottom:
        chunks.append([])
    info = _("Each symbol of the deck's braille, its dots, and a card that uses it.")
    bodies: list[list[Item]] = []
    index = 0
    for p, chunk in enumerate(chunks, start=1):
        items: list[Item] = []
        if chunk:
            items.extend(Text(x, BODY_TOP + 2.0, h, HEAD_SIZE, bold=True) for x, h in zip(xs, headers, strict=True))
            items.append(Rule(MARGIN, BODY_TOP + 3.5, paper.width - MARGIN, BODY_TOP + 3.5, width=0.2, grey=0.5))
        for r, entry in enumerate(chunk):
            y_top = top + r * pitch
            y0 = y_top + geometry.radius
            baseline = y_top + geometry.cell_height / 2 + TEXT_SIZE * 0.35
            example = examples[index]
            index += 1
            row: list[Item] = [*braille_dots(geometry, entry.cells, xs[0] + geometry.radius, y0, empty=empty_dots)]
            row += [
                Text(xs[1], baseline, entry.dots, TEXT_SIZE),
                Text(xs[2], baseline, entry.brf, TEXT_SIZE),
                Text(xs[3], baseline, entry.meaning, TEXT_SIZE),
            ]
            row += braille_dots(geometry, example, xs[4] + geometry.radius, y0, empty=empty_dots)
            words = f"{entry.example.code}  {card_words(entry.example)}"
            row.append(Text(example_text_x, baseline, words, TEXT_SIZE, grey=0.2))
            data = (
                ("kind", entry.kind),
                ("cells", cells_to_unicode(entry.cells)),
                ("dots", entry.dots),
                ("brf", entry.brf),
                ("example", entry.example.code),
            )
            items.append(Group("chart-row", data, tuple(row)))
        if p == len(chunks):
            y = top + len(chunk) * pitch + 4.0
            for line in notes:
                items.append(Text(MARGIN, y, line, TEXT_SIZE, grey=0.1))
                y += TEXT_SIZE * 1.5
        bodies.append(items)
    return framed_sheet(paper, _print_title(title), info, bodies, only_dots_rise=options.only_dots_rise)


CHART = DeckSheet(
    name="chart", heading=chart_heading, print_title=_print_title,
    braille_pages=chart_brf_pages, print_layout=_print_chart,
    count=lambda cards, ten_as_x: len(chart_entries(cards, ten_as_x=ten_as_x)),
    swell_info=N_("The chart in braille, to raise on swell paper."),
)
"""The chart, as the `chart` command and the kit make it."""
