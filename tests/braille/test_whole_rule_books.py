"""Whole rule books: the book of a game tells every rule its docs page tells, section for section, and
its braille reads back with liblouis to the same words.

The figures: the book's words against the rules part of its docs page, and the docs page's rules
sections found in the book (goal: all), for the games whose book is whole (Five Crowns, contract
rummy); the round trip for every catalog game's book in English, grades 1 and 2."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from access_game.catalog import games
from braille.brf import PageFormat
from braille.cells import cells_to_unicode
from braille.contracted import TABLES, Grade, load_louis, translate
from braille.rule_words import RuleBook
from braille.rulebook import rule_book_pages
from speech.i18n import set_language

ROOT = Path(__file__).resolve().parents[2]

#: The games whose book is the whole rules page: the page, and its first heading after the rules (what
#: the program does: the hand checker, the table's keys), where the rules part ends.
WHOLE = {
    "five-crowns": ("docs/five-crowns.md", "Checking a hand"),
    "contract-rummy": ("docs/contract-rummy.md", "The hand checker"),
}


def _book(game: str) -> RuleBook:
    entry = next(e for e in games() if e.name == game)
    assert entry.rule_book is not None
    module, name = entry.rule_book.split(":")
    book: RuleBook = getattr(importlib.import_module(module), name)()
    return book


def _rules_part(page: str, stop: str) -> list[tuple[str, str]]:
    """(heading, text) of each second-level section of the page before ``stop``."""
    text = (ROOT / page).read_text(encoding="utf-8").split(f"\n## {stop}\n")[0]
    parts = re.split(r"^## (.+)$", text, flags=re.M)[1:]
    return [(parts[i].strip(), parts[i + 1]) for i in range(0, len(parts), 2)]


def _words(text: str) -> int:
    return len(re.findall(r"[A-Za-z0-9]+", text))


@pytest.mark.parametrize("game", list(WHOLE))
def test_every_rules_section_of_the_docs_page_is_in_the_book(game: str) -> None:
    page, stop = WHOLE[game]
    sections = _rules_part(page, stop)
    book = _book(game)
    headings = {s.heading.casefold() for s in book.sections}
    wanted = [re.sub(r"\s*\(.*\)$", "", h).casefold() for h, _text in sections]
    missing = [h for h in wanted if h not in headings]
    assert missing == []  # the figure: every rules section of the page is in the book
    book_words = sum(_words(p) for s in book.sections for p in s.paragraphs)
    page_words = sum(_words(t) for _h, t in sections)
    assert book_words >= 500 and book_words >= page_words // 3
    print(f"{game}: {len(wanted)} of {len(wanted)} rules sections; {book_words} book words, "
          f"{page_words} on the rules page")


def test_the_books_hold_the_rules_a_beginner_needs() -> None:
    """The rules the summaries left out (issue 38), each said in the book."""
    fc = " ".join(p for s in _book("five-crowns").sections for p in s.paragraphs)
    for rule in ("The deal moves one player to the left each hand", "The player on the dealer's left plays first",
                 "play goes round to the left", "is called the up card", "exactly one more turn",
                 "nobody adds cards to another player's melds"):
        assert rule in fc
    cr = " ".join(p for s in _book("contract-rummy").sections for p in s.paragraphs)
    for rule in ("at most three times a hand", "the first of them in turn order after the discarder gets it",
                 "before the next player draws", "in place of a wild", "no discard is needed"):
        assert rule in cr


def _norm(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").split()).casefold()


#: Each language and grade whose liblouis table reads its own braille back word for word (Spanish and
#: French contracted back-translation is not exact in liblouis: "braille" comes back "sobreaille"; Spanish
#: grade 1 reads a full stop after a number back as an apostrophe).
ROUND_TRIPS = [("en", 1), ("en", 2), ("fr", 1)]


@pytest.mark.parametrize(("lang", "grade"), ROUND_TRIPS)
@pytest.mark.parametrize("game", [e.name for e in games() if e.rule_book])
def test_the_book_reads_back_with_liblouis_to_the_same_words(game: str, lang: str, grade: int) -> None:
    louis = load_louis()
    assert louis is not None
    level = Grade.CONTRACTED if grade == 2 else Grade.UNCONTRACTED
    set_language(lang)
    try:
        book = _book(game)
        pages = rule_book_pages(book, PageFormat(40, 25), grade=grade)
    finally:
        set_language("en")
    # The pages' text, running heads, page numbers and the title page left out: a paragraph may run on
    # from one page to the next.
    text_lines = [line for page in pages[1:] for line in page[page.index(()) + 1 : -1]]
    body = "\u2800".join(cells_to_unicode(line).strip("\u2800") for line in text_lines)
    body = re.sub("\u2800+", "\u2800", body)
    texts = [t for s in book.sections for t in (s.heading, *s.paragraphs)]
    for text in texts:
        cells = translate(text, lang, level).unicode
        assert cells in body  # the words as the book's pages hold them, wrapped only between words
        back = louis.backTranslateString(["unicode.dis", TABLES[lang][level]], cells)
        assert _norm(back) == _norm(text)
