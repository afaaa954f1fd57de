"""Labels embossed in register, read back from the files the `labels` command writes: every cell of a
BRF page is placed with the embosser's margins and pitches, and measured against the die-cut label or
the card corner it must land in. The figures: cells inside their zones, for each stock and card size
(goal: all)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from braille_testing import ALL_DECKS, run_cli

from braille.cards import card_cells, parse_brf_card
from braille.cells import cells_from_brf, cells_to_unicode
from braille.register import CARDS, CORNER_INSET, CORNERS, Embosser, Zone, card_zones, cell_box, stock_zones
from braille.stock import STOCKS

#: An embosser whose margins are not the defaults, and one at the narrowest legal cell pitch.
EMBOSSERS = [Embosser(), Embosser(left=9.0, top=4.5, cell=6.0, line=10.0), Embosser(left=3.0, top=12.0, cell=6.3)]


def _pages(data: bytes) -> list[list[str]]:
    return [page.decode("ascii").split("\r\n")[:-1] for page in data.split(b"\f")]


def _options(embosser: Embosser) -> list[str]:
    return ["--embosser-left", str(embosser.left), "--embosser-top", str(embosser.top),
            "--embosser-cell", str(embosser.cell), "--embosser-line", str(embosser.line)]


def _cells(line: str) -> list[tuple[int, str]]:
    """(column, character) of each cell that is not blank."""
    return [(c, ch) for c, ch in enumerate(line) if ch != " "]


@pytest.mark.parametrize("embosser", EMBOSSERS, ids=["default", "narrow", "wide"])
@pytest.mark.parametrize("stock", list(STOCKS))
def test_every_label_cell_lands_inside_its_die_cut_label(stock: str, embosser: Embosser, tmp_path: Path) -> None:
    out = tmp_path / "labels.brf"
    assert run_cli(["labels", "--deck", "five-crowns", "--stock", stock, "-o", str(out), *_options(embosser)]) == 0
    pages = _pages(out.read_bytes())
    zones = stock_zones(STOCKS[stock])
    inside = outside = 0
    found: Counter[str] = Counter()
    for page in pages:
        for n, line in enumerate(page):
            for c, _ch in _cells(line):
                box = cell_box(embosser, c, n)
                if any(zone.holds(box) for zone in zones):
                    inside += 1
                else:
                    outside += 1
            # Each card label lies whole inside one die-cut label.
            for match in re.finditer(r"\S+", line):
                found[match.group()] += 1
                first = cell_box(embosser, match.start(), n)
                last = cell_box(embosser, match.end() - 1, n)
                whole = (first[0], first[1], last[2], last[3])
                assert sum(zone.holds(whole) for zone in zones) == 1, (stock, match.group(), n)
    assert outside == 0 and inside > 0  # the figure: all cells inside their label
    deck = ALL_DECKS["five-crowns"]
    read: Counter[object] = Counter()
    for token, k in found.items():
        read[parse_brf_card(token)] += k
    assert read == Counter({card: 2 * n for card, n in Counter(deck).items()})  # every label, two a card
    print(f"{stock} {embosser}: {inside} of {inside + outside} cells inside their die-cut labels")


@pytest.mark.parametrize("stock", list(STOCKS))
def test_the_pef_is_the_brf_cell_for_cell(stock: str, tmp_path: Path) -> None:
    brf, pef = tmp_path / "l.brf", tmp_path / "l.pef"
    assert run_cli(["labels", "--stock", stock, "-o", str(brf)]) == 0
    assert run_cli(["labels", "--stock", stock, "-o", str(pef)]) == 0
    rows = re.findall(r"<row>(.*?)</row>|<row/>", pef.read_text(encoding="utf-8"))
    lines = [line for page in _pages(brf.read_bytes()) for line in page]
    assert [cells_to_unicode(cells_from_brf(line)).rstrip("\u2800") for line in lines] == rows


@pytest.mark.parametrize("stock", list(STOCKS))
def test_the_calibration_page_marks_each_label_and_the_page_corners(stock: str, tmp_path: Path) -> None:
    out = tmp_path / "cal.brf"
    assert run_cli(["labels", "--stock", stock, "--calibration", "-o", str(out)]) == 0
    pages = _pages(out.read_bytes())
    assert len(pages) == 1
    page = pages[0]
    marks = [(n, c) for n, line in enumerate(page) for c, ch in _cells(line)]
    assert all(page[n][c] == "=" for n, c in marks)  # ⠿ in BRF
    last_line, last_col = len(page) - 1, max(c for _n, c in marks)
    assert {(0, 0), (0, last_col), (last_line, 0), (last_line, last_col)} <= set(marks)
    embosser = Embosser()
    zones = stock_zones(STOCKS[stock])
    for zone in zones:  # each label: a mark at its first and its last place
        held = [(n, c) for n, c in marks if zone.holds(cell_box(embosser, c, n))]
        assert len(held) == 2


@pytest.mark.parametrize("corners", CORNERS)
@pytest.mark.parametrize("size", list(CARDS))
def test_a_card_gets_its_code_a_quarter_inch_in_from_two_corners(size: str, corners: str, tmp_path: Path) -> None:
    out = tmp_path / "cards.brf"
    assert run_cli(["labels", "--deck", "standard", "--card", size, "--corners", corners, "-o", str(out)]) == 0
    pages = _pages(out.read_bytes())
    deck = ALL_DECKS["standard"]
    assert len(pages) == len(deck)  # one page for each card of the deck, fed to the embosser in turn
    card = CARDS[size]
    embosser = Embosser(left=CORNER_INSET, top=CORNER_INSET)
    whole_card = Zone(CORNER_INSET, CORNER_INSET, card.width - CORNER_INSET, card.height - CORNER_INSET)
    inside = total = 0
    for page in pages:
        tokens = [(n, m.start(), m.group()) for n, line in enumerate(page) for m in re.finditer(r"\S+", line)]
        assert len(tokens) == 2 and tokens[0][2] == tokens[1][2]  # the same code at two corners
        assert cells_from_brf(tokens[0][2]) == card_cells(parse_brf_card(tokens[0][2]))
        for zone, (n, c, token) in zip(card_zones(card, corners), tokens, strict=True):
            for k in range(len(token)):
                box = cell_box(embosser, c + k, n)
                total += 1
                inside += zone.holds(box) and whole_card.holds(box)
            first = cell_box(embosser, c, n)
            if corners.endswith("top-right") and zone.x0 > 0 and zone is not card_zones(card, corners)[0]:
                assert card.width - cell_box(embosser, c + len(token) - 1, n)[2] >= CORNER_INSET
            if zone is card_zones(card, corners)[0]:  # the top-left code starts at the quarter inch
                assert first[:2] == (CORNER_INSET, CORNER_INSET)
        if corners == "top-left,top-right":
            assert tokens[0][0] == tokens[1][0]  # both on the top line
        else:
            assert tokens[1][0] > tokens[0][0]
    assert inside == total  # the figure: every cell inside its corner of the card
    print(f"{size} {corners}: {inside} of {total} cells inside their corner zones")


@pytest.mark.parametrize(("argv", "message"), [
    (["--corners", "top-left,top-right", "--format", "brf"], "--corners apply to brf and pef"),
    (["--card", "poker", "--mirror", "--format", "pdf"], "--card and --mirror"),
    (["--card", "poker", "--embosser-left", "5", "--format", "pdf"], "--embosser-left apply to brf and pef"),
    (["--calibration", "--format", "brf"], "--calibration apply to brf and pef"),
    (["--card", "poker", "--stock", "a4-3x7", "--format", "brf"], "choose one"),
    (["--stock", "a4-3x7", "--embosser-cell", "7", "--format", "brf"], "6.0 to 6.3"),
    (["--stock", "a4-3x7", "--cells-per-line", "30", "--format", "brf"], "leave out --cells-per-line"),
    (["--embosser-left", "5", "--format", "brf"], "--embosser-left apply to brf and pef"),
])
def test_bad_register_options_are_refused_and_write_nothing(argv: list[str], message: str, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.out"
    assert run_cli(["labels", *argv, "-o", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize("corners", CORNERS)
@pytest.mark.parametrize("size", list(CARDS))
def test_the_slate_template_draws_each_card_true_size_with_its_dots_in_their_corners(
        size: str, corners: str, tmp_path: Path) -> None:
    """The card template as a PDF (for a slate): rendered by poppler, every dot of the first page is dark
    where the model puts it, every dot lies in its card's corner zone, and the dots are where the
    embossed card's cells are."""
    from braille_testing import darkness_at, render_gray

    from braille.geometry import NLS, PAPERS
    from braille.labels import make_labels
    from braille.register import card_sheet
    from braille.sheet import Dot, Group, flatten

    out = tmp_path / "cards.pdf"
    assert run_cli(["labels", "--deck", "five-crowns", "--card", size, "--corners", corners, "--paper", "a4",
                    "-o", str(out)]) == 0
    labels = [label for label in make_labels(ALL_DECKS["five-crowns"]).labels if label.copy == 1]
    sheet = card_sheet(labels, CARDS[size], PAPERS["a4"], corners)
    image = render_gray(out, 300, page=1)
    card = CARDS[size]
    groups = [item for item in sheet.pages[0].items if isinstance(item, Group) and item.kind == "card"]
    assert len(groups) >= 6  # a page holds several cards
    inside = total = 0
    for group in groups:
        data = dict(group.data)
        x0, y0 = float(data["x"]), float(data["y"])
        zones = card_zones(card, corners)
        dots = [item for item in flatten(group.items) if isinstance(item, Dot)]
        assert dots
        for dot in dots:
            total += 1
            box = (dot.x - x0 - NLS.radius, dot.y - y0 - NLS.radius, dot.x - x0 + NLS.radius, dot.y - y0 + NLS.radius)
            inside += any(zone.holds(box) for zone in zones)
            assert darkness_at(image, dot.x, dot.y, 300) < 80
        assert darkness_at(image, x0 + card.width / 2, y0 + card.height / 2, 300) > 240  # the middle is blank
    assert inside == total
