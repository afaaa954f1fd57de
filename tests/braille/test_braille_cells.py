"""Cells: dot numbers, Unicode and BRF agree for every cell, and BRF covers all 64 six-dot cells."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from braille.cells import (
    BLANK,
    BRF_CHARS,
    Cell,
    cells_from_brf,
    cells_from_dots,
    cells_from_unicode,
    cells_to_brf,
    cells_to_dots,
    cells_to_unicode,
)

ALL_SIX_DOT = [Cell(bits) for bits in range(64)]

# The standard North American Braille ASCII table, written out by dots (not by bit order), so it
# checks BRF_CHARS from another direction.
NABCC_BY_DOTS = {
    "0": " ", "2346": "!", "5": '"', "3456": "#", "1246": "$", "146": "%", "12346": "&", "3": "'",
    "12356": "(", "23456": ")", "16": "*", "346": "+", "6": ",", "36": "-", "46": ".", "34": "/",
    "356": "0", "2": "1", "23": "2", "25": "3", "256": "4", "26": "5", "235": "6", "2356": "7",
    "236": "8", "35": "9", "156": ":", "56": ";", "126": "<", "123456": "=", "345": ">", "1456": "?",
    "4": "@", "1": "A", "12": "B", "14": "C", "145": "D", "15": "E", "124": "F", "1245": "G",
    "125": "H", "24": "I", "245": "J", "13": "K", "123": "L", "134": "M", "1345": "N", "135": "O",
    "1234": "P", "12345": "Q", "1235": "R", "234": "S", "2345": "T", "136": "U", "1236": "V",
    "2456": "W", "1346": "X", "13456": "Y", "1356": "Z", "246": "[", "1256": "\\", "12456": "]",
    "45": "^", "456": "_",
}  # fmt: skip


def test_brf_table_is_a_bijection_of_the_64_cells() -> None:
    assert len(BRF_CHARS) == 64
    assert len(set(BRF_CHARS)) == 64
    assert all(0x20 <= ord(ch) <= 0x5F for ch in BRF_CHARS)


def test_brf_table_matches_the_standard_by_dots() -> None:
    assert len(NABCC_BY_DOTS) == 64
    for dots, char in NABCC_BY_DOTS.items():
        assert Cell.from_dots(dots).brf == char, dots
        assert Cell.from_brf(char) == Cell.from_dots(dots)


@pytest.mark.parametrize("cell", ALL_SIX_DOT, ids=lambda c: c.dot_numbers)
def test_every_six_dot_cell_round_trips_brf_and_unicode(cell: Cell) -> None:
    assert Cell.from_brf(cell.brf) == cell
    assert Cell.from_unicode(cell.unicode) == cell
    assert Cell.from_brf(cell.brf).unicode == cell.unicode
    assert Cell.from_unicode(cell.unicode).brf == cell.brf
    assert Cell.from_dots(cell.dot_numbers) == cell


def test_unicode_names_agree_with_dots() -> None:
    for bits in range(256):
        cell = Cell(bits)
        name = unicodedata.name(cell.unicode)
        expected = "BRAILLE PATTERN BLANK" if bits == 0 else f"BRAILLE PATTERN DOTS-{cell.dot_numbers}"
        assert name == expected


def test_strings_of_all_64_cells_round_trip() -> None:
    brf = cells_to_brf(ALL_SIX_DOT)
    uni = cells_to_unicode(ALL_SIX_DOT)
    assert brf == BRF_CHARS
    assert cells_from_brf(brf) == tuple(ALL_SIX_DOT)
    assert cells_from_unicode(uni) == tuple(ALL_SIX_DOT)
    assert cells_to_unicode(cells_from_brf(brf)) == uni
    assert cells_to_brf(cells_from_unicode(uni)) == brf


def test_brf_reading_is_case_insensitive() -> None:
    for upper in "ABCDEFGHIJKLMNOPQRSTUVWXYZ@[\\]^":
        assert Cell.from_brf(chr(ord(upper) + 0x20)) == Cell.from_brf(upper)
    assert cells_from_brf("10h") == cells_from_brf("10H")


def test_dot_forms() -> None:
    c = Cell.from_dots("356")
    assert c == Cell.from_dots([6, 3, 5]) == Cell.from_dots("3-5-6") == Cell(0x34)
    assert c.dots == (3, 5, 6)
    assert c.unicode == "\u2834"
    assert BLANK.dot_numbers == "0" and BLANK.unicode == "\u2800" and BLANK.brf == " "
    assert Cell.from_dots("") == BLANK == Cell.from_dots("0")
    assert cells_from_dots("2 356 125") == cells_from_brf("10H")
    assert cells_to_dots(cells_from_brf("10H")) == ["2", "356", "125"]


def test_eight_dot_cells_have_no_brf() -> None:
    cell = Cell.from_dots("1237")
    assert cell.unicode == "\u2847"
    with pytest.raises(ValueError, match="dot 7 or 8"):
        _ = cell.brf


@pytest.mark.parametrize("bad", ["9", "12a", "1-x"])
def test_bad_dots_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        Cell.from_dots(bad)


def test_bad_characters_are_refused() -> None:
    with pytest.raises(ValueError):
        Cell.from_brf("€")
    with pytest.raises(ValueError):
        Cell.from_unicode("a")
    with pytest.raises(ValueError):
        Cell(256)


def test_cells_are_immutable_values() -> None:
    c = Cell.from_dots("1")
    with pytest.raises(AttributeError):
        c.bits = 3  # type: ignore[misc]
    assert {Cell.from_dots("1"), Cell.from_brf("a")} == {c}


@given(st.integers(0, 255))
def test_mirroring_swaps_columns_and_is_its_own_inverse(bits: int) -> None:
    cell = Cell(bits)
    assert cell.mirrored().mirrored() == cell
    swap = {1: 4, 2: 5, 3: 6, 4: 1, 5: 2, 6: 3, 7: 8, 8: 7}
    assert set(cell.mirrored().dots) == {swap[d] for d in cell.dots}


def test_mirrored_examples() -> None:
    assert Cell.from_dots("1").mirrored() == Cell.from_dots("4")
    assert Cell.from_dots("125").mirrored() == Cell.from_dots("245")  # h seen from the back is j
