"""BRF label and chart files: exact bytes for a small deck, and the page rules for every deck."""

from __future__ import annotations

from collections import Counter

import pytest
from braille_testing import ALL_DECKS

from braille.brf import BrfLayoutError, PageFormat, head_line
from braille.cards import parse_brf_card
from braille.cells import BRF_CHARS
from braille.chart import chart_brf, chart_entries
from braille.labels import labels_brf, make_labels
from braille.literary import literary, number, wrap_words
from engine.cards import Card, five_crowns_deck
from engine.notation import parse_card

SMALL = [parse_card(c) for c in ("10h", "7st", "qs", "jo")]

# Worked out by hand: the title ",TEST" (capital sign, test) fits beside page number #A only without
# "card labels"; the info line wraps at 12 cells; suits come in the order stars, hearts, clubs,
# spades, then jokers; labels are 3 cells wide (10H) plus 2 blanks, so 2 per 12-cell line; a blank
# line between rows; at 10 lines a page, the third row goes to page 2 after a form feed.
GOLDEN_SMALL = (
    b",TEST     #A\r\n"
    b"\r\n"
    b"#H LABELS\r\n"
    b"FOR #D CARDS\r\n"
    b"#B EACH\r\n"
    b"\r\n"
    b"7/   7/\r\n"
    b"\r\n"
    b"10H  10H\r\n"
    b"\f"
    b",TEST     #B\r\n"
    b"\r\n"
    b"QS   QS\r\n"
    b"\r\n"
    b"JO   JO\r\n"
)


def test_golden_small_deck() -> None:
    labels = make_labels(SMALL, per_card=2, title="Test")
    assert labels_brf(labels, PageFormat(12, 10)) == GOLDEN_SMALL


def test_golden_default_page_start() -> None:
    data = labels_brf(make_labels(five_crowns_deck(1), title="Five Crowns"))
    first = data.split(b"\r\n")[:7]
    assert first == [
        b",FIVE ,CROWNS CARD LABELS             #A",
        b"",
        b"#BCB LABELS FOR #AAF CARDS #B EACH",
        b"",
        b"3/   3/   3/   3/   4/   4/   4/   4/",
        b"",
        b"5/   5/   5/   5/   6/   6/   6/   6/",
    ]


def _pages(data: bytes, fmt: PageFormat) -> list[list[bytes]]:
    """Split BRF bytes into pages of lines, checking the file's shape on the way."""
    assert not data.endswith(b"\f")
    pages = data.split(b"\f")
    out = []
    for page in pages:
        assert page.endswith(b"\r\n")
        lines = page[:-2].split(b"\r\n")
        for line in lines:
            assert b"\r" not in line and b"\n" not in line  # every line ends CR LF, nothing else
            assert len(line) <= fmt.cells_per_line
            assert set(line.decode("ascii")) <= set(BRF_CHARS)
            assert not line.endswith(b" ")
        assert len(lines) <= fmt.lines_per_page
        out.append(lines)
    return out


FORMATS = [PageFormat(), PageFormat(32, 27), PageFormat(20, 12), PageFormat(10, 9), PageFormat(42, 4)]


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda f: f"{f.cells_per_line}x{f.lines_per_page}")
@pytest.mark.parametrize("deck", list(ALL_DECKS))
@pytest.mark.parametrize("per_card", [1, 2, 3])
def test_label_pages_and_count(deck: str, fmt: PageFormat, per_card: int) -> None:
    cards = ALL_DECKS[deck]
    labels = make_labels(cards, per_card=per_card, title="Deck")
    assert labels.count == len(cards) * per_card
    pages = _pages(labels_brf(labels, fmt), fmt)
    body: list[bytes] = []
    for n, lines in enumerate(pages, start=1):
        assert lines[0].decode("ascii").endswith(_brf(number(n)))
        assert lines[1] == b""
        assert lines[2] != b""  # a page's body never starts with a blank line
        body += lines[2:]
    info_words = f"{labels.count} labels for {len(cards)} cards {per_card} each".split()
    info = [_brf(line).encode() for line in wrap_words([literary(w) for w in info_words], fmt.cells_per_line)]
    assert body[: len(info)] == info
    found: Counter[Card] = Counter()
    for line in body[len(info) :]:
        found.update(parse_brf_card(token) for token in line.decode("ascii").split())
    expected = Counter({card: count * per_card for card, count in Counter(cards).items()})
    assert found == expected  # exactly one label per (card, copy)


def _brf(cells: tuple[object, ...]) -> str:
    return "".join(c.brf for c in cells)  # type: ignore[attr-defined]


def test_page_numbers_are_literary_numbers() -> None:
    assert _brf(number(1)) == "#A"
    assert _brf(number(10)) == "#AJ"
    assert _brf(head_line(literary("Five Crowns"), 3, 20)) == ",FIVE ,CROWNS     #C"
    assert _brf(head_line(literary("Five Crowns"), 3, 9)) == ",FIVE  #C"
    assert _brf(head_line(literary("Five Crowns"), 3, 8)) == "      #C"
    assert _brf(head_line(literary("Five Crowns"), 3, 4)) == "  #C"
    with pytest.raises(BrfLayoutError):
        head_line(literary("Five Crowns"), 10, 2)


def test_literary_text() -> None:
    assert _brf(literary("232 labels for 116 cards")) == "#BCB LABELS FOR #AAF CARDS"
    assert _brf(literary("3a")) == "#C;A"  # a letter a-j right after a digit takes the grade 1 sign
    with pytest.raises(ValueError):
        literary("★")
    words = [literary(w) for w in ["one", "two", "three", "four"]]
    assert [_brf(line) for line in wrap_words(words, 9, indent=2)] == ["ONE TWO", "  THREE", "  FOUR"]


@pytest.mark.parametrize(
    ("fmt", "message"),
    [
        (PageFormat(2, 25), "cannot hold one label"),
        (PageFormat(3, 3), "cannot hold the page number"),
        (PageFormat(40, 2), "needs at least 3 lines"),
    ],
)
def test_pages_too_small_are_refused(fmt: PageFormat, message: str) -> None:
    with pytest.raises(BrfLayoutError, match=message):
        labels_brf(make_labels(five_crowns_deck(1), title="Five Crowns"), fmt)


@pytest.mark.parametrize("bad", [(0, 25), (40, 0), (-1, 10)])
def test_page_format_must_be_positive(bad: tuple[int, int]) -> None:
    with pytest.raises(BrfLayoutError):
        PageFormat(*bad)


@pytest.mark.parametrize("fmt", FORMATS[:4], ids=lambda f: f"{f.cells_per_line}x{f.lines_per_page}")
@pytest.mark.parametrize("deck", ["five-crowns", "standard", "no-twos"])
@pytest.mark.parametrize("ten_as_x", [False, True])
def test_chart_brf(deck: str, fmt: PageFormat, ten_as_x: bool) -> None:
    cards = ALL_DECKS[deck]
    data = chart_brf(cards, "Deck", fmt, ten_as_x=ten_as_x)
    pages = _pages(data, fmt)
    symbols = {e.brf for e in chart_entries(cards, ten_as_x=ten_as_x)}
    starts = [line.split(b" ")[0].decode() for page in pages for line in page[2:] if line and not line.startswith(b" ")]
    assert symbols <= set(starts)  # every symbol begins an entry line


def test_chart_golden_lines() -> None:
    data = chart_brf(five_crowns_deck(1), "Five Crowns")
    lines = data.split(b"\r\n")
    assert lines[0] == b",FIVE ,CROWNS BRAILLE CARD CODE       #A"
    assert b"10  TEN  10C  TEN OF CLUBS" in lines
    assert b"/  STARS  7/  SEVEN OF STARS" in lines
    assert b"JO  JOKER  JO  JOKER" in lines
    assert b"\f" not in data  # one page
