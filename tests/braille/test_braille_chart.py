"""The chart lists exactly the symbols a deck uses, each with an example card that shows it."""

from __future__ import annotations

import pytest
from braille_testing import ALL_DECKS

from braille.cards import card_cells
from braille.cells import cells_to_brf
from braille.chart import chart_entries, chart_notes


@pytest.mark.parametrize(
    ("deck", "symbols"),
    [
        ("five-crowns", "3 4 5 6 7 8 9 10 J Q K / H C S D JO"),
        ("standard", "A 2 3 4 5 6 7 8 9 10 J Q K H C S D JO"),
        ("no-twos", "A 3 4 5 6 7 8 9 10 J Q K H C S D"),
        ("standard-0-jokers", "A 2 3 4 5 6 7 8 9 10 J Q K H C S D"),
    ],
)
def test_symbols_per_deck(deck: str, symbols: str) -> None:
    assert [e.brf for e in chart_entries(ALL_DECKS[deck])] == symbols.split()


@pytest.mark.parametrize("deck", ["five-crowns", "standard", "no-twos"])
@pytest.mark.parametrize("ten_as_x", [False, True])
def test_examples_use_their_symbol_and_belong_to_the_deck(deck: str, ten_as_x: bool) -> None:
    cards = ALL_DECKS[deck]
    for entry in chart_entries(cards, ten_as_x=ten_as_x):
        example = card_cells(entry.example, ten_as_x=ten_as_x)
        assert entry.example in cards
        if entry.kind == "rank":
            assert example[: len(entry.cells)] == entry.cells
        elif entry.kind == "suit":
            assert example[-1:] == entry.cells
        else:
            assert example == entry.cells
    examples = [e.example for e in chart_entries(cards) if e.kind == "suit"]
    assert len({e.rank for e in examples}) > 1  # the suit examples vary their rank


def test_ten_as_x_in_chart() -> None:
    entries = {e.meaning: e for e in chart_entries(ALL_DECKS["five-crowns"], ten_as_x=True)}
    assert cells_to_brf(entries["10, written x"].cells) == "X"
    assert entries["10, written x"].dots == "1346"
    normal = {e.meaning: e for e in chart_entries(ALL_DECKS["five-crowns"])}
    assert normal["10: dropped 1, dropped 0"].dots == "2 356"


def test_notes_carry_the_caution() -> None:
    notes = " ".join(chart_notes(ALL_DECKS["five-crowns"]))
    assert "comma" in notes and "still" in notes and "number sign" in notes and "joker" in notes
    assert "joker" not in " ".join(chart_notes(ALL_DECKS["no-twos"]))
