"""The teachers' hand notation (`--notation hand`): upper-cell letters a to i for ace to 9, x for 10,
j q k for the faces, jo for the joker, two cells a card; its own chart and practice sheet. Sheets are
made by the commands and their BRF read back; the dropped digits stay the default."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from braille_testing import ALL_DECKS, run_cli

from braille.cards import card_cells, card_notation, parse_brf_card
from braille.cells import cells_to_brf
from braille.practice import make_drills
from engine.cards import Card, Rank

HAND_BRF = {Rank.ACE: "A", Rank.TWO: "B", Rank.THREE: "C", Rank.FOUR: "D", Rank.FIVE: "E", Rank.SIX: "F",
            Rank.SEVEN: "G", Rank.EIGHT: "H", Rank.NINE: "I", Rank.TEN: "X", Rank.JACK: "J", Rank.QUEEN: "Q",
            Rank.KING: "K"}


@pytest.mark.parametrize("deck", ["standard", "five-crowns", "no-twos"])
def test_every_card_is_two_cells_of_letters_and_reads_back(deck: str) -> None:
    with card_notation("hand"):
        for card in set(ALL_DECKS[deck]):
            cells = card_cells(card)
            assert len(cells) == 2
            brf = cells_to_brf(cells)
            if card.rank is not None:
                assert brf[0] == HAND_BRF[card.rank]
            assert parse_brf_card(brf) == card
    assert cells_to_brf(card_cells(Card(Rank.TEN, ALL_DECKS["standard"][0].suit)))[:2] == "10"  # default unchanged


@pytest.mark.parametrize("deck", ["standard", "five-crowns"])
def test_labels_in_the_hand_notation(deck: str, tmp_path: Path) -> None:
    out = tmp_path / "labels.brf"
    assert run_cli(["labels", "--deck", deck, "--notation", "hand", "-o", str(out)]) == 0
    body = out.read_bytes().decode("ascii").split("\r\n")
    labels = [t for line in body for t in line.split() if line.startswith(t) or "  " in line]
    cards: Counter[Card] = Counter()
    with card_notation("hand"):
        for token in labels:
            try:
                cards[parse_brf_card(token)] += 1
            except ValueError:
                continue
    assert cards == Counter({card: 2 * n for card, n in Counter(ALL_DECKS[deck]).items()})
    assert not any(t.startswith("10") for t in labels)  # ten is x: every label two cells


def test_the_hand_chart_and_practice_sheet(tmp_path: Path) -> None:
    chart, practice = tmp_path / "chart.brf", tmp_path / "practice.brf"
    assert run_cli(["chart", "--deck", "standard", "--notation", "hand", "-o", str(chart)]) == 0
    assert run_cli(["practice", "--deck", "standard", "--notation", "hand", "-o", str(practice)]) == 0
    text = chart.read_bytes().decode("ascii")
    assert "HAND NOTATION" in text and "DROPPED #A" not in text
    lines = text.split("\r\n")
    for symbol in ("B", "C", "I", "X"):  # ranks 2, 3, 9 and 10, each one letter on its chart line
        assert any(line.startswith((f"{symbol}  ", f";{symbol}  ")) for line in lines), symbol
    with card_notation("hand"):
        drills = make_drills(ALL_DECKS["standard"])
        assert drills and all(len(card_cells(card)) == 2 for drill in drills for card in drill.cards)
    assert "DROPPED" not in practice.read_bytes().decode("ascii")


def test_the_notation_is_refused_when_unknown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["labels", "--notation", "braille", "-o", str(tmp_path / "x.brf")]) == 2
    assert "invalid choice" in capsys.readouterr().err
