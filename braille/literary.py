"""Short print texts in uncontracted (grade 1) Unified English Braille: titles, page numbers, the
chart's words.

Only what our sheets say is needed, so this is a fixed letter-by-letter transcription, not a
translator: letters a-z, a capital sign (dot 6) before a capital, numbers as the number sign (dots
3-4-5-6) with the upper-cell letters a-j, and a little punctuation. Uncontracted braille reads the
same for a beginner and for an expert, and needs no liblouis. Card codes are *not* written with this:
they are the card code (:mod:`braille.cards`), whose dropped digits are a different system.
"""

from __future__ import annotations

from braille.cells import BLANK, Cell, Cells
from speech.i18n import _

__all__ = ["CAPITAL_SIGN", "GRADE1_SIGN", "HYPHEN", "NUMBER_SIGN", "WORD_CELLS", "letter_alone", "literary", "number",
           "wrap_words"]

NUMBER_SIGN = Cell.from_dots("3456")
CAPITAL_SIGN = Cell.from_dots("6")
GRADE1_SIGN = Cell.from_dots("56")
"""Needed when a letter a-j follows a digit directly, or it would be read as another digit, and
before a letter standing alone, or a grade 2 reader takes it for a word (j for "just")."""
HYPHEN = Cell.from_dots("36")

_NOT_WORDSIGNS = frozenset("aio")
"""The letters that mean no word when they stand alone in contracted braille; every other letter
alone is a wordsign (b but, c can, d do, ... j just, k knowledge ... x it, z as)."""

_LETTER_DOTS = {
    "a": "1", "b": "12", "c": "14", "d": "145", "e": "15", "f": "124", "g": "1245", "h": "125",
    "i": "24", "j": "245", "k": "13", "l": "123", "m": "134", "n": "1345", "o": "135", "p": "1234",
    "q": "12345", "r": "1235", "s": "234", "t": "2345", "u": "136", "v": "1236", "w": "2456",
    "x": "1346", "y": "13456", "z": "1356",
}  # fmt: skip
_LETTERS = {ch: Cell.from_dots(d) for ch, d in _LETTER_DOTS.items()}
_WORDSIGN_LETTERS = frozenset(cell for ch, cell in _LETTERS.items() if ch not in _NOT_WORDSIGNS)
_LOWER_WORDSIGNS = frozenset(
    Cell.from_dots(d) for d in ("23", "26", "2356", "236", "35", "356", "34")
)
"""The lower cells that contracted English reads as a whole word when they stand alone: ⠆ be, ⠢ enough,
⠶ were, ⠦ his, ⠔ in, ⠴ was, and ⠌ still. They are the dropped digits 2, 5, 7, 8, 9 and 0 of the card
code and its stars, so standing alone on a sheet they take the grade 1 indicator like a letter does."""
_DIGITS = {str((i + 1) % 10): _LETTERS[ch] for i, ch in enumerate("abcdefghij")}
_PUNCTUATION: dict[str, Cells] = {
    " ": (BLANK,),
    "-": (Cell.from_dots("36"),),
    ".": (Cell.from_dots("256"),),
    ",": (Cell.from_dots("2"),),
    ":": (Cell.from_dots("25"),),
    ";": (Cell.from_dots("23"),),
    "'": (Cell.from_dots("3"),),
    "!": (Cell.from_dots("235"),),
    "?": (Cell.from_dots("236"),),
    "/": (Cell.from_dots("456"), Cell.from_dots("34")),
    "(": (Cell.from_dots("5"), Cell.from_dots("126")),
    ")": (Cell.from_dots("5"), Cell.from_dots("345")),
}


def literary(text: str) -> Cells:
    """Uncontracted UEB for ``text``. Raises ValueError for a character we have no braille for."""
    out: list[Cell] = []
    in_number = False
    for i, ch in enumerate(text):
        if ch.isdigit() and ch in _DIGITS:
            if not in_number:
                out.append(NUMBER_SIGN)
                in_number = True
            out.append(_DIGITS[ch])
            continue
        lower = ch.lower()
        if lower in _LETTERS:
            if (in_number and lower in "abcdefghij") or (lower not in _NOT_WORDSIGNS and _alone(text, i)):
                out.append(GRADE1_SIGN)
            if ch != lower:
                out.append(CAPITAL_SIGN)
            out.append(_LETTERS[lower])
        elif ch in _PUNCTUATION:
            out.extend(_PUNCTUATION[ch])
        else:
            raise ValueError(f"no braille here for the character {ch!r}")
        in_number = False
    return tuple(out)


def _alone(text: str, i: int) -> bool:
    """True when the letter at ``i`` has no letter or digit on either side."""
    before = text[i - 1] if i else " "
    after = text[i + 1] if i + 1 < len(text) else " "
    return not (before.isalnum() or after.isalnum())


def letter_alone(cell: Cell) -> Cells:
    """One cell that a grade 2 reader would take for a word standing alone (⠚ for "just", ⠆ for "be",
    ⠌ for "still"), with the grade 1 indicator before it; any other cell as it is (⠒ alone is only a
    colon, ⠁ only a)."""
    return (GRADE1_SIGN, cell) if cell in _WORDSIGN_LETTERS or cell in _LOWER_WORDSIGNS else (cell,)


def number(n: int) -> Cells:
    """A number as literary braille (page numbers): 12 -> ⠼⠁⠃."""
    return literary(str(n))


def wrap_words(
    words: list[Cells], width: int, *, indent: int = 0, letters: frozenset[Cell] | None = None, first: int = 0
) -> list[Cells]:
    """Fill lines of at most ``width`` cells with the given words (each kept whole), one blank between
    words; the first line starts with ``first`` blanks, lines after it with ``indent`` blanks (BANA's
    paragraph is first=2, indent=0: "3-1"; a list entry first=0, indent=2: "1-3").

    A word longer than a line is cut only if it is a word of letters (four cells or more), and each
    cut ends with a hyphen. A number, a card or anything else that cannot be cut is refused
    (ValueError) rather than split, since half a number reads as another number. ``letters`` are the
    cells a word may be cut between (the language's letters; English ones by default)."""
    if width < 1:
        raise ValueError("a line needs at least one cell")
    indent = min(indent, width - 1)
    first = min(first, width - 1)
    lines: list[Cells] = []
    line: list[Cell] = []
    for word in words:
        if not word:
            continue
        lead = indent if lines else first
        if line and len(line) + 1 + len(word) <= width:
            line.extend((BLANK, *word))
            continue
        if line:
            lines.append(tuple(line))
            lead = indent
        room = width - lead
        piece = word
        while len(piece) > room:
            cut = _cut(piece, room, WORD_CELLS if letters is None else letters)
            if cut is None:
                raise ValueError(_("a line of {width} cells cannot hold the {n} cells {cells} whole, and they "
                                   "cannot be split").format(width=width, n=len(piece),
                                                             cells="".join(c.unicode for c in piece)))
            lines.append((BLANK,) * lead + cut[0])
            piece = cut[1]
            lead = indent
            room = width - lead
        line = [BLANK] * lead + list(piece)
    if line:
        lines.append(tuple(line))
    return lines


WORD_CELLS = frozenset(_LETTERS.values()) | {CAPITAL_SIGN, GRADE1_SIGN}
"""The cells of an English word: a word may be cut between them."""


def _cut(word: Cells, room: int, letters: frozenset[Cell]) -> tuple[Cells, Cells] | None:
    """Where to break a word too long for ``room`` cells: after a hyphen it already has, or else
    between letters, two or more of them before the break and a hyphen added, two cells or more
    after it. None when it cannot break (inside a number, a card, a line too short)."""
    hyphens = [i for i, c in enumerate(word[:room]) if c == HYPHEN and 0 < i < len(word) - 1]
    if hyphens:
        at = hyphens[-1] + 1
        return tuple(word[:at]), tuple(word[at:])
    run = 0
    while run < len(word) and word[run] in letters:
        run += 1
    at = min(room - 1, run)
    if at >= 2 and len(word) - at >= 2:
        return (*word[:at], HYPHEN), tuple(word[at:])
    return None
