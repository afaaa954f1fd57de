"""What undo leaves behind: computer players who choose as before, a save that counts the undos (and
is refused when the count is not a count), and records that keep games with undos apart."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness import KeyHarness

from access_game.records import Record, RecordBook
from access_game.saves import SaveStore
from access_game.settings import Settings
from engine.game import Game


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_computer_players_choose_the_same_after_an_undo(level: str) -> None:
    """They are seeded from the game so far, so the same move again brings the same answers."""
    h = KeyHarness(Game.new("five-crowns", ["You", "Anna", "Ben"], seed=21), level=level,
                   settings=Settings(speech="silent", cues=False, hints=False))
    h.start()
    for _ in range(3):  # a few turns in, where the computer players' choices are their own
        h.press("d", "x")
    first = list(h.session.game.actions)
    h.press("c-z")
    assert len(h.session.game.actions) < len(first)
    h.press("x")  # the cursor is on the card that came back: the same discard
    assert h.session.game.actions == first


def test_a_save_counts_its_undos_and_refuses_a_count_that_is_not_one(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    game = Game.new("gin-rummy", ["You", "Anna"], seed=3)
    store.write(game, human_seat=0, level="normal")
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert "undos" not in data  # a game without undos is saved as before
    loaded = store.load().session
    assert loaded is not None and loaded.undos == 0
    store.write(game, human_seat=0, level="normal", undos=3)
    loaded = store.load().session
    assert loaded is not None and loaded.undos == 3
    for bad in (-1, "2", True, 1.5):
        data["undos"] = bad
        store.path.write_text(json.dumps(data), encoding="utf-8")
        found = store.load()
        assert found.session is None and found.problem is not None and "undos" in found.problem, bad


def test_records_keep_games_with_undos_apart(tmp_path: Path) -> None:
    clean = Record().after(won=True, piles_closed=11, stock_left=2)
    assert clean.words() == "Your record: 1 game, 1 win; best: won with 2 cards left; winning streak 1 (longest 1)."
    practised = clean.after(won=True, piles_closed=11, stock_left=5, undos=3)
    assert (practised.undo_games, practised.undo_wins, practised.undos) == (1, 1, 3)
    assert practised.best_words() == "won with 5 cards left, with undos"
    assert practised.words().endswith(" 1 game had undos, 1 of them won.")
    # The same result without undos takes the best's place.
    again = practised.after(won=True, piles_closed=11, stock_left=5)
    assert again.best_words() == "won with 5 cards left" and again.undo_games == 1
    # A file written before undo existed is read as having none.
    path = tmp_path / "records.json"
    old = {k: v for k, v in clean.to_data().items() if "undo" not in k}
    path.write_text(json.dumps({"format": "access-game-records", "version": 1,
                                "games": {"solitaire": {"You": old}}}), encoding="utf-8")
    book = RecordBook(path)
    assert book.get("solitaire", "You") == clean and book.problem is None
    after = book.add_result("solitaire", "You", won=False, piles_closed=4, stock_left=0, undos=1)
    assert RecordBook(path).get("solitaire", "You") == after and after.undo_games == 1
