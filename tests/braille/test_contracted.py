"""Words in every language and grade through the real liblouis: dots checked by hand from the codes
(UEB, Code braille français uniformisé, Spanish), and the print-braille position maps a routing key
and panning rely on."""

from __future__ import annotations

import pytest

import braille.contracted as contracted
from braille.cells import cells_from_dots
from braille.contracted import TABLES, BrailleTableUnavailable, Grade, tables_for, translate


def dots(text: str, language: str, grade: Grade) -> str:
    return " ".join(cell.dot_numbers for cell in translate(text, language, grade).cells)


# Worked out by hand. UEB grade 2: "your" is yr, "the" ⠮ (2346), "of" ⠷ (12356), "and" ⠯, "en" ⠢ (26),
# "ar" ⠜ (345), "ing" ⠬ (346), capital sign dot 6, period 256. Grade 1 writes every letter.
HAND_CHECKED = [
    ("Your turn.", "en", Grade.CONTRACTED, "6 13456 1235 0 2345 136 1235 1345 256"),
    ("Your turn.", "en", Grade.UNCONTRACTED, "6 13456 135 136 1235 0 2345 136 1235 1345 256"),
    ("queen of hearts", "en", Grade.CONTRACTED, "12345 136 15 26 0 12356 0 125 15 345 2345 234"),
    ("the king and", "en", Grade.CONTRACTED, "2346 0 13 346 0 12346"),
    # French abrégé: "de" stands alone as d; intégral: é is all six dots, capital sign 46
    ("dame de cœur", "fr", Grade.CONTRACTED, "145 1 134 15 0 145 0 14 1235"),
    ("Été", "fr", Grade.UNCONTRACTED, "46 123456 2345 123456"),
    # Spanish: capital sign 46, á is 12356
    ("Más", "es", Grade.UNCONTRACTED, "46 134 12356 234"),
    # computer braille: one 8-dot cell a character, a capital with dot 7
    ("Ab", "en", Grade.COMPUTER, "17 12"),
]


@pytest.mark.parametrize(("text", "language", "grade", "expected"), HAND_CHECKED)
def test_words_come_out_in_the_dots_the_code_gives(text: str, language: str, grade: Grade, expected: str) -> None:
    assert dots(text, language, grade) == expected


def test_every_language_and_grade_has_an_installed_table_that_liblouis_compiles() -> None:
    for language, grades in TABLES.items():
        for grade in Grade:
            assert grade in grades
            assert translate("Ab 1", language, grade).cells, (language, grade)


def test_a_contraction_maps_its_cell_back_to_the_first_of_its_letters() -> None:
    words = translate("The Queen", "en", 2)
    assert words.cells == cells_from_dots("6 2346 0 6 12345 136 15 26")
    assert words.char_at(1) == 0  # ⠮ is "The": a routing key there means the T
    assert words.char_at(7) == 7  # ⠢ is the "en" of Queen
    assert words.cell_at(4) == 3  # the Q: its capital sign
    assert words.cell_at(8) == 7  # the n: inside ⠢
    assert words.char_at(99) == len(words.text)
    assert words.cell_at(99) == len(words.cells)
    assert len(words.cell_chars) == len(words.cells)
    assert len(words.char_cells) == len(words.text)


def test_a_grade_is_chosen_by_number_or_name_and_a_regional_language_finds_its_table() -> None:
    assert translate("and", "en_GB", 2) == translate("and", "en", Grade.CONTRACTED)
    assert tables_for("fr-CA", 1)[-1] == TABLES["fr"][Grade.UNCONTRACTED]
    assert translate("", "en", 2).cells == ()


def test_a_language_without_a_table_is_named_in_the_error() -> None:
    with pytest.raises(BrailleTableUnavailable, match=r"'xx'.*en, es"):
        translate("word", "xx", 2)
    with pytest.raises(ValueError, match="3"):
        tables_for("en", 3)


def test_without_liblouis_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(contracted, "_loaded", [None])
    with pytest.raises(BrailleTableUnavailable, match="python3-louis"):
        translate("word", "en", 2)


def test_a_missing_table_file_says_what_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.setattr(contracted, "TABLE_FOLDER", tmp_path)
    with pytest.raises(BrailleTableUnavailable, match="liblouis-data"):
        translate("word", "en", 2)
