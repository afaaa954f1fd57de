"""Cutting a long message into lines a reader can take in one go: whole sentences, never less.

A 319-character line is read by a screen reader as one breath and panned across a 40-cell display
eight times. So a message longer than the width is printed as its sentences, each on its own line. A
sentence is never broken, however long: half a sentence on a line is read by a screen reader as a
line of its own, and the player hears two fragments; the terminal shows a long line folded, and the
braille display pans it. A terminal folds a line at its last column, inside a word ("que" on one row,
"en of stars" on the next); :func:`fold_at_spaces` lays the line out so that each row ends between
words, with spaces, not line breaks: it stays one line, said whole. (:func:`split_words` packs words
into lines for text that is not messages.) A card is one unbreakable unit ("king of stars", or its
braille cells): the text handed in marks the spaces inside a card with :data:`GLUE`, which only this
module turns back into spaces.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

__all__ = ["DEFAULT_WIDTH", "GLUE", "fold_at_spaces", "one_line", "split_message", "split_words", "unglue"]

#: Suits an 80-column terminal, and two full windows of a 40-cell braille display.
DEFAULT_WIDTH = 80

#: Stands for a space that must not become a line break (inside a card's words or cells).
GLUE = "\x00"

_SENTENCE_END = re.compile(r"(?<=[.!?])[^\S\u00a0\u202f]+(?=\S)")
#: The spaces a line may break at: any white space but the non-breaking ones (French typography's
#: narrow one before ":" and ";" too).
_BREAK = re.compile(r"[^\S\u00a0\u202f]+")


def unglue(text: str) -> str:
    return text.replace(GLUE, " ")


def one_line(text: str) -> str:
    """``text`` as one line a terminal shows as text: each line break becomes a space, and each other
    control character (C0 and C1: ESC, BEL, CSI...) a question mark, as prompt_toolkit writes them.

    Text from outside (a player's name in a save, a server's message) may hold a terminal's control
    sequences: printed as they are, they would retitle the window or clear the screen, or worse. A
    plain terminal (TERM=dumb) has no layer that would catch them, so every printed line passes here.
    """
    joined = " ".join(text.splitlines())
    if joined.isprintable():
        return joined
    return "".join("?" if unicodedata.category(ch) == "Cc" else ch for ch in joined)


#: What never starts a printed line: a mark that closes or ends what comes before it.
_CLOSING = ":;!?»,.)]"
#: What never ends a printed line: a mark that opens what comes after it.
_OPENING = "«(["


def _units(text: str) -> list[str]:
    """The words of ``text`` as units a line may break between: a word that is only closing punctuation
    (French's " :", " ?", " »") stays with the word before it, and an opening mark ("« ") with the word
    after it, so no line starts with ":" or ends with "«". A non-breaking space is never a break."""
    units: list[str] = []
    glue_next = False
    for word in _BREAK.split(text):
        if not word:
            continue
        if units and (glue_next or word[0] in _CLOSING):
            units[-1] += " " + word
        else:
            units.append(word)
        glue_next = word[-1] in _OPENING
    return units


def split_words(text: str, width: int) -> list[str]:
    """Pack words into lines of at most ``width`` characters; a single unit longer than that is kept
    whole on a line of its own (cutting it would make two meaningless halves)."""
    lines: list[str] = []
    current = ""
    for word in _units(text):
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def split_message(text: str, width: int | None, *, typeset: Callable[[str], str] | None = None) -> list[str]:
    """The printed lines of one message: the message itself when it fits, else its sentences, each
    whole on its line (a sentence longer than ``width`` too). Glued spaces come back as spaces.

    ``typeset`` makes the language's typography (speech.languages: French's narrow no-break space
    before ": ; ! ?", printed, and the no-break space inside « »), which a line is never broken at; the
    no-break space inside « » is printed as a plain space again. A screen reader reads the narrow
    space as a space, and liblouis's French tables braille it as one."""
    text = text.strip()
    if typeset is not None:
        text = typeset(text.replace("\u00a0", " "))
    if width is None or len(text) <= width:
        return [unglue(text).replace("\u00a0", " ")]
    return [unglue(sentence).replace("\u00a0", " ") for sentence in _SENTENCE_END.split(text) if sentence]


def _columns(text: str) -> int:
    """How many terminal columns ``text`` takes: an accent over a letter none, a wide (East Asian)
    character two, any other one."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text)


def fold_at_spaces(line: str, columns: int) -> str:
    """``line`` as a terminal ``columns`` wide shows it with no word cut across two rows: where a word
    would cross the last column, spaces fill the row to its end, so the word starts the next row. It
    is still one line (no line break), so a screen reader reads the message whole; only a word wider
    than the terminal is cut, as the terminal would. A line that fits is returned as it is.

    A row that goes on to another keeps a space at its end: a terminal that has written its last
    column puts the next character on the next row, and a space there would be the only space between
    the two words of the line."""
    if columns < 2 or _columns(line) <= columns:
        return line
    units = _units(line)
    out = units[0] if units else ""
    used = _columns(out) % columns  # the columns taken on the row being written
    for i, word in enumerate(units[1:], start=2):
        width = _columns(word)
        room = columns - used
        if 1 + width < room or (i == len(units) and 1 + width <= room):
            out += " " + word  # it fits, with a column left for the space after it (or nothing after it)
            used += 1 + width
        else:
            out += " " * room + word  # the row filled with spaces: the word starts the next one
            used = width
        used %= columns  # a word wider than the terminal goes on from the next row, as the terminal puts it
    return out
