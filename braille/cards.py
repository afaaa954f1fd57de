"""The braille card code: a card is its rank cells then one suit cell.

Ranks are Nemeth-style dropped digits (2 = ⠆ ... 9 = ⠔; 10 = dropped 1 + dropped 0 = ⠂⠴) or the
letters a, j, q, k; the suit is the first letter of its name, except stars, which take the st sign
(dots 3-4). A joker is "jo" (⠚⠕), as brailled decks from APH write it. There is no numeric
indicator and no letter sign: the code is a closed system read only on cards, so every cell already
has one meaning, and a two- or three-cell label fits a card's corner. ``ten_as_x`` writes 10 as x
(⠭), which keeps every label two cells wide, as many commercial decks do; it is off by default.

Reading goes the other way for a braille-keyboard user: from Unicode cells or from BRF text
(``10H``, ``7/``, ``JO``, any case). Both spellings of ten are always read. A cell that is not part of
the code is named in the error, by its dots, so the user knows which key to fix.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from braille.cells import (
    BLANK,
    Cell,
    Cells,
    cells_to_brf,
    cells_to_dots,
    cells_to_unicode,
    is_unicode_braille,
)
from engine.cards import JOKER, Card, Rank, Suit
from engine.errors import CardNotationError
from speech.i18n import _

__all__ = [
    "DROPPED_DIGITS",
    "HAND_LETTERS",
    "JOKER_CELLS",
    "NOTATION",
    "NOTATIONS",
    "RANK_LETTERS",
    "SUIT_CELLS",
    "TEN_AS_X",
    "WILD_SIGN",
    "BrailleCardError",
    "Symbol",
    "card_brf",
    "card_cells",
    "card_dots",
    "card_from_cells",
    "card_notation",
    "card_unicode",
    "current_notation",
    "hand_brf",
    "hand_cells",
    "hand_unicode",
    "parse_braille_card",
    "parse_braille_hand",
    "parse_brf_card",
    "parse_brf_hand",
    "parse_unicode_card",
    "parse_unicode_hand",
    "rank_cells",
]


def _c(dots: str) -> Cell:
    return Cell.from_dots(dots)


DROPPED_DIGITS: dict[str, Cell] = {
    "0": _c("356"),
    "1": _c("2"),
    "2": _c("23"),
    "3": _c("25"),
    "4": _c("256"),
    "5": _c("26"),
    "6": _c("235"),
    "7": _c("2356"),
    "8": _c("236"),
    "9": _c("35"),
}
"""Nemeth dropped digits: the letters a-j moved down one row (they are the ASCII digits in BRF)."""

RANK_LETTERS: dict[Rank, Cell] = {
    Rank.ACE: _c("1"),
    Rank.JACK: _c("245"),
    Rank.QUEEN: _c("12345"),
    Rank.KING: _c("13"),
}
"""Ace, jack, queen, king: the letters a, j, q, k."""

TEN_AS_X: Cell = _c("1346")
"""x, the two-cell-label spelling of 10 (option ``ten_as_x``)."""

SUIT_CELLS: dict[Suit, Cell] = {
    Suit.STARS: _c("34"),
    Suit.HEARTS: _c("125"),
    Suit.CLUBS: _c("14"),
    Suit.SPADES: _c("234"),
    Suit.DIAMONDS: _c("145"),
}
"""One cell per suit: the st sign for stars, else the suit's first letter."""

JOKER_CELLS: Cells = (_c("245"), _c("135"))
"""j o. The o is no suit, so ⠚⠕ can never be read as a jack."""

HAND_LETTERS: dict[Rank, Cell] = {
    Rank.ACE: _c("1"), Rank.TWO: _c("12"), Rank.THREE: _c("14"), Rank.FOUR: _c("145"), Rank.FIVE: _c("15"),
    Rank.SIX: _c("124"), Rank.SEVEN: _c("1245"), Rank.EIGHT: _c("125"), Rank.NINE: _c("24"), Rank.TEN: _c("1346"),
}  # fmt: skip
"""The teachers' hand notation (``--notation hand``): upper-cell letters a to i for ace to 9, and x for
10, so every card is two cells. Ten is always x here: j, the tenth letter, is the jack. The faces
are j, q, k and the joker jo, as in the card code."""

NOTATIONS = ("dropped", "hand")
"""The card codes sheets can be made in: the dropped digits (the default), or the hand notation."""

_NOTATION: ContextVar[str] = ContextVar("card_notation", default="dropped")


@contextmanager
def card_notation(name: str) -> Iterator[None]:
    """Write (and read) every card in the notation ``name`` until the block ends; ValueError for a
    notation that is not one of :data:`NOTATIONS`."""
    if name not in NOTATIONS:
        raise ValueError(f"the notation is {' or '.join(NOTATIONS)}, not {name}")
    token = _NOTATION.set(name)
    try:
        yield
    finally:
        _NOTATION.reset(token)


def current_notation() -> str:
    """The notation cards are written in now ('dropped' unless inside :func:`card_notation`)."""
    return _NOTATION.get()


WILD_SIGN: Cell = _c("456")
"""⠸, put before a card that is wild in this hand (the "Braille wild sign" setting): an addition of
this program to the card code, off unless chosen. No rank, suit or joker cell is ⠸, and a card starts
with its rank, so the sign can never be read as part of a card; readers accept it and skip it."""


@dataclass(frozen=True, slots=True)
class Symbol:
    """One entry of the notation table: what the cells are called and what they mean on a card."""

    name: str
    cells: Cells
    meaning: str


def _digit_meaning(d: str) -> str:
    if d == "0":
        return "0, the second cell of 10"
    if d == "1":
        return "1, the first cell of 10"
    return f"rank {d}"


NOTATION: tuple[Symbol, ...] = (
    *(Symbol(f"dropped {d}", (cell,), _digit_meaning(d)) for d, cell in DROPPED_DIGITS.items()),
    Symbol("a", (RANK_LETTERS[Rank.ACE],), "ace"),
    Symbol("j", (RANK_LETTERS[Rank.JACK],), "jack"),
    Symbol("q", (RANK_LETTERS[Rank.QUEEN],), "queen"),
    Symbol("k", (RANK_LETTERS[Rank.KING],), "king"),
    Symbol("x", (TEN_AS_X,), "10, only with the ten-as-x option"),
    Symbol("st sign", (SUIT_CELLS[Suit.STARS],), "stars"),
    Symbol("h", (SUIT_CELLS[Suit.HEARTS],), "hearts"),
    Symbol("c", (SUIT_CELLS[Suit.CLUBS],), "clubs"),
    Symbol("s", (SUIT_CELLS[Suit.SPADES],), "spades"),
    Symbol("d", (SUIT_CELLS[Suit.DIAMONDS],), "diamonds"),
    Symbol("jo", JOKER_CELLS, "joker"),
    Symbol("blank", (BLANK,), "the space between cards on a line"),
)
"""Every symbol of the code, in the order of the table in docs/braille.md (a test keeps them equal)."""


def rank_cells(rank: Rank, *, ten_as_x: bool = False) -> Cells:
    """The cells of a rank: dropped digits for 2-10, or a, j, q, k (x for 10 if asked)."""
    if rank in RANK_LETTERS:
        return (RANK_LETTERS[rank],)
    if _NOTATION.get() == "hand":
        return (HAND_LETTERS[rank],)
    if rank == Rank.TEN and ten_as_x:
        return (TEN_AS_X,)
    return tuple(DROPPED_DIGITS[d] for d in str(int(rank)))


def card_cells(card: Card, *, ten_as_x: bool = False) -> Cells:
    """A card's braille: rank cells then the suit cell; jo for a joker. No numeric indicator."""
    if card.rank is None or card.suit is None:
        return JOKER_CELLS
    return (*rank_cells(card.rank, ten_as_x=ten_as_x), SUIT_CELLS[card.suit])


def card_unicode(card: Card, *, ten_as_x: bool = False) -> str:
    """'⠂⠴⠓' for 10 of hearts."""
    return cells_to_unicode(card_cells(card, ten_as_x=ten_as_x))


def card_brf(card: Card, *, ten_as_x: bool = False) -> str:
    """'10H' for 10 of hearts, '7/' for 7 of stars, 'JO' for a joker."""
    return cells_to_brf(card_cells(card, ten_as_x=ten_as_x))


def card_dots(card: Card, *, ten_as_x: bool = False) -> list[str]:
    """['2', '356', '125'] for 10 of hearts."""
    return cells_to_dots(card_cells(card, ten_as_x=ten_as_x))


def hand_cells(cards: Iterable[Card], *, ten_as_x: bool = False, wild: Rank | None = None) -> Cells:
    """A whole hand on one line: each card's cells, one blank cell between cards; a card of the
    ``wild`` rank (when given: the wild sign setting) with :data:`WILD_SIGN` before it."""
    out: list[Cell] = []
    for i, card in enumerate(cards):
        if i:
            out.append(BLANK)
        if wild is not None and card.rank == wild:
            out.append(WILD_SIGN)
        out.extend(card_cells(card, ten_as_x=ten_as_x))
    return tuple(out)


def hand_unicode(cards: Iterable[Card], *, ten_as_x: bool = False, wild: Rank | None = None) -> str:
    """'⠂⠴⠓⠀⠶⠌⠀⠟⠎⠀⠚⠕'. The blank between cards is U+2800, the braille blank, not a space: it is
    shown as an empty cell like the other cells are shown, and nothing that trims or collapses
    spaces touches it."""
    return cells_to_unicode(hand_cells(cards, ten_as_x=ten_as_x, wild=wild))


def hand_brf(cards: Iterable[Card], *, ten_as_x: bool = False) -> str:
    """'10H 7/ QS JO'."""
    return cells_to_brf(hand_cells(cards, ten_as_x=ten_as_x))


# --- reading -----------------------------------------------------------------------------------


class BrailleCardError(CardNotationError):
    """Braille that is not a card of the code. ``cell`` and ``position`` (0-based, in the text given)
    point at the cell to fix when there is one."""

    def __init__(self, message: str, *, cell: Cell | None = None, position: int | None = None) -> None:
        super().__init__(message)
        self.cell = cell
        self.position = position


_RANK_BY_CELLS: dict[Cells, Rank] = {rank_cells(r): r for r in Rank}
_RANK_BY_CELLS[(TEN_AS_X,)] = Rank.TEN
_RANK_CELL_SET = frozenset(DROPPED_DIGITS.values()) | frozenset(RANK_LETTERS.values()) | {TEN_AS_X}
_RANK_BY_HAND: dict[Cells, Rank] = {(cell,): rank for rank, cell in HAND_LETTERS.items()}
_SUIT_BY_CELL: dict[Cell, Suit] = {cell: suit for suit, cell in SUIT_CELLS.items()}
_DIGIT_BY_CELL: dict[Cell, str] = {cell: d for d, cell in DROPPED_DIGITS.items()}



def _suits_sentence() -> str:
    """What ends a card, said in the player's language (made when an error is, not at import)."""
    return _("a card ends with its suit: {suits}").format(suits=", ".join(
        f"{cell.unicode} {_(suit.word)} (BRF {cell.brf})" for suit, cell in SUIT_CELLS.items()))


def _ranks_sentence() -> str:
    return _("ranks are a, the dropped digits 2 to 9, 10 as dropped 1 and dropped 0 (or x), j, q and k")


def _not_a_card(shown: str) -> str:
    return _("'{text}' is not a card in braille").format(text=shown)


def card_from_cells(cells: Sequence[Cell], *, text: str | None = None) -> Card:
    """Read one card from its cells; blank cells at either end are ignored.

    ``text`` is what the user typed, quoted in error messages (defaults to the Unicode cells).
    Raises :class:`BrailleCardError` naming the cell that is not part of the code.
    """
    shown = cells_to_unicode(cells) if text is None else text
    start, end = 0, len(cells)
    while start < end and cells[start].is_blank:
        start += 1
    while end > start and cells[end - 1].is_blank:
        end -= 1
    if start < end - 1 and cells[start] == WILD_SIGN:
        start += 1  # the optional wild sign says something about the card; it is no part of it
    body = tuple(cells[start:end])
    where = _not_a_card(shown)
    if not body:
        raise BrailleCardError(_("{where}: there are no cells").format(where=where))
    for i, cell in enumerate(body):
        if cell.is_blank:
            raise BrailleCardError(
                _("{where}: a blank cell splits it (one card has no blank inside; a hand puts one between "
                  "cards)").format(where=where),
                cell=cell,
                position=start + i,
            )
    if body == JOKER_CELLS:
        return JOKER
    suit_cell = body[-1]
    suit = _SUIT_BY_CELL.get(suit_cell)
    if suit is None:
        raise BrailleCardError(
            _("{where}: the last cell {cell} is not a suit sign; {suits}").format(
                where=where, cell=suit_cell.describe(), suits=_suits_sentence()),
            cell=suit_cell,
            position=start + len(body) - 1,
        )
    rank_part = body[:-1]
    if not rank_part:
        raise BrailleCardError(_("{where}: the suit {cell} needs a rank before it; {ranks}").format(
            where=where, cell=suit_cell.describe(), ranks=_ranks_sentence()))
    rank = _RANK_BY_CELLS.get(rank_part)
    if _NOTATION.get() == "hand":
        rank = _RANK_BY_HAND.get(rank_part, rank if rank in RANK_LETTERS else None)
    if rank is not None:
        return Card(rank, suit)
    for i, cell in enumerate(rank_part):
        if cell not in _RANK_CELL_SET:
            raise BrailleCardError(
                _("{where}: the cell {cell} is not part of a rank; {ranks}").format(
                    where=where, cell=cell.describe(), ranks=_ranks_sentence()),
                cell=cell,
                position=start + i,
            )
    if all(c in _DIGIT_BY_CELL for c in rank_part):
        number = "".join(_DIGIT_BY_CELL[c] for c in rank_part)
        raise BrailleCardError(
            _("{where}: the dropped digits {cells} read {number}, which is no rank; {ranks}").format(
                where=where, cells=cells_to_unicode(rank_part), number=number, ranks=_ranks_sentence()),
            cell=rank_part[0],
            position=start,
        )
    # A letter rank with more cells around it, like 'aa' or '1q': the second rank cell is extra.
    extra = rank_part[1]
    raise BrailleCardError(
        _("{where}: the cell {cell} is one rank cell too many; {ranks}").format(
            where=where, cell=extra.describe(), ranks=_ranks_sentence()),
        cell=extra,
        position=start + 1,
    )


def _brf_cells(text: str, where: str) -> Cells:
    out: list[Cell] = []
    for i, ch in enumerate(text):
        if ch in " \t":
            out.append(BLANK)
            continue
        try:
            out.append(Cell.from_brf(ch))
        except ValueError:
            raise BrailleCardError(_("{where}: {character} is not a braille ASCII (BRF) character").format(
                where=where, character=repr(ch)), position=i) from None
    return tuple(out)


def _unicode_cells(text: str, where: str) -> Cells:
    for i, ch in enumerate(text):
        if not (ch.isspace() or is_unicode_braille(ch)):
            raise BrailleCardError(_("{where}: {character} is not a Unicode braille cell").format(
                where=where, character=repr(ch)), position=i)
    return tuple(BLANK if ch.isspace() else Cell.from_unicode(ch) for ch in text)


def parse_brf_card(text: str) -> Card:
    """Read a card typed in BRF: '10H', '7/', 'qs', 'jo', 'XH'."""
    return card_from_cells(_brf_cells(text, _not_a_card(text)), text=text)


def parse_unicode_card(text: str) -> Card:
    """Read a card from Unicode braille cells: '⠂⠴⠓'."""
    return card_from_cells(_unicode_cells(text, _not_a_card(text)), text=text)


def parse_braille_card(text: str) -> Card:
    """Read a card from whatever a braille keyboard sent: Unicode cells if there are any, else BRF."""
    if any(is_unicode_braille(ch) for ch in text):
        return parse_unicode_card(text)
    return parse_brf_card(text)


def _words(text: str, *, unicode_blank: bool) -> list[str]:
    if unicode_blank:
        text = text.replace(BLANK.unicode, " ")
    return text.split()


def parse_brf_hand(text: str) -> list[Card]:
    """Read several cards in BRF separated by spaces: '10H 7/ QS JO'."""
    return [parse_brf_card(w) for w in _words(text, unicode_blank=False)]


def parse_unicode_hand(text: str) -> list[Card]:
    """Read several cards in Unicode braille separated by blank cells (U+2800) or spaces."""
    return [parse_unicode_card(w) for w in _words(text, unicode_blank=True)]


def parse_braille_hand(text: str) -> list[Card]:
    """Read several cards, each in Unicode braille or BRF."""
    return [parse_braille_card(w) for w in _words(text, unicode_blank=True)]
