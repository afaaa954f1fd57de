"""The teacher's kit, the label key and the practice sheet, made by the commands and read back: BRF
bytes parsed, PDFs counted with pdfinfo and read with pdftotext and pdftoppm."""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from braille_testing import ALL_DECKS, render_gray, run_cli

from access_game.catalog import game as catalog_game
from access_game.catalog import games
from braille.brf import PageFormat
from braille.cards import card_cells, parse_brf_card
from braille.geometry import PAPERS
from braille.keysheet import key_rows
from braille.labels import make_labels
from braille.practice import confusable_pairs, make_drills, practice_brf_pages
from engine.cards import Card
from engine.notation import parse_card
from speech.i18n import _, set_language
from speech.languages import LANGUAGES

KIT_PARTS = ("labels.brf", "labels.pef", "labels.pdf", "label-key.pdf", "chart.brf", "chart.pef", "chart.pdf",
             "practice.brf", "practice.pef", "practice.pdf", "rules.brf", "rules.pef", "rules.pdf")


def _pdf_pages(path: Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True, timeout=60).stdout
    match = re.search(r"^Pages:\s+(\d+)", info, re.M)
    assert match is not None
    return int(match.group(1))


def _pdf_text(path: Path, page: int | None = None) -> str:
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return subprocess.run(
        ["pdftotext", "-layout", *pages, str(path), "-"], check=True, capture_output=True, text=True, timeout=60
    ).stdout


def _brf_pages(data: bytes) -> list[list[str]]:
    pages = []
    for page in data.split(b"\f"):
        assert page.endswith(b"\r\n")
        pages.append(page[:-2].decode("ascii").split("\r\n"))
    return pages


#: Every game of the catalog in every language the game speaks; the game's name typed in a case of its
#: own each time (names are read case-blind).
KITS = [(entry.name, lang) for entry in games() for lang in LANGUAGES]


@pytest.mark.parametrize(("game", "lang"), KITS)
def test_kit_for_every_game_in_every_language(tmp_path: Path, game: str, lang: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The whole kit on A4, the narrowest paper the game offers, in each language: a heading longer in
    one language than in another must still fit (the Spanish label key once did not, on any paper)."""
    out = tmp_path / "kit"
    typed = game.upper() if KITS.index((game, lang)) % 2 else game.title()
    try:
        assert run_cli(["--lang", lang, "kit", "--game", typed, "--paper", "a4", "-o", str(out)]) == 0
    finally:
        set_language("en")
    said = capsys.readouterr().out.splitlines()
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(f"{game}-{part}" for part in KIT_PARTS)
    reported = {}
    for line in said[1:]:
        match = re.fullmatch(r"(\S+)\s?: .*, (\d+) \w+\.", line)  # "name : ..." in French
        assert match, line
        reported[match.group(1)] = int(match.group(2))
    assert set(reported) == set(names)
    for name in names:
        path = out / name
        if name.endswith(".pdf"):
            assert _pdf_pages(path) == reported[name]
        elif name.endswith(".pef"):  # the schema and the cells are checked in test_pef.py
            assert path.read_bytes().count(b"<page>") == reported[name]
        else:
            pages = _brf_pages(path.read_bytes())
            assert len(pages) == reported[name]
            assert all(len(page) == 25 and all(len(line) <= 40 for line in page) for page in pages)
    # The labels are the game's deck, every card twice.
    which = catalog_game(game).game_deck()
    deck = ALL_DECKS["five-crowns"] if which.deck == "five-crowns" else ALL_DECKS[which.deck]
    tokens: Counter[Card] = Counter()
    for page in _brf_pages((out / f"{game}-labels.brf").read_bytes()):
        body = page[page.index("") + 1 : -1]  # under the running head (one line or two) and its blank line
        if not tokens:
            body = body[body.index("") + 1 :]  # the first page's info lines
        for line in body:
            tokens.update(parse_brf_card(t) for t in line.split())
    assert tokens == Counter({card: n * 2 for card, n in Counter(deck).items()})


def test_kit_refuses_bad_options_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "kit"
    assert run_cli(["kit", "--game", "poker", "-o", str(out)]) == 2
    assert "the games are five-crowns, solitaire, contract-rummy, upcard-rummy" in capsys.readouterr().err
    assert run_cli(["kit", "--game", "five-crowns"]) == 2
    assert run_cli(["kit", "--cells-per-line", "4", "-o", str(out)]) == 2
    assert "page number" in capsys.readouterr().err
    assert run_cli(["kit", "--cell-spacing", "4", "-o", str(out)]) == 2
    assert not out.exists()
    a_file = tmp_path / "file"
    a_file.write_text("x")
    assert run_cli(["kit", "-o", str(a_file)]) == 2
    assert a_file.read_text() == "x"


def test_label_key_matches_the_embossed_labels(tmp_path: Path) -> None:
    """Every label in the key, looked up by page, line and place in the real BRF bytes, is its card."""
    out = tmp_path / "kit"
    assert run_cli(["kit", "--game", "five-crowns", "-o", str(out), "--cells-per-line", "32"]) == 0
    pages = _brf_pages((out / "five-crowns-labels.brf").read_bytes())
    labels = make_labels(ALL_DECKS["five-crowns"], title="Five Crowns")
    rows = key_rows(labels, PageFormat(32, 25))
    covered = []
    for row in rows:
        numbers = [int(n) for n in re.findall(r"\d+", row.brf)]
        page, line, first, last = numbers[0], numbers[1], numbers[2], numbers[-1]
        tokens = pages[page - 1][line - 1].split()
        for place in range(first, last + 1):
            assert parse_brf_card(tokens[place - 1]) == parse_card(row.code)
        covered += range(row.first, row.last + 1)
    assert covered == list(range(1, labels.count + 1))
    text = _pdf_text(out / "five-crowns-label-key.pdf")
    assert "key for a sighted helper" in text
    assert re.search(r"1-4\s+3 of stars\s+3st\s+2\s*5\s*/\s*3\s*4\s+page 1, line 6, places 1-4", text)


def test_label_key_renders(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    assert run_cli(["kit", "--game", "upcard-rummy", "-o", str(out)]) == 0
    width, height, pixels = render_gray(out / "upcard-rummy-label-key.pdf", 50)
    dark = sum(1 for p in pixels if p < 128)
    assert 0.005 < dark / (width * height) < 0.2  # a page of text, not blank, not black


# --- practice ------------------------------------------------------------------------------------


def test_practice_pairs_include_the_known_confusions() -> None:
    pairs = {(p.first_name, p.second_name): p for p in confusable_pairs(ALL_DECKS["five-crowns"])}
    assert pairs[("st", "s")].difference == "they differ by dot 2 only"
    assert pairs[("h", "d")].kind == "moved dot"
    assert pairs[("dropped 0", "j")].kind == "lower"
    assert pairs[("dropped 3", "c")].kind == "lower"
    # No stars in a standard deck, so no s/st drill; an ace there brings a and dropped 1.
    standard = {(p.first_name, p.second_name) for p in confusable_pairs(ALL_DECKS["standard"])}
    assert ("st", "s") not in standard and ("dropped 1", "a") in standard
    for deck in ("five-crowns", "standard", "no-twos"):
        for pair in confusable_pairs(ALL_DECKS[deck]):
            a, b = set(pair.first.dots), set(pair.second.dots)
            if pair.kind == "one dot":
                assert len(a ^ b) == 1
            elif pair.kind == "moved dot":
                assert len(a) == len(b) and len(a ^ b) == 2
            else:
                assert len(a) == len(b) and a != b


def test_each_drill_mixes_both_cells() -> None:
    for deck in ("five-crowns", "standard", "no-twos"):
        for drill in make_drills(ALL_DECKS[deck]):
            holds = [(drill.pair.first in card_cells(c), drill.pair.second in card_cells(c)) for c in drill.cards]
            assert all(x or y for x, y in holds)
            assert any(x for x, _ in holds) and any(y for _, y in holds)
            assert len(set(drill.cards)) == len(drill.cards) >= 4
    assert make_drills(ALL_DECKS["five-crowns"]) == make_drills(ALL_DECKS["five-crowns"])  # the same every time


def test_practice_brf_answers_on_a_page_of_their_own() -> None:
    pages = practice_brf_pages(ALL_DECKS["five-crowns"], "Five Crowns")
    text = ["".join(c.brf for c in line) for page in pages for line in page]
    brf_pages = [["".join(c.brf for c in line) for line in page] for page in pages]
    first_answers = next(i for i, page in enumerate(brf_pages) if page[2].strip() == ",ANSWERS")
    drills = make_drills(ALL_DECKS["five-crowns"])
    assert sum(1 for line in text if line.startswith(",DRILL #A ") and "/" in line) == 1
    for page in brf_pages[:first_answers]:
        # no answer before the answers page
        assert not any(re.search(r"OF (STARS|HEARTS|CLUBS|SPADES|DIAMONDS)", line) for line in page)
    drill_codes = [t for page in brf_pages[:first_answers] for line in page for t in line.split()]
    cards = [parse_brf_card(t) for t in drill_codes if re.fullmatch(r"[0-9AJQKX]+[/HCSD]", t)]
    assert cards == [c for d in drills for c in d.cards]
    answers = " ".join(line.strip() for page in brf_pages[first_answers:] for line in page[2:-1])
    assert answers.count("DRILL #") == len(drills)


def test_practice_pdf_drills_then_answers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "practice.pdf"
    assert run_cli(["practice", "--deck", "five-crowns", "-o", str(out)]) == 0
    assert re.search(r"16 drills\) on 3 pages", capsys.readouterr().out)
    assert _pdf_pages(out) == 3
    first = _pdf_text(out, 1)
    assert "Drill 1. st (dots 3 4) and s (dots 2 3 4): they differ by dot 2 only." in first
    assert "Answers" not in first and "of spades" not in first
    last = _pdf_text(out, 3)
    assert "Answers" in last and "Drill 1" in last and "Drill 16" in last
    drills = make_drills(ALL_DECKS["five-crowns"])
    assert f"1: {drills[0].cards[0].rank.word if drills[0].cards[0].rank else 'joker'} of" in last
    _, _, pixels = render_gray(out, 50, page=1)
    assert sum(1 for p in pixels if p < 100) > 500  # the drill page carries dots
    brf = tmp_path / "practice.brf"
    assert run_cli(["practice", "--deck", "standard", "-o", str(brf), "--cells-per-line", "30"]) == 0
    assert all(len(line) <= 30 for line in brf.read_bytes().split(b"\r\n"))


def test_practice_paper_and_sizes(tmp_path: Path) -> None:
    out = tmp_path / "practice.pdf"
    assert run_cli(["practice", "--paper", "LETTER", "--preset", "swell", "--empty-dots", "-o", str(out)]) == 0
    info = subprocess.run(["pdfinfo", str(out)], check=True, capture_output=True, text=True, timeout=60).stdout
    width_pt = PAPERS["letter"].width / 25.4 * 72
    assert f"{width_pt:.0f}" in info.split("Page size:")[1].split("x")[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_label_key_headings_fit_the_page_in_every_language(lang: str) -> None:
    """Every word of the key, headings included, lies within the page's margins: a heading wider than its
    column's cells (Spanish's 'En relieve (BRF): página, línea, posiciones') wraps at its spaces, and a page
    too narrow even then is refused with a reason rather than drawn past its edge."""
    from braille.geometry import Paper
    from braille.keysheet import HEADERS, key_sheet
    from braille.page_layout import MARGIN, SheetLayoutError
    from braille.sheet import Group, Text, text_width

    set_language(lang)
    try:
        labels = make_labels(ALL_DECKS["five-crowns"], title="Five Crowns")
        places = [(1 + i // 40, 1 + i % 40 // 5, 1 + i % 5) for i in range(labels.count)]
        paper = PAPERS["a4"]
        sheet = key_sheet(labels, paper=paper, print_places=places)
        texts = [t for page in sheet.pages for item in page.items
                 for t in (item.items if isinstance(item, Group) else (item,)) if isinstance(t, Text)]
        for t in texts:
            if t.anchor == "start":
                right = t.x + text_width(t.text, t.size, bold=t.bold)
                assert t.x >= MARGIN - 0.01 and right <= paper.width - MARGIN + 0.01, t
        said = " ".join(t.text for t in texts if t.bold)
        for heading in HEADERS:
            assert all(word in said.split() for word in _(heading).split()), heading
        with pytest.raises(SheetLayoutError):
            key_sheet(labels, paper=Paper("narrow", 80, paper.height), print_places=places)
    finally:
        set_language("en")
