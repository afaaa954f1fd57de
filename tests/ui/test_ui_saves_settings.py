"""Settings and autosaves on disk: atomic, resumable, and never lost when damaged."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest
from ui_driver import Harness, keys_for_decision

from access_game.saves import SaveStore
from access_game.settings import Settings, atomic_write_text, config_dir, data_dir, load_settings, save_settings
from engine.game import Game


def test_settings_round_trip_and_live_under_access_game_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ACCESS_GAME_HOME", str(tmp_path))
    assert config_dir() == tmp_path / "config"
    assert data_dir() == tmp_path / "data"
    s = Settings(speech="self-voicing", rate=260, verbosity="brief", cards="both", cues=False, pace="step",
                 hints=False, level="hard")
    save_settings(s)
    assert (tmp_path / "config" / "settings.json").exists()
    assert load_settings() == (s, None)


def test_missing_settings_give_defaults_quietly(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "none.json") == (Settings(), None)


def test_damaged_settings_give_defaults_with_a_note_and_are_kept_aside_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    settings, note = load_settings(path)
    assert settings == Settings()
    assert note is not None and "damaged" in note
    [kept] = tmp_path.glob("settings.damaged-*.json")
    assert str(kept) in note
    assert kept.read_text(encoding="utf-8") == "{not json"
    assert not path.exists()


def test_one_bad_setting_keeps_the_others_and_is_named(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    text = json.dumps({"verbosity": "loud", "rate": 300, "cards": "braille", "unknown": 1})
    path.write_text(text, encoding="utf-8")
    settings, note = load_settings(path)
    assert note is not None and 'verbosity "loud"' in note and '"unknown": no such setting' in note
    assert "rate" not in note and "cards" not in note
    assert settings.verbosity == "normal" and settings.rate == 300 and settings.cards == "braille"
    assert path.read_text(encoding="utf-8") == text, "the file stays as the player wrote it"


@pytest.mark.parametrize("bad", [{"speech": "shout"}, {"rate": 5}, {"pace": "slow"}, {"cues": "yes"},
                                 {"braille_words": "grade 3"}, {"ten_as_x": "yes"}])
def test_invalid_settings_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Settings(**bad)  # type: ignore[arg-type]


def test_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b.json"
    atomic_write_text(path, "one")
    atomic_write_text(path, "two")
    assert path.read_text() == "two"
    assert sorted(p.name for p in path.parent.iterdir()) == ["b.json"]


def _played(tmp_path: Path, presses: int, seed: int = 4) -> Harness:
    h = Harness(seed=seed, save_dir=tmp_path)
    app = h.start()
    for _ in range(presses):
        for k in keys_for_decision(app):
            h.press(k)
    return h


def test_every_action_is_saved_and_a_crash_mid_hand_resumes_where_it_was(tmp_path: Path) -> None:
    h = _played(tmp_path, 5)
    h.press("d")  # the player drew, then the program "crashes": nothing is closed or flushed
    before = h.session.game.to_data()
    loaded = SaveStore(tmp_path).load()
    assert loaded.problem is None and loaded.session is not None
    game = loaded.session.game
    assert game.to_data() == before, "the last action was saved"
    assert game.view(0).phase == "discard"
    # A new session on the loaded game goes on from exactly there.
    h2 = Harness(game=game, save_dir=tmp_path)
    app2 = h2.start(resumed=True)
    assert h2.transcript[1].startswith("Resumed Five Crowns against Anna, Ben and Carla: hand")
    assert any(line.startswith("Your hand: ") for line in h2.transcript)
    assert h2.transcript[-1].endswith("turn: discard.")
    said = h2.press("x")
    assert said[0].startswith("You discarded the")
    assert app2.session.game.actions[: len(game.actions)] == game.actions


def test_a_crash_inside_a_key_handler_loses_only_that_action(tmp_path: Path) -> None:
    h = _played(tmp_path, 3)
    saved_before = SaveStore(tmp_path).load().session
    assert saved_before is not None
    def broken(key: str = "") -> None:
        raise RuntimeError("a bug in a handler")

    registry = type(h._app.registry)()
    for c in h._app.registry:
        registry.add(dataclasses.replace(c, handler=broken) if c.name == "draw" else c)
    h._app.registry = registry
    with pytest.raises(RuntimeError):
        h.press("d")
    loaded = SaveStore(tmp_path).load()
    assert loaded.session is not None
    assert loaded.session.game.to_data() == saved_before.game.to_data()


def test_a_damaged_save_is_reported_kept_aside_and_never_overwritten(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text('{"format": "access-game-session", "version": 1, "game": {"truncated', encoding="utf-8")
    first = store.load()
    assert first.session is None
    assert first.problem is not None and "could not be used" in first.problem
    assert first.moved_to is not None and first.moved_to.exists()
    assert not store.path.exists()
    assert str(first.moved_to) in first.problem
    # A second damaged save the same second gets its own name: the first one is not overwritten.
    store.path.write_text("also broken", encoding="utf-8")
    second = store.load()
    assert second.moved_to is not None and second.moved_to != first.moved_to
    assert first.moved_to.read_text(encoding="utf-8").startswith('{"format"')
    assert second.moved_to.read_text(encoding="utf-8") == "also broken"


def test_a_save_from_a_newer_version_is_not_taken_for_damage_silently(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    game = Game.new("five-crowns", ["You", "Anna"], seed=1)
    store.write(game, human_seat=0, level="normal")
    data = json.loads(store.path.read_text())
    data["version"] = 99
    store.path.write_text(json.dumps(data))
    loaded = store.load()
    assert loaded.session is None and loaded.problem is not None and "newer" in loaded.problem


def test_a_finished_game_leaves_no_save(tmp_path: Path) -> None:
    from ui_driver import play_whole_game

    h = Harness(seed=11, save_dir=tmp_path)
    play_whole_game(h)
    assert not SaveStore(tmp_path).exists()


def test_save_key_says_where(tmp_path: Path) -> None:
    h = _played(tmp_path, 1)
    said = h.press("c-s")
    assert said == [f"Saved to {SaveStore(tmp_path).path}. The game is also saved after every move."]


def test_save_failure_is_said_once_and_the_game_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    h = Harness(seed=4, save_dir=blocker / "saves")  # a directory below a file: every write fails
    h.start()
    problems = [t for t in h.transcript if t.startswith("The game could not be saved")]
    assert len(problems) == 1
    h.press("d")
    assert len([t for t in h.transcript if t.startswith("The game could not be saved")]) == 1
    assert os.path.exists(blocker)
