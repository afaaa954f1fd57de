"""Ctrl+Z at every game's table, typed through the terminal (prompt_toolkit pipe input): two moves of the
player's, then Ctrl+Z twice, gives back the hand, the table and the save as they were before the
first, and each undo says which move it took back. One key plan, so the same key in every game.

Each game's moves are chosen from the moves the rules offer the player and typed by the key the key
plan gives that kind of move (draw is D, discard X, a pile's placement Enter, passing N), so a new
game of the catalog is checked by being in it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harness import KeyHarness

from access_game.catalog import games
from access_game.records import RecordBook
from access_game.saves import SaveStore
from access_game.settings import Settings
from access_game.ui.key_plan import planned
from engine.game import Game
from engine.views_data import view_to_data

GAMES = [e.name for e in games() if e.table is not None]
SEED = 12

#: The key plan's command for a kind of move the rules offer, in the order a player would choose them.
MOVE_COMMANDS = (("draw", "draw"), ("place", "put-down"), ("crazy_pass", "no"), ("discard", "discard"),
                 ("gin_pass", "no"), ("contract_pass_buy", "no"))


def _players(game: str) -> list[str]:
    low, high = next(e.player_range for e in games() if e.name == game)
    return ["You", "Anna", "Ben"][:max(low, min(3, high))]


def _harness(game: str, save_dir: Path | None = None) -> KeyHarness:
    return KeyHarness(Game.new(game, _players(game), seed=SEED),
                      settings=Settings(speech="silent", cues=False, hints=False), save_dir=save_dir)


def _picture(h: KeyHarness) -> Any:
    """What the player has and sees: the view (hand, piles, scores) and the hand as the table shows it."""
    table = h.app_.table
    return view_to_data(h.session.view()), list(getattr(table, "order", []))


def _move_key(h: KeyHarness) -> str:
    kinds = {a.kind for a in h.session.legal_actions()}
    for kind, name in MOVE_COMMANDS:
        if kind in kinds:
            return planned(name).keys[0]
    raise AssertionError(f"no key for the moves {sorted(kinds)}")


def _two_moves(game: str) -> tuple[list[str], list[Any]]:
    """The keys of the player's first two moves and the picture before each and after the last (keys
    through the dispatcher: the reference the typed game is checked against)."""
    h = _harness(game)
    h.start()
    keys, pictures = [], [_picture(h)]
    for _ in range(2):
        key = _move_key(h)
        moves = h.session.move_count
        h.press(key)
        assert h.session.move_count > moves, f"{game}: {key} made no move"
        keys.append(key)
        pictures.append(_picture(h))
    return keys, pictures


@pytest.mark.parametrize("game", GAMES)
def test_two_moves_then_ctrl_z_twice_give_back_the_hand_and_the_save(game: str, tmp_path: Path) -> None:
    keys, (before, after_one, after_two) = _two_moves(game)
    assert after_two != after_one != before

    h = _harness(game, tmp_path)
    h.start()
    h.press(keys[0])
    said = h.press(keys[1], "c-z")
    assert _picture(h) == after_one
    assert said[-1].startswith("Undone: you ") or "Undone: you " in " ".join(said), said
    said = h.press("c-z")
    assert _picture(h) == before
    assert any(line.startswith("Undone: you ") for line in said), said
    assert h.press("c-z") == ["Nothing to undo: you have made no move in this game yet."]
    assert h.session.undos == 2
    # The save holds the game as it now stands, and the count of undos.
    saved = SaveStore(tmp_path).load().session
    assert saved is not None and saved.undos == 2
    assert view_to_data(saved.game.view(0)) == before[0]
    assert saved.game.actions == h.session.game.actions


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_z_typed_at_the_terminal_takes_the_move_back(game: str, tmp_path: Path) -> None:
    keys, (before, *_) = _two_moves(game)
    h = _harness(game, tmp_path)
    h.run_keys([*keys, "c-z", "c-z", "q", "y"])
    assert _picture(h) == before
    text = h.finish()
    undone = [line for line in text if line.startswith("Undone: ")]
    assert len(undone) == 2, text
    assert text.count("> c-z") == 2
    # Quitting saved the game as it stood after the undos: resuming it gives that game back.
    saved = SaveStore(tmp_path).load().session
    assert saved is not None and saved.undos == 2 and len(saved.game.actions) == h.session.move_count


def test_the_undo_line_names_the_move_and_the_computer_players_whose_turns_went_with_it() -> None:
    from speech.phrases import card_words, the_card

    h = _harness("five-crowns")
    h.start()
    h.press("d", "home")
    discard = h.app_.table.order[0]  # type: ignore[attr-defined]
    wild = h.session.view().wild_rank
    h.press("x")
    said = h.press("c-z")
    words = "".join(p if isinstance(p, str) else card_words(p, wild) for p in the_card(discard, wild))
    assert said[-1] == f"Undone: you discarded {words}; Anna's and Ben's turns taken back. Your turn.", said
    assert discard in h.app_.table.order  # type: ignore[attr-defined]
    assert h.app_.table.order[h.app_.table.pos] == discard  # type: ignore[attr-defined]  # the cursor on it


def test_a_game_over_has_nothing_to_undo() -> None:
    h = _harness("solitaire")
    h.start()
    while not h.session.over:
        h.press(_move_key(h))
    start = len(h.spoken)
    assert h.session.undo() is None  # (the keys now answer "Play again?")
    assert h.spoken[start:] == ["The game is over: no move can be undone now."]


def test_a_solitaire_deal_finished_with_undos_is_marked_in_the_record(tmp_path: Path) -> None:
    records = RecordBook(tmp_path / "records.json")
    from access_game.ui.solitaire_table import SolitaireTable

    h = KeyHarness(Game.new("solitaire", ["You"], seed=SEED), settings=Settings(speech="silent", cues=False),
                   table_factory=lambda session, host: SolitaireTable(session, host, records=records))
    h.start()
    h.press("d", "c-z", "d")
    said: list[str] = []
    while not h.session.over:
        said += h.press(_move_key(h))
    assert "This game had 1 undo: it counts as practice." in said
    record = RecordBook(tmp_path / "records.json").get("solitaire", "You")
    assert (record.games, record.undo_games, record.undos) == (1, 1, 1)
    assert any(line.endswith("1 game had undos, 0 of them won.") or line.endswith("1 of them won.")
               for line in said), said


def test_undoing_an_answer_out_of_turn_asks_the_question_again() -> None:
    """Contract rummy: a buy passed, then Ctrl+Z: the same card offered again, the question asked again
    (no "your turn": it is an answer out of turn)."""
    h = KeyHarness(Game.new("contract-rummy", ["You", "Anna", "Ben"], seed=1),
                   settings=Settings(speech="silent", cues=False, hints=False))
    h.start()
    assert h.app_.prompt_text() == "buy? y/n> "
    question = h.spoken[-1]
    assert question.startswith("Buy the king of spades?")
    h.press("n")
    said = h.press("c-z")
    assert said == ["Undone: you let the king of spades go; Anna's and Ben's turns taken back.", question]
    assert h.app_.prompt_text() == "buy? y/n> "
