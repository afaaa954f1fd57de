"""The small things a braille reader or a teacher met on the sheets: capital signs in the practice
BRF, lone cells a grade 2 reader takes for words, the "still" caution where there are no stars, SVG
words that overlapped without Helvetica, `braille --lang fr` saying "dots", and the paper size."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from braille_testing import ALL_DECKS, run_cli

from braille.cells import cells_from_dots, cells_to_brf
from braille.chart import CHART, chart_notes
from braille.geometry import PAPERS, locale_paper
from braille.labels import labels_sheet, make_labels
from braille.literary import letter_alone
from braille.practice import PRACTICE
from braille.sheet import SheetOptions, text_width
from braille.svg import render_svg
from braille.text import TN_CLOSE, TN_OPEN, transcriber_note
from speech.i18n import set_language


@pytest.fixture
def english_after() -> Iterator[None]:
    try:
        yield
    finally:
        set_language("en")


def test_the_practice_brf_has_capital_signs() -> None:
    text = PRACTICE.brf(ALL_DECKS["five-crowns"], "Five Crowns").decode("ascii")
    assert ",R1D *< C>D & SAY" not in text  # not contracted: the sheet is uncontracted braille
    assert ",READ EA*" not in text
    assert ",READ EACH CARD AND SAY WHAT IT IS4 ,EACH DRILL" in " ".join(text.split())
    assert ",DRILL #A " in text and ",ANSWERS" in text
    assert "\r\nREAD EACH" not in text and "DRILL #A " not in text.replace(",DRILL #A ", "")


@pytest.mark.parametrize(
    ("dots", "word"),
    [("23", "be"), ("26", "enough"), ("2356", "were"), ("236", "his"), ("35", "in"), ("356", "was"), ("34", "still")],
)
def test_lone_lower_wordsigns_take_the_grade_1_indicator(dots: str, word: str) -> None:
    cell = cells_from_dots(dots)[0]
    assert letter_alone(cell) == cells_from_dots(f"56 {dots}"), word


@pytest.mark.parametrize("dots", ["25", "2", "256", "1", "135"])  # colon, comma, period, a, o: no word
def test_cells_that_are_no_word_alone_stand_bare(dots: str) -> None:
    cell = cells_from_dots(dots)[0]
    assert letter_alone(cell) == (cell,)


def test_practice_headings_write_lone_dropped_digits_with_the_indicator() -> None:
    text = PRACTICE.brf(ALL_DECKS["standard"], "Standard").decode("ascii")
    lines = [line.strip() for line in text.replace("\f", "\r\n").split("\r\n")]
    heading = next(line for line in lines if line.startswith(",DRILL") and " ;5 " in line)
    assert heading  # dropped 5 (⠢, "enough" alone) in a heading: ⠰⠢
    assert not any(re.search(r"(^| )5 AND", line) for line in lines)


def test_standard_charts_do_not_warn_about_still() -> None:
    for deck in ("standard", "no-twos"):
        notes = " ".join(chart_notes(ALL_DECKS[deck]))
        assert "comma" in notes and "still" not in notes
        assert b"STILL" not in CHART.brf(ALL_DECKS[deck], "Deck")
    assert "still" in " ".join(chart_notes(ALL_DECKS["five-crowns"]))


def test_a_transcribers_note_has_its_indicators_and_7_5_format() -> None:
    lines = transcriber_note("Below, a symbol alone is a sign of the card code, not a word.", 30)
    assert lines[0][:9] == (cells_from_dots("0")[0],) * 6 + TN_OPEN
    assert lines[-1][-3:] == TN_CLOSE
    assert all(line[:4] == (cells_from_dots("0")[0],) * 4 and line[4:5] != (cells_from_dots("0")[0],)
               for line in lines[1:])
    assert cells_to_brf(TN_OPEN) == "@.<" and cells_to_brf(TN_CLOSE) == "@.>"


def test_svg_words_keep_the_width_they_were_laid_out_at() -> None:
    labels = make_labels(ALL_DECKS["five-crowns"], title="Five Crowns")
    svg = render_svg(labels_sheet(labels, SheetOptions(paper=PAPERS["a4"])))
    texts = re.findall(r'<text [^>]*font-size="([0-9.]+)"[^>]*textLength="([0-9.]+)"[^>]*>([^<]*)</text>', svg)
    assert len(texts) >= labels.count  # every label's words, the title and the info line
    for size, length, words in texts:
        plain = text_width(words.replace("&amp;", "&"), float(size))
        bold = text_width(words.replace("&amp;", "&"), float(size), bold=True)
        assert float(length) == pytest.approx(plain, abs=0.01) or float(length) == pytest.approx(bold, abs=0.01)
    assert svg.count("<text ") == svg.count('lengthAdjust="spacingAndGlyphs"')


def test_braille_in_french_says_points(capsys: pytest.CaptureFixture[str], english_after: None) -> None:
    assert run_cli(["braille", "--lang", "fr", "10h"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "10h  10 de cœur  BRF 10H  points 2, 3 5 6, 1 2 5"
    assert "dots" not in out[0]


@pytest.mark.parametrize(
    ("env", "paper"),
    [
        ({"LANG": "en_US.UTF-8"}, "letter"),
        ({"LANG": "fr_CA.UTF-8"}, "letter"),
        ({"LANG": "en_GB.UTF-8"}, "a4"),
        ({"LANG": "fr_FR.UTF-8"}, "a4"),
        ({"LANG": "en_US.UTF-8", "LC_PAPER": "de_DE.UTF-8"}, "a4"),
        ({"LC_ALL": "en_US", "LC_PAPER": "de_DE.UTF-8"}, "letter"),
        ({"LANG": "C.UTF-8"}, "a4"),
        ({}, "a4"),
    ],
)
def test_paper_follows_the_locale(env: dict[str, str], paper: str) -> None:
    assert locale_paper(env).name == paper


def _media_box(pdf: bytes) -> tuple[float, float]:
    found = re.search(rb"/MediaBox \[\s*0 0 ([0-9.]+) ([0-9.]+)\s*\]", pdf)
    assert found
    return float(found.group(1)), float(found.group(2))


def test_a_us_teacher_gets_letter_paper_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_PAPER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    out = tmp_path / "labels.pdf"
    assert run_cli(["labels", "-o", str(out)]) == 0
    assert _media_box(out.read_bytes()) == pytest.approx((612.0, 792.0), abs=0.5)  # 8.5 x 11 in
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert run_cli(["labels", "-o", str(out)]) == 0
    assert _media_box(out.read_bytes()) == pytest.approx((595.28, 841.89), abs=0.5)  # A4
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert run_cli(["labels", "--paper", "a4", "-o", str(out)]) == 0  # the option wins
    assert _media_box(out.read_bytes()) == pytest.approx((595.28, 841.89), abs=0.5)
