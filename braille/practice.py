"""A learner's practice sheet: drills on the cells of the card code that fingers confuse, answers on a
separate page.

Which pairs are drilled is worked out from the cells, not listed by hand, so a change to the code
changes the drills with it. Two cells are a pair when one of these holds (the "distance" is how a
finger tells them apart):

- **one dot**: the same dots but one (s ⠎ and st ⠌ differ by dot 2 only; c ⠉ and d ⠙ by dot 5);
- **a dot moved**: the same number of dots, one in a neighbouring place (h ⠓ and d ⠙: dot 2 of h is
  dot 4 of d);
- **the same shape a row lower**: a dropped digit and the letter it was made from (dropped 3 ⠒ and
  c ⠉, dropped 0 ⠴ and j ⠚). Alone under the finger, with no cell beside it to compare, the two
  are the same pattern.

Suits are paired with suits (one dot or a dot moved) and ranks with ranks (one dot: the dropped
digits 3 to 9 are close kin), and a dropped digit with its letter wherever both are in the deck. A
pair is drilled only if the deck has both cells. Each drill mixes cards holding one cell or the
other, in the same place where the deck allows it (7 of spades beside 7 of stars), in an order fixed
by the pair, so the sheet is the same every time it is made.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from braille.brf import BRAILLE_PAGE, PageFormat, centred, paginate_placed
from braille.cards import (
    DROPPED_DIGITS,
    HAND_LETTERS,
    RANK_LETTERS,
    SUIT_CELLS,
    TEN_AS_X,
    card_cells,
    card_from_cells,
    current_notation,
)
from braille.cells import BLANK, Cell, Cells
from braille.deck_sheet import DeckSheet
from braille.page_layout import BODY_TOP, MARGIN, SheetLayoutError, body_bottom, framed_sheet
from braille.sheet import Group, Item, Sheet, SheetOptions, Text, braille_dots, text_width
from braille.text import (
    braille_grade,
    lone_symbol,
    number_cells,
    paragraph,
    text_cells,
    title_page,
    transcriber_note,
    words_cells,
    wrap_text,
)
from braille.words import card_words, card_words_spelled
from engine.cards import Card, Rank, Suit
from speech.i18n import N_, _

__all__ = ["PRACTICE", "Drill", "Pair", "confusable_pairs", "make_drills", "practice_brf_pages", "practice_heading"]

ITEMS_PER_DRILL = 6

_PLACES = {1: (0, 0), 2: (0, 1), 3: (0, 2), 4: (1, 0), 5: (1, 1), 6: (1, 2)}
_DOT_AT = {place: dot for dot, place in _PLACES.items()}


@dataclass(frozen=True, slots=True)
class Pair:
    """Two cells that feel alike, their names ('s', 'st', 'dropped 3'), and how they differ."""

    first: Cell
    first_name: str
    second: Cell
    second_name: str
    kind: str  # "one dot", "moved dot" or "lower"
    difference: str

    @property
    def title(self) -> str:
        """'s (dots 2 3 4) and st (dots 3 4): they differ by dot 2 only.'"""
        return _("{first} (dots {first_dots}) and {second} (dots {second_dots}): {difference}.").format(
            first=self.first_name, first_dots=_spaced(self.first), second=self.second_name,
            second_dots=_spaced(self.second), difference=self.difference,
        )


@dataclass(frozen=True, slots=True)
class Drill:
    """One pair and the cards the learner reads, in order."""

    pair: Pair
    cards: tuple[Card, ...]


def _spaced(cell: Cell) -> str:
    return " ".join(str(d) for d in cell.dots)


def _one_row_lower(cell: Cell) -> Cell | None:
    places = [_PLACES[d] for d in cell.dots]
    moved = [(x, y + 1) for x, y in places]
    if any(p not in _DOT_AT for p in moved):
        return None
    return Cell.from_dots(_DOT_AT[p] for p in moved)


def _relation(a: Cell, b: Cell, names: tuple[str, str]) -> tuple[str, str] | None:
    """How two cells are alike, as (kind, the sentence that says how they differ), or None."""
    da, db = set(a.dots), set(b.dots)
    if len(da ^ db) == 1:
        (dot,) = da ^ db
        return "one dot", _("they differ by dot {dot} only").format(dot=dot)
    if len(da) == len(db) and len(da ^ db) == 2:
        (x,), (y,) = da - db, db - da
        (ax, ay), (bx, by) = _PLACES[x], _PLACES[y]
        if max(abs(ax - bx), abs(ay - by)) == 1:
            return "moved dot", _("dot {x} of {first} is dot {y} of {second}").format(
                x=x, first=names[0], y=y, second=names[1]
            )
    return None


def _deck_symbols(cards: Sequence[Card], ten_as_x: bool) -> tuple[dict[Cell, str], dict[Cell, str]]:
    """The cells that are a whole rank, and the suit cells, of this deck, with their names."""
    ranks: dict[Cell, str] = {}
    for rank in sorted({c.rank for c in cards if c.rank is not None}):
        if current_notation() == "hand" and rank in HAND_LETTERS:
            ranks[HAND_LETTERS[rank]] = _HAND_NAMES[HAND_LETTERS[rank]]
        elif rank in RANK_LETTERS:
            ranks[RANK_LETTERS[rank]] = rank.code
        elif rank == Rank.TEN:
            if ten_as_x:
                ranks[TEN_AS_X] = "x"
        else:
            ranks[DROPPED_DIGITS[str(int(rank))]] = _dropped(str(int(rank)))
    suits = {SUIT_CELLS[s]: s.value for s in Suit if any(c.suit == s for c in cards)}
    return ranks, suits


def confusable_pairs(cards: Sequence[Card], *, ten_as_x: bool = False) -> list[Pair]:
    """The pairs to drill for this deck: suits, then each dropped digit with its letter, then ranks."""
    ranks, suits = _deck_symbols(cards, ten_as_x)
    suit_pairs = _pairs_within(suits, kinds=("one dot", "moved dot"))
    rank_pairs = _pairs_within(ranks, kinds=("one dot",))
    used = {cell for card in cards for cell in card_cells(card, ten_as_x=ten_as_x)}
    names = {cell: name for cell, name in _all_names().items() if cell in used}
    digits = set(DROPPED_DIGITS.values())
    lower = [
        Pair(dropped, names[dropped], letter, name, "lower",
             _("the same shape, {name} one row lower").format(name=names[dropped]))
        for letter, name in names.items()
        if letter not in digits and (dropped := _one_row_lower(letter)) is not None and dropped in names
    ]
    return suit_pairs + lower + rank_pairs


def _pairs_within(group: dict[Cell, str], *, kinds: tuple[str, ...]) -> list[Pair]:
    cells = list(group)
    pairs: list[Pair] = []
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            how = _relation(a, b, (group[a], group[b]))
            if how is not None and how[0] in kinds:
                pairs.append(Pair(a, group[a], b, group[b], how[0], how[1]))
    return pairs


_HAND_NAMES = {cell: "abcdefghix"[i] for i, cell in enumerate(HAND_LETTERS.values())}
"""The hand notation's rank letters by their cells: a to i, and x."""


def _all_names() -> dict[Cell, str]:
    """A name for every cell of the code, for pairs across ranks and suits ('dropped 0', 'j', 'c')."""
    if current_notation() == "hand":  # letters all: a suit letter c, d or h is also a rank letter
        return {**_HAND_NAMES, **{cell: rank.code for rank, cell in RANK_LETTERS.items()}}
    names = {cell: _dropped(d) for d, cell in DROPPED_DIGITS.items()}
    names.update({cell: rank.code for rank, cell in RANK_LETTERS.items()})
    names.update({cell: suit.value for suit, cell in SUIT_CELLS.items()})
    names[TEN_AS_X] = "x"
    return names


def _dropped(digit: str) -> str:
    """'dropped 3': a digit of the card code, written in the lower cells."""
    return _("dropped {digit}").format(digit=digit)


def make_drills(cards: Sequence[Card], *, ten_as_x: bool = False) -> list[Drill]:
    """One drill per confusable pair: up to six cards holding one cell or the other (at least one of
    each), in a mixed order that is the same every time."""
    # Jokers are left out: ⠚⠕ holds j, but a joker is not what the j drill is about.
    distinct = sorted({c for c in cards if not c.is_joker}, key=Card.sort_key)
    drills: list[Drill] = []
    for index, pair in enumerate(confusable_pairs(cards, ten_as_x=ten_as_x)):
        rng = random.Random(f"{pair.first.bits}-{pair.second.bits}-{index}")
        with_first = [c for c in distinct if pair.first in card_cells(c, ten_as_x=ten_as_x)]
        with_second = [c for c in distinct if pair.second in card_cells(c, ten_as_x=ten_as_x)]
        chosen: list[Card] = []
        for card in rng.sample(with_first, min(ITEMS_PER_DRILL // 2, len(with_first))):
            chosen.append(card)
            twin = _swapped(card, pair, ten_as_x)
            if twin is not None and twin in with_second and twin not in chosen:
                chosen.append(twin)
        rest = [c for c in with_second if c not in chosen]
        chosen += rng.sample(rest, min(max(0, ITEMS_PER_DRILL - len(chosen)), len(rest)))
        chosen = chosen[:ITEMS_PER_DRILL]
        rng.shuffle(chosen)
        drills.append(Drill(pair, tuple(chosen)))
    return drills


def _swapped(card: Card, pair: Pair, ten_as_x: bool) -> Card | None:
    """The card with the pair's first cell changed for its second (7 of spades to 7 of stars), if any."""
    cells = tuple(pair.second if c == pair.first else c for c in card_cells(card, ten_as_x=ten_as_x))
    try:
        return card_from_cells(cells)
    except ValueError:
        return None


# --- BRF ------------------------------------------------------------------------------------------

_ITEM_GAP = 2


def _item_cells(n: int, card: Card, ten_as_x: bool) -> Cells:
    """'⠼⠁ ⠶⠎': the item's number in literary braille, a blank, the card."""
    return (*number_cells(n), BLANK, *card_cells(card, ten_as_x=ten_as_x))


def _pack(items: list[Cells], width: int) -> list[Cells]:
    """Items on lines, two blanks between them, an item never split."""
    lines: list[Cells] = []
    line: Cells = ()
    for item in items:
        if len(item) > width:
            raise ValueError(_("a line of {width} cells cannot hold a drill item of {cells} cells").format(
                width=width, cells=len(item)))
        if line and len(line) + _ITEM_GAP + len(item) > width:
            lines.append(line)
            line = ()
        line = line + ((BLANK,) * _ITEM_GAP if line else ()) + item
    if line:
        lines.append(line)
    return lines


def _pair_heading(n: int, pair: Pair) -> list[Cells]:
    """'drill 1 ⠌ and ⠰⠎ they differ by dot 2 only'. The two cells stand alone, blanks round them, a
    lone letter with the grade 1 indicator as on the chart. No punctuation: a period is ⠲ and a
    comma ⠂ in literary braille, the very cells of dropped 4 and dropped 1."""
    difference = pair.difference.replace(",", "").replace(".", "")
    cells = [lone_symbol(pair.first), text_cells(_("and")), lone_symbol(pair.second)]
    return [*_words(_("Drill {n}").format(n=n)), *cells, *_words(difference)]


def _words(text: str) -> list[Cells]:
    return words_cells(text)


def practice_brf_pages(
    cards: Sequence[Card], title: str, fmt: PageFormat = BRAILLE_PAGE, *, ten_as_x: bool = False, grade: int = 1
) -> list[list[Cells]]:
    """The practice sheet's braille pages, its words in ``grade`` (1 uncontracted, 2 contracted)."""
    with braille_grade(grade):
        return _practice_pages(cards, title, fmt, ten_as_x=ten_as_x)


def _practice_pages(cards: Sequence[Card], title: str, fmt: PageFormat, *, ten_as_x: bool) -> list[list[Cells]]:
    """The drills, then the answers starting on a page of their own."""
    width = fmt.cells_per_line
    drills = make_drills(cards, ten_as_x=ten_as_x)
    blocks: list[list[Cells]] = []
    for n, drill in enumerate(drills, start=1):
        heading = wrap_text(_pair_heading(n, drill.pair), width, indent=2)
        items = [_item_cells(i, card, ten_as_x) for i, card in enumerate(drill.cards, start=1)]
        blocks.append([*heading, *_pack(items, width)])
    first_answer = len(blocks)
    blocks.append([centred(text_cells(_("Answers")), width)])
    for n, drill in enumerate(drills, start=1):
        words = _words(_("Drill {n}").format(n=n))
        for i, card in enumerate(drill.cards, start=1):
            words += _words(f"{i} {card_words_spelled(card)}")
        blocks.append(wrap_text(words, width, indent=2))
    intro = _(
        "Read each card and say what it is. Each drill mixes two cells that feel alike. "
        "The answers are on a page of their own after the drills."
    )
    preamble = paragraph(intro, width)
    preamble += transcriber_note(
        _("In the drills there is no punctuation: every cell after a number is part of a card."), width
    )
    name = practice_heading(title)
    about = _("Drills on the cells of the card code that feel alike, and their answers.")
    cover = title_page(name, about, width)
    return paginate_placed(
        text_cells(name), blocks, fmt, gap=1, preamble=preamble, breaks=(first_answer,), title_page=cover
    )[0]


def practice_heading(title: str) -> str:
    """The practice sheet's braille title ("Five Crowns braille practice"): running head, title page, PEF."""
    return _("{title} braille practice").format(title=title) if title.strip() else _("Braille practice")


# --- print ----------------------------------------------------------------------------------------

HEADING_SIZE = 3.4
NUMBER_SIZE = 3.0
ANSWER_SIZE = 3.0
ITEM_GAP = 7.0


def _print_title(title: str) -> str:
    """The print (and swell) practice sheet's title: "Five Crowns: braille practice"."""
    return _("{title}: braille practice").format(title=title)


def _print_practice(cards: Sequence[Card], title: str, options: SheetOptions) -> Sheet:
    """The print practice sheet: each drill's heading and its cards in true-size braille, numbered;
    the answers on a page (or more) of their own after the drills."""
    geometry, paper, ten_as_x = options.geometry, options.paper, options.ten_as_x
    drills = make_drills(cards, ten_as_x=ten_as_x)
    widest = max((len(card_cells(c, ten_as_x=ten_as_x)) for d in drills for c in d.cards), default=2)
    item_w = text_width("88", NUMBER_SIZE) + 2.0 + geometry.width(widest)
    avail = paper.width - 2 * MARGIN
    per_row = max(1, int((avail + ITEM_GAP) // (item_w + ITEM_GAP)))
    if item_w > avail:
        raise SheetLayoutError(_("a {paper} page is too narrow for one drill card at these sizes").format(
            paper=paper.name))
    row_h = max(geometry.line_spacing, geometry.cell_height + 3.0)
    bottom = body_bottom(paper)
    info = _("Read each card and say what it is; each drill mixes two cells that feel alike.")
    bodies: list[list[Item]] = [[]]
    y = BODY_TOP + 4.0
    for n, drill in enumerate(drills, start=1):
        rows = -(-len(drill.cards) // per_row)
        need = HEADING_SIZE + 3.0 + rows * row_h + 2.0
        if y + need > bottom:
            if not bodies[-1]:
                raise SheetLayoutError(f"a {paper.name} page cannot hold one drill at these sizes")
            bodies.append([])
            y = BODY_TOP + 4.0
        heading = _("Drill {n}. {pair}").format(n=n, pair=drill.pair.title)
        items: list[Item] = [Text(MARGIN, y, heading, HEADING_SIZE, bold=True)]
        top = y + 3.0
        for i, card in enumerate(drill.cards):
            row, col = divmod(i, per_row)
            x = MARGIN + col * (item_w + ITEM_GAP)
            cell_top = top + row * row_h
            baseline = cell_top + geometry.cell_height / 2 + NUMBER_SIZE * 0.35
            items.append(Text(x, baseline, f"{i + 1}", NUMBER_SIZE, grey=0.3))
            bx = x + text_width("88", NUMBER_SIZE) + 2.0 + geometry.radius
            dots = braille_dots(
                geometry, card_cells(card, ten_as_x=ten_as_x), bx, cell_top + geometry.radius, empty=options.empty_dots
            )
            items.append(Group("drill-card", (("drill", str(n)), ("item", str(i + 1))), tuple(dots)))
        bodies[-1].append(Group("drill", (("drill", str(n)), ("pair", drill.pair.title)), tuple(items)))
        y += need
    drill_pages = len(bodies)
    answers = _answer_lines(drills, avail)
    bodies.append([])
    y = BODY_TOP + 4.0
    bodies[-1].append(Text(MARGIN, y, _("Answers"), HEADING_SIZE, bold=True))
    y += ANSWER_SIZE * 2.0
    for line in answers:
        if y > bottom:
            bodies.append([])
            y = BODY_TOP + 4.0
        bodies[-1].append(Text(MARGIN, y, line, ANSWER_SIZE))
        y += ANSWER_SIZE * 1.6
    answers_info = _("Answers to the drills: for the teacher or a sighted helper.")
    return framed_sheet(paper, _print_title(title), lambda p: info if p <= drill_pages else answers_info, bodies,
                        only_dots_rise=options.only_dots_rise)


PRACTICE = DeckSheet(
    name="practice", heading=practice_heading, print_title=_print_title,
    braille_pages=practice_brf_pages, print_layout=_print_practice,
    count=lambda cards, ten_as_x: len(make_drills(cards, ten_as_x=ten_as_x)),
    swell_info=N_("The drills in braille, to raise on swell paper; the answers after them."),
)
"""The practice sheet, as the `practice` command and the kit make it."""


def _answer_lines(drills: list[Drill], width: float) -> list[str]:
    lines: list[str] = []
    for n, drill in enumerate(drills, start=1):
        line = _("Drill {n}:").format(n=n)
        for i, card in enumerate(drill.cards, start=1):
            part = _("{i}: {card} ({code});").format(i=i, card=card_words(card), code=card.code)
            if text_width(f"{line} {part}", ANSWER_SIZE) > width:
                lines.append(line)
                line = "    " + part
            else:
                line = f"{line} {part}"
        lines.append(line.rstrip(";"))
    return lines
