"""A message as a braille display shows it: its words in literary braille of the reader's grade, its
cards in the card code, cut into windows of the display's width.

Why cells and not text: words sent as text go through BRLTTY's text table, which is computer braille
(capitals with dot 7, French accents as computer cells) whatever the reader reads. Here the words go
through liblouis at the grade the reader chose (:mod:`braille.contracted`) and the display is sent
the dots themselves, so what the reader feels does not depend on BRLTTY's tables. Cards are never
contracted: a message is words and cards, and only the words are translated.

Why windows know their print: a routing key names a column; the window says which card (and which
print word) lies under it, however contracted the words around it are.

Without liblouis the words stay print, and the display's own text table shows them as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from braille.cards import WILD_SIGN, card_unicode
from braille.contracted import BrailleTableUnavailable, Grade, translate
from engine.cards import Card, Rank
from speech.i18n import LANGUAGES, Said, language

__all__ = ["BLANK_CELL", "DisplayStyle", "Token", "Window", "is_cells", "message_tokens", "windows"]

#: Braille blank (no dots): between words and cards.
BLANK_CELL = "\u2800"


def is_cells(text: str) -> bool:
    """True when every character of ``text`` is a Unicode braille cell (what is sent as dots)."""
    return all(0x2800 <= ord(ch) <= 0x28FF for ch in text)


@dataclass(frozen=True, slots=True)
class DisplayStyle:
    """How a display writes a message: the language and grade of its words, how the card code writes
    10 (⠂⠴, or x when ``ten_as_x``), and the rank whose cards carry the wild sign ⠸ before them (the
    wild sign setting: the game's wild rank when it is on, None when it is off)."""

    language: str = "en"
    grade: Grade = Grade.CONTRACTED
    ten_as_x: bool = False
    wild: Rank | None = None


@dataclass(frozen=True, slots=True)
class Token:
    """One word or card on the display: its cells (print when liblouis is missing), the card it is,
    and the print it stands for."""

    cells: str
    card: Card | None = None
    print_text: str = ""

    @property
    def mark_only(self) -> bool:
        """Punctuation alone (a full stop after a card, French's spaced " :" and " »"): it belongs with
        what comes before it, never alone in a window."""
        return self.card is None and bool(self.print_text) and not any(ch.isalnum() for ch in self.print_text)

    @property
    def opening(self) -> bool:
        """An opening mark standing alone (French's "« " before a word): it belongs with what follows."""
        return self.mark_only and all(ch in _OPENING for ch in self.print_text)


_OPENING = "«([{“‘¿¡"
"""Marks that open what follows them."""


@dataclass(frozen=True, slots=True)
class Window:
    """One display's worth of a message: what is written (cells, or print without liblouis), the
    columns [start, end) each card takes, and the columns and print of each word."""

    text: str
    cards: tuple[tuple[int, int, Card], ...] = ()
    words: tuple[tuple[int, int, str], ...] = ()

    def card_at(self, column: int) -> Card | None:
        for start, end, card in self.cards:
            if start <= column < end:
                return card
        return None

    def word_at(self, column: int) -> str | None:
        """The print word or card code under a routing key's ``column``."""
        for start, end, word in self.words:
            if start <= column < end:
                return word
        return None


def _print_tokens(text: str, style: DisplayStyle) -> list[Token]:
    """Print words through liblouis as one run (contractions depend on neighbours), then cut at the
    blank cells; each word keeps the print it came from (liblouis's map from cells to characters)."""
    try:
        braille = translate(text, style.language, style.grade)
    except BrailleTableUnavailable:
        return [Token(word, None, word) for word in text.split()]
    out: list[Token] = []
    cells = braille.unicode
    start = 0
    for end in [*[i for i, ch in enumerate(cells) if ch == BLANK_CELL], len(cells)]:
        if end > start:
            first = braille.char_at(start)
            after = braille.char_at(end) if end < len(cells) else len(text)
            out.append(Token(cells[start:end], None, text[first:after].strip()))
        start = end + 1
    return out


_CELL_RUN = re.compile("[\u2801-\u28ff](?:[\u2800\\s]*[\u2801-\u28ff])*")
"""Braille cells already in a text part (a hand written as cells), blanks and spaces between them."""


def _text_tokens(text: str, style: DisplayStyle) -> list[Token]:
    """A text part: runs of braille cells pass as they are, cut between cards at their blanks; the
    print between them is words."""
    out: list[Token] = []
    at = 0
    for run in [*_CELL_RUN.finditer(text), None]:
        words = text[at:run.start() if run else len(text)]
        if words.strip():
            out.extend(_print_tokens(words, style))
        if run is None:
            break
        out.extend(Token(piece, None, piece) for piece in run.group().replace(BLANK_CELL, " ").split())
        at = run.end()
    return out


def message_tokens(parts: Sequence[str | Card], style: DisplayStyle) -> list[Token]:
    """The message's words and cards in display order."""
    out: list[Token] = []
    for part in parts:
        if isinstance(part, Card):
            sign = WILD_SIGN.unicode if style.wild is not None and part.rank == style.wild else ""
            out.append(Token(sign + card_unicode(part, ten_as_x=style.ten_as_x), part, part.code))
        elif isinstance(part, Said) and part.fallback:  # a sentence the catalog lacks: English braille
            out.extend(_text_tokens(part, replace(style, language=LANGUAGES[0])))
        else:
            out.extend(_text_tokens(part, style))
    return out


def _groups(tokens: list[Token]) -> list[list[Token]]:
    """Tokens kept together in one window: a word or card with the punctuation standing after it, and
    an opening mark with the word after it."""
    groups: list[list[Token]] = []
    opened: list[Token] = []
    for token in tokens:
        if token.opening:
            opened.append(token)
        elif token.mark_only and groups and not opened:
            groups[-1].append(token)
        else:
            groups.append([*opened, token])
            opened = []
    if opened:
        groups.append(opened)
    return groups


def windows(parts: Sequence[str | Card], width: int, style: DisplayStyle | None = None) -> list[Window]:
    """The message cut into windows of at most ``width`` cells, at word boundaries, never inside a card,
    never leaving a lone full stop for a window of its own. Without a ``style``: the language the game
    speaks now, contracted, 10 as ⠂⠴.

    A card's cells always have a blank on each side (so punctuation after a card is never read as part
    of it: in UEB "." and ";" are the cells of dropped 4 and dropped 2). A single word longer than the
    display is the one thing cut, since it cannot be shown otherwise.
    """
    if width <= 0:
        raise ValueError("a display has at least one cell")
    style = style or DisplayStyle(language())
    result: list[Window] = []
    text = ""
    cards: list[tuple[int, int, Card]] = []
    words: list[tuple[int, int, str]] = []
    joiner = BLANK_CELL

    def flush() -> None:
        nonlocal text, cards, words
        if text:
            result.append(Window(text, tuple(cards), tuple(words)))
        text, cards, words = "", [], []

    def place(token: Token) -> None:
        nonlocal text
        piece = token.cells
        while len(piece) > width:  # only a word, never a card (a card is at most a few cells)
            flush()
            result.append(Window(piece[:width], (), ((0, width, token.print_text),)))
            piece = piece[width:]
        start = len(text) + 1 if text else 0
        if start + len(piece) > width:
            flush()
            start = 0
        text = f"{text}{joiner}{piece}" if text else piece
        if token.card is not None:
            cards.append((start, start + len(piece), token.card))
        words.append((start, start + len(piece), token.print_text))

    def starts_window(size: int) -> None:
        """Start a new window when ``size`` more cells do not fit in this one but fit in one of their own."""
        if size <= width and text and len(text) + 1 + size > width:
            flush()

    for group in _groups(message_tokens(parts, style)):
        if len(group) > 1:
            # The group fits a window of its own: start one, so each mark stays with its word. A group
            # longer than the display is cut after as many of its marks as fit with the word (the
            # longest start of it that fits a window), and an opening mark still goes with the word
            # after it.
            sizes = [sum(len(t.cells) for t in group[:k]) + k - 1 for k in range(2, len(group) + 1)]
            fitting = [size for size in sizes if size <= width]
            if fitting:
                starts_window(fitting[-1])
        for i, token in enumerate(group):
            if token.opening and i + 1 < len(group):
                starts_window(len(token.cells) + 1 + len(group[i + 1].cells))
            place(token)
    flush()
    if result and not all(is_cells(w.text) for w in result):  # print words: the display's text table reads blanks
        result = [Window(w.text.replace(BLANK_CELL, " "), w.cards, w.words) for w in result]
    return result or [Window("")]
