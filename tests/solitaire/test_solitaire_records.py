"""Each player's solitaire record: counted, kept next to the settings, never lost to a damaged file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from access_game.records import Record, RecordBook, records_path


def test_a_record_counts_games_wins_best_and_streak() -> None:
    r = Record()
    r = r.after(won=False, piles_closed=8, stock_left=0)
    assert (r.games, r.wins, r.best_piles, r.best_won, r.streak) == (1, 0, 8, False, 0)
    r = r.after(won=True, piles_closed=11, stock_left=2)
    r = r.after(won=True, piles_closed=11, stock_left=5)
    assert (r.games, r.wins, r.best_won, r.best_stock_left, r.streak, r.best_streak) == (3, 2, True, 5, 2, 2)
    r = r.after(won=False, piles_closed=9, stock_left=0)
    assert (r.best_won, r.best_stock_left, r.streak, r.best_streak) == (True, 5, 0, 2)
    assert r.words() == "Your record: 4 games, 2 wins; best: won with 5 cards left; winning streak 0 (longest 2)."
    assert (
        Record()
        .after(won=False, piles_closed=7, stock_left=0)
        .after(won=False, piles_closed=6, stock_left=0)
        .best_words()
        == "7 of 11 piles closed"
    )
    assert Record().words("Anna") == "Anna's record: no games finished yet."


def test_records_are_kept_per_game_and_player(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    book = RecordBook(path)
    book.add_result("solitaire", "You", won=True, piles_closed=11, stock_left=3)
    book.add_result("solitaire", "Anna", won=False, piles_closed=9, stock_left=0)
    again = RecordBook(path)
    assert again.get("solitaire", "You").wins == 1
    assert again.get("solitaire", "Anna").best_piles == 9
    assert again.get("solitaire", "Ben") == Record()
    assert json.loads(path.read_text())["format"] == "access-game-records"


def test_records_live_next_to_the_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from access_game.settings import settings_path

    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    assert records_path().parent == settings_path().parent


def test_a_damaged_records_file_is_kept_aside_and_counting_starts_again(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    path.write_text("{not json", encoding="utf-8")
    book = RecordBook(path)
    assert book.get("solitaire", "You") == Record()
    assert book.problem is not None and "damaged" in book.problem
    kept = list(tmp_path.glob("records.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "{not json"
    book.add_result("solitaire", "You", won=False, piles_closed=4, stock_left=0)
    assert RecordBook(path).get("solitaire", "You").games == 1


def test_a_record_with_bad_numbers_is_refused() -> None:
    with pytest.raises(ValueError):
        Record.from_data({"games": -1})
    with pytest.raises(ValueError):
        Record.from_data({"best_won": "yes"})
    assert Record.from_data({"games": 2, "wins": 1}).games == 2
