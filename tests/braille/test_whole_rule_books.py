"""Whole rule books: the book of every catalog game tells every rule its docs page tells, section for
section, and its braille reads back with liblouis to the same words.

A game's rules page is docs/GAME.md (docs/adding-a-game.md); its rules part is every second-level
section above its "end of the rules" mark, after which come what the program adds (the hand checker,
the computer players, the keys). The figures: the book's words in each language against the words of
the rules part of the page, and the page's rules sections found in the book (goal: all); the round
trip for every catalog game's book in English grades 1 and 2 and French grade 1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from access_game.catalog import GameEntry, games, resolve
from braille.brf import PageFormat
from braille.cells import cells_to_unicode
from braille.contracted import TABLES, Grade, load_louis, translate
from braille.rule_words import ListItem, RuleBook
from braille.rulebook import rule_book_pages
from speech.i18n import LANGUAGES, in_language, set_language

ROOT = Path(__file__).resolve().parents[2]
END_OF_RULES = "<!-- end of the rules:"

BOOKS = [e for e in games() if e.rule_book]


def test_every_catalog_game_has_a_rule_book_and_a_rules_page_with_its_end_marked() -> None:
    for entry in games():
        assert entry.rule_book, entry.name
        assert END_OF_RULES in (ROOT / "docs" / f"{entry.name}.md").read_text(encoding="utf-8"), entry.name


def _book(game: str) -> RuleBook:
    entry = next(e for e in games() if e.name == game)
    assert entry.rule_book is not None
    book: RuleBook = resolve(entry.rule_book)()
    return book


def _rules_part(entry: GameEntry) -> list[tuple[str, str]]:
    """(heading, text) of each second-level section of the game's page above its end of the rules."""
    text = (ROOT / "docs" / f"{entry.name}.md").read_text(encoding="utf-8").split(END_OF_RULES)[0]
    parts = re.split(r"^## (.+)$", text, flags=re.M)[1:]
    return [(re.sub(r"\s*\(.*\)$", "", parts[i].strip()), parts[i + 1]) for i in range(0, len(parts), 2)]


def _words(text: str) -> int:
    return len(re.findall(r"\w+", text))


def _book_words(book: RuleBook) -> int:
    return sum(_words(t) for s in book.sections for t in s.paragraphs)


@pytest.mark.parametrize("entry", BOOKS, ids=lambda e: e.name)
def test_every_rules_section_of_the_docs_page_is_in_the_book(entry: GameEntry) -> None:
    sections = _rules_part(entry)
    assert sections, "the page has no rules sections above its mark"
    book = _book(entry.name)
    by_heading = {s.heading.casefold(): s for s in book.sections}
    missing = [h for h, _text in sections if h.casefold() not in by_heading]
    assert missing == []  # the figure: every rules section of the page is in the book
    # In the page's order, and each told, not named only: a section of the book holds at least a sixth
    # of the words of the page's section (whose flags, settings, decisions' reasons and engine notes the
    # book leaves out).
    assert [s.heading.casefold() for s in book.sections] == [h.casefold() for h, _t in sections]
    for heading, text in sections:
        told = sum(_words(p) for p in by_heading[heading.casefold()].paragraphs)
        assert told >= _words(text) // 6, heading
    page_words = sum(_words(t) for _h, t in sections)
    counts = {}
    for lang in LANGUAGES:
        with in_language(lang):
            counts[lang] = _book_words(_book(entry.name))
    assert counts["en"] >= page_words // 3
    assert all(n >= counts["en"] * 3 // 4 for n in counts.values())  # no language's book shorter
    print(f"{entry.name}: {len(sections)} of {len(sections)} rules sections; book words "
          + ", ".join(f"{lang} {n}" for lang, n in counts.items()) + f"; {page_words} on the rules page")


def test_the_books_hold_the_rules_a_beginner_needs() -> None:
    """The rules the summaries left out (issue 38), each said in the book."""
    wanted = {
        "five-crowns": ("The deal moves one player to the left each hand",
                        "The player on the dealer's left plays first", "play goes round to the left",
                        "is called the up card", "exactly one more turn",
                        "nobody adds cards to another player's melds"),
        "contract-rummy": ("at most three times a hand", "the first of them in turn order after the discarder gets it",
                           "before the next player draws", "in place of a wild", "no discard is needed"),
        "solitaire": ("the same seed always deals the same piles", "3. Discard: take one card out of that same pile",
                      "Discards are dead", "a pile may be dealt closed", "The last card of the stock can still win",
                      "unless the player chooses before the deal"),
        "upcard-rummy": ("ending with themselves", "The rank of the dealer's own up card is wild",
                         "exactly one meld of exactly three cards", "never dug back to", "one last turn",
                         "at most 5 times a hand", "3000 points", "after hand 60", "Discards count for nobody"),
        "gin-rummy": ("starting with the other player", "the loser of each hand deals the next",
                      "If both pass, the non-dealer draws", "You may not discard the card you have just taken",
                      "your deadwood is 10 or less", "big gin", "the hand is a draw",
                      "scores the difference plus 25", "the game bonus is doubled, to 200", "after 60 hands"),
        "rummy-500": ("13 cards each", "7 each", "The deal then passes to the left", "round the corner",
                      "the ace is always 15", "The deepest card taken must be used at once",
                      "scores for you, whoever made the meld", "with or without a last discard",
                      "The stock is never rebuilt", "less the values of the cards still in their hand",
                      "500 points", "after 60 hands"),
        "crazy-eights": ("7 cards each", "5 each", "two such decks shuffled together", "buried at the bottom of "
                         "the stock", "or any eight", "names a suit", "until a card comes that can be played",
                         "at most 10 times in a hand", "the hand is blocked", "The lowest total wins",
                         "100 points", "after 60 hands"),
    }
    assert set(wanted) == {e.name for e in BOOKS}
    for game, rules in wanted.items():
        text = " ".join(p for s in _book(game).sections for p in s.paragraphs)
        for rule in rules:
            assert rule in text, (game, rule)


def test_steps_and_score_lines_are_lists() -> None:
    """A turn's steps and a table of values in the page are a list in the book (BANA list format: first
    line from cell 1, runovers from cell 3), not paragraphs (first line from cell 3)."""
    book = _book("upcard-rummy")
    scoring = next(s for s in book.sections if s.heading == "Scoring")
    items = [p for p in scoring.paragraphs if isinstance(p, ListItem)]
    assert items == ["ace: 100 points", "any wild: 100 points", "8 to king: 10 points", "3 to 7: 5 points"]
    pages = rule_book_pages(book, PageFormat(40, 25))
    lines = [cells_to_unicode(line) for page in pages for line in page]
    first = translate("ace: 100 points", "en", Grade.CONTRACTED).unicode
    para = translate("The cards are worth:", "en", Grade.CONTRACTED).unicode
    assert first in lines  # from cell 1
    assert "\u2800\u2800" + para in lines  # a paragraph from cell 3
    turn = next(s for s in book.sections if s.heading == "A turn")
    long_item = next(p for p in turn.paragraphs if isinstance(p, ListItem) and len(p) > 40)
    start = next(i for i, line in enumerate(lines) if line.startswith(
        translate(long_item.split()[0], "en", Grade.CONTRACTED).unicode))
    assert lines[start + 1].startswith("\u2800\u2800") and not lines[start + 1].startswith("\u2800" * 3)


def test_each_title_page_promises_only_what_its_book_holds() -> None:
    """Gin's book ends with card values, not a table of hands: its title page says so (issue 38)."""
    for entry in BOOKS:
        book = _book(entry.name)
        title = cells_to_unicode(rule_book_pages(book, PageFormat(40, 25))[0][0]) + "".join(
            cells_to_unicode(line) for line in rule_book_pages(book, PageFormat(40, 25))[0])
        assert translate(book.contents, "en", Grade.CONTRACTED).unicode.split("\u2800")[0] in title
        says_hands = "hand-by-hand" in book.contents
        assert says_hands == (book.table.heading == "Hand by hand"), entry.name


def _norm(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").split()).casefold()


#: Each language and grade whose liblouis table reads its own braille back word for word (Spanish and
#: French contracted back-translation is not exact in liblouis: "braille" comes back "sobreaille"; Spanish
#: grade 1 reads a full stop after a number back as an apostrophe; German grade 1 reads "o)" back as "≥"
#: and "é" as "€", German contracted "die Karten" as "§ k)ten").
ROUND_TRIPS = [("en", 1), ("en", 2), ("fr", 1)]


@pytest.mark.parametrize(("lang", "grade"), ROUND_TRIPS)
@pytest.mark.parametrize("game", [e.name for e in BOOKS])
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
