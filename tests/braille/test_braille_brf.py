"""BRF label and chart files: exact bytes for a small deck, and the page rules for every deck."""

from __future__ import annotations

from collections import Counter

import pytest
from braille_testing import ALL_DECKS
from hypothesis import given
from hypothesis import strategies as st

from braille.brf import BrfLayoutError, PageFormat, foot_line, head_line
from braille.cards import parse_brf_card
from braille.cells import BRF_CHARS
from braille.chart import CHART, chart_entries
from braille.labels import labels_brf, make_labels
from braille.literary import literary, number, wrap_words
from engine.cards import Card, five_crowns_deck
from engine.notation import parse_card

SMALL = [parse_card(c) for c in ("10h", "7st", "qs", "jo")]

# Worked out by hand: the running head is the whole title "Test card labels", which takes two lines
# of 12 cells, each centred (",TEST CARD" one blank before its 10 cells, "LABELS" three before its 6,
# as BANA centres a running head), then a blank line; the info line wraps at 12 cells; suits come in
# the order stars, hearts, clubs, spades, then jokers; labels are 3 cells wide (10H) plus 2 blanks,
# so 2 per 12-cell line; a blank line between rows. A page of 10 lines has 6 for the body: the
# second row goes to page 2 after a form feed. Each page's last line is its number at the right
# margin, blank lines filling the page down to it.
GOLDEN_SMALL = (
    b" ,TEST CARD\r\n"
    b"   LABELS\r\n"
    b"\r\n"
    b"#H LABELS\r\n"
    b"FOR #D CARDS\r\n"
    b"#B EACH\r\n"
    b"\r\n"
    b"7/   7/\r\n"
    b"\r\n"
    b"          #A\r\n"
    b"\f"
    b" ,TEST CARD\r\n"
    b"   LABELS\r\n"
    b"\r\n"
    b"10H  10H\r\n"
    b"\r\n"
    b"QS   QS\r\n"
    b"\r\n"
    b"JO   JO\r\n"
    b"\r\n"
    b"          #B\r\n"
)


def test_golden_small_deck() -> None:
    labels = make_labels(SMALL, per_card=2, title="Test")
    assert labels_brf(labels, PageFormat(12, 10)) == GOLDEN_SMALL


def test_golden_default_page_start() -> None:
    data = labels_brf(make_labels(five_crowns_deck(1), title="Five Crowns"))
    first = data.split(b"\r\n")[:7]
    assert first == [
        b"       ,FIVE ,CROWNS CARD LABELS",  # 25 cells centred on 40: 7 blanks before
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
        assert len(lines) == fmt.lines_per_page
        foot = lines[-1].decode("ascii")
        # North American practice: the braille page number at the bottom right, three blanks before it
        assert foot == " " * (fmt.cells_per_line - len(number(n))) + _brf(number(n))
        head = lines.index(b"")  # the running head: the whole title, on one line or two
        assert 1 <= head <= 2 and b" ".join(line.strip() for line in lines[:head]) in (b",DECK CARD LABELS",
                                                                                       b",DECK CARD")
        assert lines[head + 1] != b""  # a page's body never starts with a blank line
        body += lines[head + 1:-1]
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


def test_page_numbers_are_literary_numbers_at_the_foot() -> None:
    assert _brf(number(1)) == "#A"
    assert _brf(number(10)) == "#AJ"
    assert _brf(head_line(literary("Five Crowns"), 20)) == ",FIVE ,CROWNS"
    assert _brf(head_line(literary("Five Crowns"), 9)) == ",FIVE"
    assert _brf(head_line(literary("Five Crowns"), 4)) == ",FI-"  # a word cut only with a hyphen
    assert _brf(foot_line(3, 5)) == "   #C"
    assert _brf(foot_line(10, 8)) == "     #AJ"
    with pytest.raises(BrfLayoutError, match="3 blank cells"):
        foot_line(10, 5)


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
        (PageFormat(3, 3), "cannot hold the 4 cells ⠼⠃⠉⠃ whole"),  # "232" is never split
        (PageFormat(4, 25), "cannot hold the page number 1 with the 3 blank cells"),
        (PageFormat(40, 3), "needs at least 4 lines"),
    ],
)
def test_pages_too_small_are_refused(fmt: PageFormat, message: str) -> None:
    with pytest.raises(ValueError, match=message):
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
    data = CHART.brf(cards, "Deck", fmt, ten_as_x=ten_as_x)
    pages = _pages(data, fmt)
    # one-cell symbols a grade 2 reader takes for a word (letters; ⠆ be, ⠢ enough, ⠶ were, ⠦ his,
    # ⠔ in, ⠌ still) carry the grade 1 indicator (;) on their line; ⠒ (a colon alone) does not
    symbols = {(";" if e.brf in "JQKXHCSD25789/" else "") + e.brf for e in chart_entries(cards, ten_as_x=ten_as_x)}
    starts = [line.split(b" ")[0].decode() for page in pages for line in page[2:] if line and not line.startswith(b" ")]
    assert symbols <= set(starts)  # every symbol begins an entry line


def test_chart_golden_lines() -> None:
    data = CHART.brf(five_crowns_deck(1), "Five Crowns")
    cover, body = data.split(b"\f", 1)
    # A title page (BANA): the title centred on line 3, no running head, no page number.
    assert cover.split(b"\r\n")[:3] == [b"", b"", b"    ,FIVE ,CROWNS BRAILLE CARD CODE"]
    assert b"#A" not in cover
    lines = body.split(b"\r\n")
    assert lines[0] == b"    ,FIVE ,CROWNS BRAILLE CARD CODE"  # the running head, centred
    assert b"10  TEN  10C  TEN OF CLUBS" in lines
    assert b"JO  JOKER  JO  JOKER" in lines
    # A lone letter takes the grade 1 indicator (dots 5-6), so it is not read as "just" or "quite".
    assert b";J  JACK  JS  JACK OF SPADES" in lines
    assert b";Q  QUEEN  QD  QUEEN OF DIAMONDS" in lines
    assert b"3  THREE  3/  THREE OF STARS" in lines
    # The print chart's notes, in braille: the joker note and the running-text caution.
    text = b" ".join(line.strip() for line in lines)
    assert b",A JOKER IS J O4" in text  # uncontracted text as liblouis writes it: no grade 1 indicator
    assert b"DOT #B ALONE IS A COMMA" in text
    assert data.count(b"\f") == 2  # the title page, then the notes and 17 entries on two pages
    # The note on the braille below is a transcriber's note: UEB's indicators round it, 7-5 format.
    assert any(line.startswith(b"      @.<,BELOW1 ") for line in lines)
    assert any(line.startswith(b"    ") and line.endswith(b"@.>") for line in lines)
    # Notes are paragraphs: first line from cell 3, runovers at the margin.
    assert b"  ,A CARD IS ITS RANK CELLS THEN ONE" in lines and b"SUIT CELL4 ,THERE IS NO NUMBER SIGN3 THE" in lines
    assert b";2  TWO" not in data and b";5  FIVE  5C  FIVE OF CLUBS" in lines  # ⠢ alone is "enough"
    assert b";/  STARS  7/  SEVEN OF STARS" in lines  # ⠌ alone is "still"
    assert b"3  THREE  3/  THREE OF STARS" in lines  # ⠒ alone is only a colon


def test_lone_letters_take_the_grade_1_indicator() -> None:
    assert _brf(literary("j o")) == ";J O"  # o alone is no wordsign; j alone would read "just"
    assert _brf(literary("A joker is j.")) == ",A JOKER IS ;J4"
    assert _brf(literary("a I x")) == "A ,I ;X"
    assert _brf(literary("jack")) == "JACK"


def test_wrap_words_hyphenates_words_and_never_splits_numbers() -> None:
    words = [literary(w) for w in ["Crowns", "10", "seven"]]
    assert [_brf(line) for line in wrap_words(words, 5)] == [",CRO-", "WNS", "#AJ", "SEVEN"]
    assert [_brf(line) for line in wrap_words([literary("sevens")], 5)] == ["SEVE-", "NS"]
    with pytest.raises(ValueError, match="cannot be split"):
        wrap_words([literary("1234")], 4)
    assert [_brf(line) for line in wrap_words([literary("ten-as-x")], 5)] == ["TEN-", "AS-;X"]


_WORDS = st.one_of(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12),
    st.integers(1, 99999).map(str),
)


@given(words=st.lists(_WORDS, min_size=1, max_size=12), width=st.integers(3, 16), indent=st.integers(0, 3))
def test_wrap_words_keeps_every_word_readable(words: list[str], width: int, indent: int) -> None:
    cells = [literary(w) for w in words]
    indent = min(indent, width - 1)
    try:
        lines = [_brf(line) for line in wrap_words(cells, width, indent=indent)]
    except ValueError:
        # refused only when a number cannot fit a line whole, or a line has no room for a cut
        too_long = [w for w in words if len(literary(w)) > width - indent]
        assert any(w.isdigit() for w in too_long) or (too_long and width - indent < 3)
        return
    assert all(len(line) <= width for line in lines)
    text = ""
    for i, line in enumerate(lines):
        body = line[indent:] if i else line
        assert not body.startswith(" ")
        text += body
        if body.endswith("-"):  # a cut: the word goes on on the next line
            text = text[:-1]
        elif i < len(lines) - 1:
            text += " "
    assert text == " ".join(_brf(c) for c in cells)


def test_title_page_centred_and_trimmed_to_a_short_page() -> None:
    from braille.brf import paginate_placed

    title = literary("Rules")
    cover = [literary("Rules"), (), literary("what it is"), (), literary("made by us")]
    pages, places = paginate_placed(title, [[literary("one")]], PageFormat(20, 10), title_page=cover)
    expected = ["", "", "       ,RULES", "", "     WHAT IT IS", "", "     MADE BY US"]
    assert [_brf(line) for line in pages[0][:7]] == expected
    assert places[0].page == 1 and _brf(pages[1][-1]).strip() == "#A"  # the first numbered page is page 1
    short, _ = paginate_placed(title, [[literary("one")]], PageFormat(20, 5), title_page=cover)
    assert [_brf(line) for line in short[0]] == expected[:5]  # what fits, up to a group's end
    shorter, _ = paginate_placed(title, [[literary("one")]], PageFormat(20, 4), title_page=cover)
    assert [_brf(line) for line in shorter[0]] == [*expected[:3], ""]  # the title alone
    with pytest.raises(ValueError, match="gaps"):
        paginate_placed(title, [[literary("one")]], PageFormat(20, 10), gaps=[1, 0])
