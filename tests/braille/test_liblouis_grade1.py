"""Grade 1 is liblouis's: every word of every uncontracted sheet of every catalog game's kit (labels,
chart, practice sheet, rule book), in every language, is compared with what `lou_translate` (liblouis's
own command) writes for it with the language's grade 1 table. The figure: 0 differences.

The words are caught where the sheets write them (braille.text, the one door words go through), and
the home-made transcription is shut, so a sheet that wrote a word another way would fail here."""

from __future__ import annotations

import subprocess
from collections import defaultdict
from pathlib import Path

import pytest
from braille_testing import run_cli

import braille.text
from access_game.catalog import games
from braille.cells import Cells, cells_from_unicode, cells_to_brf, cells_to_unicode
from braille.contracted import Grade, translate
from speech.i18n import set_language
from speech.languages import LANGUAGES

KITS = [(entry.name, lang) for entry in games() for lang in LANGUAGES]


def lou_translate(table: str, texts: list[str]) -> list[str]:
    """liblouis's command-line translator, one line of Unicode braille per text."""
    done = subprocess.run(["lou_translate", "--forward", f"unicode.dis,{table}"], input="\n".join(texts) + "\n",
                          capture_output=True, text=True, check=True, timeout=120)
    return done.stdout.split("\n")[: len(texts)]


@pytest.mark.parametrize(("game", "lang"), KITS)
def test_every_word_of_a_grade_1_kit_is_lou_translates_grade_1(game: str, lang: str, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    written: dict[str, dict[str, str]] = defaultdict(dict)
    louis_cells = braille.text.louis_cells

    def caught(table: str, text: str) -> Cells:
        cells = louis_cells(table, text)
        written[table][text] = cells_to_unicode(cells)
        return cells

    def shut(text: str) -> Cells:
        raise AssertionError(f"{text!r} was written by the home-made transcription, not liblouis")

    monkeypatch.setattr(braille.text, "louis_cells", caught)
    monkeypatch.setattr(braille.text, "literary", shut)
    try:
        assert run_cli(["kit", "--game", game, "--lang", lang, "--grade", "1", "-o", str(tmp_path)]) == 0
    finally:
        set_language("en")
    assert len(written) == 1  # one table: the language's grade 1
    table, words = next(iter(written.items()))
    texts = [t for t in words if t.strip() and "\n" not in t]
    assert len(texts) >= 40
    theirs = lou_translate(table, texts)
    differences = [(t, words[t], theirs[i]) for i, t in enumerate(texts) if words[t] != theirs[i]]
    assert differences == []  # the figure: 0 differences with lou_translate grade 1


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_game_name_is_never_contracted_in_french_or_spanish(lang: str) -> None:
    """'Five Crowns' in French or Spanish contracted text is written letter for letter, as the grade 1
    table writes it, while the words around it are contracted."""
    g1 = {"fr": "fr-bfu-comp6.utb", "es": "es-g1.ctb"}[lang]
    g2 = {"fr": "fr-bfu-g2.ctb", "es": "es-g2.ctb"}[lang]
    sentence = {"fr": "Les règles de Five Crowns pour la table.", "es": "Las reglas de Five Crowns para la mesa."}[lang]
    ours = translate(sentence, lang, Grade.CONTRACTED)
    name = lou_translate(g1, ["Five Crowns"])[0]
    assert name in ours.unicode
    assert lou_translate(g2, ["Five Crowns"])[0] not in ours.unicode  # liblouis alone contracts the name
    head, _name, tail = sentence.partition("Five Crowns")
    assert ours.unicode.startswith(lou_translate(g2, [head.rstrip()])[0])
    assert ours.unicode.endswith(lou_translate(g2, [tail.strip()])[0])
    # The maps still lead from each cell to its character and back.
    at = sentence.index("Crowns")
    assert ours.char_at(ours.cell_at(at)) == at


@pytest.mark.parametrize("grade", [1, 2])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_running_head_of_the_chart_is_its_whole_title(lang: str, grade: int, tmp_path: Path) -> None:
    """The Spanish chart's title ("Código braille de las cartas de Five Crowns") is longer than a line:
    its running head takes two lines, and together they are the whole title (in grade 1, as
    lou_translate writes it)."""
    from braille.chart import chart_heading
    from braille.contracted import TABLES
    from braille.text import braille_grade, text_cells

    out = tmp_path / "chart.brf"
    assert run_cli(["chart", "--lang", lang, "--grade", str(grade), "--format", "brf", "-o", str(out)]) == 0
    try:
        set_language(lang)
        title = chart_heading("Five Crowns")
        with braille_grade(grade):
            whole = cells_to_brf(text_cells(title))
    finally:
        set_language("en")
    if grade == 1:
        theirs = lou_translate(TABLES[lang][Grade.UNCONTRACTED], [title])[0]
        assert whole == cells_to_brf(cells_from_unicode(theirs))
    pages = out.read_bytes().split(b"\f")[1:]  # after the title page
    assert pages
    for page in pages:
        lines = page.decode("ascii").split("\r\n")
        head = lines[: lines.index("")]
        assert 1 <= len(head) <= 2
        assert " ".join(line.strip() for line in head) == whole
        assert len(head) == 1 or len(whole) > 40  # a second line only for a title longer than one


@pytest.mark.parametrize(("lang", "grade", "stars"), [("es", 1, "í"), ("fr", 1, "/"), ("es", 2, "sí"), ("fr", 2, "ai")])
def test_the_chart_warns_where_a_card_code_cell_means_something_else(lang: str, grade: int, stars: str) -> None:
    """In Spanish braille ⠌ (stars) alone is í; in French it is a slash, and "ai" in abrégé: the chart
    says so, in its braille, for each such cell of the deck."""
    from braille.chart import chart_brf_pages, chart_entries, chart_notes, other_meanings
    from braille.text import braille_grade, paragraph
    from engine.cards import Suit, five_crowns_deck

    deck = five_crowns_deck(1)
    set_language(lang)
    try:
        with braille_grade(grade):
            others = dict((entry.cells, read) for entry, read in other_meanings(chart_entries(deck)))
            notes = chart_notes(deck, braille=True)
            note = next(n for n in notes if "dots 3-4" in n or "3-4" in n)
            lines = [cells_to_brf(line) for line in paragraph(note, 40)]
        pages = chart_brf_pages(deck, "Five Crowns", grade=grade)
    finally:
        set_language("en")
    from braille.cards import SUIT_CELLS

    assert others[(SUIT_CELLS[Suit.STARS],)] == stars
    assert all(len(cells) == 1 for cells in others)
    body = [cells_to_brf(line) for page in pages for line in page]
    assert all(line in body for line in lines)  # the warning is on the braille chart, whole
